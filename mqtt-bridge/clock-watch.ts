/**
 * The board's time against its controller's, and its own hand-to-screen delay, over the last 100 hands: for the
 * status, so that the console can flag a board whose clock is off (the hands' timestamps come from the controller).
 *
 * ```ts
 * clock.hand(Date.now(), hand.timestamp); … clock.shown(Date.now()); // when the view that shows it is pushed
 * clock.figures(); // { offsetMs, delayMs: { median, worst }, hands } | null
 * ```
 * @packageDocumentation
 */

/** How many hands the figures are over. */
export const CLOCK_WINDOW = 100;

/**
 * The largest figure a status carries (the contract's bound, about 11.6 days): a controller whose stamps are further
 * off is reported at the bound, which flags it as plainly, instead of making a status the contract refuses.
 */
export const CLOCK_LIMIT_MS = 1e9;

const bounded = (ms: number): number => Math.max(-CLOCK_LIMIT_MS, Math.min(CLOCK_LIMIT_MS, Math.round(ms)));

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
};

export interface ClockFigures {
  readonly offsetMs: number; // board clock minus controller clock, transit included (median)
  readonly delayMs: { readonly median: number; readonly worst: number }; // arrival → view pushed
  readonly hands: number;
}

export class ClockWatch {
  private offsets: number[] = [];
  private delays: number[] = [];
  private waiting: number[] = []; // arrival times of hands not yet shown

  /** A hand applied at `receivedAtMs` (the board's clock) whose result the controller stamped `timestamp`. */
  hand(receivedAtMs: number, timestamp: string): void {
    const stamped = Date.parse(timestamp);
    if (Number.isFinite(stamped)) this.offsets = [...this.offsets, receivedAtMs - stamped].slice(-CLOCK_WINDOW);
    this.waiting.push(receivedAtMs);
  }

  /** The view showing every hand so far was pushed at `atMs`. */
  shown(atMs: number): void {
    if (this.waiting.length === 0) return;
    this.delays = [...this.delays, ...this.waiting.map((t) => Math.max(0, atMs - t))].slice(-CLOCK_WINDOW);
    this.waiting = [];
  }

  /** The figures over the last hands, or null before the first hand was shown. */
  figures(): ClockFigures | null {
    if (this.delays.length === 0 || this.offsets.length === 0) return null;
    return {
      offsetMs: bounded(median(this.offsets)),
      delayMs: { median: bounded(median(this.delays)), worst: bounded(Math.max(...this.delays)) },
      hands: Math.min(this.delays.length, CLOCK_WINDOW),
    };
  }
}
