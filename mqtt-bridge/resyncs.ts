/**
 * When the board asks its broker for the table's retained snapshot again: at once on the first gap, then never
 * more than once per `minIntervalMs` however many gaps (or forged hands for unknown shoes) arrive; and, while it is
 * still out of step, again after a growing wait, so that it recovers by itself once the controller republishes.
 *
 * ```ts
 * const resyncs = new Resyncs((reason) => resubscribe(reason), { minIntervalMs: 1000 });
 * resyncs.request('hand 9 arrived but 8 is next'); resyncs.keepTrying(); … resyncs.inStep();
 * ```
 * @packageDocumentation
 */

export interface ResyncOptions {
  readonly minIntervalMs: number; // at most one resync per this many ms
  readonly retryMinMs: number; // first wait before asking again while still out of step…
  readonly retryMaxMs: number; // …doubling up to this
  readonly now?: () => number; // ms; injectable for tests
}

export const RESYNC_DEFAULTS: ResyncOptions = { minIntervalMs: 1000, retryMinMs: 2000, retryMaxMs: 60_000 };

export class Resyncs {
  /** Resyncs run, and requests folded into one already due. */
  readonly counts = { run: 0, coalesced: 0 };
  private last = -Infinity;
  private timer: NodeJS.Timeout | null = null;
  private pending: string | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs: number;
  private readonly now: () => number;

  constructor(
    private readonly run: (reason: string) => void,
    private readonly opts: ResyncOptions = RESYNC_DEFAULTS,
  ) {
    this.now = opts.now ?? Date.now;
    this.retryMs = opts.retryMinMs;
  }

  /** Asks for a resync: now if none ran in the last `minIntervalMs`, else once at the end of that interval. */
  request(reason: string): void {
    if (this.pending !== null) {
      this.counts.coalesced++;
      this.pending = reason;
      return;
    }
    this.pending = reason;
    const wait = this.last + this.opts.minIntervalMs - this.now();
    if (wait <= 0) this.fire();
    else this.timer = setTimeout(() => this.fire(), wait).unref();
  }

  /** While out of step: ask again after the current wait (which then doubles), unless a request is due first. */
  keepTrying(reason: string): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.request(`still out of step: ${reason}`);
    }, this.retryMs).unref();
    this.retryMs = Math.min(this.retryMs * 2, this.opts.retryMaxMs);
  }

  /**
   * Back in step: no more retries, the next one starts from the shortest wait, and a request still waiting out
   * `minIntervalMs` is dropped (the snapshot it would ask for is no longer needed).
   */
  inStep(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryMs = this.opts.retryMinMs;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }

  stop(): void {
    this.inStep();
  }

  private fire(): void {
    this.timer = null;
    const reason = this.pending;
    this.pending = null;
    if (reason === null) return;
    this.last = this.now();
    this.counts.run++;
    this.run(reason);
  }
}
