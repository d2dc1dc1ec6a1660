/**
 * `fleet list` on a whole floor, against real Mosquitto: 300 tables with two boards each (600 retained statuses and
 * 600 retained last-seen times, as a floor's boards leave them), some offline, some out of step. Every board is
 * listed once, in table order (T2 before T10 before T100), the count line adds up, and no warning says the read was
 * cut: the retained messages of a floor come in one burst, well inside the quiet time.
 */
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BoardListEntry } from '../contract/board-list';
import { makeDisplaySeen, makeDisplayStatus } from '../contract/mqtt';
import type { DisplayStatus } from '../contract/schemas';
import { topics } from '../contract/topics';
import { mosquittoMissing, startMosquitto, type Mosquitto } from '../test/helpers/mosquitto';
import { main } from './main';
import { memoryIo } from './test-io';

const TABLES = 300;
const T = topics('baccarat');
const missing = mosquittoMissing();
let broker: Mosquitto;
let pub: MqttClient;

async function fleet(...args: string[]) {
  const m = memoryIo();
  const code = await main(['fleet', ...args, '--broker', broker.url], m.io);
  return { code, out: m.out(), err: m.err() };
}

/** Board `d` of table `n`: every 7th table's second board offline (its will), every 11th's first out of step. */
function boardOf(n: number, d: 1 | 2, now: string): DisplayStatus {
  const ids = { displayId: `T${n}-D${d}`, tableId: `T${n}` };
  if (d === 2 && n % 7 === 0) return { v: 1, state: 'offline', ...ids, version: '1.4.2', timestamp: now, will: true };
  return {
    v: 1,
    state: 'online',
    ...ids,
    version: '1.4.2',
    timestamp: now,
    handCount: n % 80,
    rejectedMessages: 0,
    uptimeSeconds: 3600,
    ...(d === 1 && n % 11 === 0 ? { outOfStep: { code: 'gap' as const, reason: 'hand 5 missed', since: now } } : {}),
  };
}

describe.skipIf(missing !== null)(`a floor of ${TABLES * 2} boards on Mosquitto (${missing ?? 'installed'})`, () => {
  beforeAll(async () => {
    broker = await startMosquitto();
    pub = await connectAsync(broker.url, { clientId: 'the-floor' });
    const now = new Date().toISOString();
    const sent: Promise<unknown>[] = [];
    for (let n = 1; n <= TABLES; n++)
      for (const d of [1, 2] as const) {
        const s = boardOf(n, d, now);
        const opts = { qos: 1, retain: true } as const;
        sent.push(pub.publishAsync(T.displayStatus(s.displayId), makeDisplayStatus(s), opts));
        const seen = { v: 1, displayId: s.displayId, tableId: s.tableId, timestamp: now } as const;
        sent.push(pub.publishAsync(T.displaySeen(s.displayId), makeDisplaySeen(seen), opts));
      }
    await Promise.all(sent);
  }, 60_000);
  afterAll(async () => {
    await pub?.endAsync();
    await broker?.close();
  });

  test('every board once, by table then display, the count adding up, no warning', async () => {
    const r = await fleet('list');
    expect([r.code, r.err]).toEqual([0, '']);
    const lines = r.out.trimEnd().split('\n');
    const outOfStep = Math.floor(TABLES / 11);
    expect(lines).toHaveLength(1 + TABLES * 2 + 1 + outOfStep); // heading, boards, count, each out of step named
    const boards = lines.slice(1, 1 + TABLES * 2).map((l) => l.split(/ +/).slice(0, 3).join(' '));
    expect(boards.slice(0, 3)).toEqual(['T1 T1-D1 online', 'T1 T1-D2 online', 'T2 T2-D1 online']);
    expect(boards.slice(-2)).toEqual([`T${TABLES} T${TABLES}-D1 online`, `T${TABLES} T${TABLES}-D2 online`]);
    expect(boards).toContain('T7 T7-D2 offline');
    const offline = Math.floor(TABLES / 7);
    expect(lines.at(-1 - outOfStep)).toBe(
      `${TABLES * 2} boards: ${TABLES * 2 - offline} online, ${offline} offline; ${outOfStep} out of step`,
    );
    expect(lines.at(-1)).toBe('! Board T297-D1 is out of step (gap): hand 5 missed');
  });

  test('--json has them all, with their tables; --table one of them', async () => {
    const all = JSON.parse((await fleet('list', '--json')).out) as BoardListEntry[];
    expect(new Set(all.map((b) => b.display)).size).toBe(TABLES * 2);
    expect(all.filter((b) => b.inStep === false).map((b) => b.display)).toHaveLength(Math.floor(TABLES / 11));
    const one = await fleet('list', '--table', 'T150');
    expect(
      one.out
        .split('\n')
        .slice(1, 3)
        .map((l) => l.split(/ +/)[1]),
    ).toEqual(['T150-D1', 'T150-D2']);
  });
});
