/**
 * Bridge benchmark: validated results per second through one Bridge from a local broker, journal on.
 *
 *   npx tsx bench/bridge.bench.ts                     # 100,000 results
 *   node --expose-gc --import tsx bench/bridge.bench.ts   # the same, heap figures after a full GC
 *   BENCH_RESULTS=20000 npx tsx bench/bridge.bench.ts # fewer
 *
 * A publisher pipelines QoS 1 messages (a window of unacknowledged publishes) over many shoes: a shoe-start
 * event, 80 hands dealt from a shuffled 8-deck shoe by the core's Table of Play, a shoe-end event (which compacts
 * the journal). The clock runs from the first publish to the board having applied the last message. Brokers:
 * Aedes in this process (MQTT 3.1.1), and Mosquitto (3.1.1 and 5) when installed. Heap used is sampled after
 * 10,000 results and after all of them; it includes the publisher and, for Aedes, the broker (same process).
 * Targets: ≥ 20,000 results/s; heap flat between 10,000 and 100,000 results. Figures are printed, not asserted.
 * Signed (issue 14): the same with every message signed (Ed25519) and a board that requires signatures: goal
 * ≥ 10,000 validated results/s; and what the journal and the tamper-evident history cost per result (bytes).
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { decks } from '../baccarat/cards';
import { dealCoups } from '../baccarat/table-of-play';
import type { Card } from '../baccarat/types';
import { makeHandMessage, makeTableEvent } from '../contract/mqtt';
import type { HandMessage, TableEvent } from '../contract/schemas';
import { topics } from '../contract/topics';
import { Bridge } from '../mqtt-bridge/bridge';
import { type Config, defaultConfig } from '../mqtt-bridge/config';
import { startEmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { generateSigningKey, publicKeyText, signPayload, type SigningKey } from '../mqtt-bridge/signing';
import { handMessage } from '../test/helpers/table-messages';
import { mosquittoMissing, startMosquitto } from '../test/helpers/mosquitto';

const RESULTS = Number(process.env.BENCH_RESULTS ?? 100_000);
const HANDS_PER_SHOE = 80;
const POOL = 32; // distinct real shoes, reused under new shoe ids
const WINDOW = Number(process.env.BENCH_WINDOW ?? 2000); // unacknowledged publishes in flight
const SAMPLE_AT = 10_000;
const T = topics('baccarat');
const gc = (globalThis as { gc?: () => void }).gc;

// ---------------------------------------------------------------------------------------------------------------
// Real shoes: 8 decks shuffled with a seeded generator, dealt coup by coup by the core.

function mulberry32(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled(cards: Card[], random: () => number): Card[] {
  const a = [...cards];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** POOL shoes of HANDS_PER_SHOE hands each, checked once by the contract (makeHandMessage validates). */
function shoePool(): HandMessage[][] {
  const random = mulberry32(20_241_122);
  const pool: HandMessage[][] = [];
  while (pool.length < POOL) {
    const { coups } = dealCoups(shuffled(decks(8), random).slice(0, 420));
    if (coups.length < HANDS_PER_SHOE) continue;
    const hands = coups
      .slice(0, HANDS_PER_SHOE)
      .map((c, i) => handMessage('POOL', i + 1, c, new Date(Date.UTC(2026, 0, 1, 10, 0, i * 30)).toISOString()));
    for (const h of hands) makeHandMessage(h);
    pool.push(hands);
  }
  return pool;
}

/** Every message of the run, made as it is published (topic, payload); signed with `key` when given. */
function* messages(pool: HandMessage[][], results: number, key?: SigningKey): Generator<[string, string]> {
  for (const [topic, text] of plainMessages(pool, results))
    yield [topic, key ? JSON.stringify(signPayload(key, topic, JSON.parse(text) as object)) : text];
}

function* plainMessages(pool: HandMessage[][], results: number): Generator<[string, string]> {
  let seq = 0;
  const ev = (e: Omit<TableEvent, 'v' | 'controllerId' | 'seq' | 'timestamp'>) =>
    JSON.stringify({ v: 1, controllerId: 'bench', seq: ++seq, timestamp: '2026-01-01T10:00:00.000Z', ...e });
  // Check one event of each kind through the contract; the rest are the same shape.
  makeTableEvent(JSON.parse(ev({ type: 'shoe-start', shoeId: 'CHECK', decks: 8 } as never)) as TableEvent);
  for (let s = 0, sent = 0; sent < results; s++) {
    const shoeId = `B${s}`;
    const hands = pool[s % pool.length]!.slice(0, Math.min(HANDS_PER_SHOE, results - sent));
    yield [T.tableEvent('T1'), ev({ type: 'shoe-start', shoeId, decks: 8 } as never)];
    for (const h of hands) yield [T.tableHand('T1'), JSON.stringify({ ...h, shoeId })];
    yield [T.tableEvent('T1'), ev({ type: 'shoe-end', shoeId, handCount: hands.length } as never)];
    sent += hands.length;
  }
}
const eventsFor = (results: number) => 2 * Math.ceil(results / HANDS_PER_SHOE);

/** Publishes everything at QoS 1, keeping up to `window` publishes unacknowledged. */
function pipeline(client: MqttClient, it: Iterator<[string, string]>, window: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let inflight = 0;
    let done = false;
    const pump = () => {
      while (!done && inflight < window) {
        const n = it.next();
        if (n.done) {
          done = true;
          break;
        }
        inflight++;
        client.publish(n.value[0], n.value[1], { qos: 1 }, (e) => {
          if (e) return reject(e);
          inflight--;
          if (done && inflight === 0) resolve();
          else if (!done && inflight < window / 2) pump();
        });
      }
      if (done && inflight === 0) resolve();
    };
    pump();
  });
}

const heapMb = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

interface Run {
  readonly name: string;
  readonly results: number;
  readonly seconds: number;
  readonly perSecond: number;
  readonly heapAtSample: number | null;
  readonly heapAtEnd: number;
  readonly rejected: number;
}

async function run(name: string, url: string, protocolVersion: 4 | 5): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'bb-bench-'));
  const c = defaultConfig();
  const config: Config = {
    ...c,
    tableId: 'T1',
    displayId: 'bench',
    mqtt: { ...c.mqtt, brokers: [url], protocolVersion, clientId: `bench-board-${process.pid}-${name}` },
    journal: { dir, syncIntervalMs: c.journal.syncIntervalMs }, // the production default: fdatasync every 200 ms
    log: { ...c.log, level: 'warn', file: null },
  };
  const logger = pino({ level: 'warn' }, { write: () => undefined });
  const bridge = new Bridge(config, { logger });
  await bridge.start();
  while (bridge.view().connection.state !== 'connected') await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 200)); // subscriptions in place

  const expected = RESULTS + eventsFor(RESULTS);
  const sampleAt = SAMPLE_AT + eventsFor(SAMPLE_AT);
  let heapAtSample: number | null = null;
  let finished!: () => void;
  const allApplied = new Promise<void>((r) => (finished = r));
  bridge.on('view', () => {
    const applied = bridge.counters.applied;
    if (heapAtSample === null && applied >= sampleAt) heapAtSample = heapMb();
    if (applied >= expected) finished();
  });

  // The table controller publishes from a thread of its own, as it would from its own machine: the board's
  // thread does the board's work only.
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { url, protocolVersion, name } });
  const ready = new Promise<void>((r) => worker.once('message', () => r()));
  const published = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`publisher exited with ${code}`))));
  });
  await ready;
  const t0 = performance.now();
  worker.postMessage('go');
  await Promise.all([published, allApplied]);
  const seconds = (performance.now() - t0) / 1000;
  const heapAtEnd = heapMb();
  const rejected = bridge.counters.rejected + bridge.counters.resyncs;
  await bridge.stop();
  rmSync(dir, { recursive: true, force: true });
  return { name, results: RESULTS, seconds, perSecond: RESULTS / seconds, heapAtSample, heapAtEnd, rejected };
}

/** The bridge alone: the same messages straight into `onMessage`, no broker, no MQTT (its own ceiling). */
async function direct(pool: HandMessage[][], key?: SigningKey): Promise<Run & { bytesPerResult: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'bb-bench-'));
  const c = defaultConfig();
  const config: Config = {
    ...c,
    tableId: 'T1',
    displayId: 'bench',
    mqtt: { ...c.mqtt, brokers: [] },
    journal: { dir, syncIntervalMs: c.journal.syncIntervalMs },
    ...(key && { trust: { requireSignatures: true, controllerKeys: [publicKeyText(key.publicKey)], pitKeys: [] } }),
  };
  // Signed before the clock starts: what is measured is the board's checking, not the controller's signing.
  const all = [...messages(pool, RESULTS, key)];
  const bridge = new Bridge(config, { logger: pino({ level: 'error' }, { write: () => undefined }) });
  await bridge.start();
  const sampleAt = SAMPLE_AT + eventsFor(SAMPLE_AT);
  let heapAtSample: number | null = null;
  const t0 = performance.now();
  let paused = 0;
  let n = 0;
  for (const [topic, payload] of all) {
    bridge.onMessage(topic, Buffer.from(payload));
    // Messages come from a socket, a read at a time: let the event loop turn (journal compaction runs then).
    if (++n % 200 === 0) await new Promise((r) => setImmediate(r));
    if (heapAtSample === null && bridge.counters.applied >= sampleAt) {
      const p0 = performance.now();
      heapAtSample = heapMb();
      paused += performance.now() - p0;
    }
  }
  await bridge.settled(); // the last signatures verified (off the main thread) and their results applied
  const seconds = (performance.now() - t0 - paused) / 1000;
  const heapAtEnd = heapMb();
  const rejected = bridge.counters.rejected + bridge.counters.resyncs;
  await bridge.stop();
  const bytes = readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  rmSync(dir, { recursive: true, force: true });
  return {
    name: key ? 'no broker, signed' : 'no broker (onMessage)',
    bytesPerResult: bytes / RESULTS,
    results: RESULTS,
    seconds,
    perSecond: RESULTS / seconds,
    heapAtSample,
    heapAtEnd,
    rejected,
  };
}

function print(r: Run): void {
  const heap =
    r.heapAtSample === null
      ? `heap ${r.heapAtEnd.toFixed(1)} MB at the end`
      : `heap ${r.heapAtSample.toFixed(1)} MB after ${SAMPLE_AT.toLocaleString('en')} → ${r.heapAtEnd.toFixed(1)} MB after ` +
        `${r.results.toLocaleString('en')} (${r.heapAtEnd - r.heapAtSample >= 0 ? '+' : ''}${(r.heapAtEnd - r.heapAtSample).toFixed(1)} MB)`;
  console.log(
    `  ${r.name.padEnd(24)} ${Math.round(r.perSecond).toLocaleString('en').padStart(7)} results/s ` +
      `(${r.results.toLocaleString('en')} in ${r.seconds.toFixed(2)} s)  ${heap}` +
      (r.rejected ? `  [${r.rejected} rejected or resynced!]` : ''),
  );
}

async function main(): Promise<void> {
  console.log(
    `\nBridge: validated results/s through one board from a local broker (QoS 1, window ${WINDOW}, journal on, ` +
      'the controller publishing from a thread of its own, ' +
      `${HANDS_PER_SHOE} hands a shoe). Target ≥ 20,000/s; heap flat.`,
  );
  console.log(
    gc
      ? '  heap figures after a full GC (--expose-gc)'
      : '  heap figures without a forced GC (run with node --expose-gc --import tsx for steadier ones)',
  );
  const pool = shoePool();
  const plain = await direct(pool);
  print(plain);
  const signed = await direct(pool, generateSigningKey());
  print(signed);
  console.log(
    `  signatures: ${Math.round(signed.perSecond).toLocaleString('en')} signed results/s checked (goal ≥ 10,000) ` +
      `against ${Math.round(plain.perSecond).toLocaleString('en')} unsigned: ` +
      `${(1e6 / signed.perSecond - 1e6 / plain.perSecond).toFixed(1)} µs more per result`,
  );
  console.log(
    `  journal + history on disk: ${Math.round(signed.bytesPerResult).toLocaleString('en')} bytes per signed result ` +
      `(${Math.round(plain.bytesPerResult).toLocaleString('en')} unsigned), the journal compacted at each shoe's end, ` +
      'the history kept',
  );

  const aedes = await startEmbeddedBroker();
  try {
    print(await run('Aedes (in-process) 3.1.1', aedes.url, 4));
  } finally {
    await aedes.close();
  }

  const missing = mosquittoMissing();
  if (missing) {
    console.log(`  Mosquitto: skipped, ${missing}`);
    return;
  }
  const mosquitto = await startMosquitto({ persistence: false, maxQueuedMessages: 1_000_000 });
  try {
    print(await run('Mosquitto 3.1.1', mosquitto.url, 4));
    print(await run('Mosquitto 5', mosquitto.url, 5));
  } finally {
    await mosquitto.close();
  }
}

/** In the worker thread: the table controller, publishing every message at QoS 1 when told to go. */
async function publish(): Promise<void> {
  const { url, protocolVersion, name } = workerData as { url: string; protocolVersion: 4 | 5; name: string };
  const pool = shoePool();
  const publisher = await mqtt.connectAsync(url, { protocolVersion, clientId: `bench-pub-${process.pid}-${name}` });
  const go = new Promise<void>((r) => parentPort!.once('message', () => r()));
  parentPort!.postMessage('ready');
  await go;
  await pipeline(publisher, messages(pool, RESULTS), WINDOW);
  await publisher.endAsync();
}

if (isMainThread) await main();
else await publish();
