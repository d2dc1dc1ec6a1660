import { EventEmitter } from 'node:events';
import type { MqttClient } from 'mqtt';
import { describe, expect, test } from 'vitest';
import { jittered, reconnectWithJitter } from './backoff';

/** Just what the back-off touches of an MQTT.js client: its options and its events. */
const fakeClient = (reconnectPeriod = 1000) =>
  Object.assign(new EventEmitter(), { options: { reconnectPeriod } }) as unknown as MqttClient & EventEmitter;

describe('jittered', () => {
  test('full jitter: uniform under the ceiling, never below 100 ms', () => {
    expect(jittered(8000, () => 0)).toBe(100);
    expect(jittered(8000, () => 0.5)).toBe(4000);
    expect(jittered(8000, () => 1)).toBe(8000);
  });
});

describe('reconnectWithJitter', () => {
  test('each wait drawn under a ceiling that doubles per failed attempt up to the maximum, reset once connected', () => {
    const client = fakeClient();
    reconnectWithJitter(client, { minMs: 1000, maxMs: 5000, random: () => 0.5 });
    const waits: number[] = [];
    const wait = (event: string) => {
      client.emit(event);
      waits.push(client.options.reconnectPeriod!);
    };
    wait('offline'); // the connection dropped: the first wait
    for (let i = 0; i < 4; i++) wait('reconnect'); // each attempt fails: the next wait
    client.emit('connect');
    wait('offline');
    expect(waits).toEqual([500, 1000, 2000, 2500, 2500, 500]);
  });

  test('random () => 1 is no jitter: every client waits exactly the ceiling, as before issue 16', () => {
    const a = fakeClient();
    const b = fakeClient();
    for (const c of [a, b]) reconnectWithJitter(c, { minMs: 1000, maxMs: 30_000, random: () => 1 });
    for (const c of [a, b]) c.emit('offline');
    expect([a.options.reconnectPeriod, b.options.reconnectPeriod]).toEqual([1000, 1000]);
  });

  test('a client told never to reconnect (reconnectPeriod 0) is left alone', () => {
    const client = fakeClient(0);
    reconnectWithJitter(client, { minMs: 1000, maxMs: 30_000, random: () => 0.5 });
    client.emit('offline');
    expect(client.options.reconnectPeriod).toBe(0);
  });
});
