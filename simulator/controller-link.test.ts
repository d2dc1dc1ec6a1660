/**
 * The controller link's retained status says whether the table is open: it follows what the link publishes (a
 * table-open or table-closed event, a snapshot's tableOpen), is republished right after the message that changed
 * it, signed like every status, and carried by every later online status (sayOnline, a reconnection) and by the
 * goodbye of a clean stop; the will, fixed at connect time, never carries it. Each connection has an id of its own,
 * in its statuses and its will. Against Aedes in process.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseTopicMessage } from '../contract/mqtt';
import type { ControllerStatus } from '../contract/schemas/status';
import { topics } from '../contract/topics';
import { generateSigningKey, Keyring } from '../mqtt-bridge/signing';
import { runMessages } from '../test/helpers/table-state-run';
import { connectController, tableOpenOf } from './controller-link';
import { createMessenger, type Outgoing } from './messages';
import { collect, startAedes, type Received, type TestBroker } from './test-brokers';

const t = topics('baccarat');
const payload = (m: Received): ControllerStatus => JSON.parse(m.text) as ControllerStatus;
const isStatus = (m: Received): boolean => m.topic.endsWith('/controller/status');

let broker: TestBroker;
beforeAll(async () => {
  broker = await startAedes();
});
afterAll(async () => {
  await broker.close();
});

describe('the controller link says the table open or closed in its status', () => {
  test('republished, signed, after the event that changed it; kept on sayOnline, a reconnection and the goodbye; not in the will', async () => {
    const key = generateSigningKey();
    const keyring = new Keyring({ controller: [key.publicKey] });
    const sub = await collect(broker.url, t.table('L1'));
    const link = await connectController({
      broker: broker.url,
      tableId: 'L1',
      signingKey: key,
      backoff: { minMs: 50, maxMs: 100 },
    });
    const m = createMessenger({ controllerId: link.controllerId, ...(link.sign && { sign: link.sign }) });
    const publishAll = async (out: Outgoing[]) => {
      for (const o of out) await link.publish(o);
    };
    await sub.until(isStatus);
    expect(payload(sub.messages.find(isStatus)!)).not.toHaveProperty('tableOpen'); // nothing said yet

    // A keypad's new table: closed, no shoe. The status follows the event at once.
    await publishAll(m.messagesFor({ type: 'table-closed' }));
    const closed = await sub.until((x) => isStatus(x) && payload(x).tableOpen === false);
    const i = sub.messages.indexOf(closed);
    expect(sub.messages[i - 1]!.text).toContain('"table-closed"');
    expect(closed.retain).toBe(false); // live to a subscriber; retained for a later one (below)
    const parsed = parseTopicMessage('baccarat', closed.topic, closed.text);
    expect(parsed).toMatchObject({ ok: true, value: { payload: { state: 'online', tableOpen: false } } });
    expect(keyring.check('controllerStatus', closed.topic, payload(closed))).toEqual({
      status: 'verified',
      kid: key.kid,
    });

    // Closed again: nothing new to say.
    const count = sub.messages.filter(isStatus).length;
    await publishAll(m.messagesFor({ type: 'table-closed' }));
    await link.sayOnline(); // says it, as every later online status does
    const again = await sub.until((x) => isStatus(x) && sub.messages.filter(isStatus).indexOf(x) === count);
    expect(payload(again)).toMatchObject({ state: 'online', tableOpen: false });

    // A board that connects now reads it from the retained status alone.
    const late = await collect(broker.url, t.controllerStatus('L1'));
    const retained = await late.until(() => true);
    expect(retained.retain).toBe(true);
    expect(payload(retained)).toMatchObject({ state: 'online', tableOpen: false });
    await late.close();

    // The dealer opens: the status says so; a shoe's snapshot saying open again changes nothing.
    await publishAll(m.messagesFor({ type: 'table-open' }));
    await sub.until((x) => isStatus(x) && payload(x).tableOpen === true);
    const opened = sub.messages.filter(isStatus).length;
    await publishAll(m.messagesFor({ type: 'shoe-start', shoeId: 'S1', shoeNo: 1, decks: 8 }));
    expect(m.snapshot()?.tableOpen).toBe(true);

    // The link drops: the broker publishes the will (no tableOpen), and the link says online again with it.
    link.client.stream.destroy();
    const will = await sub.until((x) => isStatus(x) && payload(x).state === 'offline');
    expect(payload(will)).not.toHaveProperty('tableOpen');
    const back = await sub.until(
      (x) => isStatus(x) && payload(x).state === 'online' && sub.messages.indexOf(x) > sub.messages.indexOf(will),
    );
    expect(payload(back).tableOpen).toBe(true);
    expect(sub.messages.filter(isStatus).length).toBe(opened + 2); // the will, then online: no other status

    // A clean stop: the goodbye says the table as it is, so a board that starts later still knows it.
    await link.stop();
    const bye = await sub.until((x) => isStatus(x) && payload(x).state === 'offline' && x !== will);
    expect(payload(bye).tableOpen).toBe(true);
    await sub.close();
  }, 30_000);

  test('what a message says of the table', () => {
    const m = createMessenger({ controllerId: 'ctl-L2' });
    const [open] = m.messagesFor({ type: 'table-open' });
    expect(tableOpenOf(open!)).toBe(true);
    const [closed] = m.messagesFor({ type: 'table-closed' });
    expect(tableOpenOf(closed!)).toBe(false);
    const started = m.messagesFor({ type: 'shoe-start', shoeId: 'S1', shoeNo: 1, decks: 8 });
    expect(started.map(tableOpenOf)).toEqual([undefined, false]); // the event says nothing; its snapshot does
  });
});

// Each connection has its own id, in its statuses and in its last will, drawn again before each reconnection (MQTT.js
// sends the will with every CONNECT): so a board tells the will of the connection online from an earlier one's read
// off the broker and published again (mqtt-bridge/controller-connection.test.ts).
describe('each connection of the controller link, its own id and will', () => {
  test('a new will for each connection; a board ignores an earlier one replayed', async () => {
    const key = generateSigningKey();
    const keyring = new Keyring({ controller: [key.publicKey] });
    const sub = await collect(broker.url, t.controllerStatus('K1'));
    const link = await connectController({
      broker: broker.url,
      tableId: 'K1',
      signingKey: key,
      backoff: { minMs: 50, maxMs: 100 },
    });
    const statuses = () => sub.messages.filter(isStatus).map(payload);
    const nth = (state: string, n: number) => () => statuses().filter((s) => s.state === state).length >= n;
    await sub.until(nth('online', 1));
    for (const n of [1, 2]) {
      await new Promise((r) => setTimeout(r, 5)); // the next connection starts at a later millisecond
      link.client.stream.destroy(); // the link drops: the broker publishes this connection's will
      await sub.until(nth('offline', n));
      await sub.until(nth('online', n + 1));
    }
    await link.stop();
    await sub.close();
    const [on1, will1, on2, will2, on3] = statuses().filter((s) => s.state === 'online' || s.state === 'offline');
    expect([on1, will1, on2, will2, on3].map((s) => s?.state)).toEqual([
      'online',
      'offline',
      'online',
      'offline',
      'online',
    ]);
    // Each connection's will carries its id, and the time it began: before its own online, after the one before.
    expect(will1!.connection).toBe(on1!.connection);
    expect(will2!.connection).toBe(on2!.connection);
    expect(new Set([on1!.connection, on2!.connection, on3!.connection]).size).toBe(3);
    expect(Date.parse(will2!.timestamp)).toBeGreaterThan(Date.parse(will1!.timestamp));
    for (const s of [will1!, will2!])
      expect(keyring.check('controllerStatus', t.controllerStatus('K1'), s)).toMatchObject({ status: 'verified' });

    // A board that followed them all, then reads the first will again (replayed): still online.
    const run = (list: ControllerStatus[]) =>
      runMessages(list.map((payload) => ({ kind: 'controllerStatus' as const, payload })));
    expect(run([on1!, will1!]).state.controller?.online).toBe(false); // a genuine will says it
    const replayed = run([on1!, will1!, on2!, will2!, on3!, will1!]);
    expect(replayed.state.controller?.online).toBe(true);
    expect(replayed.effects.at(-1)).toMatch(/^duplicate: an offline status of an earlier connection/);
  }, 30_000);
});
