/**
 * `<kiosk-stats>`: the shoe's statistics (ROADS.md §6): shoe and hand number, Banker / Player / Tie counts with
 * percentages and the hands they are of ("57 hands"), a proportion bar, pairs and naturals. Numbers come from the
 * core's `stats()`; this only formats them.
 *
 * Patrons see one numbering, the dealer's: "Hand" is the number of the last hand dealt (as "Result #80" says; "–"
 * before the first), "Shoe" the controller's shoe number (nothing when it gives none). The counts are of the hands on
 * the roads, which leave out void hands: their number says so, "79 hands + 1 void", adding up to the hand number;
 * before the first hand nothing ("Hand –", and the last hand's "No hands yet", say it). Beside the hand number (the wide head line) the count is said only when it differs:
 * "Hand 79 … 79 hands" said one number twice; the hand number is the shoe's progress in hands. It never starts with "of": after "Shoe 3" (a landscape board's head line)
 * that read "Shoe 3 of 79 hands", and "Hand 80 of 79 hands" beside a void. The shoe's progress is told in hands
 * dealt, never in cards remaining (which would inform side bets).
 *
 * After the pairs and naturals (stats-streaks.ts): the current streak ("庄 ×4"), the longest Banker and Player
 * streaks of the big road, and at a no-commission table the Super 6 count (the Banker wins with 6 paid 1 to 2, rule
 * 5.11: the host counts them from the hand modified odds took effect).
 *
 * ```html
 * <kiosk-stats .stats=${map.stats()} hand="80" .shoeNo=${shoe.no ?? null} .superSix=${3} bead-label="hanzi"
 *   language="en+zh-Hans"></kiosk-stats>
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
import { streakLine, streakStyles } from './stats-streaks';
import { hanziLabels, LETTERS } from '../draw/bead-labels';

/**
 * Shoe statistics.
 * @cssproperty --kiosk-banker - Banker figures and bar.
 * @cssproperty --kiosk-player - Player figures and bar.
 * @cssproperty --kiosk-tie - Tie figures and bar.
 */
@customElement('kiosk-stats')
export class KioskStats extends LitElement {
  static override styles = [sharedStyles, statsStyles, streakStyles];

  /** The statistics of the roads, or null before a shoe. */
  @property({ attribute: false }) stats: Stats | null = null;
  /** The dealer's number of the last hand dealt in this shoe, void hands included (0: none yet). */
  @property({ type: Number }) hand = 0;
  /** The dealer's number for the shoe; null: the controller gives none, and none is shown. */
  @property({ attribute: false }) shoeNo: number | null = null;
  /** A no-commission table (modified odds in force): its Super 6 count; null: none shown. */
  @property({ attribute: false }) superSix: number | null = null;
  /** No streak line (a board whose signs leave no room for it: see FitController). */
  @property({ type: Boolean, attribute: 'without-streaks' }) withoutStreaks = false;
  /** How the bead plate labels the sides (庄 / 閒, or B / P): the streaks' small beads say the same. */
  @property({ attribute: 'bead-label' }) beadLabel: 'hanzi' | 'letters' | 'points' = 'hanzi';
  /** Language of the panel. */
  @property() language: Language = DEFAULT_LANGUAGE;
  /** In a few long lines: a wide, low place (under the derived roads of a landscape board). */
  @property({ type: Boolean, reflect: true }) wide = false;

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
      <span class="figures"
        ><span class="count num">${count(n, locale)}</span>
        <span class="pct num">${percent(n, of, locale, this.wide ? 0 : 1)}</span></span
      >
    </div>`;
  }

  /**
   * The hands at their widest ("888 hands + 8 void", "No hands yet"): the room they keep on their one line from the
   * shoe's first hand, so that the first void hand's count moves nothing (it wrapped, and the panel dropped a line).
   */
  private widestDenominators() {
    return [this.denominator(888, 896), this.denominator(0, 0)];
  }

  /**
   * The hands the counts are of: "79 hands", "1 hand"; with hands dealt but not on the roads (void), "79 hands +
   * 1 void"; none dealt yet, "No hands yet". Chinese says "共 79 局", "79 局 + 1 局无效", "暂无牌局".
   */
  private denominator(hands: number, dealt: number) {
    const lang = this.language;
    const locale = localeOf(lang);
    const [n, off] = [count(hands, locale), count(Math.max(0, dealt - hands), locale)];
    if (dealt <= hands) {
      if (hands === 0) return tr(lang, 'stats.noHands', 'No hands yet');
      return hands === 1 ? tr(lang, 'stats.oneHand', str`${n} hand`) : tr(lang, 'stats.hands', str`${n} hands`);
    }
    return hands === 1
      ? tr(lang, 'stats.oneHandVoid', str`${n} hand + ${off} void`)
      : tr(lang, 'stats.handsVoid', str`${n} hands + ${off} void`);
  }

  override render() {
    const lang = this.language;
    const locale = localeOf(lang);
    const s = this.stats;
    const hands = s?.hands ?? 0;
    const shoeNo = this.shoeNo;
    const bar = (n: number) => (hands > 0 ? Math.round((n / hands) * 10000) / 100 : 0); // SVG attributes: CSP-safe
    const [b, p, t] = [s?.banker ?? 0, s?.player ?? 0, s?.tie ?? 0];
    // Beside "Hand 79" (the wide head line), "79 hands" would say the hand number again: the count is said there
    // only when it is not the hand number (void hands) or there is none yet; its room is kept all the same.
    // Before the first hand nothing is said: "Hand –" says it, and the last hand's "No hands yet" beside (a new shoe's
    // board said "No hands yet" twice).
    const twice = (this.wide && hands > 0 && hands === this.hand) || this.hand === 0;
    const denominator = html`<span
      class="denominator"
      data-denominator=${hands}
      data-void=${Math.max(0, this.hand - hands)}
      ><span class="said">${twice ? nothing : this.denominator(hands, this.hand)}</span
      >${this.widestDenominators().map((w) => html`<span class="widest" aria-hidden="true">${w}</span>`)}</span
    >`;
    return html`<section class="stats" aria-label=${plain(lang, 'stats.title', 'Statistics')}>
      <div class="head">
        <div class="figure hand">
          <span class="label">${tr(lang, 'stats.hand', 'Hand')}</span>
          <span class="value num" data-value="hand">${this.hand > 0 ? count(this.hand, locale) : '–'}</span>
        </div>
        ${
          shoeNo === null
            ? nothing
            : html`<div class="figure shoe">
                <span class="label">${tr(lang, 'stats.shoe', 'Shoe')}</span>
                <span class="value num" data-value="shoe">${count(shoeNo, locale)}</span>
              </div>`
        }
        ${
          // Without the streak line (the board gave it to its signs), the Super 6 count joins the hand and the shoe:
          // alone on a line it kept the line the board gave up.
          this.withoutStreaks && this.superSix !== null
            ? html`<div class="figure super-six" data-kind="bankerSix">
                <span class="label">${tr(lang, 'stats.superSix', 'Super 6')}</span>
                <span class="value num">${count(this.superSix, locale)}</span>
              </div>`
            : nothing
        }
        ${this.wide ? denominator : nothing}
      </div>
      <div class="rows">
        ${this.row('banker', s?.banker ?? 0, hands)} ${this.row('player', s?.player ?? 0, hands)}
        ${this.row('tie', s?.tie ?? 0, hands)}
      </div>
      ${
        this.wide
          ? nothing
          : html`<div class="bar-line">
              <svg class="bar" viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true">
                <rect class="track" width="100" height="4"></rect>
                <rect class="b" x="0" width=${bar(b)} height="4"></rect>
                <rect class="p" x=${bar(b)} width=${bar(p)} height="4"></rect>
                <rect class="t" x=${bar(b) + bar(p)} width=${bar(t)} height="4"></rect>
              </svg>
              ${denominator}
            </div>`
      }
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
        ${streakLine({
          stats: s,
          lang,
          labels: this.beadLabel === 'letters' ? LETTERS : hanziLabels(locale),
          superSix: this.withoutStreaks ? null : this.superSix,
          streaks: !this.withoutStreaks,
        })}
      </div>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-stats': KioskStats;
  }
}
