import { readFileSync } from 'node:fs';
import type { IClientOptions } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseTopicMessage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { simulateTable, type TableOptions } from './dealer';
import { createMessenger, type ControllerKind } from './messages';
import { SIMULATOR_VERSION, startTableSimulator } from './publisher';
import { cleanupList } from '../test/helpers/lifecycle';
import { mosquittoMissing, startMosquitto as startKillableMosquitto } from '../test/helpers/mosquitto';
import { collect, hasMosquitto, startAedes, startMosquitto, type TestBroker } from './test-brokers';

const FIXED_TIME = '2024-11-22T14:00:00.000Z';
const t = topics('baccarat');
const topicOf = (kind: ControllerKind, tableId: string): string =>
  ({ hand: t.tableHand, event: t.tableEvent, shoe: t.tableShoe, controllerStatus: t.controllerStatus })[kind](tableId);
const isEvent = (type: string) => (m: { topic: string; text: string }) =>
  m.topic.endsWith('/event') && m.text.includes(`"type":"${type}"`);
const isStatus = (state: string) => (m: { topic: string; text: string }) =>
  m.topic.endsWith('/controller/status') && m.text.includes(`"state":"${state}"`);

/**
 * A whole shoe at speed max against a real broker: the subscriber receives exactly the pure engine's messages, in
 * order; a late subscriber finds the retained snapshot and status; a clean stop publishes offline.
 */
async function wholeShoe(broker: TestBroker, tableId: string, mqtt: IClientOptions = {}): Promise<void> {
  const options: TableOptions = { seed: `shoe-${tableId}`, shoes: 1, irregularities: 0.05, noBetCoups: true };
  const sub = await collect(broker.url, t.table(tableId), mqtt);
  const sim = await startTableSimulator({
    broker: broker.url,
    tableId,
    steps: simulateTable(options),
    speed: 0,
    now: () => FIXED_TIME,
    seqStart: 1000,
    mqtt,
  });
  await sim.done;
  // The last message: the snapshot that says the table closed.
  await sub.until((x) => x.topic === t.tableShoe(tableId) && x.text.includes('"tableOpen":false'));

  const m = createMessenger({ controllerId: sim.controllerId, now: () => FIXED_TIME, seqStart: 1000 });
  const expected = [...simulateTable(options)]
    .flatMap((step) => m.messagesFor(step))
    .map((o) => ({ topic: topicOf(o.kind, tableId), text: o.text }));
  const received = sub.messages.filter((x) => !x.topic.endsWith('/controller/status'));
  expect(received.map(({ topic, text }) => ({ topic, text }))).toEqual(expected);
  expect(received.every((x) => !x.retain)).toBe(true);
  for (const x of sub.messages)
    expect(parseTopicMessage('baccarat', x.topic, x.text), x.text).toMatchObject({ ok: true });
  // Online as it connects, then again right after each table-open and table-closed, saying it (tableOpen).
  const statuses = sub.messages.filter((x) => x.topic.endsWith('/controller/status'));
  expect(statuses.map((x) => [JSON.parse(x.text).state, JSON.parse(x.text).tableOpen])).toEqual([
    ['online', undefined],
    ['online', true],
    ['online', false],
  ]);
  for (const [i, type] of [
    [1, 'table-open'],
    [2, 'table-closed'],
  ] as const)
    expect(sub.messages[sub.messages.indexOf(statuses[i]!) - 1]).toMatchObject({ text: expect.stringContaining(type) });

  // A board that connects now gets the whole shoe and the controller's presence at once.
  const late = await collect(broker.url, t.table(tableId), mqtt);
  const snapshot = await late.until((x) => x.topic === t.tableShoe(tableId));
  const status = await late.until((x) => x.topic === t.controllerStatus(tableId));
  expect(snapshot.retain && status.retain).toBe(true);
  expect(snapshot.text).toBe(expected.filter((x) => x.topic === t.tableShoe(tableId)).at(-1)?.text);
  expect(JSON.parse(snapshot.text)).toMatchObject({ phase: 'ended', controllerId: `ctl-${tableId}` });
  expect(JSON.parse(status.text)).toMatchObject({
    state: 'online',
    controllerId: `ctl-${tableId}`,
    version: `simulator ${SIMULATOR_VERSION}`, // says what it is: a keypad refused by it names the simulator
    tableOpen: false,
  });

  await sim.stop();
  await late.until(isStatus('offline'));
  await sim.stop(); // twice is fine
  await Promise.all([sub.close(), late.close()]);
}

/** The broker publishes the offline last will when the simulator's socket dies without a DISCONNECT. */
async function lastWill(broker: TestBroker, tableId: string, mqtt: IClientOptions = {}): Promise<void> {
  const sub = await collect(broker.url, t.controllerStatus(tableId), mqtt);
  const sim = await startTableSimulator({
    broker: broker.url,
    tableId,
    steps: simulateTable({ seed: 'will' }),
    speed: 1, // real time: it sits in the shuffle while we cut the wire
    mqtt: { ...mqtt, reconnectPeriod: 0 },
  });
  await sub.until(isStatus('online'));
  sim.client.stream.destroy();
  const will = await sub.until(isStatus('offline'));
  expect(parseTopicMessage('baccarat', will.topic, will.text)).toMatchObject({
    ok: true,
    value: { payload: { state: 'offline', controllerId: `ctl-${tableId}` } },
  });
  await sim.stop();
  await sub.close();
}

describe('publisher against Aedes (in process, MQTT 3.1.1)', () => {
  let broker: TestBroker;
  beforeAll(async () => {
    broker = await startAedes();
  });
  afterAll(async () => {
    await broker.close();
  });

  test('a whole shoe at speed max arrives complete and in order; retained snapshot and status for a late board', async () => {
    await wholeShoe(broker, 'A1');
  });

  test('the last will says offline when the socket is destroyed', async () => {
    await lastWill(broker, 'A2');
  });

  test('several tables at once: one client each, distinct controller ids, every shoe complete', async () => {
    const sub = await collect(broker.url, t.filter('event'));
    const tables = ['A3', 'A4', 'A5'];
    const sims = await Promise.all(
      tables.map((tableId) =>
        startTableSimulator({
          broker: broker.url,
          tableId,
          steps: simulateTable({ seed: tableId, shoes: 1 }),
          speed: 0,
        }),
      ),
    );
    expect(new Set(sims.map((s) => s.controllerId)).size).toBe(3);
    expect(new Set(sims.map((s) => s.client)).size).toBe(3);
    await Promise.all(sims.map((s) => s.done));
    for (const tableId of tables)
      await sub.until((m) => m.topic === t.tableEvent(tableId) && isEvent('table-closed')(m));
    for (const tableId of tables) {
      const events = sub.messages.filter((m) => m.topic === t.tableEvent(tableId)).map((m) => JSON.parse(m.text));
      expect(events.every((e) => e.controllerId === `ctl-${tableId}`)).toBe(true);
      expect(events.filter((e) => e.type === 'shoe-end')).toHaveLength(1);
      const seqs = events.map((e) => e.seq as number);
      expect(seqs.every((s, i) => i === 0 || s > (seqs[i - 1] ?? Infinity))).toBe(true);
    }
    await Promise.all(sims.map((s) => s.stop()));
    await sub.close();
  });

  test('speed N divides the real-time pacing by N (sleep injected)', async () => {
    const slept: number[] = [];
    const sim = await startTableSimulator({
      broker: broker.url,
      tableId: 'A6',
      steps: simulateTable({ seed: 'pace', shoes: 1 }),
      speed: 10,
      sleep: async (ms) => void slept.push(ms),
    });
    await sim.done;
    await sim.stop();
    const minutes = slept.reduce((a, b) => a + b, 0) / 60_000;
    expect(minutes).toBeGreaterThan(3.5); // a real shoe is 35–50 minutes
    expect(minutes).toBeLessThan(5);
    expect(slept).toContain(1_500); // 15 s of betting at 10×
  });

  test('stop() in the middle of a real-time shoe ends at once with the offline status', async () => {
    const sub = await collect(broker.url, t.controllerStatus('A7'));
    const sim = await startTableSimulator({
      broker: broker.url,
      tableId: 'A7',
      steps: simulateTable({ seed: 's' }),
      speed: 1,
    });
    await sub.until(isStatus('online'));
    const started = Date.now();
    await sim.stop();
    await sim.done;
    expect(Date.now() - started).toBeLessThan(2_000);
    await sub.until(isStatus('offline'));
    expect(sim.client.connected).toBe(false);
    await sub.close();
  });

  test('bettingEvents false: a shoe without betting-open and no-more-bets on the wire', async () => {
    const sub = await collect(broker.url, t.table('A9'));
    const sim = await startTableSimulator({
      broker: broker.url,
      tableId: 'A9',
      steps: simulateTable({ seed: 'silent', shoes: 1 }),
      speed: 0,
      bettingEvents: false,
    });
    await sim.done;
    await sub.until((x) => x.topic === t.tableShoe('A9') && x.text.includes('"tableOpen":false'));
    const types = sub.messages.filter((x) => x.topic === t.tableEvent('A9')).map((x) => JSON.parse(x.text).type);
    expect(types).toContain('shoe-end');
    expect(types.filter((type) => type === 'betting-open' || type === 'no-more-bets')).toEqual([]);
    expect(sub.messages.filter((x) => x.topic === t.tableHand('A9')).length).toBeGreaterThan(60);
    await sim.stop();
    await sub.close();
  });

  test('an unreachable broker rejects at once; a bad table id is refused', async () => {
    await expect(
      startTableSimulator({ broker: 'mqtt://127.0.0.1:1', tableId: 'A8', steps: [], speed: 0 }),
    ).rejects.toThrow();
    await expect(startTableSimulator({ broker: broker.url, tableId: 'a/b', steps: [] })).rejects.toThrow(TypeError);
  });
});

describe.skipIf(!hasMosquitto())('publisher against Mosquitto (MQTT 5)', () => {
  let broker: TestBroker;
  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(async () => {
    await broker?.close();
  });

  test('a whole shoe at speed max with protocolVersion 5; retained snapshot and status; offline on stop', async () => {
    await wholeShoe(broker, 'M1', { protocolVersion: 5 });
  });

  test('the last will says offline when the socket is destroyed', async () => {
    await lastWill(broker, 'M2', { protocolVersion: 5 });
  });
});
describe.skipIf(!hasMosquitto())('publisher with two brokers (a pair, issue 16)', () => {
  const cleanups = cleanupList();
  const killable = async () => {
    const m = await startKillableMosquitto({ persistence: false });
    cleanups.push(() => m.close());
    return m;
  };

  test('its broker dies: it fails over to the next after a jittered wait, says online there, republishes its snapshot', async () => {
    const [a, b] = await Promise.all([killable(), killable()]);
    const sim = await startTableSimulator({
      broker: [a.url, b.url],
      tableId: 'F1',
      steps: [...simulateTable({ seed: 'failover', shoes: 1 })].slice(0, 12),
      speed: 0,
      backoff: { minMs: 400, maxMs: 1600 },
      random: () => 0.5,
    });
    cleanups.push(() => sim.stop());
    await sim.done;
    const last = sim.messenger.snapshot();
    const sub = await collect(b.url, t.table('F1'));
    expect(sub.messages, 'nothing on the second broker yet: the brokers are not bridged').toEqual([]);
    const waits: number[] = [];
    sim.client.on('offline', () => waits.push(sim.client.options.reconnectPeriod!));
    await a.kill();
    const snapshot = await sub.until((m) => m.topic === t.tableShoe('F1'));
    await sub.until(isStatus('online'));
    expect(waits, 'the first wait: half the 400 ms ceiling with random 0.5').toEqual([200]);
    expect(JSON.parse(snapshot.text)).toEqual(last);
    // A board that connects to the second broker now finds the table's truth retained there.
    const late = await collect(b.url, t.tableShoe('F1'));
    expect(JSON.parse((await late.until(() => true)).text)).toEqual(last);
    await Promise.all([sub.close(), late.close()]);
  });

  test('at start-up every broker of the list is tried once: the first down, it starts on the second', async () => {
    const b = await killable();
    const sim = await startTableSimulator({
      broker: ['mqtt://127.0.0.1:1', b.url],
      tableId: 'F2',
      steps: [],
      backoff: { minMs: 100, maxMs: 400 },
    });
    expect(sim.client.connected).toBe(true);
    await sim.stop();
    await expect(
      startTableSimulator({
        broker: ['mqtt://127.0.0.1:1', 'mqtt://127.0.0.1:2'],
        tableId: 'F3',
        steps: [],
        backoff: { minMs: 100, maxMs: 400 },
      }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});

if (!hasMosquitto()) console.warn(`${mosquittoMissing()}: the publisher's Mosquitto tests are skipped.`);

test('SIMULATOR_VERSION is the package version', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  expect(SIMULATOR_VERSION).toBe(pkg.version);
});
