/**
 * `baccarat-board fleet list` in this process against a real broker (Aedes): two real boards of table T1 (the
 * Bridge), one running and one stopped (its goodbye), beside retained statuses of tables T2 and T10 as boards leave
 * them — out of step with warnings, a last will with its last-seen time, a will without one. One aligned line per
 * board, by table then display (T2 before T10), with when each was last seen in words; a board whose will never
 * came, silent (its retained online status 40 min old); --table, ls, --json's fields;
 * none reported; the read ending once the retained messages are in, not after a fixed wait; a broker that cannot be
 * reached (exit 1, worded as the other fleet commands); bad flags (exit 2 with the usage).
 */
import { createServer } from 'node:net';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BoardListEntry } from '../contract/board-list';
import { makeCasinoSignage, makeDisplaySeen, makeDisplayStatus, makeTableSignage } from '../contract/mqtt';
import type { DisplayStatus } from '../contract/schemas';
import { topics } from '../contract/topics';
import { RETAINED_SETTLE } from '../console/mqtt-session';
import { Bridge } from '../mqtt-bridge/bridge';
import { memoryLogger } from '../mqtt-bridge/log';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { testBoardConfig } from '../test/helpers/board-config';
import { until } from '../test/helpers/lifecycle';
import { main } from './main';
import { memoryIo } from './test-io';
import { casino, signage } from '../test/helpers/table-messages';

const T = topics('baccarat');
const cleanups: (() => Promise<unknown>)[] = [];
let broker: EmbeddedBroker;
let pub: MqttClient;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

async function run(url: string, ...args: string[]) {
  const m = memoryIo();
  const code = await main(['fleet', ...args, '--broker', url], m.io);
  return { code, out: m.out(), err: m.err() };
}
const fleet = (...args: string[]) => run(broker.url, ...args);

async function realBoard(displayId: string): Promise<Bridge> {
  const c = testBoardConfig(broker.url, 'bb-fleet-list-');
  const bridge = new Bridge(
    { ...c, displayId, mqtt: { ...c.mqtt, clientId: `board-${displayId}` } },
    { logger: memoryLogger().logger },
  );
  await bridge.start();
  cleanups.push(() => bridge.stop());
  await until(() => expect(bridge.subscribed).toBe(true));
  return bridge;
}

const retain = (topic: string, text: string) => pub.publishAsync(topic, text, { qos: 1, retain: true });
const status = (s: DisplayStatus) => retain(T.displayStatus(s.displayId), makeDisplayStatus(s));

beforeAll(async () => {
  broker = await startEmbeddedBroker();
  cleanups.push(() => broker.close());
  pub = await connectAsync(broker.url, { clientId: 'retained-by-boards' });
  cleanups.push(() => pub.endAsync());
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('no board on the broker', () => {
  test('says so, exit 0; --json prints an empty array', async () => {
    const r = await fleet('list');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toBe(
      'No boards have reported on this broker: check --root, and that this account may read baccarat/displays/+/status\n',
    );
    expect(await fleet('list', '--json')).toEqual({ code: 0, out: '[]\n', err: '' });
  });
});

describe('boards online and offline, on three tables', () => {
  beforeAll(async () => {
    await realBoard('D1');
    const d2 = await realBoard('D2');
    await d2.stop(); // its goodbye: offline, since now
    const base = { v: 1, version: '1.4.2', timestamp: minutesAgo(0) } as const;
    await status({
      ...base,
      state: 'online',
      displayId: 'board-b',
      tableId: 'T10',
      handCount: 12,
      rejectedMessages: 3,
      uptimeSeconds: 7500,
      outOfStep: { code: 'gap', reason: 'hand 13 arrived before hand 12', since: minutesAgo(1) },
      warnings: [
        { code: 'signage-ignored', detail: 'an older sign arrived', since: minutesAgo(2) },
        { code: 'results-unverified', detail: 'not signed', since: minutesAgo(2) },
      ],
    });
    // A will read later: its last-seen time says when it went (3 min ago); the will's own time is when it connected.
    await status({
      ...base,
      state: 'offline',
      displayId: 'board-a',
      tableId: 'T2',
      timestamp: minutesAgo(120),
      will: true,
    });
    await retain(
      T.displaySeen('board-a'),
      makeDisplaySeen({ v: 1, displayId: 'board-a', tableId: 'T2', timestamp: minutesAgo(3) }),
    );
    // A will with no last-seen time: it was seen when it connected, and maybe later.
    await status({
      ...base,
      state: 'offline',
      displayId: 'board-c',
      tableId: 'T2',
      timestamp: minutesAgo(60 * 49),
      will: true,
    });
  });

  test('one aligned line per board, by table then display, and a count; exit 0 with boards offline', async () => {
    const r = await fleet('list');
    expect([r.code, r.err]).toEqual([0, '']);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toBe('TABLE  DISPLAY  STATE    LAST SEEN         IN STEP   VERSION  UPTIME     WARN');
    expect(lines.slice(1, 3)).toEqual([
      expect.stringMatching(/^T1 {5}D1 {7}online {3}just now {10}yes {7}\d\.\d\.\d+ {4}\d+ s +0$/),
      expect.stringMatching(/^T1 {5}D2 {7}offline {2}just now {10}— {9}\d\.\d\.\d+ {4}— {10}—$/),
    ]);
    expect(lines.slice(3)).toEqual([
      'T2     board-a  offline  3 min ago         —         1.4.2    —          —',
      'T2     board-c  offline  2 d ago or later  —         1.4.2    —          —',
      'T10    board-b  online   just now          no (gap)  1.4.2    2 h 5 min  2',
      '5 boards: 2 online, 3 offline; 1 out of step, 1 with warnings',
      '! Board board-b is out of step (gap): hand 13 arrived before hand 12', // the IN STEP column has only its code
    ]);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
    expect((await fleet('ls')).out).toBe(r.out); // ls: the same
  });

  test('--table lists that table only; a table without boards is said, exit 0', async () => {
    const r = await fleet('list', '--table', 'T2');
    expect(r.code).toBe(0);
    expect(r.out.split('\n').slice(1, -1)).toEqual([
      'T2     board-a  offline  3 min ago         —        1.4.2    —       —',
      'T2     board-c  offline  2 d ago or later  —        1.4.2    —       —',
      '2 boards: 0 online, 2 offline',
    ]);
    expect(await fleet('list', '--table', 'T9')).toEqual({
      code: 0,
      out: 'No board of table T9 has reported on this broker (5 boards of other tables have: list them without --table)\n',
      err: '',
    });
  });

  test('--json: an array of boards with stable field names and ISO times; null where only online boards report', async () => {
    const r = await fleet('list', '--json', '--table', 'T10');
    expect(r.code).toBe(0);
    expect(r.out.endsWith('\n') && r.out.split('\n').length).toBe(2); // one line
    const [b] = JSON.parse(r.out) as BoardListEntry[];
    expect(Object.keys(b!)).toEqual([
      'display',
      'table',
      'state',
      'lastSeen',
      'lastSeenOrLater',
      'statusAt',
      'version',
      'offline',
      'build',
      'uptimeSeconds',
      'inStep',
      'outOfStep',
      'warnings',
      'rejectedMessages',
      'shoeId',
      'shoeNo',
      'handCount',
      'lastResultAt',
      'signageRevision',
      'casinoSignageRevision',
      'clockOffsetMs',
      'signageOnBroker',
      'casinoSignageOnBroker',
    ]);
    expect(b).toMatchObject({
      display: 'board-b',
      table: 'T10',
      state: 'online',
      offline: null,
      inStep: false,
      outOfStep: { code: 'gap' },
      warnings: [{ code: 'signage-ignored' }, { code: 'results-unverified' }],
      rejectedMessages: 3,
      uptimeSeconds: 7500,
      handCount: 12,
    });
    const all = JSON.parse((await fleet('list', '--json')).out) as BoardListEntry[];
    expect(all.map((x) => `${x.table}/${x.display}`)).toEqual([
      'T1/D1',
      'T1/D2',
      'T2/board-a',
      'T2/board-c',
      'T10/board-b',
    ]);
    for (const x of all) expect(new Date(x.lastSeen).toISOString()).toBe(x.lastSeen);
    const a = all.find((x) => x.display === 'board-a')!;
    const d2 = all.find((x) => x.display === 'D2')!;
    expect(a).toMatchObject({
      state: 'offline',
      offline: 'will',
      lastSeenOrLater: false,
      inStep: null,
      warnings: null,
    });
    expect(a.lastSeen).not.toBe(a.statusAt); // the last-seen time, not the will's (when it connected)
    expect(d2).toMatchObject({ state: 'offline', offline: 'goodbye', lastSeenOrLater: false, uptimeSeconds: null });
    expect(all.find((x) => x.display === 'board-c')).toMatchObject({ offline: 'will', lastSeenOrLater: true });
  });

  test('ends once the retained messages are in (quiet for 0.2 s), well before the 2 s bound', async () => {
    const start = Date.now();
    expect((await fleet('list')).code).toBe(0);
    expect(Date.now() - start).toBeLessThan(RETAINED_SETTLE.maxMs - 500);
  });

  test('a retained status that breaks the contract is left out with a warning', async () => {
    await retain(T.displayStatus('broken'), '{"v":1,"state":"online"}');
    const r = await fleet('list', '--table', 'T10');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^warning: ignoring the retained status on baccarat\/displays\/broken\/status: /);
    await retain(T.displayStatus('broken'), '');
  });
});

describe('a board whose last will never came: its retained status still says online, 40 min old', () => {
  const online = (displayId: string, timestamp: string): DisplayStatus => ({
    v: 1,
    state: 'online',
    displayId,
    tableId: 'T7',
    version: '1.4.2',
    timestamp,
    handCount: 30,
    rejectedMessages: 0,
    uptimeSeconds: 86_400,
    outOfStep: { code: 'gap', reason: 'hand 13 arrived before hand 12', since: minutesAgo(50) },
  });
  beforeAll(async () => {
    // As a broker restarted with its retained messages leaves a board that died meanwhile: online, as it last said.
    await status(online('board-y', minutesAgo(0)));
    await status(online('board-z', minutesAgo(40)));
  });
  afterAll(async () => {
    for (const id of ['board-y', 'board-z']) await retain(T.displayStatus(id), '');
  });

  test('silent, last seen when its status was published; counted apart; exit 0', async () => {
    const r = await fleet('list', '--table', 'T7');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out.split('\n').slice(1, -1)).toEqual([
      'T7     board-y  online  just now    no (gap)  1.4.2    1 d 0 h  0',
      'T7     board-z  silent  40 min ago  —         1.4.2    —        —',
      '2 boards: 1 online, 1 silent, 0 offline; 1 out of step',
      '! Board board-y is out of step (gap): hand 13 arrived before hand 12', // board-z's, old news, is not named
    ]);
  });

  test('--json: state silent, lastSeen its status time, and what it last said', async () => {
    const [y, z] = JSON.parse((await fleet('list', '--json', '--table', 'T7')).out) as BoardListEntry[];
    expect(y).toMatchObject({ display: 'board-y', state: 'online' });
    expect(z).toMatchObject({ display: 'board-z', state: 'silent', offline: null, lastSeenOrLater: false });
    expect(z!.lastSeen).toBe(z!.statusAt);
    expect(Date.now() - Date.parse(z!.lastSeen)).toBeGreaterThan(39 * 60_000);
    expect(z).toMatchObject({ uptimeSeconds: 86_400, inStep: false, handCount: 30 });
  });
});

describe('a broker that cannot be reached, and bad flags', () => {
  test('exit 1, in the words of the other fleet commands', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const url = `mqtt://127.0.0.1:${port}`;
    const r = await run(url, 'list');
    expect([r.code, r.out]).toEqual([1, '']);
    expect(r.err).toMatch(
      new RegExp(`^baccarat-board fleet: cannot connect to mqtt://127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`),
    );
    const identify = await run(url, 'identify', '--display', 'D1');
    expect(identify.err.split(': ').slice(0, 2)).toEqual(r.err.split(': ').slice(0, 2));
  });

  test.each([
    [['list', '--display', 'D1'], '--display is for a command to one board, not list'],
    [['list', '--reason', 'why not'], '--reason is for a command to one board, not list'],
    [['list', '--table', 'T 1'], "--table 'T 1' is not a table id (A-Z a-z 0-9 _ -)"],
    [['list', 'T1'], "unexpected 'T1'"],
    [['list', '--tabel', 'T1'], "Unknown option '--tabel'"],
    [['list', '--protocol-version', '3'], "--protocol-version must be 4 (MQTT 3.1.1) or 5, not '3'"],
  ])('%j: exit 2 with the usage', async (args, message) => {
    const r = await fleet(...args);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.split('\n')[0]).toContain(`baccarat-board fleet: ${message}`);
    expect(r.err).toContain('Usage: baccarat-board fleet list --broker URL [--table ID] [--json]');
  });
});

describe("boards not showing the broker's signs", () => {
  test("named under the list with what to do, and counted; --json gives the broker's revisions", async () => {
    const base = { v: 1, version: '1.4.2', timestamp: minutesAgo(0), state: 'online', tableId: 'T20' } as const;
    const board = { ...base, handCount: 3, rejectedMessages: 0, uptimeSeconds: 60 };
    await retain(T.tableSignage('T20'), makeTableSignage(signage(5)));
    await retain(T.casinoSignage(), makeCasinoSignage(casino(2)));
    await status({ ...board, displayId: 'sign-ok', signageRevision: 5, casinoSignageRevision: 2 });
    await status({ ...board, displayId: 'sign-old', signageRevision: 4, casinoSignageRevision: 1 });
    await status({ ...board, displayId: 'sign-new', signageRevision: 13, casinoSignageRevision: 2 });
    await status({ ...base, state: 'offline', displayId: 'sign-off' }); // says nothing of what it shows
    const r = await fleet('list', '--table', 'T20');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out.trimEnd().split('\n').slice(5)).toEqual([
      "4 boards: 3 online, 1 offline; 2 not showing the broker's signs",
      "! Board sign-new shows revision 13; the table's sign is revision 5 — republish the sign",
      "! Board sign-old shows revision 4; the table's sign is revision 5 — it has not taken it yet",
      "! Board sign-old shows casino sign revision 1; the casino's sign is revision 2 — it has not taken it yet",
      '(signage --table ID restore --audit FILE --reason … publishes the table sign the boards show again, from an audit log: docs/console.md)',
    ]);
    const rows = JSON.parse((await fleet('list', '--json', '--table', 'T20')).out) as (BoardListEntry & {
      signageOnBroker: number | null;
      casinoSignageOnBroker: number | null;
    })[];
    expect(rows.map((b) => [b.display, b.signageRevision, b.signageOnBroker, b.casinoSignageOnBroker])).toEqual([
      ['sign-new', 13, 5, 2],
      ['sign-off', null, 5, 2],
      ['sign-ok', 5, 5, 2],
      ['sign-old', 4, 5, 2],
    ]);
    // A sign that breaks the contract is left out, saying why; the boards are still listed.
    await pub.publishAsync(T.tableSignage('T21'), '{"v":1}', { qos: 1, retain: true });
    const bad = await fleet('list', '--table', 'T20');
    expect(bad.err).toMatch(/^warning: ignoring the retained sign on baccarat\/tables\/T21\/signage: /);
    expect(bad.out).toBe(r.out);
  });
});

describe('a display id used by two boards', () => {
  test("named under the list in the board's words, and counted apart from the signs", async () => {
    const detail =
      'another board (table T2, version 1.4.2) publishes as display id twin: the fleet sees the two boards as one and its commands reach both. Give each board its own display id';
    await status({
      v: 1,
      state: 'online',
      displayId: 'twin',
      tableId: 'T30',
      version: '1.4.2',
      timestamp: minutesAgo(0),
      handCount: 3,
      rejectedMessages: 0,
      uptimeSeconds: 60,
      casinoSignageRevision: 2, // the casino's sign the test above left
      warnings: [{ code: 'display-id-in-use', detail, since: minutesAgo(1) }],
    });
    const r = await fleet('list', '--table', 'T30');
    expect(r.code).toBe(0); // (its standard error still warns of the broken sign the test above left)
    expect(r.out.trimEnd().split('\n').slice(2)).toEqual([
      '1 board: 1 online, 0 offline; 1 with warnings, 1 with its display id used twice',
      `! Board twin: ${detail}`,
    ]);
  });
});

describe('forged results and no screen (an IT trial: only counted in WARN)', () => {
  test("both named under the list in the board's words, and counted", async () => {
    const forged =
      "501 messages on this table's topics refused for their signature since 2026-11-27T21:50:03Z (last: an unsigned hand: signatures are required): someone publishes as the table's controller or the pit, or signs with a key this board does not trust (trust.*)";
    const unseen =
      "no browser has shown this board since 2026-11-27T21:50:03Z (browser mode): it follows its table, but nobody sees it. Check the screen, its PC and its browser, which should open the board's address";
    const board = (displayId: string, code: 'forged-results' | 'no-screen', detail: string) =>
      status({
        v: 1,
        state: 'online',
        displayId,
        tableId: 'T31',
        version: '1.4.2',
        timestamp: minutesAgo(0),
        handCount: 3,
        rejectedMessages: code === 'forged-results' ? 501 : 0,
        uptimeSeconds: 60,
        casinoSignageRevision: 2, // the casino's sign the tests above left
        warnings: [{ code, detail, since: minutesAgo(1) }],
      });
    await board('forged', 'forged-results', forged);
    await board('unseen', 'no-screen', unseen);
    const r = await fleet('list', '--table', 'T31');
    expect(r.code).toBe(0);
    expect(r.out.trimEnd().split('\n').slice(3)).toEqual([
      '2 boards: 2 online, 0 offline; 2 with warnings, 1 refusing forged results, 1 shown by no browser',
      `! Board forged: ${forged}`,
      `! Board unseen: ${unseen}`,
    ]);
  });
});

describe("a table's controller offline (an IT trial: only counted in WARN, and in --json)", () => {
  test("named under the list in the board's words, and counted", async () => {
    const detail =
      "table T32's controller (ctl-T32) is offline since 2026-11-27T21:50:03Z while the table is open: no result reaches the boards";
    await status({
      v: 1,
      state: 'online',
      displayId: 'unfed',
      tableId: 'T32',
      version: '1.4.2',
      timestamp: minutesAgo(0),
      handCount: 3,
      rejectedMessages: 0,
      uptimeSeconds: 60,
      casinoSignageRevision: 2, // the casino's sign the tests above left
      warnings: [{ code: 'controller-offline', detail, since: minutesAgo(1) }],
    });
    const r = await fleet('list', '--table', 'T32');
    expect(r.code).toBe(0);
    expect(r.out.trimEnd().split('\n').slice(2)).toEqual([
      "1 board: 1 online, 0 offline; 1 with warnings, 1 with its table's controller offline",
      `! Board unfed: ${detail}`,
    ]);
  });
});
