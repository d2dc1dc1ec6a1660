/**
 * Whether anybody sees the board. In Electron the kiosk window is the screen; in browser mode the host serves the
 * board to whatever browser opens it and tells the bridge how many pages show it now. None for a grace period (30 s
 * after the start, or after the last page left: a reload comes back well within it) is the staff warning `no-screen`,
 * in the status, until a page opens the board; and at any moment with no page, a fleet command that needs a screen
 * (identify, about, reload) is answered not done, with why, instead of done for nobody.
 *
 * ```ts
 * const screen = new ScreenWatch({ now, log, changed });
 * screen.pages(0); // browser mode, nothing open yet: the warning in 30 s
 * screen.missing(); // 'no browser shows this board (browser mode): …' while no page is open; null else
 * ```
 * @packageDocumentation
 */
import type { Logger } from 'pino';
import type { StaffWarning } from '../contract/kiosk';
import { toSecond } from '../contract/time-words';

/** How long a browser-mode board may go without a page before staff are warned, in ms. */
export const NO_SCREEN_GRACE_MS = 30_000;

export interface ScreenWatchOptions {
  readonly now: () => Date;
  readonly log: Pick<Logger, 'info' | 'warn'>;
  /** The warning came or went. */
  readonly changed: () => void;
  readonly graceMs?: number; // default NO_SCREEN_GRACE_MS
}

export class ScreenWatch {
  private count: number | null = null; // null: the host does not count pages (Electron: its window is the screen)
  private since: string | null = null; // when the last page left (or the count began at none)
  private warned = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly o: ScreenWatchOptions) {}

  /** How many pages show the board now (browser mode), as the host counts them; null when it does not count. */
  get shown(): number | null {
    return this.count;
  }

  /** The host's count of pages showing the board, now. */
  pages(n: number): void {
    const before = this.count;
    this.count = n;
    if (n > 0) {
      this.since = null;
      this.disarm();
      if (this.warned) {
        this.warned = false;
        this.o.log.info({ pages: n }, 'a browser shows this board again');
        this.o.changed();
      }
      return;
    }
    if (before === 0) return; // still none: the grace runs from when there were first none
    this.since = this.o.now().toISOString();
    this.disarm();
    this.timer = setTimeout(() => this.warn(), this.o.graceMs ?? NO_SCREEN_GRACE_MS);
    this.timer.unref?.();
  }

  /** Why a command that needs a screen cannot be done now (no page shows the board), or null. */
  missing(): string | null {
    if (this.count !== 0) return null;
    return `no browser shows this board (browser mode): nobody would see it; open the board's address on its screen`;
  }

  /** The staff warning while no page has shown the board for the grace period, else none. */
  get warnings(): readonly StaffWarning[] {
    if (!this.warned || !this.since) return [];
    return [
      {
        code: 'no-screen',
        detail:
          `no browser has shown this board since ${toSecond(this.since)} (browser mode): it follows its table, but ` +
          "nobody sees it. Check the screen, its PC and its browser, which should open the board's address",
        since: this.since,
      },
    ];
  }

  /** The board stops. */
  stop(): void {
    this.disarm();
  }

  private warn(): void {
    this.timer = null;
    if (this.count !== 0 || this.warned) return;
    this.warned = true;
    this.o.log.warn({ since: this.since }, 'no browser has shown this board for %d s', this.graceS());
    this.o.changed();
  }

  private graceS(): number {
    return Math.round((this.o.graceMs ?? NO_SCREEN_GRACE_MS) / 1000);
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
