/**
 * Each connection of the controller link has its own id, in its statuses and in its last will, drawn again before
 * each reconnection (MQTT.js sends the will with every CONNECT). So a board tells the will of the connection online
 * from an earlier one's read off the broker and published again (mqtt-bridge/controller-connection.test.ts). Against
 * Aedes in process.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ControllerStatus } from '../contract/schemas/status';
import { topics } from '../contract/topics';
import { generateSigningKey, Keyring } from '../mqtt-bridge/signing';
import { runMessages } from '../test/helpers/table-state-run';
import { connectController } from './controller-link';
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
