/**
 * The identify overlay's state in `<kiosk-app>`: the fleet's `identify` command (`kiosk:identify`) shows the board's
 * display id large for a while (1 to 600 s), to find the board on the floor; a second command starts the while again.
 *
 * ```ts
 * private identify = new IdentifyController(this);   // in <kiosk-app>
 * this.identify.attach(api);                         // when the API changes; then read this.identify.open
 * ```
 * @packageDocumentation
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { KioskApi } from '../../contract/kiosk';

export class IdentifyController implements ReactiveController {
  /** Shown now. */
  open = false;
  private api: KioskApi | null = null;
  private off: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private connected = false;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.listen();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.off?.();
    this.off = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Follows the kiosk API (call when it changes). */
  attach(api: KioskApi | null): void {
    if (api === this.api) return;
    this.off?.();
    this.off = null;
    this.api = api;
    this.listen();
  }

  /** Shows the display id for `seconds` (1 to 600; 10 for nonsense). */
  show(seconds: number): void {
    const ms = Math.max(1, Math.min(600, Number(seconds) || 10)) * 1000;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.open = false;
      this.host.requestUpdate();
    }, ms);
    this.open = true;
    this.host.requestUpdate();
  }

  private listen(): void {
    if (!this.api || this.off || !this.connected) return;
    this.off = this.api.on('kiosk:identify', (seconds) => this.show(seconds));
  }
}
