/**
 * The controller link's retained status says whether the table is open: it follows what the link publishes (a
 * table-open or table-closed event, a snapshot's tableOpen), is republished right after the message that changed
 * it, signed like every status, and carried by every later online status (sayOnline, a reconnection) and by the
 * goodbye of a clean stop; the will, fixed at connect time, never carries it. Against Aedes in process.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseTopicMessage } from '../contract/mqtt';
import type { ControllerStatus } from '../contract/schemas/status';
import { topics } from '../contract/topics';
import { generateSigningKey, Keyring } from '../mqtt-bridge/signing';
import { connectController, tableOpenOf } from './controller-link';
import { createMessenger, type Outgoing } from './messages';
import { collect, startAedes, type Received, type TestBroker } from './test-brokers';

const t = topics('baccarat');
const payload = (m: Received): ControllerStatus => JSON.parse(m.text) as ControllerStatus;
const isStatus = (m: Received): boolean => m.topic.endsWith('/controller/status');

describe('the controller link says the table open or closed in its status', () => {
  let broker: TestBroker;
  beforeAll(async () => {
    broker = await startAedes();
  });
  afterAll(async () => {
    await broker.close();
  });

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
