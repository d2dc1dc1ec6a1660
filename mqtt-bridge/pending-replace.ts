/**
 * An operator's replace under way (the fleet's `resync` with `replace`): settled by the next snapshot of the table the
 * board hears (taken, or refused), or by none coming in time. The follower decides; this keeps the promise and the
 * clock.
 *
 * ```ts
 * const done = pending.begin(5000);   // resolves null once replaced, else why not
 * pending.settle(null);               // the snapshot was taken
 * ```
 * @packageDocumentation
 */

export class PendingReplace {
  private finish: ((error: string | null) => void) | null = null;

  /** Whether a replace waits for its snapshot. */
  get active(): boolean {
    return this.finish !== null;
  }

  /** A new replace (one still waiting is answered: superseded). Resolves null once replaced, else why not. */
  begin(waitMs: number): Promise<string | null> {
    this.settle('another replace was asked');
    return new Promise((resolve) => {
      const finish = (error: string | null) => {
        clearTimeout(timer);
        if (this.finish === finish) this.finish = null;
        resolve(error);
      };
      const timer = setTimeout(
        () => finish(`no snapshot of the table came within ${waitMs / 1000} s: the board kept its shoe`),
        waitMs,
      );
      timer.unref();
      this.finish = finish;
    });
  }

  /** Answers the replace waiting, if any: null, done; else why not. */
  settle(error: string | null): void {
    this.finish?.(error);
  }

  /** The table's snapshot came and could not be taken (`what` happened to it): the board kept its shoe. */
  kept(what: string): void {
    this.settle(`the table's snapshot ${what}: the board kept its shoe`);
  }
}
