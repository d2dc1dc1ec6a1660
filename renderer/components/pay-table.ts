/**
 * `<kiosk-pay-table>`: the pay table in force for the current round, as the host worked it out
 * (`TableView.payTable`; no rules here): Player, Banker with its commission (rule 5.10) or the modified-odds sign
 * of rule 5.11 (shown prominently, and only when `modifiedOddsSign`), Tie 8 or 9 to 1, pairs 11 to 1, Perfect
 * Pairs with the pay scale in operation (rule 11A.8), UR Way Égalité and 3 gives 8 where offered.
 *
 * ```html
 * <kiosk-pay-table .payTable=${view.payTable} .signage=${view.signage} language="zh-Hant"></kiosk-pay-table>
 * ```
 * @packageDocumentation
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { str } from '@lit/localize';
import type { Odds, PayTableView } from '../../contract/kiosk';
import { oddsEn, oddsZh, percent } from '../format';
import { chineseTag, DEFAULT_LANGUAGE, localeOf, message, plain, show, tr, type Language } from '../localization';
import { payTableStyles } from './pay-table.styles';
import { sharedStyles } from './shared.styles';

type Text = TemplateResult | string;

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

  /** Odds in the language: "19 to 20", "1 赔 0.95", or both. */
  private odds(o: Odds): Text {
    const zh = chineseTag(this.language);
    return show(this.language, { en: oddsEn(o), zh: zh ? oddsZh(o, zh) : null });
  }

  private row(bet: string, name: Text, odds: Text, note: Text | typeof nothing = nothing) {
    return html`<div class="row" data-bet=${bet}>
      <span class="name">${name}</span>
      <span class="odds num">${odds}</span>
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

  private perfectPairs(pp: NonNullable<PayTableView['perfectPairs']>) {
    const lang = this.language;
    const scale =
      pp.scale === 'one' ? tr(lang, 'pays.scaleOne', 'Pay Scale One') : tr(lang, 'pays.scaleTwo', 'Pay Scale Two');
    const kind = (key: string, name: Text, o: Odds) =>
      html`<div class="pp" data-kind=${key}>
        <span class="pp-name">${name}</span><span class="odds num">${this.odds(o)}</span>
      </div>`; // one row each
    return html`<div class="group perfect-pairs" data-bet="perfectPairs" data-scale=${pp.scale}>
      <span class="name">${tr(lang, 'pays.perfectPairs', 'Perfect Pairs')} <span class="scale">${scale}</span></span>
      <div class="pp-row">
        ${kind('mixed', tr(lang, 'pays.mixed', 'Mixed pair'), pp.mixed)}
        ${kind('coloured', tr(lang, 'pays.coloured', 'Coloured pair'), pp.coloured)}
        ${kind('perfect', tr(lang, 'pays.perfect', 'Perfect pair'), pp.perfect)}
      </div>
    </div>`;
  }

  private urWay(rows: NonNullable<PayTableView['urWayEgalite']>) {
    return html`<div class="group ur-way" data-bet="urWayEgalite">
      <span class="name">${tr(this.language, 'pays.urWay', 'UR Way Égalité')}</span>
      <div class="ur-grid">
        ${rows.map(
          (r) =>
            html`<span class="ur-cell" data-score=${r.score}
              ><span class="score">${r.score}</span><span class="num">${r.odds.win}:${r.odds.stake}</span></span
            >`,
        )}
      </div>
    </div>`;
  }

  override render() {
    const p = this.payTable;
    if (!p) return nothing;
    const lang = this.language;
    const rate = percent(p.commission ?? 0, 1, localeOf(lang)).replace(/[.,]0(?=\D*$)/, '');
    const banker =
      p.variant === 'commission'
        ? this.row(
            'banker',
            tr(lang, 'banker', 'Banker'),
            this.odds(p.banker),
            tr(lang, 'pays.lessCommission', str`1 to 1 less ${rate} commission`),
          )
        : this.row('banker', tr(lang, 'banker', 'Banker'), this.odds(p.banker));
    return html`<div class="pays" role="group" aria-label=${plain(lang, 'pays.title', 'Pays')}>
      ${p.modifiedOddsSign && p.bankerSix ? this.sixSign(p.bankerSix) : nothing}
      <h2 class="title">${tr(lang, 'pays.title', 'Pays')}</h2>
      ${this.row('player', tr(lang, 'player', 'Player'), this.odds(p.player))} ${banker}
      ${this.row('tie', tr(lang, 'tie', 'Tie'), this.odds(p.tie))}
      ${p.pairs ? this.row('pairs', tr(lang, 'pays.pairs', 'Pairs'), this.odds(p.pairs)) : nothing}
      ${p.perfectPairs ? this.perfectPairs(p.perfectPairs) : nothing}
      ${p.threeGivesEight ? this.row('threeGivesEight', tr(lang, 'pays.threeGivesEight', '3 gives 8'), this.odds(p.threeGivesEight)) : nothing}
      ${p.urWayEgalite ? this.urWay(p.urWayEgalite) : nothing}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-pay-table': KioskPayTable;
  }
}
