/**
 * One board's footprint (issue 16): `baccarat-board serve` and its page in Chromium (Debian's, as a browser-mode
 * screen runs it), fed by a real table controller through Mosquitto. Memory (RSS; PSS for Chromium, whose processes
 * share pages) and CPU (share of one core) of the serve process and of Chromium — its renderer, which is the page,
 * and all its processes — at three moments (the page: the largest renderer; Chromium keeps a spare or two beside it):
 * - idle: a shoe 40 hands in, nothing arriving (BENCH_FOOTPRINT_IDLE_S, default 60 s);
 * - paced: the table dealing one hand every 20 s or so (BENCH_FOOTPRINT_PACED_S, default 300 s);
 * - after 10,000 hands (BENCH_FOOTPRINT_HANDS), fed as fast as the broker acknowledges (not 20 s apart: that would
 *   take 55 hours), then left to settle; the page's heap after a forced GC.
 * Run: `npm run bench -- fleet-footprint`. Figures are printed, never asserted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type CDPSession, type Page } from 'playwright';
import { WebSocket } from 'ws';
import { makeCasinoSignage, makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import mqtt from 'mqtt';
import { simulateTable } from '../simulator/dealer';
import { startTableSimulator } from '../simulator/publisher';
import type { Step } from '../simulator/steps';
import { chromiumLaunchOptions } from '../test/helpers/chromium';
import { tempDir } from '../test/helpers/lifecycle';
import { startMosquitto } from '../test/helpers/mosquitto';
import { casino, signage } from '../test/helpers/table-messages';
import { report } from './harness';

const IDLE_S = Number(process.env.BENCH_FOOTPRINT_IDLE_S ?? 60);
const PACED_S = Number(process.env.BENCH_FOOTPRINT_PACED_S ?? 300);
const HANDS = Number(process.env.BENCH_FOOTPRINT_HANDS ?? 10_000);
const PACED_SPEED = 1.5; // a real round (15 s of betting, 8-12 s of dealing, 4 s to read) in about 20 s
const T = topics('baccarat');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------------------
// Processes, from /proc.

interface Proc {
  readonly pid: number;
  readonly ppid: number;
  readonly ticks: number; // utime + stime
  readonly cmd: string;
}
function processes(): Map<number, Proc> {
  const all = new Map<number, Proc>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      all.set(Number(entry), {
        pid: Number(entry),
        ppid: Number(f[1]),
        ticks: Number(f[11]) + Number(f[12]),
        cmd,
      });
    } catch {
      // ended meanwhile
    }
  }
  return all;
}
/** Chromium's processes: this process's descendants that run Chromium. */
function chromiumPids(all: Map<number, Proc>): number[] {
  const out: number[] = [];
  const stack = [process.pid];
  while (stack.length) {
    const pid = stack.pop()!;
    for (const p of all.values())
      if (p.ppid === pid) {
        stack.push(p.pid);
        if (/chrom/i.test(p.cmd)) out.push(p.pid);
      }
  }
  return out;
}
const kib = (pid: number, file: string, field: string): number => {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};
const rss = (pid: number) => kib(pid, 'status', 'VmRSS') / 1024; // MiB
const pss = (pid: number) => kib(pid, 'smaps_rollup', 'Pss') / 1024; // MiB

interface Sample {
  readonly t: number;
  readonly serveTicks: number;
  readonly rendererTicks: number;
  readonly chromiumTicks: number;
  readonly serveRss: number;
  readonly rendererRss: number;
  readonly rendererPss: number;
  readonly chromiumPss: number;
  readonly renderers: number;
}
function sample(servePid: number): Sample {
  const all = processes();
  const chrome = chromiumPids(all);
  const renderers = chrome.filter((pid) => all.get(pid)!.cmd.includes('--type=renderer'));
  const ticks = (pids: number[]) => pids.reduce((n, pid) => n + (all.get(pid)?.ticks ?? 0), 0);
  const total = (pids: number[], f: (pid: number) => number) => pids.reduce((n, pid) => n + f(pid), 0);
  return {
    t: performance.now(),
    serveTicks: all.get(servePid)?.ticks ?? 0,
    rendererTicks: ticks(renderers),
    chromiumTicks: ticks(chrome),
    serveRss: rss(servePid),
    // The page's renderer: the largest (Chromium keeps a spare renderer or two beside it, nearly empty).
    rendererRss: Math.max(0, ...renderers.map(rss)),
    rendererPss: Math.max(0, ...renderers.map(pss)),
    chromiumPss: total(chrome, pss),
    renderers: renderers.length,
  };
}
/** CPU between two samples, as a share of one core (%). */
const cpu = (a: Sample, b: Sample, k: 'serveTicks' | 'rendererTicks' | 'chromiumTicks') =>
  (b[k] - a[k]) / ((b.t - a.t) / 1000); // ticks are 1/100 s, so ticks per second = % of a core

/** serve's JS heap after a full GC, through its inspector (MiB). */
async function serveHeap(): Promise<number> {
  const socket = new WebSocket(await inspectorUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const call = (method: string) =>
    new Promise<{ usedSize?: number }>((resolve) => {
      const mine = ++id;
      const onMessage = (data: Buffer) => {
        const reply = JSON.parse(data.toString()) as { id?: number; result?: { usedSize?: number } };
        if (reply.id !== mine) return;
        socket.off('message', onMessage);
        resolve(reply.result ?? {});
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id: mine, method }));
    });
  await call('HeapProfiler.collectGarbage');
  const { usedSize = NaN } = await call('Runtime.getHeapUsage');
  socket.close();
  return usedSize / 2 ** 20;
}

async function pageMemory(cdp: CDPSession, gc: boolean) {
  if (gc) await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = (name: string) => metrics.find((x) => x.name === name)?.value ?? 0;
  return { heapMiB: m('JSHeapUsedSize') / 2 ** 20, nodes: m('Nodes'), listeners: m('JSEventListeners') };
}

// ---------------------------------------------------------------------------------------------------------------

const broker = await startMosquitto({ persistence: false });
const pit = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
await pit.publishAsync(T.tableSignage('T1'), makeTableSignage(signage(1)), { qos: 1, retain: true });
await pit.publishAsync(T.casinoSignage(), makeCasinoSignage(casino(1)), { qos: 1, retain: true });
await pit.endAsync();

// serve runs with its inspector open, so that its heap can be read after a forced GC, as the page's is.
const server: ChildProcess = spawn(
  process.execPath,
  [
    '--inspect=127.0.0.1:0',
    new URL('../bin/baccarat-board.mjs', import.meta.url).pathname,
    'serve',
    '--port',
    '0',
    '--table',
    'T1',
  ],
  {
    env: {
      ...process.env,
      BACCARAT_MQTT_URLS: broker.url,
      BACCARAT_DISPLAY_ID: 'footprint',
      BACCARAT_JOURNAL_DIR: tempDir('bench-footprint-'),
      BACCARAT_LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
const inspectorUrl = new Promise<string>((resolve) => {
  let err = '';
  server.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
    const m = /Debugger listening on (ws:\/\/\S+)/.exec(err);
    if (m) resolve(m[1]!);
  });
});
const url = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    const m = /board:\s+(http:\/\/\S+)/.exec(out);
    if (m) resolve(m[1]!);
  });
  server.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
});
const browser = await chromium.launch(chromiumLaunchOptions());
const page: Page = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
await page.goto(url);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');

// The table: one controller whose pace the bench sets. `hold` parks it between steps (idle).
let mode: 'fast' | 'paced' | 'hold' = 'fast';
let hands = 0;
let release: (() => void) | null = null;
const held = () => mode === 'hold'; // (read through functions: other callbacks change these)
const dealt = () => hands;
const setMode = (m: typeof mode) => {
  mode = m;
  release?.();
};
const sim = await startTableSimulator({
  broker: broker.url,
  tableId: 'T1',
  steps: simulateTable({ seed: 'footprint', irregularities: 0.02 }),
  speed: 1,
  onStep: (step: Step) => {
    if (step.type === 'hand') hands++;
  },
  sleep: async (ms, signal) => {
    while (held() && !signal.aborted) await new Promise<void>((r) => (release = r));
    if (mode === 'paced') await sleep(ms / PACED_SPEED);
  },
});
const shown = () => page.evaluate(() => Number(document.querySelector('kiosk-app')?.getAttribute('data-hands') ?? -1));
const handsInShoe = () => sim.messenger.snapshot()?.hands.filter((h) => !h.voided && !h.voidHand).length ?? 0;
/** Until the page shows the controller's shoe (the roads' hands), or `ms`. */
async function caughtUp(ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if ((await shown()) >= handsInShoe() - 1) return true;
    await sleep(200);
  }
  return false;
}

// 1. Into the shoe, then idle.
while (dealt() < 40) await sleep(20);
setMode('hold');
await caughtUp();
await sleep(8_000); // the last result's highlight and the ask-road blink end
const idle0 = sample(server.pid!);
await sleep(IDLE_S * 1000);
const idle1 = sample(server.pid!);
const idlePage = await pageMemory(cdp, true);
const idleHeap = await serveHeap();

// 2. Paced: one hand about every 20 s.
setMode('paced');
const paced0 = sample(server.pid!);
const handsBefore = hands;
await sleep(PACED_S * 1000);
const paced1 = sample(server.pid!);
const pacedHands = hands - handsBefore;
setMode('hold');
const pacedPage = await pageMemory(cdp, true);

// 3. 10,000 hands as fast as the broker takes them.
const fast0 = performance.now();
setMode('fast');
while (dealt() < HANDS) await sleep(100);
setMode('hold');
const fedSeconds = (performance.now() - fast0) / 1000;
const kept = await caughtUp();
await sleep(10_000);
const after = sample(server.pid!);
const afterPage = await pageMemory(cdp, true);
const afterHeap = await serveHeap();

await sim.stop();
server.kill('SIGTERM');
await browser.close();
await broker.close();

const mib = (x: number) => `${x.toFixed(1)} MiB`;
const pct = (x: number) => `${x.toFixed(2)} %`;
report(`One board in browser mode: serve + Chromium (1920×1080), fed by a real controller through Mosquitto`, [
  [
    'idle: serve',
    `${mib(idle1.serveRss)} RSS`,
    `CPU ${pct(cpu(idle0, idle1, 'serveTicks'))} of one core over ${IDLE_S} s; JS heap ${mib(idleHeap)} after GC`,
  ],
  [
    'idle: Chromium renderer (the page)',
    `${mib(idle1.rendererPss)} PSS`,
    `RSS ${mib(idle1.rendererRss)}; CPU ${pct(cpu(idle0, idle1, 'rendererTicks'))}; JS heap ${mib(idlePage.heapMiB)}, ${idlePage.nodes} nodes`,
  ],
  [
    'idle: Chromium, all processes',
    `${mib(idle1.chromiumPss)} PSS`,
    `CPU ${pct(cpu(idle0, idle1, 'chromiumTicks'))}; renderer processes: ${idle1.renderers}`,
  ],
  [
    `paced (${pacedHands} hands in ${PACED_S} s: one per ${(PACED_S / Math.max(1, pacedHands)).toFixed(0)} s): serve`,
    `${mib(paced1.serveRss)} RSS`,
    `CPU ${pct(cpu(paced0, paced1, 'serveTicks'))}`,
  ],
  [
    'paced: Chromium renderer (the page)',
    `${mib(paced1.rendererPss)} PSS`,
    `CPU ${pct(cpu(paced0, paced1, 'rendererTicks'))}; JS heap ${mib(pacedPage.heapMiB)}, ${pacedPage.nodes} nodes`,
  ],
  [
    'paced: Chromium, all processes',
    `${mib(paced1.chromiumPss)} PSS`,
    `CPU ${pct(cpu(paced0, paced1, 'chromiumTicks'))}`,
  ],
  [
    `after ${hands.toLocaleString('en')} hands (fed in ${fedSeconds.toFixed(0)} s${kept ? '' : ', page behind'}): serve`,
    `${mib(after.serveRss)} RSS`,
    `JS heap ${mib(afterHeap)} after GC (idle ${mib(idleHeap)}); RSS idle ${mib(idle1.serveRss)} before`,
  ],
  [
    `after ${hands.toLocaleString('en')} hands: Chromium renderer`,
    `${mib(after.rendererPss)} PSS`,
    `JS heap ${mib(afterPage.heapMiB)} (idle ${mib(idlePage.heapMiB)}), ${afterPage.nodes} nodes, ${afterPage.listeners} listeners`,
  ],
  [`after ${hands.toLocaleString('en')} hands: Chromium, all`, `${mib(after.chromiumPss)} PSS`, ''],
]);
process.exit(0);
