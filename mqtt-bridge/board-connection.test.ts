/**
 * The board's log as its broker goes away (found by IT restarting the broker under a fleet): the board showed
 * "Connection lost" and recovered, but its log said only "mqtt error" once per failed attempt, never that the link
 * had dropped nor that it was reconnecting. It now says so once, as the link drops.
 */
import { EventEmitter } from 'node:events';
import type { IClientOptions, MqttClient } from 'mqtt';
import { expect, test } from 'vitest';
import { BoardConnection } from './board-connection';
import { defaultConfig } from './config';
import { memoryLogger } from './log';

/** Enough of an MQTT.js client for the connection: events, options, subscribe and publish. */
function fakeClient(): MqttClient {
  const client = Object.assign(new EventEmitter(), {
    connected: false,
    options: { reconnectPeriod: 1000, protocol: 'mqtt', host: 'broker-a', port: 1883 },
    subscribe: (...args: unknown[]) => (args.at(-1) as (e: Error | null) => void)(null), // with or without options
    publish: () => undefined,
  });
  return client as unknown as MqttClient;
}

function board() {
  const { logger, records } = memoryLogger('info');
  const client = fakeClient();
  const c = defaultConfig();
  const config = { ...c, displayId: 'D1', mqtt: { ...c.mqtt, brokers: ['mqtt://broker-a:1883'] } };
  const link = new BoardConnection(config, {
    log: logger,
    now: () => new Date('2026-11-27T07:41:10.000Z'),
    random: () => 0.5,
    connect: (_o: IClientOptions) => client,
    basics: () => ({
      displayId: 'D1',
      tableId: 'T1',
      version: '0.1.0',
      instance: 'i1',
      now: '2026-11-27T07:41:10.000Z',
    }),
    message: () => undefined,
    subscribing: () => undefined,
    changed: () => undefined,
    instance: 'i1',
  });
  const said = () => records.map((r) => r.msg).filter((m) => m !== 'connected');
  return { link, client, said, records };
}

test.each([
  [
    'connected, then the link drops',
    true,
    ['lost the broker: reconnecting by itself; the board shows its last results meanwhile'],
    'reconnecting',
  ],
  // Never connected: still connecting (/readyz: "connecting to the broker …", as deployment.md shows it).
  ['never connected', false, ['cannot reach the broker yet: retrying by itself'], 'connecting'],
])('%s: said once, however many attempts fail', async (_, connectFirst, expected, state) => {
  const { link, client, said } = board();
  await link.connect();
  if (connectFirst) client.emit('connect', { cmd: 'connack', sessionPresent: false });
  for (let i = 0; i < 3; i++) {
    client.emit('close');
    client.emit('offline');
    client.emit('reconnect');
  }
  expect(said()).toEqual(expected);
  expect(link.view.state).toBe(state);
});

test('back, then lost again: said again, with the broker and since when it was connected', async () => {
  const { link, client, records } = board();
  await link.connect();
  client.emit('connect', { cmd: 'connack', sessionPresent: false });
  client.emit('close');
  client.emit('connect', { cmd: 'connack', sessionPresent: true });
  client.emit('close');
  const lost = records.filter((r) => String(r.msg).startsWith('lost the broker'));
  expect(lost).toHaveLength(2);
  expect(lost[0]).toMatchObject({
    level: 40,
    broker: 'mqtt://broker-a:1883',
    connectedSince: '2026-11-27T07:41:10.000Z',
  });
});
