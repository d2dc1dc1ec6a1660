/**
 * Real brokers for the simulator's integration tests, on 127.0.0.1 only: Aedes in-process (MQTT 3.1.1) and a
 * Mosquitto child process (3.1.1 and 5, from the suite's launcher). Plus a subscriber that collects messages.
 *
 * ```ts
 * const broker = await startAedes();            // { url: 'mqtt://127.0.0.1:PORT', close }
 * const sub = await collect(broker.url, 'baccarat/tables/T1/#');
 * await sub.until((m) => m.topic.endsWith('/event') && m.text.includes('"shoe-end"'));
 * ```
 * @packageDocumentation
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { mosquittoMissing, startMosquitto as startMosquittoBroker } from '../test/helpers/mosquitto';

export interface TestBroker {
  readonly url: string;
  readonly close: () => Promise<void>;
}

/** An Aedes broker in this process on 127.0.0.1 and a free port (or `port`: a broker restarted). MQTT 3.1.1 only. */
export async function startAedes(port = 0): Promise<TestBroker> {
  const broker = await Aedes.createBroker();
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${bound}`,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An Aedes of a test's own ({@link startAedes}), closed by `cleanups` (the test file's `cleanupList()`). */
export async function aedesFor(cleanups: (() => unknown)[]): Promise<TestBroker> {
  const b = await startAedes();
  cleanups.push(() => b.close());
  return b;
}

/** Mosquitto for these tests: the suite's one launcher (test/helpers/mosquitto.ts), anonymous, no persistence. */
export const hasMosquitto = (): boolean => mosquittoMissing() === null;
export const startMosquitto = (): Promise<TestBroker> => startMosquittoBroker({ persistence: false });

export interface Received {
  readonly topic: string;
  readonly text: string;
  readonly retain: boolean;
}

export interface Collector {
  readonly client: MqttClient;
  readonly messages: Received[];
  /** Resolves with the first message (already received or to come) that matches; rejects after `ms`. */
  readonly until: (match: (m: Received) => boolean, ms?: number) => Promise<Received>;
  readonly close: () => Promise<void>;
}

/** A subscriber that records every message on `filter`, in order. */
export async function collect(url: string, filter: string, options: IClientOptions = {}): Promise<Collector> {
  const client = await connectAsync(url, { reconnectPeriod: 0, ...options });
  const messages: Received[] = [];
  const waiters: { match: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];
  client.on('message', (topic, payload, packet) => {
    const m = { topic, text: payload.toString('utf8'), retain: packet.retain };
    messages.push(m);
    const matched = waiters.filter((w) => w.match(m));
    for (const w of matched) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(m);
    }
  });
  await client.subscribeAsync(filter, { qos: 1 });
  const until = (match: (m: Received) => boolean, ms = 15_000): Promise<Received> => {
    const seen = messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message on ${filter} within ${ms} ms`)), ms);
      waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  };
  return { client, messages, until, close: () => client.endAsync() };
}
