/**
 * A wait that counts only the time the process was running, for reading what a broker has retained. A plain
 * `setTimeout(finish, 500)` fires first thing after the event loop was stalled for 500 ms (a busy machine, a long
 * garbage collection), before the I/O that arrived meanwhile is read: `signage` then said "the broker has no casino
 * sign" while the sign sat unread in the socket. Here the wait runs in short slices, each credited at most its own
 * length however late it fires, and the end waits one more turn of the loop (`setImmediate`) so that what has
 * arrived is read first.
 *
 * ```ts
 * const cancel = afterRunningTime(500, () => done()); // done() after 500 ms of running, never before the I/O
 * cancel(); // it does not run
 * ```
 * @packageDocumentation
 */

/** How long one slice is: a stall costs the wait at most this. */
export const SLICE_MS = 50;

/** Runs `fn` once `ms` of running time has passed and the I/O that came in meanwhile has been read; returns a cancel. */
export function afterRunningTime(ms: number, fn: () => void): () => void {
  let left = ms;
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  let cancelled = false;
  const step = () => {
    if (cancelled) return;
    if (left <= 0) {
      immediate = setImmediate(() => cancelled || fn());
      return;
    }
    const slice = Math.min(SLICE_MS, left);
    timer = setTimeout(() => {
      left -= slice; // credited its own length, however late it fired
      step();
    }, slice);
  };
  step();
  return () => {
    cancelled = true;
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  };
}

/** Resolves once `done()` holds (checked every 20 ms), or after `ms` of running time (the I/O read first). */
export async function untilRunningTime(ms: number, done: () => boolean): Promise<void> {
  for (let left = ms; !done() && left > 0; left -= 20) await new Promise((r) => setTimeout(r, Math.min(20, left)));
  if (!done()) await new Promise((r) => setImmediate(r));
}
