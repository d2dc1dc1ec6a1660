/**
 * `<kiosk-last-hand>`: the newest coup as patrons saw it dealt: Player's and Banker's cards (a third card turned
 * sideways, as dealers place it), their points, the winner highlighted, pairs and naturals marked, and whether it
 * was a void hand or a void round, and why (reasons.ts). Where the table offers Perfect Pairs, a pair says its kind
 * (mixed, coloured or perfect: the core's `pairKind` of the side's first two cards), which is what that wager pays on.
 * The winner is the core's `hand.outcome`; nothing is decided here.
 *
 * ```html
 * <kiosk-last-hand .hand=${shoeHand} language="zh-Hant"></kiosk-last-hand>
 * ```
 * @packageDocumentation
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { str } from '@lit/localize';
import { pairKind, points, type PairKind } from '../../baccarat/cards';
import type { ShoeHand } from '../../baccarat/shoe';
import { isNatural } from '../../baccarat/table-of-play';
import type { Card, Side } from '../../baccarat/types';
import { count } from '../format';
import {
  DEFAULT_LANGUAGE,
  isBilingual,
  isChineseOnly,
  localeOf,
  message,
  plain,
  show,
  tr,
  type Language,
} from '../localization';
import { reasonMessage } from '../reasons';
import { lastHandBadgeStyles } from './last-hand-badges.styles';
import { lastHandStyles } from './last-hand.styles';
import { playingCard } from './playing-card';
import { playingCardStyles } from './playing-card.styles';
import { sharedStyles } from './shared.styles';
import { SideWidthController } from '../controllers/side-width';

/**
 * The last hand.
 * @cssproperty --kiosk-banker - Banker side accent.
 * @cssproperty --kiosk-player - Player side accent.
 * @cssproperty --kiosk-gold - The winner's frame.
 */
@customElement('kiosk-last-hand')
export class KioskLastHand extends LitElement {
  static override styles = [sharedStyles, playingCardStyles, lastHandStyles, lastHandBadgeStyles];

  /** The newest round with a result, or null. */
  @property({ attribute: false }) hand: ShoeHand | null = null;
  /** Language of the panel. */
  @property() language: Language = DEFAULT_LANGUAGE;
  /** A notice in force already says why the hand is void: not repeated here (the side column has no room to spare). */
  @property({ type: Boolean, attribute: 'reason-off' }) reasonOff = false;
  /** The table offers Perfect Pairs (rule 11A): a pair's badge names its kind. */
  @property({ type: Boolean, attribute: 'pair-kinds' }) pairKinds = false;
  /** On one row: the title at the left, the Player's and the Banker's sides beside each other (a wide, low place). */
  @property({ type: Boolean, reflect: true }) row = false;

  /** The width a side has, for its styles to keep its cards clear of its name and points. */
  private readonly sideWidth = new SideWidthController(this);

  private side(side: Side, cards: readonly Card[] | undefined) {
    const h = this.hand!.hand;
    const lang = this.language;
    const pts =
      (side === 'player' ? h.playerPoints : h.bankerPoints) ?? (cards && cards.length ? points(cards) : undefined);
    const pair = side === 'player' ? h.playerPair : h.bankerPair;
    const natural = cards !== undefined && cards.length >= 2 && isNatural(points(cards.slice(0, 2)));
    // A tie is said once, in the title row; a side says what is its own: won, its pair, its natural (not on a void
    // hand or round: no bet was settled on it, and its own badge and reason say so). Nor the winner's gold frame:
    // beside "No bets this hand" it read as a Banker win.
    const settled = !this.hand!.voided && !this.hand!.voidHand;
    const won = settled && h.outcome === side;
    // Its badges go on one line under the points: a bilingual board's three (won, a pair, a natural) took two, and
    // the panel cut the side. So with two cards the verdict goes beside the side's name, where the head has room;
    // with three (no natural then: a natural ends the coup before any third card) the head has none, and the
    // verdict leads the line of badges. A Chinese board's names and verdict are a character each ("闲 胜"): beside
    // the name it has room with three cards too (under it, 胜 sat against 闲, the rows out of line).
    const verdict =
      settled && won
        ? html`<span class="verdict ${side}" data-verdict=${side}>${tr(lang, 'lastHand.win', 'Win')}</span>`
        : null;
    const inHead = (cards?.length ?? 0) < 3 || isChineseOnly(lang);
    const badges = !settled
      ? []
      : [
          inHead ? null : verdict,
          pair ? this.pairBadge(side, cards) : null,
          natural ? html`<span class="badge natural">${tr(lang, 'stats.natural', 'Natural')}</span>` : null,
        ].filter((b) => b !== null);
    // A verdict and a pair beside three cards (tens are wide) have no room: they go on a line of their own under
    // the side's cards. Beside two, a pair and a natural fit in one language; in two ("● Perfect 完美", "Natural
    // 例牌") they took two lines there and the panel cut the Banker: under the cards, one.
    const under = badges.length >= 2 && (!inHead || isBilingual(lang));
    return html`<div
      class="side ${side} ${won ? 'won' : ''} ${h.outcome === 'tie' ? 'tied' : ''} ${under ? 'badges-under' : ''}"
      data-side=${side}
    >
      <div class="side-head">
        <span class="name">${side === 'player' ? tr(lang, 'player', 'Player') : tr(lang, 'banker', 'Banker')}</span>
        ${inHead ? (verdict ?? nothing) : nothing}
        <span class="points num" data-points=${pts ?? ''}>${pts ?? '–'}</span>
      </div>
      <div class="cards">${cards?.map((c, i) => playingCard(c, { sideways: i === 2 })) ?? nothing}</div>
      ${badges.length > 0 ? html`<div class="badges">${badges}</div>` : nothing}
    </div>`;
  }

  /**
   * "Pair"; where Perfect Pairs is offered and the cards are known, the kind it is paid as, in the pay table's own
   * words (Perfect, Coloured, Mixed: the row a patron is paid on), after a pair's dot as the roads draw one, in the
   * board's languages: "Perfect 完美" on a bilingual board (完美 alone left its English readers a word they could not
   * read; beside a natural, the badges go under the cards, where both fit).
   */
  private pairBadge(side: Side, cards: readonly Card[] | undefined) {
    const lang = this.language;
    const [a, b] = cards ?? [];
    const kind: PairKind | null = this.pairKinds && a && b ? pairKind(a, b) : null;
    if (!kind) return html`<span class="badge pair">${tr(lang, 'lastHand.pair', 'Pair')}</span>`;
    const m =
      kind === 'perfect'
        ? message(lang, 'pays.perfectShort', 'Perfect')
        : kind === 'coloured'
          ? message(lang, 'pays.colouredShort', 'Coloured')
          : message(lang, 'pays.mixedShort', 'Mixed');
    const label = plain(lang, 'lastHand.pair', 'Pair');
    return html`<span
      class="badge pair ${kind}"
      data-pair-kind=${kind}
      aria-label=${`${label}: ${m.en}${m.zh ? ` · ${m.zh}` : ''}`}
      ><span class="pair-dot ${side}" aria-hidden="true"></span>${show(lang, m)}</span
    >`;
  }

  override render() {
    const lang = this.language;
    const s = this.hand;
    if (!s) {
      return html`<div class="last empty" role="group" aria-label=${plain(lang, 'lastHand.title', 'Result')}>
        <div class="top"><h2 class="title">${tr(lang, 'lastHand.title', 'Result')}</h2></div>
        <span class="muted">${tr(lang, 'lastHand.none', 'No hands yet')}</span>
      </div>`;
    }
    // Why, in words (reasons.ts): a round voided after its result, or a void hand (a no-bet coup says it all); once
    // the notice that said so has ended.
    const code = s.voided?.reason ?? (s.voidHand?.kind === 'noBetsThisHand' ? s.voidHand.reason : undefined);
    const why = this.reasonOff ? null : reasonMessage(lang, code);
    const badge = s.voidHand
      ? html`<span class="badge void-hand"
          >${
            s.voidHand.kind === 'noBetCoup'
              ? tr(lang, 'notice.noBetCoup', 'No-bet coup')
              : tr(lang, 'notice.noBetsThisHand', 'No bets this hand')
          }</span
        >`
      : nothing;
    const verdict = s.voided
      ? html`<span class="verdict void">${tr(lang, 'lastHand.voided', 'Round void')}</span>`
      : nothing;
    const reason = why ? show(lang, why) : nothing;
    // On a line of its own, under the title (beside it, a bilingual title had no room left); the reason, a void
    // round's or a void hand's, over its dimmed cards, which no bet was settled on (the panel has no room for more
    // lines).
    const voidLine =
      badge === nothing && verdict === nothing ? nothing : html`<div class="void-line">${verdict}${badge}</div>`;
    // The ruler spans the sides' width at no height: what SideWidthController watches, so that a hand that changes
    // only their height (a third card, a line of badges) wakes no observer (renderer bench: four hands in five did).
    const sides = html`<div class="sides">
      <span class="ruler" aria-hidden="true"></span>
      ${this.side('player', s.cards?.player)} ${this.side('banker', s.cards?.banker)}
    </div>`;
    // A winner with three cards and a pair, or on a bilingual board a side with two, a pair and a natural, has its
    // badges on a line under its cards (see side()): the cards are drawn a little smaller then, so that the panel
    // holds both sides (both with a pair and a natural, 4-4 against 9-9, too).
    const winner = s.hand.outcome === 'tie' ? null : s.hand.outcome;
    const pairOf = (side: Side) => (side === 'player' ? s.hand.playerPair : s.hand.bankerPair);
    const twoNatural = (c: readonly Card[] | undefined) => c?.length === 2 && isNatural(points(c));
    const crowded =
      (winner !== null && pairOf(winner) && (s.cards?.[winner]?.length ?? 0) >= 3) ||
      (isBilingual(lang) &&
        !s.voided &&
        !s.voidHand &&
        (['player', 'banker'] as const).some((side) => pairOf(side) && twoNatural(s.cards?.[side])));
    return html`<div
      class="last ${s.voided || why ? 'voided' : ''} ${crowded ? 'crowded' : ''}"
      role="group"
      aria-label=${plain(lang, 'lastHand.titleNo', str`Result of hand ${s.no}`)}
    >
      <div class="top">
        <h2 class="title">${tr(lang, 'lastHand.title', 'Result')}</h2>
        <span class="hand-no num" data-hand=${s.no}>#${count(s.no, localeOf(lang))}</span>
        ${
          // Not on a void hand or round, as no side is framed on one: a green "Tie 和局" beside "No bets this hand"
          // read to a patron who had bet Tie as his 8 to 1 (found by a dealer); its points say 8 – 8.
          s.hand.outcome === 'tie' && !s.voided && !s.voidHand
            ? html`<span class="verdict tie" data-verdict="tie">${tr(lang, 'lastHand.tie', 'Tie')}</span>`
            : nothing
        }
      </div>
      ${voidLine}
      ${
        why
          ? html`<div class="void-hand-area">
              ${sides}
              <p class="why over" data-reason=${code!}><span class="chip">${reason}</span></p>
            </div>`
          : sides
      }
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-last-hand': KioskLastHand;
  }
}
