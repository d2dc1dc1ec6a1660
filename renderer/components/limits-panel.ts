/**
 * `<kiosk-limits>`: the wager limits sign: minimum and maximum large, then the tie and pair maximums and the
 * maximum table differential, which rule 5.17 puts on the same notice. Amounts in the sign's currency with
 * `Intl.NumberFormat`.
 *
 * ```html
 * <kiosk-limits .signage=${view.signage} language="en+zh-Hans"></kiosk-limits>
 * ```
 * @packageDocumentation
 */
import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { TableSignage } from '../../contract/schemas/signage';
import { money } from '../format';
import { DEFAULT_LANGUAGE, localeOf, plain, tr, type Language } from '../localization';
import { sharedStyles } from './shared.styles';

/**
 * Table limits.
 * @cssproperty --kiosk-gold - Labels.
 */
@customElement('kiosk-limits')
export class KioskLimits extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
        font-size: var(--kiosk-text);
      }
      .limits {
        display: flex;
        flex-direction: column;
        gap: 0.35em;
      }
      .main {
        display: grid;
        grid-template-columns: 1fr 1fr;
        gap: 0.8em;
        margin-bottom: 0.2em;
      }
      .limit {
        display: flex;
        justify-content: space-between;
        align-items: baseline;
        gap: 0.6em;
      }
      .main .limit {
        flex-direction: column;
        align-items: flex-start;
        gap: 0.05em;
      }
      .label {
        font-size: var(--kiosk-text-small);
        color: var(--kiosk-ink-muted);
      }
      .main .label {
        color: var(--kiosk-gold);
      }
      .amount {
        font-weight: 700;
        white-space: nowrap;
      }
      .main .amount {
        font-size: 1.45em;
        line-height: 1.1;
      }
      :host([show='headline']) .main {
        display: flex;
        gap: 1.4em;
        margin: 0;
      }
      :host([show='headline']) .main .limit + .limit {
        padding-left: 1.4em;
        border-left: 1px solid var(--kiosk-gold-hairline);
      }
    `,
  ];

  /** The table's signs, or null until known. */
  @property({ attribute: false }) signage: TableSignage | null = null;
  /** Language of the sign. */
  @property() language: Language = DEFAULT_LANGUAGE;
  /** Which limits: `headline` (minimum and maximum, large), `details` (tie, pair, differential) or `all`. */
  @property({ reflect: true }) show: 'headline' | 'details' | 'all' = 'all';

  private limit(key: string, label: TemplateResult | string, amount: number | undefined) {
    if (amount === undefined) return nothing;
    const l = this.signage!.limits;
    return html`<div class="limit" data-limit=${key}>
      <span class="label">${label}</span>
      <span class="amount num">${money(amount, l.currency, localeOf(this.language))}</span>
    </div>`;
  }

  override render() {
    const s = this.signage;
    if (!s) return nothing;
    const lang = this.language;
    const l = s.limits;
    const headline = this.show !== 'details';
    const details = this.show !== 'headline';
    return html`<div class="limits" role="group" aria-label=${plain(lang, 'limits.title', 'Table limits')}>
      ${
        headline
          ? html`<div class="main">
              ${this.limit('minimum', tr(lang, 'limits.min', 'Minimum'), l.minimum)}
              ${this.limit('maximum', tr(lang, 'limits.max', 'Maximum'), l.maximum)}
            </div>`
          : nothing
      }
      ${
        details
          ? html`${this.limit('tieMaximum', tr(lang, 'limits.tieMax', 'Tie maximum'), l.tieMaximum)}
            ${this.limit('pairMaximum', tr(lang, 'limits.pairMax', 'Pair maximum'), l.pairMaximum)}
            ${this.limit('maxDifferential', tr(lang, 'limits.differential', 'Max table differential'), l.maxDifferential)}`
          : nothing
      }
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-limits': KioskLimits;
  }
}
