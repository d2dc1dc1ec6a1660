/**
 * The board's last-seen time (`{root}/displays/{id}/seen`): retained, published on connect, with every re-statement
 * of the status and as it stops, so that it outlives the last will; a broker that refuses it costs the board nothing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseDisplaySeen, parseDisplayStatus } from '../contract/mqtt';
import type { DisplaySeen, DisplayStatus } from '../contract/schemas';
import { topics } from '../contract/topics';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { Bridge } from './bridge';
import { type Config, defaultConfig } from './config';
import { StatusPublisher } from './display-status';
import { startEmbeddedBroker } from './embedded-broker';
import { LastSeenPublisher } from './last-seen';
import { memoryLogger } from './log';

const T = topics('baccarat');
const cleanups = cleanupList();

function config(url: string): Config {
  const c = defaultConfig();
  return {
    ...c,
    tableId: 'T1',
    displayId: 'D1',
    mqtt: { ...c.mqtt, brokers: [url], clientId: 'board-D1', reconnectMinMs: 100, reconnectMaxMs: 400 },
    journal: { dir: mkdtempSync(join(tmpdir(), 'bb-seen-')), syncIntervalMs: 0 },
  };
}

async function setup(restateMs = 150) {
  const broker = await startEmbeddedBroker();
  cleanups.push(() => broker.close());
  const { logger, records } = memoryLogger();
  const bridge = new Bridge(config(broker.url), { logger, version: '1.2.3', restateMs });
  cleanups.push(() => bridge.stop());
  return { broker, bridge, records };
}

/** A client that keeps what arrives on the board's status and seen topics, retained or not. */
async function watcher(url: string) {
  const c: MqttClient = await mqtt.connectAsync(url, { clientId: `w-${Math.random()}`, reconnectPeriod: 0 });
  cleanups.push(() => c.endAsync(true));
  const seen: { value: DisplaySeen; retain: boolean }[] = [];
  const statuses: DisplayStatus[] = [];
  c.on('message', (topic, p, packet) => {
    if (topic === T.displaySeen('D1')) {
      const r = parseDisplaySeen(p);
      if (r.ok) seen.push({ value: r.value, retain: packet.retain });
    } else {
      const r = parseDisplayStatus(p);
      if (r.ok) statuses.push(r.value);
    }
  });
  await c.subscribeAsync([T.displaySeen('D1'), T.displayStatus('D1')], { qos: 1 });
  return { seen, statuses };
}

const killBoard = (aedes: unknown) => {
  const clients = (aedes as { clients: Record<string, { id: string; conn: { destroy(): void } }> }).clients;
  for (const c of Object.values(clients)) if (c.id === 'board-D1') c.conn.destroy();
};

describe('the board publishes when it was last seen (Aedes)', () => {
  test('on connect, at each re-statement of its status, and as it stops, before its goodbye', async () => {
    const { broker, bridge } = await setup();
    const w = await watcher(broker.url);
    await bridge.start();
    await until(() => expect(w.seen.length).toBeGreaterThanOrEqual(3)); // connect + two re-statements of 150 ms
    expect(w.seen[0]?.value).toMatchObject({ v: 1, displayId: 'D1', tableId: 'T1' });
    const times = w.seen.map((s) => Date.parse(s.value.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const before = w.seen.length;
    await bridge.stop();
    await until(() => expect(w.statuses.at(-1)).toMatchObject({ state: 'offline', will: false }));
    expect(w.seen.length).toBe(before + 1);
    expect(w.seen.at(-1)?.value.timestamp).toBe(w.statuses.at(-1)?.timestamp); // stamped as it stopped
    // Retained: a reader that comes later gets it.
    const late = await watcher(broker.url);
    await until(() => expect(late.seen).toEqual([{ value: w.seen.at(-1)?.value, retain: true }]));
  });

  test('killed: the will says when it connected, the retained last-seen time when it was last alive', async () => {
    const { broker, bridge } = await setup();
    await bridge.start();
    const w = await watcher(broker.url);
    await until(() => expect(w.seen.filter((s) => !s.retain).length).toBeGreaterThanOrEqual(2));
    // Killed for good: its socket destroyed, and the broker lets it in no more.
    broker.aedes.authenticate = (client, _u, _p, done) => done(null, client.id !== 'board-D1');
    killBoard(broker.aedes);
    await until(() => expect(w.statuses.at(-1)).toMatchObject({ state: 'offline', will: true }));
    const late = await watcher(broker.url);
    await until(() => expect(late.seen).toHaveLength(1));
    await until(() => expect(late.statuses).toHaveLength(1));
    const will = late.statuses[0]!;
    const seen = late.seen[0]!.value;
    expect(Date.parse(seen.timestamp)).toBeGreaterThan(Date.parse(will.timestamp));
    expect(seen.timestamp).toBe(w.seen.at(-1)?.value.timestamp);
  });

  test('a broker that refuses it by closing the connection: the board pauses it after three, says so once, and stays', async () => {
    const { broker, bridge, records } = await setup(300);
    let refused = 0;
    broker.aedes.authorizePublish = (_client, packet, done) => {
      if (packet.topic !== T.displaySeen('D1')) return done(null);
      refused++;
      done(new Error('not authorized'));
    };
    const w = await watcher(broker.url);
    await bridge.start();
    await until(() => expect(refused).toBe(3));
    await until(() => expect(bridge.view().connection.state).toBe('connected'));
    await new Promise((r) => setTimeout(r, 1000)); // three re-statements: none is sent
    expect(refused).toBe(3);
    expect(bridge.view().connection.state).toBe('connected');
    expect(w.statuses.at(-1)).toMatchObject({ state: 'online' });
    const said = records.filter((r) => String(r.msg).includes('the board pauses it for 10 minutes'));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ level: 40, topic: T.displaySeen('D1'), pauseMinutes: 10 });
  });
});

describe('LastSeenPublisher and the re-statement timer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const fakeClient = (error: Error | null = null) => {
    const sent: { topic: string; payload: string; opts: unknown }[] = [];
    const client = {
      connected: true,
      publish: (topic: string, payload: string, opts: unknown, cb?: (e?: Error) => void) => {
        sent.push({ topic, payload, opts });
        cb?.(error ?? undefined);
      },
    };
    return { client: client as unknown as MqttClient, sent };
  };
  const board = { displayId: 'D1', tableId: 'T1' };

  test('re-stated with the status every 30 s: one small retained message at QoS 0', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T14:00:00.000Z') });
    const { logger } = memoryLogger();
    const { client, sent } = fakeClient();
    const seen = new LastSeenPublisher(T.displaySeen('D1'), board, logger);
    const status = new StatusPublisher(
      T.displayStatus('D1'),
      () => client,
      () => ({
        v: 1,
        state: 'offline',
        displayId: 'D1',
        tableId: 'T1',
        version: '1',
        timestamp: new Date().toISOString(),
      }),
      logger,
      { restated: () => seen.publish(client) },
    );
    status.start();
    vi.advanceTimersByTime(90_000);
    status.stop();
    const seens = sent.filter((s) => s.topic === T.displaySeen('D1'));
    expect(seens.map((s) => JSON.parse(s.payload).timestamp)).toEqual([
      '2026-11-27T14:00:30.000Z',
      '2026-11-27T14:01:00.000Z',
      '2026-11-27T14:01:30.000Z',
    ]);
    expect(seens[0]?.opts).toEqual({ qos: 0, retain: true });
    expect(seens[0]!.payload.length).toBeLessThan(120);
  });

  test('a refused publish is said once; the board carries on publishing', () => {
    const { logger, records } = memoryLogger();
    const { client, sent } = fakeClient(new Error('Publish error: Not authorized'));
    const seen = new LastSeenPublisher(T.displaySeen('D1'), board, logger);
    for (let i = 0; i < 3; i++) expect(() => seen.publish(client)).not.toThrow();
    expect(sent).toHaveLength(3);
    expect(records.filter((r) => String(r.msg).startsWith('last-seen time not published'))).toHaveLength(1);
  });

  test('closes: only three in a row, each just after the message, pause it', () => {
    let now = 0;
    const { logger } = memoryLogger();
    const { client } = fakeClient();
    const seen = new LastSeenPublisher(T.displaySeen('D1'), board, logger, () => new Date(now));
    const cases: [string, number, boolean][] = [
      ['sent, closed 10 s later (the network)', 10_000, true],
      ['sent, closed at once', 5, true], // one in a row
      ['sent, closed 10 s later again', 10_000, true], // the count starts again
      ['sent, closed at once', 5, true],
      ['sent, closed at once, again', 5, true], // two in a row: a takeover may look the same
      ['sent, closed at once, a third time', 5, false], // three in a row
    ];
    for (const [what, after, publishing] of cases) {
      seen.publish(client);
      now += after;
      seen.closed();
      expect(seen.publishing, what).toBe(publishing);
    }
    const { client: other, sent } = fakeClient();
    seen.publish(other);
    expect(sent).toEqual([]);
  });

  test('paused, it tries again after 10 minutes; each refusal of the try doubles the pause, up to 6 hours', () => {
    let now = 0;
    const { logger, records } = memoryLogger();
    const { client, sent } = fakeClient();
    const seen = new LastSeenPublisher(T.displaySeen('D1'), board, logger, () => new Date(now));
    const refuse = () => {
      seen.publish(client);
      now += 5;
      seen.closed();
    };
    refuse();
    refuse();
    refuse(); // paused for 10 minutes
    const pauses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const from = now;
      while (!seen.publishing) now += 60_000;
      pauses.push((now - from) / 60_000);
      refuse(); // the one try: refused, paused again at once
    }
    expect(pauses).toEqual([10, 20, 40, 80, 160, 320, 360, 360]);
    expect(records.filter((r) => String(r.msg).includes('the board pauses it'))).toHaveLength(9);
    // An ACL mended meanwhile: the try goes through, and the next refusals count from the start again.
    while (!seen.publishing) now += 60_000;
    const before = sent.length;
    seen.publish(client);
    now += 10_000;
    seen.closed(); // the network, long after
    seen.publish(client);
    expect(sent.length).toBe(before + 2);
    refuse();
    refuse();
    expect(seen.publishing).toBe(true);
    refuse();
    expect(seen.publishing).toBe(false);
    now += 10 * 60_000;
    expect(seen.publishing).toBe(true); // back to the first pause
  });

  test('closes that another board explains (it took the connection over) count for nothing', () => {
    let now = 0;
    const { logger } = memoryLogger();
    const { client } = fakeClient();
    const seen = new LastSeenPublisher(T.displaySeen('D1'), board, logger, () => new Date(now));
    for (let i = 0; i < 5; i++) {
      seen.publish(client);
      now += 5;
      seen.closed(i % 2 === 1); // at once each time, but every other one taken over
      expect(seen.publishing).toBe(true);
    }
  });

  test('not connected: nothing is sent; a closed connection without one counts for nothing', () => {
    const { logger } = memoryLogger();
    const seen = new LastSeenPublisher(T.displaySeen('D1'), board, logger);
    seen.publish(null);
    seen.closed();
    seen.closed();
    expect(seen.publishing).toBe(true);
  });
});
