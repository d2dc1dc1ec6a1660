/**
 * When patrons see that the board is out of step (`TableView.outOfStep`): once it has lasted a moment, and no
 * longer from the view that ends it. A gap the host fills from the table's snapshot within a second never dims the
 * roads; and however the host's state toggles, the roads are dimmed at most once per {@link OUT_OF_STEP_GRACE_MS},
 * so the board cannot flash (WCAG 2.3.1: no more than three flashes a second). Staff see the view's state at once.
 *
 * ```ts
 * private outOfStep = new OutOfStepController(this);   // in <kiosk-app>
 * this.outOfStep.follow(view.outOfStep);               // in willUpdate(); then read this.outOfStep.shown
 * ```
 * @packageDocumentation
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { OutOfStep } from '../../contract/kiosk';

/** How long the board must have been out of step before patrons are shown it, in ms. */
export const OUT_OF_STEP_GRACE_MS = 1_000;

/**
 * How long a board reconnected (or started from its saved record) may await its table before patrons are shown that
 * its results are being updated, in ms: the table's snapshot, asked at once, answers within a second on a healthy
 * floor; a broker that lost it leaves the board waiting for the controller to publish again (26 s in a trial).
 */
export const CATCH_UP_GRACE_MS = 3_000;

/** Any spell: the view's out-of-step, or a board awaiting its table (`since`: when it began). */
export class OutOfStepController<T extends { readonly since: string } = OutOfStep> implements ReactiveController {
  /** What patrons are shown: the view's out-of-step once it has lasted the grace, else null. */
  shown: T | null = null;
  private began: number | null = null; // board clock (ms) when the current spell began, from `since` or first sight
  private ended = -Infinity; // board clock (ms) when patrons last saw a spell end
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly now: () => number = Date.now,
    private readonly graceMs = OUT_OF_STEP_GRACE_MS,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.stopTimer();
  }

  /** Follows the view's out-of-step (call before rendering: from `willUpdate`). */
  follow(state: T | null): void {
    if (!state) {
      this.stopTimer();
      this.began = null;
      if (this.shown) this.ended = this.now();
      this.shown = null; // back in step: everything returns to normal at once
      return;
    }
    const now = this.now();
    if (this.began === null) {
      // The host's `since` counts when it is in the past (a board reloaded mid-spell shows it at once); a host clock
      // ahead of the board's never makes patrons wait longer than the grace.
      const since = Date.parse(state.since);
      this.began = Number.isNaN(since) ? now : Math.min(now, since);
    }
    // Never sooner than the grace after the last spell patrons saw end, whatever `since` says: no flashing.
    const due = Math.max(this.began, this.ended) + this.graceMs;
    if (now >= due) {
      this.stopTimer();
      this.shown = state;
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.host.requestUpdate();
      }, due - now);
    }
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
