/**
 * `<kiosk-pay-table>`: the pay table in force for the current round, as the host worked it out
 * (`TableView.payTable`; no rules here): Player, Banker with its commission (rule 5.10) or the modified-odds sign
 * of rule 5.11 (shown prominently, and only when `modifiedOddsSign`), a change of pay table signed but not yet in
 * force, announced ahead ("From hand 31: Banker wins with 6 pays 1 to 2", "From the next shoe: …"), Tie 8 or 9 to 1,
 * pairs 11 to 1, Perfect Pairs with the pay scale in operation (rule 11A.8; "Pay scale not published" when the
 * casino has published none, rather than hide an offered bet), UR Way Égalité and 3 gives 8 where offered, each
 * side bet with its wager limits beside it where the sign gives them (rule 11A.4: "100 – 5,000", in the currency of
 * the limits in the header; said in full to assistive technology).
 *
 * ```html
 * <kiosk-pay-table .payTable=${view.payTable} .signage=${view.signage} language="zh-Hant"></kiosk-pay-table>
 * ```
 * @packageDocumentation
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { str } from '@lit/localize';
import { BANKER_SIX_ODDS } from '../../baccarat/pay-tables';
import type { Odds, PayTableView } from '../../contract/kiosk';
import { count, money, moneyRange, oddsEn, oddsZh, percent } from '../format';
import {
  chineseTag,
  DEFAULT_LANGUAGE,
  isBilingual,
  localeOf,
  message,
  plain,
  show,
  tr,
  type Language,
} from '../localization';
import { payTableStyles } from './pay-table.styles';
import { sharedStyles } from './shared.styles';

type Text = TemplateResult | string;
type Scheduled = NonNullable<PayTableView['scheduled']>;
type PerfectPairs = NonNullable<PayTableView['perfectPairs']>;

/** Rule 5.11's 1 to 2, as the board writes odds (win to stake). */
const SIX_ODDS: Odds = { win: BANKER_SIX_ODDS.win, stake: BANKER_SIX_ODDS.lose };

/**
 * The pay table.
 * @cssproperty --kiosk-gold - Frame of the modified-odds sign.
 * @cssproperty --kiosk-six-bg - Background of the modified-odds sign.
 */
@customElement('kiosk-pay-table')
export class KioskPayTable extends LitElement {
  static override styles = [sharedStyles, payTableStyles];

  /** The pay table in force, as the host computed it; null until known. */
  @property({ attribute: false }) payTable: PayTableView | null = null;
  /** Language of the sign. */
  @property() language: Language = DEFAULT_LANGUAGE;
  /**
   * The last step of the board's fit (fit-controller.ts), where even text at the floor overflows the sign column (a
   * portrait board at a table with no commission, every side bet and their limits): Player and Banker on one line
   * when they pay the same (the six sign over them says the exception), and the six sign's disc and frame closer, so
   * that its English holds on one line. Nothing is left out.
   */
  @property({ type: Boolean }) compact = false;
  /**
   * A step of the board's fit before the text gets smaller: the side bets' ranges say the currency's narrow symbol
   * ("$100 – 5,000", the header's limits saying "HK$"), not "HK$100 – 5,000", which two readers took for US dollars.
   */
  @property({ type: Boolean }) narrow = false;

  /** Odds in the language: "19 to 20", "1 赔 0.95", or both. */
  private odds(o: Odds): Text {
    const zh = chineseTag(this.language);
    return show(this.language, { en: oddsEn(o), zh: zh ? oddsZh(o, zh) : null });
  }

  /**
   * A side bet's wager limits as the host gave them (rule 11A.4), beside it: "HK$100 – 5,000", the currency said
   * once (bare, "50 – 1,000" under "180 to 1" read as another pay), its narrow symbol when the column is short of
   * room (`narrow`); none where the sign gives none. `nameId` and `name` are the bet's message, for the words ARIA reads out.
   */
  private betLimits(bet: string, nameId: string, name: string) {
    const l = this.payTable?.sideBetLimits?.find((x) => x.bet === bet);
    if (!l) return nothing;
    const lang = this.language;
    const locale = localeOf(lang);
    const [min, max] = [money(l.minimum, l.currency, locale), money(l.maximum, l.currency, locale)];
    const named = message(lang, nameId, name);
    const en = message(lang, 'pays.betLimits', str`${named.en}: wagers from ${min} to ${max}`).en;
    const zh =
      named.zh === null ? null : message(lang, 'pays.betLimits', str`${named.zh}: wagers from ${min} to ${max}`).zh;
    const aria = zh === null ? en : isBilingual(lang) ? `${en} · ${zh}` : zh;
    return html`<span class="bet-limits num" data-limits=${bet} role="note" aria-label=${aria}
      >${moneyRange(l.minimum, l.maximum, l.currency, locale, this.narrow)}</span
    >`;
  }

  private row(
    bet: string,
    name: Text,
    odds: Text,
    note: Text | typeof nothing = nothing,
    limits: TemplateResult | typeof nothing = nothing,
  ) {
    return html`<div class="row" data-bet=${bet}>
      <span class="name">${name}</span>
      <span class="odds num">${odds}${limits}</span>
      ${note === nothing ? nothing : html`<span class="note">${note}</span>`}
    </div>`;
  }

  /** Rule 5.11: the modified-odds sign, displayed at all times while the modification is in effect. */
  private sixSign(six: Odds) {
    const lang = this.language;
    const zh = chineseTag(lang);
    const en = message(lang, 'pays.bankerSix', str`Banker wins with 6 pays ${oddsEn(six)}`).en;
    const zhText = zh ? message(lang, 'pays.bankerSix', str`Banker wins with 6 pays ${oddsZh(six, zh)}`).zh : null;
    return html`<div class="six-sign" role="note" data-sign="modified-odds">
      <span class="six" aria-hidden="true">6</span>
      <span class="six-text">${show(lang, { en, zh: zhText })}</span>
    </div>`;
  }

  /** A commission rate as the sign writes it: "5%", "4.5%". */
  private rate(commission: number | null): string {
    return percent(commission ?? 0, 1, localeOf(this.language)).replace(/[.,]0(?=\D*$)/, '');
  }

  /**
   * A change of pay table signed but not yet in force, announced ahead: when ("From hand 31", "From the next shoe")
   * as a heading, then the Banker's pay under it, English over Chinese on a bilingual board, as the six sign has it.
   */
  private scheduled(next: Scheduled) {
    const lang = this.language;
    const zh = chineseTag(lang);
    const when =
      next.fromHand === null
        ? tr(lang, 'pays.fromNextShoe', 'From the next shoe')
        : tr(lang, 'pays.fromHand', str`From hand ${count(next.fromHand, localeOf(lang))}`);
    const rate = this.rate(next.commission);
    // Modified odds say first what changes from the commission in force, on a line of its own: none is taken (a
    // patron reading "Banker wins with 6 pays 1 to 2" under "19 to 20, less 5% commission" would take both).
    const what =
      next.variant === 'modified-odds'
        ? html`<span class="lead">${tr(lang, 'pays.noCommission', 'No commission')}</span>${show(lang, {
              en: message(lang, 'pays.bankerSix', str`Banker wins with 6 pays ${oddsEn(SIX_ODDS)}`).en,
              zh: zh ? message(lang, 'pays.bankerSix', str`Banker wins with 6 pays ${oddsZh(SIX_ODDS, zh)}`).zh : null,
            })}`
        : show(lang, message(lang, 'pays.bankerCommission', str`Banker pays 1 to 1 less ${rate} commission`));
    return html`<div
      class="scheduled"
      role="note"
      data-scheduled=${next.fromHand ?? 'next-shoe'}
      data-variant=${next.variant}
    >
      <span class="when">${when}</span>
      <span class="what ${next.variant === 'modified-odds' ? 'lines' : ''}">${what}</span>
    </div>`;
  }

  private perfectPairs(pp: PerfectPairs) {
    const lang = this.language;
    if (pp.scale === null) {
      // Rule 11A.8 wants the scale on display: say it is missing, calmly, rather than hide an offered bet.
      return html`<div class="group perfect-pairs" data-bet="perfectPairs" data-scale="none">
        <div class="head">
          <span class="name">${tr(lang, 'pays.perfectPairs', 'Perfect Pairs')}</span>
          ${this.betLimits('perfectPairs', 'pays.perfectPairs', 'Perfect Pairs')}
        </div>
        <span class="unpublished">${tr(lang, 'pays.scaleUnpublished', 'Pay scale not published')}</span>
      </div>`;
    }
    const scale =
      pp.scale === 'one' ? tr(lang, 'pays.scaleOne', 'Pay Scale One') : tr(lang, 'pays.scaleTwo', 'Pay Scale Two');
    // Under the "Perfect Pairs" heading, "Mixed", "Coloured", "Perfect": one line each in a narrow sign column.
    const kind = (key: string, name: Text, o: Odds) =>
      html`<div class="pp" data-kind=${key}>
        <span class="pp-name">${name}</span><span class="odds num">${this.odds(o)}</span>
      </div>`; // one row each
    return html`<div class="group perfect-pairs" data-bet="perfectPairs" data-scale=${pp.scale}>
      <div class="head name">
        <span>${tr(lang, 'pays.perfectPairs', 'Perfect Pairs')}</span>
        ${this.betLimits('perfectPairs', 'pays.perfectPairs', 'Perfect Pairs')}
        <span class="scale">${scale}</span>
      </div>
      <div class="pp-row">
        ${kind('mixed', tr(lang, 'pays.mixedShort', 'Mixed'), pp.mixed)}
        ${kind('coloured', tr(lang, 'pays.colouredShort', 'Coloured'), pp.coloured)}
        ${kind('perfect', tr(lang, 'pays.perfectShort', 'Perfect'), pp.perfect)}
      </div>
    </div>`;
  }

  private urWay(rows: NonNullable<PayTableView['urWayEgalite']>) {
    // Every UR Way odds is "N to 1" in practice: then the heading says "to 1" once and each score shows its N
    // (five to a line); otherwise each score shows its odds in full.
    const toOne = rows.every((r) => r.odds.stake === 1);
    return html`<div class="group ur-way ${toOne ? 'to-one' : ''}" data-bet="urWayEgalite">
      <div class="head">
        <span class="name"
          >${tr(this.language, 'pays.urWay', 'UR Way Égalité')}${toOne ? html` <span class="to-one-note num">(N:1)</span>` : nothing}</span
        >
        ${this.betLimits('urWayEgalite', 'pays.urWay', 'UR Way Égalité')}
      </div>
      <div class="ur-grid">
        ${rows.map(
          (r) =>
            html`<span class="ur-cell" data-score=${r.score}
              ><span class="score">${r.score}</span
              ><span class="num">${toOne ? r.odds.win : `${r.odds.win}:${r.odds.stake}`}</span></span
            >`,
        )}
      </div>
    </div>`;
  }

  override render() {
    const p = this.payTable;
    if (!p) return nothing;
    const lang = this.language;
    const rate = this.rate(p.commission);
    const banker =
      p.variant === 'commission'
        ? this.row(
            'banker',
            tr(lang, 'banker', 'Banker'),
            this.odds(p.banker),
            tr(lang, 'pays.commissionNote', str`less ${rate} commission`),
          )
        : this.row('banker', tr(lang, 'banker', 'Banker'), this.odds(p.banker));
    const player = this.row('player', tr(lang, 'player', 'Player'), this.odds(p.player));
    const same = p.variant !== 'commission' && p.player.win === p.banker.win && p.player.stake === p.banker.stake;
    const sides =
      this.compact && same
        ? this.row(
            'player banker',
            html`${tr(lang, 'player', 'Player')}<span class="and" aria-hidden="true"> · </span
              >${tr(lang, 'banker', 'Banker')}`,
            this.odds(p.player),
          )
        : html`${player} ${banker}`;
    // The six sign follows modifiedOddsSign alone: it stays up while the last round under modified odds may still be
    // settled, when the rows (and bankerSix) are already the next round's commission.
    return html`<div class="pays" role="group" aria-label=${plain(lang, 'pays.title', 'Pays')}>
      ${p.modifiedOddsSign ? this.sixSign(p.bankerSix ?? SIX_ODDS) : nothing} ${sides}
      ${p.scheduled ? this.scheduled(p.scheduled) : nothing}
      ${this.row('tie', tr(lang, 'tie', 'Tie'), this.odds(p.tie))}
      ${p.pairs ? this.row('pairs', tr(lang, 'pays.pairs', 'Pairs'), this.odds(p.pairs)) : nothing}
      ${p.perfectPairs ? this.perfectPairs(p.perfectPairs) : nothing}
      ${p.threeGivesEight ? this.row('threeGivesEight', tr(lang, 'pays.threeGivesEight', '3 gives 8'), this.odds(p.threeGivesEight), nothing, this.betLimits('threeGivesEight', 'pays.threeGivesEight', '3 gives 8')) : nothing}
      ${p.urWayEgalite ? this.urWay(p.urWayEgalite) : nothing}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-pay-table': KioskPayTable;
  }
}
