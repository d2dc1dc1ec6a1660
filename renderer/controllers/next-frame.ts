/**
 * Runs a callback in the frame after the one being produced: what a hand changes that is not its result (the would-be
 * marks, the ask panel) follows the result a frame behind, so that the frame that shows the result does its work
 * alone (renderer bench).
 *
 * ```ts
 * this.follow.cancel(); // a newer change supersedes one not yet shown
 * this.follow = inNextFrame(() => (this.shown = this.ask));
 * disconnectedCallback() { this.follow.now(); } // an element leaving the page never misses the change
 * ```
 * @packageDocumentation
 */

/** A callback waiting for the next frame. */
export interface NextFrame {
  /** Drops it, if it has not run. */
  cancel(): void;
  /** Runs it at once, if it has not run. */
  now(): void;
}

/** Nothing waiting: the initial value of a component's pending follow. */
export const NO_FRAME: NextFrame = { cancel() {}, now() {} };

/** The callbacks asked for since the frame being produced began: they run together, two frames on. */
let batch: Set<() => void> | null = null;

/**
 * Calls `then` from an animation-frame callback of the next frame: a callback requested now runs in the frame being
 * produced (or, when none is, the next one), and the one it requests in the frame after. Every call until that first
 * callback runs shares it and the one after: a hand asks this of each road and the ask panel, and one callback a
 * frame, not six, is what the frame that shows the result runs for them (renderer bench).
 */
export function inNextFrame(then: () => void): NextFrame {
  let done = false;
  const run = (): void => {
    if (done) return;
    done = true;
    then();
  };
  if (!batch) {
    const waiting = new Set<() => void>();
    batch = waiting;
    requestAnimationFrame(() => {
      if (batch === waiting) batch = null; // asked from now on: the frame after this one's
      requestAnimationFrame(() => {
        for (const f of waiting) f();
      });
    });
  }
  const mine = batch;
  mine.add(run);
  return {
    cancel() {
      done = true;
      mine.delete(run);
    },
    now() {
      mine.delete(run);
      run();
    },
  };
}
