/**
 * When patrons are told that the board's picture may be behind its table, and in which words. Each spell is shown
 * once it has lasted its grace (and never flashes: {@link OutOfStepController}):
 * - out of step (`TableView.outOfStep`), after 1 s: "Updating results";
 * - reconnected, or started from its saved record, and its table not heard since, after 3 s: "Updating results";
 * - its table's controller offline while the table is open (the host's staff warning `controller-offline`), after
 *   10 s, longer than a controller's restart: "Results paused". No result can reach the board until it is back;
 * - its own link lost (the broker, or in browser mode the host), after 3 s: "Results paused", over the notice band's
 *   "Connection lost — showing results up to 14:05". Its roads looked live, would-be marks blinking at the next hand,
 *   while a controller 10 s offline dimmed them; reconnected, "Updating results" follows until the table is heard.
 * Meanwhile the roads stay drawn with the last good shoe, subdued, without the ask marks or the round's phase.
 *
 * ```ts
 * private stale = new StalePictureController(this);   // in <kiosk-app>
 * this.stale.follow(view, hostDown);                   // in willUpdate(); then read this.stale.shown
 * ```
 * @packageDocumentation
 */
import type { ReactiveControllerHost } from 'lit';
import type { TableView } from '../../contract/kiosk';
import { CATCH_UP_GRACE_MS, OutOfStepController } from './out-of-step-controller';

/**
 * How long the table's controller may be offline, the table open, before patrons are shown that results are paused,
 * in ms: a controller restarting (a keypad reloaded, a shoe's controller updated) is back well within it.
 */
export const CONTROLLER_GRACE_MS = 10_000;

/** What patrons read over the subdued roads. */
export type StaleWords = 'updating' | 'paused';

export class StalePictureController {
  readonly outOfStep: OutOfStepController;
  private readonly catchingUp: OutOfStepController<{ readonly since: string }>;
  private readonly paused: OutOfStepController<{ readonly since: string }>;
  private readonly lost: OutOfStepController<{ readonly since: string }>;

  constructor(host: ReactiveControllerHost, now: () => number = Date.now) {
    this.outOfStep = new OutOfStepController(host, now);
    this.catchingUp = new OutOfStepController(host, now, CATCH_UP_GRACE_MS);
    this.paused = new OutOfStepController(host, now, CONTROLLER_GRACE_MS);
    this.lost = new OutOfStepController(host, now, CATCH_UP_GRACE_MS);
  }

  /**
   * Follows the view (call before rendering: from `willUpdate`); `hostDown`: the board's link to its host is down
   * (browser mode), which the view cannot say.
   */
  follow(view: TableView | null, hostDown = false): void {
    this.outOfStep.follow(view?.outOfStep ?? null);
    const link = view?.connection;
    this.catchingUp.follow(link?.state === 'connected' && link.awaitingTable ? { since: link.since } : null);
    this.paused.follow(view?.warnings.find((w) => w.code === 'controller-offline') ?? null);
    // Cut off: from the broker's loss as the host dates it; from the host's own, as the board first sees it.
    const lost = link && link.state !== 'connected' ? { since: link.since } : hostDown ? { since: '' } : null;
    this.lost.follow(view?.shoe ? lost : null);
  }

  /** Null while the picture is current; else the words patrons read ("Updating results" first: it will end soon). */
  get shown(): StaleWords | null {
    if (this.outOfStep.shown || this.catchingUp.shown) return 'updating';
    return this.paused.shown || this.lost.shown ? 'paused' : null;
  }
}
