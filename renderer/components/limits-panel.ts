/**
 * `<kiosk-limits>`: the wager limits sign: minimum and maximum large with the tie and pair maximums beside them
 * (`headline`, the header's), then the maximum table differential, which rule 5.17 puts on the same notice
 * (`details`, the sign column's). Amounts in the sign's currency with
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
        gap: 0.2em;
        line-height: 1.12;
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
        font-size: 1.35em;
        line-height: 1.05;
      }
      :host([show='headline']) .main {
        display: flex;
        gap: 0.8em;
        margin: 0;
      }
      :host([show='headline']) .label .bi {
        flex-wrap: nowrap;
      }
      :host([show='headline']) .main .limit + .limit {
        padding-left: 0.8em;
        border-left: 1px solid var(--kiosk-gold-hairline);
      }
      :host([dense]) .limits {
        gap: 0;
        line-height: 1.04;
      }
      /* Tight (the sign column still overflows when dense): the text at the floor, one line where it then fits. */
      :host([tight]) {
        font-size: var(--kiosk-text-min);
      }
      :host([tight]) .limits {
        line-height: 1;
      }
      /* Its label and amount on one line where a fifth of an em between them, and between the label's English and
         Chinese, lets them be: a pataca table's "Max differential 最大差额 MOP 100,000" on a portrait board wrapped
         its label at 0.3 em, and the line it took cut the sign column's foot (FitController has no room left). */
      :host([tight]) .limit {
        gap: 0.2em;
      }
      :host([tight]) .label .bi {
        column-gap: 0.2em;
      }
      /* A headline too wide for its header at the text's own size (limits in the millions, two languages): the
         amounts a step smaller, at the floor with the rest (FitController), on one row still. */
      :host([show='headline'][tight]) .main {
        gap: 0.5em;
      }
      :host([show='headline'][tight]) .main .limit + .limit {
        padding-left: 0.5em;
      }
      :host([show='headline'][tight]) .main .amount {
        font-size: 1.15em;
      }
      :host([show='headline'][tight]) .main .limit.secondary .amount {
        font-size: 1em;
      }
      /* The tie and pair maximums: under "Tie" and "Pair", beside the minimum and maximum, a step quieter. */
      .main .limit.secondary .amount {
        font-size: 1.1em;
        line-height: 1.25;
        color: var(--kiosk-ink);
      }
    `,
  ];

  /** The table's signs, or null until known. */
  @property({ attribute: false }) signage: TableSignage | null = null;
  /** Language of the sign. */
  @property() language: Language = DEFAULT_LANGUAGE;
  /** Which limits: `headline` (minimum, maximum, tie and pair maximums), `details` (differential) or `all`. */
  @property({ reflect: true }) show: 'headline' | 'details' | 'all' = 'all';
  /** The headline includes the maximum table differential (a landscape header has room for it). */
  @property({ type: Boolean }) differential = false;
  /**
   * A pair bet (Player or Banker Pair) is offered: the pair maximum (house rule 6.1.3) is shown only then, as patrons
   * read "Pair max" as "pair bets are taken here" (found by hand on a table that offered none).
   */
  @property({ attribute: false }) pairsOffered = true;
  /**
   * The headline shows the minimum and maximum only: even at the floor the others do not fit beside them (a portrait
   * header, limits in the millions), so they are in the sign column's `details` (`secondary`). Set by FitController.
   */
  @property({ type: Boolean }) brief = false;
  /** The details show the tie and pair maximums too, before the differential: the headline is `brief`. */
  @property({ type: Boolean }) secondary = false;

  private limit(key: string, label: TemplateResult | string, amount: number | undefined, kind = '') {
    if (amount === undefined) return nothing;
    const l = this.signage!.limits;
    return html`<div class="limit ${kind}" data-limit=${key}>
      <span class="label">${label}</span>
      <span class="amount num">${money(amount, l.currency, localeOf(this.language))}</span>
    </div>`;
  }

  override render() {
    const s = this.signage;
    if (!s) return nothing;
    const lang = this.language;
    const l = s.limits;
    // The differential with the others (a landscape header, or everything at once), or on its own (`details`).
    const differential = this.show === 'details' || this.show === 'all' || this.differential;
    const maxDiff = (kind = '') =>
      this.limit('maxDifferential', tr(lang, 'limits.maxDiff', 'Max differential'), l.maxDifferential, kind);
    const others = (kind = '') => html`
      ${this.limit('tieMaximum', tr(lang, 'limits.tie', 'Tie max'), l.tieMaximum, kind)}
      ${
        this.pairsOffered
          ? this.limit('pairMaximum', tr(lang, 'limits.pair', 'Pair max'), l.pairMaximum, kind)
          : nothing
      }
      ${differential ? maxDiff(kind) : nothing}
    `;
    return html`<div class="limits" role="group" aria-label=${plain(lang, 'limits.title', 'Table limits')}>
      ${
        this.show === 'details'
          ? this.secondary
            ? others()
            : maxDiff()
          : html`<div class="main">
              ${this.limit('minimum', tr(lang, 'limits.min', 'Minimum'), l.minimum)}
              ${this.limit('maximum', tr(lang, 'limits.max', 'Maximum'), l.maximum)}
              ${this.brief && this.show === 'headline' ? nothing : others('secondary')}
            </div>`
      }
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-limits': KioskLimits;
  }
}
