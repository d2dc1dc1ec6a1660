/**
 * `<kiosk-stats>`: the shoe's statistics (ROADS.md §6): shoe and hand number, Banker / Player / Tie counts with
 * percentages and their denominator ("of 57 hands"), a proportion bar, pairs and naturals. Numbers come from the
 * core's `stats()`; this only formats them.
 *
 * ```html
 * <kiosk-stats .stats=${map.stats()} shoe-number="3" language="en+zh-Hans"></kiosk-stats>
 * ```
 * @packageDocumentation
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { str } from '@lit/localize';
import type { Stats } from '../../baccarat/roads/types';
import { count, percent } from '../format';
import { DEFAULT_LANGUAGE, localeOf, plain, tr, type Language } from '../localization';
import { star } from './icons';
import { sharedStyles } from './shared.styles';
import { statsStyles } from './stats-panel.styles';

/**
 * Shoe statistics.
 * @cssproperty --kiosk-banker - Banker figures and bar.
 * @cssproperty --kiosk-player - Player figures and bar.
 * @cssproperty --kiosk-tie - Tie figures and bar.
 */
@customElement('kiosk-stats')
export class KioskStats extends LitElement {
  static override styles = [sharedStyles, statsStyles];

  /** The statistics of the roads, or null before a shoe. */
  @property({ attribute: false }) stats: Stats | null = null;
  /** The shoe's number at this table (0: none yet). */
  @property({ type: Number, attribute: 'shoe-number' }) shoeNumber = 0;
  /** Language of the panel. */
  @property() language: Language = DEFAULT_LANGUAGE;

  private row(kind: 'banker' | 'player' | 'tie', n: number, of: number) {
    const lang = this.language;
    const locale = localeOf(lang);
    const name =
      kind === 'banker'
        ? tr(lang, 'banker', 'Banker')
        : kind === 'player'
          ? tr(lang, 'player', 'Player')
          : tr(lang, 'tie', 'Tie');
    return html`<div class="row ${kind}" data-kind=${kind}>
      <span class="swatch" aria-hidden="true"></span>
      <span class="name">${name}</span>
      <span class="count num">${count(n, locale)}</span>
      <span class="pct num">${percent(n, of, locale)}</span>
    </div>`;
  }

  override render() {
    const lang = this.language;
    const locale = localeOf(lang);
    const s = this.stats;
    const hands = s?.hands ?? 0;
    const bar = (n: number) => (hands > 0 ? Math.round((n / hands) * 10000) / 100 : 0); // SVG attributes: CSP-safe
    const [b, p, t] = [s?.banker ?? 0, s?.player ?? 0, s?.tie ?? 0];
    return html`<section class="stats" aria-label=${plain(lang, 'stats.title', 'Statistics')}>
      <div class="head">
        <div class="figure hand">
          <span class="label">${tr(lang, 'stats.hand', 'Hand')}</span>
          <span class="value num" data-value="hands">${count(hands, locale)}</span>
        </div>
        ${
          this.shoeNumber > 0
            ? html`<div class="figure shoe">
                <span class="label">${tr(lang, 'stats.shoe', 'Shoe')}</span>
                <span class="value num" data-value="shoe">${count(this.shoeNumber, locale)}</span>
              </div>`
            : nothing
        }
      </div>
      <div class="rows">
        ${this.row('banker', s?.banker ?? 0, hands)} ${this.row('player', s?.player ?? 0, hands)}
        ${this.row('tie', s?.tie ?? 0, hands)}
      </div>
      <div class="bar-line">
        <svg class="bar" viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true">
          <rect class="track" width="100" height="4"></rect>
          <rect class="b" x="0" width=${bar(b)} height="4"></rect>
          <rect class="p" x=${bar(b)} width=${bar(p)} height="4"></rect>
          <rect class="t" x=${bar(b) + bar(p)} width=${bar(t)} height="4"></rect>
        </svg>
        <span class="denominator" data-denominator=${hands}>
          ${tr(lang, 'stats.ofHands', str`of ${count(hands, locale)} hands`)}
        </span>
      </div>
      <div class="extras">
        <div class="extra" data-kind="bankerPair">
          <span class="dot banker" aria-hidden="true"></span>${tr(lang, 'stats.bankerPair', 'Banker pair')}
          <span class="num">${count(s?.bankerPair ?? 0, locale)}</span>
        </div>
        <div class="extra" data-kind="playerPair">
          <span class="dot player" aria-hidden="true"></span>${tr(lang, 'stats.playerPair', 'Player pair')}
          <span class="num">${count(s?.playerPair ?? 0, locale)}</span>
        </div>
        <div class="extra" data-kind="natural">
          ${star()}${tr(lang, 'stats.natural', 'Natural')}
          <span class="num">${count(s?.natural ?? 0, locale)}</span>
        </div>
      </div>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-stats': KioskStats;
  }
}
