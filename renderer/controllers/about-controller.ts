/**
 * The about overlay's state in `<kiosk-app>`: opened by the fleet's `about` command (`kiosk:about`) or by staff with
 * the `i` key of a keyboard on the kiosk (again, or Escape, closes it), for a while; what it shows comes from the
 * host (`kiosk:about`), asked afresh each time it opens. It also tells the host the size the board is drawn at
 * (`kiosk:screen`), which browser mode's screenshot draws it at.
 *
 * ```ts
 * private about = new AboutController(this);   // in <kiosk-app>
 * this.about.attach(api);                      // when the API changes; then read this.about.open / .info
 * ```
 * @packageDocumentation
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AboutInfo, KioskApi } from '../../contract/kiosk';

/** How long the `i` key shows it, in seconds (the command says its own). */
export const ABOUT_KEY_SECONDS = 60;

export class AboutController implements ReactiveController {
  /** Shown now. */
  open = false;
  /** The host's answer; null before it came (or when it failed: see `error`). */
  info: AboutInfo | null = null;
  /** Why the host's answer is missing, for staff. */
  error: string | null = null;
  private api: KioskApi | null = null;
  private off: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private resizeTimer: ReturnType<typeof setTimeout> | null = null;
  private asked = 0; // which opening an answer belongs to

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('keydown', this.onKey);
    window.addEventListener('resize', this.onResize);
    this.listen();
  }

  hostDisconnected(): void {
    window.removeEventListener('keydown', this.onKey);
    window.removeEventListener('resize', this.onResize);
    this.off?.();
    this.off = null;
    if (this.timer) clearTimeout(this.timer);
    if (this.resizeTimer) clearTimeout(this.resizeTimer);
  }

  /** Follows the kiosk API (call when it changes). */
  attach(api: KioskApi | null): void {
    if (api === this.api) return;
    this.off?.();
    this.off = null;
    this.api = api;
    this.listen();
  }

  /** Shows the overlay for `seconds` (1 to 600), asking the host what to show. */
  show(seconds: number): void {
    const ms = Math.max(1, Math.min(600, Number(seconds) || ABOUT_KEY_SECONDS)) * 1000;
    this.open = true;
    const asked = ++this.asked;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.hide(), ms);
    this.host.requestUpdate();
    if (!this.api) return this.answered(asked, null, 'no host');
    this.api.request('kiosk:about').then(
      (info) => this.answered(asked, info, null),
      (e: unknown) => this.answered(asked, null, e instanceof Error ? e.message : String(e)),
    );
  }

  hide(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.open) return;
    this.open = false;
    this.host.requestUpdate();
  }

  private answered(asked: number, info: AboutInfo | null, error: string | null): void {
    if (asked !== this.asked) return;
    this.info = info ?? this.info;
    this.error = error;
    this.host.requestUpdate();
  }

  private listen(): void {
    if (!this.api || this.off) return;
    this.off = this.api.on('kiosk:about', (seconds) => this.show(seconds));
    this.report();
  }

  /** Tells the host the board's size (it may not care: Electron answers null). */
  private report(): void {
    const screen = { width: window.innerWidth, height: window.innerHeight, scale: window.devicePixelRatio || 1 };
    if (screen.width > 0 && screen.height > 0) this.api?.request('kiosk:screen', screen).catch(() => undefined);
  }

  private readonly onKey = (e: KeyboardEvent): void => {
    if (e.ctrlKey || e.altKey || e.metaKey || e.repeat) return;
    if (e.key === 'Escape') this.hide();
    else if (e.key === 'i' || e.key === 'I') {
      if (this.open) this.hide();
      else this.show(ABOUT_KEY_SECONDS);
    }
  };

  private readonly onResize = (): void => {
    if (this.resizeTimer) clearTimeout(this.resizeTimer);
    this.resizeTimer = setTimeout(() => this.report(), 500);
  };
}
