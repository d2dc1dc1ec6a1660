/**
 * `fleet forget --display ID` against real brokers (Aedes, and Mosquitto over MQTT 3.1.1 and 5): a retired board's
 * retained status and last-seen time are cleared, and `fleet list` no longer lists it; a board online now is refused
 * unless --force; a board the broker holds nothing of is said to be unknown. Usage errors are exit 2.
 */
import { connectAsync } from 'mqtt';
import { describe, expect, test } from 'vitest';
import { makeDisplaySeen, makeDisplayStatus } from '../contract/mqtt';
import type { DisplayStatus } from '../contract/schemas';
import { topics } from '../contract/topics';
import { readRetained } from '../console/mqtt-session';
import { cleanupList } from '../test/helpers/lifecycle';
import { onEveryBroker } from '../test/helpers/every-broker';
import { mosquittoMissing, startMosquitto } from '../test/helpers/mosquitto';
import { main } from './main';
import { memoryIo } from './test-io';

const T = topics('baccarat');
const cleanups = cleanupList();

async function fleet(url: string, v: 4 | 5, ...args: string[]) {
  const m = memoryIo();
  const code = await main(['fleet', ...args, '--broker', url, '--protocol-version', String(v)], m.io);
  return { code, out: m.out(), err: m.err() };
}

const MONTHS_AGO = new Date(Date.now() - 90 * 86_400_000).toISOString();

async function retiredAndRunning(url: string): Promise<void> {
  const pub = await connectAsync(url, { clientId: 'the-boards', reconnectPeriod: 0 });
  const opts = { qos: 1, retain: true } as const;
  const gone: DisplayStatus = {
    v: 1,
    state: 'offline',
    displayId: 'D1',
    tableId: 'T1',
    version: '1.4.2',
    timestamp: MONTHS_AGO,
    will: true,
  };
  const running: DisplayStatus = {
    v: 1,
    state: 'online',
    displayId: 'D2',
    tableId: 'T1',
    version: '1.4.2',
    timestamp: new Date().toISOString(),
    handCount: 3,
    rejectedMessages: 0,
    uptimeSeconds: 60,
  };
  for (const s of [gone, running]) {
    await pub.publishAsync(T.displayStatus(s.displayId), makeDisplayStatus(s), opts);
    const seen = { v: 1, displayId: s.displayId, tableId: s.tableId, timestamp: s.timestamp } as const;
    await pub.publishAsync(T.displaySeen(s.displayId), makeDisplaySeen(seen), opts);
  }
  await pub.endAsync();
}

async function retainedOf(url: string, display: string): Promise<string[]> {
  const c = await connectAsync(url, { clientId: 'the-reader', reconnectPeriod: 0 });
  const r = await readRetained(c, [T.displayStatus(display), T.displaySeen(display)], 300);
  await c.endAsync();
  return r.ok ? [...r.value.keys()].sort() : [`error: ${r.error}`];
}

/** A board retired months ago and one running: forget the first, refuse the second until --force. */
async function retireBoards(url: string, v: 4 | 5): Promise<void> {
  await retiredAndRunning(url);
  expect(await retainedOf(url, 'D1')).toEqual([T.displaySeen('D1'), T.displayStatus('D1')].sort());

  const forgot = await fleet(url, v, 'forget', '--display', 'D1');
  expect([forgot.code, forgot.err]).toEqual([0, '']);
  expect(forgot.out).toBe(
    'forgot display D1 (table T1, offline, last seen 90 d ago): cleared its retained status ' +
      '(baccarat/displays/D1/status) and last-seen time (baccarat/displays/D1/seen)\n',
  );
  expect(await retainedOf(url, 'D1')).toEqual([]);
  const list = await fleet(url, v, 'list');
  expect(list.out).not.toMatch(/\bD1\b/);
  expect(list.out).toMatch(/\bD2 +online\b/);

  // Again: nothing to forget.
  const again = await fleet(url, v, 'forget', '--display', 'D1');
  expect(again.code).toBe(1);
  expect(again.err).toMatch(/^baccarat-board fleet: display D1: the broker holds no status or last-seen time of it/);

  // Online now: refused, and kept, unless --force.
  const online = await fleet(url, v, 'forget', '--display', 'D2');
  expect([online.code, online.out]).toEqual([1, '']);
  expect(online.err).toMatch(/display D2 \(table T1\) is online now .*Stop it first, or forget it anyway with --force/);
  expect(await retainedOf(url, 'D2')).toHaveLength(2);
  const forced = await fleet(url, v, 'forget', '--display', 'D2', '--force', '--json');
  expect([forced.code, forced.err]).toEqual([0, '']);
  expect(JSON.parse(forced.out)).toMatchObject({
    display: 'D2',
    table: 'T1',
    state: 'online',
    cleared: [T.displayStatus('D2'), T.displaySeen('D2')],
    forced: true,
  });
  expect(await retainedOf(url, 'D2')).toEqual([]);
}

describe('fleet forget', () => {
  onEveryBroker(cleanups, retireBoards, 30_000);
});

const missing = mosquittoMissing();
test.skipIf(missing !== null)(
  `an account that may read but not write the board's topics: said, exit 1, nothing cleared (Mosquitto${missing ? `: ${missing}` : ''})`,
  async () => {
    const acl = 'user it\ntopic read baccarat/#\nuser boards\ntopic readwrite baccarat/#\n';
    const m = await startMosquitto({ users: { it: 'it-secret', boards: 'boards-secret' }, acl });
    cleanups.push(() => m.close());
    const pub = await connectAsync(m.url, { username: 'boards', password: 'boards-secret', reconnectPeriod: 0 });
    cleanups.push(() => pub.endAsync());
    const gone = { v: 1, displayId: 'D1', tableId: 'T1', timestamp: MONTHS_AGO } as const;
    const status = makeDisplayStatus({ ...gone, state: 'offline', version: '1.4.2', will: true });
    await pub.publishAsync(T.displayStatus('D1'), status, { qos: 1, retain: true });
    await pub.publishAsync(T.displaySeen('D1'), makeDisplaySeen(gone), { qos: 1, retain: true });
    const as = ['forget', '--display', 'D1', '--username', 'it', '--password', 'it-secret'];
    const v5 = await fleet(m.url, 5, ...as);
    expect([v5.code, v5.out]).toEqual([1, '']);
    expect(v5.err).toBe(
      'baccarat-board fleet: not authorized to change the retained status of display D1 (the broker refused it, ' +
        'reason code 135): nothing more cleared\n',
    );
    const v4 = await fleet(m.url, 4, ...as);
    expect([v4.code, v4.out]).toEqual([1, '']);
    expect(v4.err).toMatch(
      /^baccarat-board fleet: the broker still holds baccarat\/displays\/D1\/status and baccarat\/displays\/D1\/seen after clearing: this account may not write them/,
    );
  },
  30_000,
);

test.each([
  [['forget'], /--display ID is required/],
  [['forget', '--display', 'D 1'], /--display 'D 1' is not a display id/],
  [['forget', '--display', 'D1', '--reason', 'gone'], /--reason is not for forget/],
  [['forget', '--display', 'D1', '--table', 'T1'], /--table is not for forget/],
  [['identify', '--display', 'D1', '--force'], /--force is for forget, not identify/],
  [['list', '--force'], /--force is for a command to one board, not list/],
])('usage: fleet %j is exit 2', async (args, message) => {
  const m = memoryIo();
  expect(await main(['fleet', ...args, '--broker', 'mqtt://127.0.0.1:9'], m.io)).toBe(2);
  expect(m.err()).toMatch(message);
});
