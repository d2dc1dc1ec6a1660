/**
 * The board's main-thread CPU time per hand, from Chromium's trace: the thread time of the renderer's main-thread
 * tasks from a result's push to the frame that shows it (the push's own task, and those of the frame), summed per
 * hand. Unlike a frame's wall time it hardly moves with the machine's load or speed drift, so it compares builds on a
 * busy machine (`view → frame shown` under DevTools' CPU throttling is about four times this, plus waits).
 *
 * ```ts
 * const ms = await cpuPerHand(browser, page, () => pushHands(...)); // the hands stamp 'push<n>' and 'done<n>'
 * ```
 * @packageDocumentation
 */
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly tid: number;
  readonly pid: number;
  readonly args?: { readonly data?: { readonly message?: string } };
}

/**
 * A hand's main-thread CPU, ms: all of it, and of that the script of the task that pushed it (from the push on: the
 * view parsed, the board's state and every component's update), the rest being the frame's style, layout, paint and
 * commit. This VM (renderer bench, 160 hands at 1080p): 6.1 ms a hand at the p50, 1.9 of it script, so the frame is
 * two thirds of a hand. A trace with invalidation tracking (DevTools' "advanced paint" categories) nearly doubles the
 * script's part: compare figures from this trace only. A panel hidden with `display: none` still updates, so hiding
 * panels measures their share of the frame, not of the script.
 */
export interface HandCpu {
  readonly total: number;
  readonly script: number;
}

/** Runs `deal` under a trace; per hand it stamped (`console.timeStamp('push' + n)`, then `'done' + n`), its CPU. */
export async function cpuPerHand(browser: Browser, page: Page, deal: () => Promise<unknown>): Promise<HandCpu[]> {
  const path = join(tmpdir(), `baccarat-board-frame-cpu-${process.pid}.json`);
  await browser.startTracing(page, {
    path,
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  try {
    await deal();
  } finally {
    await browser.stopTracing();
  }
  const events = (JSON.parse(await readFile(path, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  await rm(path, { force: true });
  return handsOf(events);
}

/** Pairs each push stamp with the next done stamp of the same hand and sums the main-thread task time between. */
export function handsOf(events: readonly TraceEvent[]): HandCpu[] {
  const stamps = events.filter((e) => e.name === 'TimeStamp' && /^(push|done)\d+$/.test(e.args?.data?.message ?? ''));
  const first = stamps[0];
  if (!first) return [];
  const tasks = events.filter(
    (e) => e.tid === first.tid && e.pid === first.pid && e.ph === 'X' && e.name === 'RunTask',
  );
  const out: HandCpu[] = [];
  stamps.forEach((push, i) => {
    const message = push.args!.data!.message!;
    if (!message.startsWith('push')) return;
    const done = stamps.slice(i + 1).find((e) => e.args!.data!.message === `done${message.slice(4)}`);
    if (!done) return;
    let us = 0;
    let script = 0;
    for (const t of tasks) {
      const end = t.ts + (t.dur ?? 0);
      // The tasks from the push's to the frame's; not the one that stamps 'done' (the bench's own bookkeeping).
      if (end >= push.ts && t.ts < done.ts && !(end >= done.ts)) us += t.tdur ?? t.dur ?? 0;
      // The push's own task, from the stamp on (before it, the bench serialised the view: not the board's work).
      if (t.ts <= push.ts && end >= push.ts) script = Math.min(t.tdur ?? t.dur ?? 0, end - push.ts);
    }
    out.push({ total: us / 1000, script: script / 1000 });
  });
  return out;
}
