/**
 * `<kiosk-about>`: for staff close up (the fleet's `about` command, or the `i` key): what this board runs and how it
 * is connected, in a panel over the board that moves nothing under it. Labels in English and the board's Chinese;
 * values as a technician reads them (versions, paths, URLs). The uptime counts while it is open.
 *
 * ```html
 * <kiosk-about ?open=${about.open} .info=${about.info} .connection=${view.connection} .language=${lang}></kiosk-about>
 * ```
 * @packageDocumentation
 */
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { AboutInfo, ConnectionView, OutOfStep, StaffWarning } from '../../contract/kiosk';
import { DEFAULT_LANGUAGE, isChineseOnly, plain, plainOf, type Language } from '../localization';
import { brokerInUse, formatRuntime, formatScreen, formatTrust, formatUptime } from './about-text';
import { overlayStyles } from './overlay.styles';
import { sharedStyles } from './shared.styles';
import { elapsed } from './staff-status';
import { outOfStepWords, warningWords } from './staff-words';

/**
 * About overlay.
 * @cssproperty --kiosk-gold - The frame and the title.
 */
@customElement('kiosk-about')
export class KioskAbout extends LitElement {
  static override styles = [
    sharedStyles,
    overlayStyles,
    css`
      :host {
        --overlay-z: 21;
        --overlay-veil: rgb(0 0 0 / 0.6);
      }
      .box {
        max-width: 92%;
        max-height: 92%;
        overflow: hidden;
        padding: 2.4cqmin 3.2cqmin;
        border: 0.4cqmin solid var(--kiosk-gold);
        border-radius: 1.6cqmin;
        background: var(--kiosk-panel-solid);
        font-size: 2.6cqmin;
        line-height: 1.3;
      }
      h2 {
        margin: 0 0 1.2cqmin;
        font-size: 3.4cqmin;
        color: var(--kiosk-gold);
      }
      dl {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 0.6cqmin 2.4cqmin;
        margin: 0;
      }
      dt {
        color: var(--kiosk-ink-muted);
        white-space: nowrap;
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
        font-variant-numeric: tabular-nums;
      }
      .mono {
        font-family: ui-monospace, 'DejaVu Sans Mono', monospace;
      }
      .in-use {
        color: var(--kiosk-gold);
        font-weight: 700;
      }
      .warn {
        color: var(--kiosk-gold);
      }
    `,
  ];

  @state() private now = Date.now();

  /** Shown while true. */
  @property({ type: Boolean, reflect: true }) open = false;
  /** What the host says; null while it has not answered. */
  @property({ attribute: false }) info: AboutInfo | null = null;
  /** Why the host did not answer, if it did not. */
  @property() error: string | null = null;
  /** The board's link to its broker (from the view: it changes while the overlay is open). */
  @property({ attribute: false }) connection: ConnectionView | null = null;
  /** What staff should know (the staff line's items, whole: a portrait header has room for a few words only). */
  @property({ attribute: false }) staff: {
    readonly outOfStep: OutOfStep | null;
    readonly warnings: readonly StaffWarning[];
  } = { outOfStep: null, warnings: [] };
  /** Language of the labels: English with the board's Chinese. */
  @property() language: Language = DEFAULT_LANGUAGE;

  private ticker: ReturnType<typeof setInterval> | null = null;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopTicker();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('open')) return;
    this.stopTicker();
    if (this.open) {
      this.now = Date.now();
      this.ticker = setInterval(() => (this.now = Date.now()), 1000);
    }
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  /** Staff read English: a Chinese board's labels carry it too. */
  private get staffLanguage(): Language {
    return isChineseOnly(this.language) ? `en+${this.language}` : this.language;
  }

  private label(id: string, english: string): string {
    return plain(this.staffLanguage, id, english);
  }

  private brokers(info: AboutInfo) {
    if (info.brokers.length === 0) return html`<dd>none (the board shows its journal only)</dd>`;
    const used = brokerInUse(info.brokers, this.connection);
    return html`<dd class="mono">
      ${info.brokers.map(
        (b, i) =>
          html`<div class=${i === used ? 'in-use' : ''} data-broker=${i === used ? 'in-use' : 'standby'}>
            ${b}${i === used ? ' ◀ connected' : ''}
          </div>`,
      )}
    </dd>`;
  }

  /** The staff line's items in full, in words: the out-of-step, its time and reason, then each warning. */
  private forStaff() {
    const { outOfStep: o, warnings } = this.staff;
    if (!o && warnings.length === 0) return html`<dd data-row="about.staff">nothing</dd>`;
    const lang = this.staffLanguage;
    return html`<dd data-row="about.staff" class="warn">
      ${
        o
          ? html`<div data-code=${o.code}>
              ${plainOf(lang, outOfStepWords(lang, o.code))} · ${elapsed(o.since, this.now)} — ${o.reason}
            </div>`
          : nothing
      }
      ${warnings.map((w) => html`<div data-code=${w.code}>${plainOf(lang, warningWords(lang, w.code))} — ${w.detail}</div>`)}
    </dd>`;
  }

  override render() {
    if (!this.open) return nothing;
    const info = this.info;
    const c = this.connection;
    const since = c ? new Date(c.since).toLocaleTimeString('en-GB') : '';
    const row = (id: string, en: string, value: unknown, cls = '') =>
      html`<dt>${this.label(id, en)}</dt>
        <dd class=${cls} data-row=${id}>${value}</dd>`;
    return html`<div class="veil" role="dialog" aria-label=${this.label('about.title', 'About this board')}>
      <div class="box">
        <h2>${this.label('about.title', 'About this board')}</h2>
        ${this.error ? html`<p class="warn">The host did not answer: ${this.error}</p>` : nothing}
        <dl>
          ${
            info
              ? html`${row('about.version', 'Version', `${info.product} ${info.version}`)}
                  ${row('about.build', 'Build (SHA-256)', info.build ? `${info.build.slice(0, 16)}…` : 'unknown (not a built bundle)', 'mono')}
                  ${row('identify.display', 'Display', info.displayId, 'mono')}
                  ${row('identify.table', 'Table', info.tableId, 'mono')}
                  <dt>${this.label('about.brokers', 'Brokers')}</dt>
                  ${this.brokers(info)}`
              : nothing
          }
          ${row('about.connection', 'Connection', c ? `${c.state} since ${since}` : 'unknown')}
          ${
            info
              ? html`${row('about.config', 'Configuration', info.configFile ?? 'no file (defaults and environment)', 'mono')}
                ${row('about.uptime', 'Uptime', formatUptime(info.startedAt, this.now))}
                ${row('about.runtime', 'Runtime', formatRuntime(info.runtime, navigator.userAgent))}
                ${row('about.trust', 'Trust', formatTrust(info.trust), info.trust.requireSignatures ? '' : 'warn')}`
              : nothing
          }
          ${row('about.screen', 'Screen', formatScreen(window))}
          <dt>${this.label('about.staff', 'For staff')}</dt>
          ${this.forStaff()}
        </dl>
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-about': KioskAbout;
  }
}
