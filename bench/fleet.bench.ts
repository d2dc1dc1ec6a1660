/**
 * Fleet benchmark (issue 16): a floor in one process (test/helpers/fleet.ts: real table controllers and real boards
 * without a browser, each its own MQTT client and session) against real Mosquitto brokers.
 * - Wire: the bytes a table publishes per hand (the simulator's messenger over whole shoes, no broker).
 * - Reconnection storm: 100 tables × 3 boards on one broker, dealt into the shoe, then the broker restarted
 *   (SIGTERM, its database kept) while the tables deal on; the time until every board shows its table's truth
 *   again, and the connection attempts and CONNACKs per second, without jitter (`random: () => 1`: every client
 *   waits exactly its back-off) and with it (the product).
 * - Resync cost: what one board's resync from the retained topics costs (bytes, time), one board at a time and the
 *   whole floor at once.
 * - Failover: the same floor on a bridged pair, the broker in use killed (SIGKILL) mid-shoe 10 times, alternately;
 *   the time from the kill until every board shows the next step; hands lost or doubled (boards that differ from
 *   their table's truth); signs intact; both brokers holding every sign and snapshot once the killed one is back.
 * - The broker host: Mosquitto's memory and CPU with the floor, and a budget for a floor of 200 boards.
 * Figures are printed, never asserted (e2e/fleet-failover.test.ts asserts correctness at CI size).
 *
 *   npm run bench -- fleet                    # this and fleet-footprint.bench.ts
 *   BENCH_FLEET_TABLES=20 BENCH_FLEET_BOARDS=2 BENCH_FLEET_FAILOVERS=3 node scripts/bench.mjs fleet.bench
 */
import { readdirSync, readFileSync } from 'node:fs';
import { simulateTable } from '../simulator/dealer';
import { createMessenger } from '../simulator/messages';
import { topics } from '../contract/topics';
import { retainedOn, startBrokerPair } from '../test/helpers/broker-pair';
import { peakRate, startFleet, type ClientTrace, type Fleet } from '../test/helpers/fleet';
import { startMosquitto, type Mosquitto } from '../test/helpers/mosquitto';
import { report } from './harness';

const TABLES = Number(process.env.BENCH_FLEET_TABLES ?? 100);
const BOARDS = Number(process.env.BENCH_FLEET_BOARDS ?? 3);
const STEPS = Number(process.env.BENCH_FLEET_STEPS ?? 120); // dealt before the storm: about 40 hands into the shoe
const RESTARTS = Number(process.env.BENCH_FLEET_RESTARTS ?? 3);
const FAILOVERS = Number(process.env.BENCH_FLEET_FAILOVERS ?? 10);
const FLOOR = 200; // boards of the budgeted floor
const HAND_EVERY_S = 20;
const T = topics('baccarat');

const ms = (x: number) => `${Math.round(x).toLocaleString('en')} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

// ---------------------------------------------------------------------------------------------------------------
// The broker's process, from /proc.

/** The pid of the Mosquitto started with `configFile`. */
function pidOf(configFile: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(configFile)) return Number(entry);
    } catch {
      // ended meanwhile
    }
  }
  throw new Error(`no process runs ${configFile}`);
}
const cpuSeconds = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, USER_HZ 100
};
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

// ---------------------------------------------------------------------------------------------------------------
// Wire: what a table publishes per hand.

function wire(shoes = 20) {
  const m = createMessenger({ controllerId: 'ctl-W', seqStart: 1, now: () => '2026-11-22T14:00:00.000Z' });
  const bytes = { hand: 0, event: 0, shoe: 0 };
  const count = { hand: 0, event: 0, shoe: 0 };
  let maxSnapshot = 0;
  for (const step of simulateTable({ seed: 'bench-wire', shoes, irregularities: 0.02 }))
    for (const out of m.messagesFor(step)) {
      if (out.kind === 'controllerStatus') continue;
      bytes[out.kind] += out.text.length;
      count[out.kind]++;
      if (out.kind === 'shoe') maxSnapshot = Math.max(maxSnapshot, out.text.length);
    }
  const hands = count.hand;
  const perHand = (bytes.hand + bytes.event + bytes.shoe) / hands;
  const messagesPerHand = (count.hand + count.event + count.shoe) / hands;
  return { hands, bytes, count, perHand, messagesPerHand, meanSnapshot: bytes.shoe / count.shoe, maxSnapshot };
}

// ---------------------------------------------------------------------------------------------------------------
// The floor.

const allTraces = (f: Fleet): ClientTrace[] => [...f.controllerTraces, ...f.boards.map((b) => b.trace)];
const after = (xs: readonly number[], t0: number) => xs.filter((t) => t >= t0);

async function warm(f: Fleet, label: string, broker: Mosquitto | null) {
  const pid = broker ? pidOf(broker.configFile) : 0;
  const cpu0 = broker ? cpuSeconds(pid) : 0;
  const received0 = sum(f.boards.map((b) => b.bridge.counters.received));
  const t0 = performance.now();
  for (let i = 0; i < STEPS; i++) await f.deal();
  const seconds = (performance.now() - t0) / 1000;
  const delivered = sum(f.boards.map((b) => b.bridge.counters.received)) - received0;
  const wait = await f.untilCurrent(60_000);
  if (wait === null) console.log(`  ${label}: not every board current after the warm-up: ${f.lagging().length} lag`);
  const hands = sum(f.controllers.map((s) => s.messenger.snapshot()?.hands.length ?? 0));
  console.log(
    `  ${label}: ${STEPS} steps at ${TABLES} tables in ${seconds.toFixed(1)} s (${hands} hands on the floor), ` +
      `${delivered.toLocaleString('en')} messages delivered to boards`,
  );
  return { delivered, brokerCpu: broker ? cpuSeconds(pid) - cpu0 : 0, seconds };
}

interface StormRun {
  readonly toCurrent: number; // restart begun → every board current, ms
  readonly restartMs: number; // stop + start of the broker
  readonly attempts: number;
  readonly connects: number;
  readonly peakAttempts1s: number;
  readonly peakAttempts100ms: number;
  readonly peakConnects1s: number;
  readonly peakConnects100ms: number;
  readonly spread: number; // first CONNACK → last, ms
  readonly brokerCpu: number; // s, from its start to every board current
}

async function storm(jitter: boolean) {
  const broker = await startMosquitto(); // persistence on: a clean restart keeps sessions and retained messages
  const f = await startFleet({ brokers: [broker.url], tables: TABLES, boardsPerTable: BOARDS, seed: 'storm', jitter });
  const load = await warm(f, jitter ? 'with jitter' : 'without jitter', broker);
  const runs: StormRun[] = [];
  for (let r = 0; r < RESTARTS; r++) {
    const t0 = performance.now();
    await broker.restart();
    const restartMs = performance.now() - t0;
    const pid = pidOf(broker.configFile);
    const cpu0 = cpuSeconds(pid);
    await f.deal(); // the tables go on: their controllers publish once reconnected
    const wait = await f.untilCurrent(120_000);
    const toCurrent = performance.now() - t0;
    if (wait === null) console.log(`  restart ${r + 1}: ${f.lagging().length} boards not current after 120 s`);
    const traces = allTraces(f);
    const attempts = traces.flatMap((t) => after(t.attempts, t0));
    const connects = traces.flatMap((t) => after(t.connects, t0));
    runs.push({
      toCurrent,
      restartMs,
      attempts: attempts.length,
      connects: connects.length,
      peakAttempts1s: peakRate(attempts, 1000),
      peakAttempts100ms: peakRate(attempts, 100),
      peakConnects1s: peakRate(connects, 1000),
      peakConnects100ms: peakRate(connects, 100),
      spread: connects.length ? Math.max(...connects) - Math.min(...connects) : 0,
      brokerCpu: cpuSeconds(pid) - cpu0,
    });
    for (let i = 0; i < 3; i++) await f.deal();
  }
  const rss = rssMiB(pidOf(broker.configFile));
  const resync = jitter ? await resyncCost(f) : null;
  await f.stop();
  await broker.close();
  return { runs, load, rss, resync };
}

/** One board's resync (the fleet command's: every retained topic again), then the whole floor's at once. */
async function resyncCost(f: Fleet) {
  const RETAINED = 4; // the snapshot, the table's sign, the casino's sign, the controller's status
  const one: { ms: number; bytes: number }[] = [];
  for (const board of f.boards.slice(0, 30)) {
    const b = board.bridge;
    const received = b.counters.received;
    const bytes = board.trace.bytesIn;
    const t0 = performance.now();
    b.resync('bench');
    while (b.counters.received < received + RETAINED) await new Promise((r) => setImmediate(r));
    one.push({ ms: performance.now() - t0, bytes: board.trace.bytesIn - bytes });
  }
  const received = f.boards.map((b) => b.bridge.counters.received);
  const bytes0 = sum(f.boards.map((b) => b.trace.bytesIn));
  const t0 = performance.now();
  for (const b of f.boards) b.bridge.resync('bench');
  while (f.boards.some((b, i) => b.bridge.counters.received < received[i]! + RETAINED))
    await new Promise((r) => setTimeout(r, 2));
  const all = { ms: performance.now() - t0, bytes: sum(f.boards.map((b) => b.trace.bytesIn)) - bytes0 };
  const snapshots = f.controllers.map((s) => JSON.stringify(s.messenger.snapshot()).length);
  return {
    oneMs: median(one.map((x) => x.ms)),
    oneWorstMs: Math.max(...one.map((x) => x.ms)),
    oneBytes: median(one.map((x) => x.bytes)),
    all,
    snapshotMean: sum(snapshots) / snapshots.length,
    hands: median(f.controllers.map((s) => s.messenger.snapshot()?.hands.length ?? 0)),
  };
}

async function failover() {
  const pair = await startBrokerPair();
  const f = await startFleet({ brokers: pair.urls, tables: TABLES, boardsPerTable: BOARDS, seed: 'failover' });
  await warm(f, 'bridged pair', null);
  const rows: { which: string; resume: number; lost: number; backwards: number; retainedBad: number }[] = [];
  for (let round = 1; round <= FAILOVERS; round++) {
    const onA = f.controllers.filter((s) => s.client.options.port === pair.a.port).length;
    const which = onA * 2 >= f.controllers.length ? 'a' : 'b';
    const t0 = performance.now();
    await pair[which].kill();
    await f.deal();
    await f.untilCurrent(60_000);
    const resume = performance.now() - t0;
    const lost = f.lagging().length; // boards not showing their table's truth (a hand lost, doubled or differing)
    await pair[which].restart();
    await pair.bridgeUp();
    for (let i = 0; i < 3; i++) await f.deal();
    await f.untilCurrent(60_000);
    let retainedBad = 0;
    for (const url of pair.urls) {
      const got = await retainedOn(url, [T.filter('shoe'), T.filter('signage')], 1000);
      for (const s of f.controllers) {
        const shoe = got.get(T.tableShoe(s.tableId));
        if (!shoe || JSON.stringify(JSON.parse(shoe)) !== JSON.stringify(f.truth(s.tableId))) retainedBad++;
        if (!got.has(T.tableSignage(s.tableId))) retainedBad++;
      }
    }
    const backwards = sum(f.boards.map((b) => b.backwards.length));
    rows.push({ which, resume, lost: lost + f.lagging().length, backwards, retainedBad });
    console.log(
      `  failover ${round}: ${which.toUpperCase()} killed, every board resumed after ${ms(resume)}; ` +
        `boards off their table's truth: ${lost} then ${f.lagging().length}; backwards ${backwards}; ` +
        `retained messages missing or stale on the pair: ${retainedBad}`,
    );
  }
  const hands = sum(f.controllers.map((s) => s.messenger.snapshot()?.hands.length ?? 0));
  const rss = [pair.a, pair.b].map((m) => rssMiB(pidOf(m.configFile)));
  await f.stop();
  await pair.close();
  return { rows, hands, rss };
}

// ---------------------------------------------------------------------------------------------------------------

const w = wire();
report(`Wire: what one table publishes per hand (${w.hands} hands of 20 simulated shoes, irregularities 2 %)`, [
  ['messages per hand', w.messagesPerHand.toFixed(2), 'hand, events (betting, irregularities), snapshots'],
  [
    'bytes per hand',
    kb(w.perHand),
    `of which snapshots ${((100 * w.bytes.shoe) / (w.perHand * w.hands)).toFixed(0)} %`,
  ],
  ['shoe snapshot', kb(w.meanSnapshot), `mean over the shoe; largest ${kb(w.maxSnapshot)}`],
]);

console.log(`\nFloor: ${TABLES} tables × ${BOARDS} boards = ${TABLES * BOARDS} boards and ${TABLES} controllers`);
const without = await storm(false);
const withJitter = await storm(true);
const stormRows = (label: string, s: Awaited<ReturnType<typeof storm>>) =>
  [
    [
      `${label}: restart → every board current`,
      ms(median(s.runs.map((r) => r.toCurrent))),
      `worst ${ms(Math.max(...s.runs.map((r) => r.toCurrent)))} of ${s.runs.length}; goal ≤ 10 s`,
    ],
    [
      `${label}: connection attempts`,
      String(median(s.runs.map((r) => r.attempts))),
      `CONNACKs ${median(s.runs.map((r) => r.connects))}`,
    ],
    [
      `${label}: peak connection attempts`,
      `${10 * median(s.runs.map((r) => r.peakAttempts100ms))}/s`,
      `the most in 100 ms, × 10; ${median(s.runs.map((r) => r.peakAttempts1s))} in the busiest second`,
    ],
    [
      `${label}: peak connections accepted`,
      `${10 * median(s.runs.map((r) => r.peakConnects100ms))}/s`,
      `CONNACKs, the same way; ${median(s.runs.map((r) => r.peakConnects1s))} in the busiest second; ` +
        `first to last ${ms(median(s.runs.map((r) => r.spread)))}`,
    ],
    [
      `${label}: broker CPU, start → all current`,
      `${median(s.runs.map((r) => r.brokerCpu)).toFixed(2)} s`,
      `its restart took ${ms(median(s.runs.map((r) => r.restartMs)))}`,
    ],
  ] as [string, string, string][];
report(
  `Reconnection storm: one Mosquitto restarted under ${TABLES * BOARDS} boards (medians of ${RESTARTS} restarts)`,
  [...stormRows('without jitter', without), ...stormRows('with jitter', withJitter)],
);

const rc = withJitter.resync!;
report(`Resync from the retained topics (${rc.hands} hands into the shoe; snapshots ${kb(rc.snapshotMean)} mean)`, [
  [
    'one board',
    ms(rc.oneMs),
    `median of 30, worst ${ms(rc.oneWorstMs)}; ${kb(rc.oneBytes)} received (snapshot, 2 signs, status)`,
  ],
  [`the whole floor at once (${TABLES * BOARDS})`, ms(rc.all.ms), `${kb(rc.all.bytes)} received in all`],
]);

const fo = await failover();
const resumes = fo.rows.map((r) => r.resume);
report(`Failover: bridged pair, the broker in use killed mid-shoe ${FAILOVERS} times (${fo.hands} hands dealt)`, [
  [
    'kill → every board shows the next step',
    ms(median(resumes)),
    `median; worst ${ms(Math.max(...resumes))}; each: ${resumes.map((x) => Math.round(x)).join(', ')} ms`,
  ],
  ['boards off their table’s truth (lost or doubled hands)', String(sum(fo.rows.map((r) => r.lost))), 'goal 0'],
  ['boards that went backwards', String(Math.max(...fo.rows.map((r) => r.backwards))), 'goal 0'],
  [
    'signs or snapshots missing or stale on either broker',
    String(sum(fo.rows.map((r) => r.retainedBad))),
    'once the killed broker is back',
  ],
]);

// The broker host: measured CPU per delivered message, scaled to a floor of FLOOR boards at one hand per 20 s.
const cpuPerDelivery = withJitter.load.brokerCpu / withJitter.load.delivered; // s per message delivered to a board
const tablesOnFloor = Math.ceil(FLOOR / BOARDS);
const deliveriesPerS = (tablesOnFloor * w.messagesPerHand * (BOARDS + 1)) / HAND_EVERY_S; // to boards, from controllers
const outBytesPerS = (FLOOR * w.perHand) / HAND_EVERY_S;
report(`Broker host for ${FLOOR} boards (${tablesOnFloor} tables × ${BOARDS}) at one hand per ${HAND_EVERY_S} s`, [
  [
    'Mosquitto memory with this floor',
    `${withJitter.rss.toFixed(1)} MiB`,
    `${TABLES * BOARDS + TABLES} clients, persistent sessions; pair: ${fo.rss.map((x) => x.toFixed(1)).join(' / ')} MiB`,
  ],
  [
    'Mosquitto CPU per message delivered',
    `${(cpuPerDelivery * 1e6).toFixed(1)} µs`,
    `measured while the floor dealt ${STEPS} steps`,
  ],
  [
    'CPU for the floor',
    `${(100 * deliveriesPerS * cpuPerDelivery).toFixed(2)} % of a core`,
    `${deliveriesPerS.toFixed(1)} messages/s in and out`,
  ],
  [
    'bytes out to boards',
    `${kb(outBytesPerS)}/s`,
    `${((outBytesPerS * 8) / 1e6).toFixed(2)} Mbit/s; in from controllers ${kb((tablesOnFloor * w.perHand) / HAND_EVERY_S)}/s`,
  ],
  [
    'a whole-floor resync',
    kb((rc.all.bytes * FLOOR) / (TABLES * BOARDS)),
    'every board asking every retained topic at once',
  ],
]);
process.exit(0);
