/**
 * Kiosk benchmark (browser mode here; Electron where installed runs the same renderer):
 * - cold start to the first painted board with an 80-hand shoe restored from the journal: from spawning
 *   `baccarat-board serve` to the frame showing all 80 hands in Chromium (target ≤ 1 s);
 * - CPU of an idle board over a minute: the host process and Chromium, as a share of one core (target ≤ 1 %).
 * Figures are printed, never asserted.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { dealCoups } from '../baccarat/table-of-play';
import { decks } from '../baccarat/cards';
import { openJournal } from '../mqtt-bridge/journal';
import { applyMessage, emptyTableState, type TableMessage } from '../mqtt-bridge/table-state';
import { at, event, handMessage, signage } from '../test/helpers/table-messages';
import { report } from './harness';
import { chromiumLaunchOptions } from '../test/helpers/chromium';

const HANDS = 80;
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);

/** A journal holding one shoe of 80 real hands (dealt from a fixed shuffle), with its signs. */
function writeJournal(dir: string): void {
  const cards = decks(8);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = (i * 7919 + 13) % (i + 1);
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  const coups = dealCoups(cards).coups.slice(0, HANDS);
  const messages: TableMessage[] = [
    { kind: 'signage', payload: signage(1) },
    { kind: 'event', payload: event('shoe-start', { shoeId: 'BENCH', decks: 8 }) },
    ...coups.map((c, i): TableMessage => ({ kind: 'hand', payload: handMessage('BENCH', i + 1, c) })),
  ];
  const journal = openJournal(join(dir, 'T1.journal'));
  let state = emptyTableState('T1');
  messages.forEach((m, i) => {
    const r = applyMessage(state, m, at(i));
    if (r.effect !== 'applied') throw new Error(`bench journal: ${JSON.stringify(r)}`);
    state = r.state;
    journal.append({ t: at(i), m });
  });
  journal.close();
}

/** utime + stime of a process and its descendants, in clock ticks (Linux /proc); `skip` subtrees are left out. */
function cpuTicks(rootPid: number, skip: readonly number[] = []): number {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we read
    }
  }
  let sum = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    if (skip.includes(pid)) continue;
    sum += ticks.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return sum;
}

const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** The direct children of this process. */
function childPids(): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid) out.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

const journalDir = mkdtempSync(join(tmpdir(), 'bench-kiosk-'));
writeJournal(journalDir);
const browser = await chromium.launch({
  ...chromiumLaunchOptions(),
});
const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
await page.goto('about:blank');

const t0 = performance.now();
const server = spawn(
  process.execPath,
  [new URL('../bin/baccarat-board.mjs', import.meta.url).pathname, 'serve', '--port', '0', '--table', 'T1'],
  {
    env: { ...process.env, BACCARAT_JOURNAL_DIR: journalDir, BACCARAT_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const url = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    const m = /board:\s+(http:\/\/\S+)/.exec(out);
    if (m) resolve(m[1]!);
  });
  server.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
});
const tListening = performance.now();
await page.goto(url, { waitUntil: 'commit' });
const tCommitted = performance.now();
await page.waitForFunction(() => customElements.get('kiosk-app') !== undefined, undefined, { polling: 'raf' });
const tScript = performance.now();
await page.waitForFunction(
  (n) => document.querySelector('kiosk-app')?.getAttribute('data-hands') === String(n),
  HANDS,
  {
    timeout: 30_000,
    polling: 'raf',
  },
);
await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
const tPainted = performance.now();

// Idle: nothing arrives; the board must not be doing anything. First let the last change's highlight and the
// ask-road blink (a few seconds after a result) finish.
await page.waitForFunction(
  () => {
    const all: Animation[] = [];
    const walk = (root: Document | ShadowRoot) => {
      all.push(...root.getAnimations());
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
    };
    walk(document);
    return all.every((a) => a.playState !== 'running');
  },
  undefined,
  { timeout: 30_000, polling: 500 },
);
// Chromium runs as children of this process (Playwright launches it); the server is the other child.
const browserTicks = () => cpuTicks(process.pid, [server.pid!]) - cpuTicks(process.pid, [server.pid!, ...childPids()]);
const before = { host: cpuTicks(server.pid!), browser: browserTicks(), t: performance.now() };
await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000)); // this process sleeps: only the board runs
const after = { host: cpuTicks(server.pid!), browser: browserTicks(), t: performance.now() };
const seconds = (after.t - before.t) / 1000;
const pct = (ticks: number) => `${((100 * ticks) / TICKS_PER_SECOND / seconds).toFixed(2)} %`;

// The same Chromium on a blank page: what a browser costs doing nothing, for comparison.
await page.goto('about:blank');
await new Promise((r) => setTimeout(r, 2000));
const blank0 = { browser: browserTicks(), t: performance.now() };
await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
const blank1 = { browser: browserTicks(), t: performance.now() };
const blankPct = `${((100 * (blank1.browser - blank0.browser)) / TICKS_PER_SECOND / ((blank1.t - blank0.t) / 1000)).toFixed(2)} %`;

server.kill('SIGTERM');
await browser.close();

report('kiosk (browser mode)', [
  ['cold start: spawn → listening', `${(tListening - t0).toFixed(0)} ms`, ''],
  ['cold start: listening → page committed', `${(tCommitted - tListening).toFixed(0)} ms`, ''],
  ['cold start: page committed → board script running', `${(tScript - tCommitted).toFixed(0)} ms`, ''],
  ['cold start: script running → all hands painted', `${(tPainted - tScript).toFixed(0)} ms`, ''],
  [
    `cold start: spawn → first painted board (${HANDS} hands from the journal)`,
    `${(tPainted - t0).toFixed(0)} ms`,
    'target ≤ 1000 ms',
  ],
  [`idle CPU, host process, over ${seconds.toFixed(0)} s`, pct(after.host - before.host), 'of one core; target ≤ 1 %'],
  [
    `idle CPU, Chromium (all its processes), over ${seconds.toFixed(0)} s`,
    pct(after.browser - before.browser),
    'of one core; target ≤ 1 %',
  ],
  ['  the same Chromium on about:blank, for comparison', blankPct, 'what the browser itself costs'],
]);
