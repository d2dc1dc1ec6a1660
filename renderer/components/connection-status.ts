/**
 * `<kiosk-connection>`: the board's own link to the table. Connected: a discreet dot. Otherwise (with `banner`): a
 * clear banner, "Connection lost — showing results up to 14:05 (12 min ago)" ("just now" in the first minute);
 * the board keeps showing what it has. The elapsed time is refreshed once a minute, and only while disconnected: no
 * animation loop.
 *
 * ```html
 * <kiosk-connection .connection=${view.connection}></kiosk-connection>          <!-- the dot -->
 * <kiosk-connection banner .connection=${view.connection}></kiosk-connection>   <!-- the banner when lost -->
 * ```
 * @packageDocumentation
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { str } from '@lit/localize';
import type { ConnectionView } from '../../contract/kiosk';
import { clock, count, minutesSince } from '../format';
import { DEFAULT_LANGUAGE, localeOf, plain, tr, type Language } from '../localization';
import { connectionStyles } from './connection-status.styles';
import { noticeIcon } from './icons';
import { sharedStyles } from './shared.styles';

/**
 * Connection state.
 * @cssproperty --kiosk-live - The connected dot.
 * @cssproperty --kiosk-notice-offline - The lost-connection banner.
 */
@customElement('kiosk-connection')
export class KioskConnection extends LitElement {
  static override styles = [sharedStyles, connectionStyles];

  @state() private now = Date.now();

  /** The connection as the host reports it; null: unknown (shown as connecting). */
  @property({ attribute: false }) connection: ConnectionView | null = null;
  /** Language of the banner. */
  @property() language: Language = DEFAULT_LANGUAGE;
  /** Render the banner (when not connected) instead of the dot. */
  @property({ type: Boolean, reflect: true }) banner = false;
  /** Clock for tests: milliseconds since the epoch; 0 uses the real clock. */
  @property({ type: Number }) clock = 0;

  private timer: ReturnType<typeof setInterval> | null = null;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopTicking();
  }

  protected override willUpdate(): void {
    const lost = this.banner && this.connection?.state !== 'connected';
    if (lost && !this.timer && !this.clock) {
      this.now = Date.now();
      this.timer = setInterval(() => (this.now = Date.now()), 60_000); // minutes are all the banner says
    } else if (!lost) this.stopTicking();
  }

  private stopTicking(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private dot() {
    const s = this.connection?.state ?? 'connecting';
    const label =
      s === 'connected'
        ? plain(this.language, 'conn.connected', 'Connected')
        : plain(this.language, 'conn.notConnected', 'Not connected');
    return html`<span class="dot ${s}" role="status" aria-label=${label} data-state=${s}></span>`;
  }

  private bannerText() {
    const lang = this.language;
    const locale = localeOf(lang);
    const c = this.connection;
    if (!c || (c.state === 'connecting' && !c.lastMessageAt))
      return tr(lang, 'conn.connecting', 'Connecting to the table…');
    if (!c.lastMessageAt) return tr(lang, 'conn.lostNoResults', 'Connection lost — no results received yet');
    const mins = minutesSince(c.lastMessageAt, this.clock || this.now);
    // Under a minute is "just now": "(0 min ago)" read as a fault.
    if (mins < 1)
      return tr(
        lang,
        'conn.lostJustNow',
        str`Connection lost — showing results up to ${clock(c.lastMessageAt, locale)} (just now)`,
      );
    return tr(
      lang,
      'conn.lost',
      str`Connection lost — showing results up to ${clock(c.lastMessageAt, locale)} (${count(mins, locale)} min ago)`,
    );
  }

  override render() {
    if (!this.banner) return this.dot();
    if (this.connection?.state === 'connected') return nothing;
    return html`<div class="banner" role="alert" data-state=${this.connection?.state ?? 'connecting'}>
      <span class="icon-wrap">${noticeIcon('link')}</span>
      <span class="text">${this.bannerText()}</span>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-connection': KioskConnection;
  }
}
