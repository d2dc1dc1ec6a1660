/**
 * What each notice says (`<kiosk-notices>`, notice-board.ts): its headline, and under it its detail, each in the
 * board's language or both of its languages; `brief`, the short forms a narrow place in the band takes.
 *
 * ```ts
 * html`<div class="headline">${headline(n, 'en+zh-Hans', false)}</div>`;
 * ```
 * @packageDocumentation
 */
import { html, nothing, type TemplateResult } from 'lit';
import { str } from '@lit/localize';
import { DEALER_UNDO_BY } from '../../contract/correction-by';
import type { Notice } from '../../contract/kiosk';
import { count } from '../format';
import { localeOf, message, show, tr, type Language, type Message } from '../localization';
import { reasonMessage } from '../reasons';

/** What the notice says first, large; `brief`, its short form. */
export function headline(n: Notice, lang: Language, brief: boolean): TemplateResult | string {
  switch (n.kind) {
    case 'lastCoup':
      return brief
        ? tr(lang, 'notice.lastCoupShort', 'Last coup')
        : tr(lang, 'notice.lastCoup', 'Last hand · Last coup');
    case 'cutCardWithdrawn':
      return tr(lang, 'notice.cutCardWithdrawn', 'Cut card withdrawn');
    case 'noBetsThisHand':
      return tr(lang, 'notice.noBetsThisHand', 'No bets this hand');
    case 'noBetCoup':
      return tr(lang, 'notice.noBetCoup', 'No-bet coup');
    case 'roundVoid':
      return tr(lang, 'notice.roundVoid', 'Round void');
    case 'shuffle':
      return tr(lang, 'notice.shuffle', 'Shuffling');
    case 'newShoe':
      return tr(lang, 'notice.newShoe', 'New shoe');
    case 'burn':
      return tr(lang, 'notice.burn', 'Burn');
    case 'tableClosed':
      return tr(lang, 'notice.tableClosed', 'Table closed');
    case 'corrected':
      return tr(lang, 'notice.corrected', 'Corrected result');
    case 'shoeEnd':
      return tr(lang, 'notice.shoeEnd', 'Shoe end');
  }
}

/** What the notice says under its headline; `brief`, only its essential part (which hand, why). */
export function detail(
  n: Notice,
  lang: Language,
  brief: boolean,
  results: boolean,
): TemplateResult | string | typeof nothing {
  const no = n.hand === undefined ? null : count(n.hand, localeOf(lang));
  switch (n.kind) {
    case 'lastCoup':
      return lastCoup(n, lang, brief);
    case 'cutCardWithdrawn':
      return tr(lang, 'notice.cutCardWithdrawnDetail', 'Not the last coup: the shoe goes on');
    case 'noBetsThisHand':
    case 'roundVoid':
      return voidDetail(n, lang, brief);
    case 'noBetCoup':
      return no === null ? nothing : tr(lang, 'notice.noBetCoupNo', str`Hand ${no} is dealt without wagers`);
    case 'shuffle':
      return tr(lang, 'notice.shuffleDetail', 'Please wait for the new shoe');
    case 'newShoe':
      return tr(lang, 'notice.newShoeDetail', 'The roads start afresh');
    case 'burn':
      return n.burn ? burnt(lang, n.burn.count) : nothing;
    case 'tableClosed':
      return results ? tr(lang, 'notice.tableClosedDetail', 'Results of this shoe remain shown') : nothing;
    case 'corrected':
      if (no === null) return nothing;
      if (brief) return tr(lang, 'notice.correctedNo', str`Hand ${no} corrected`);
      // A dealer's undo is a code, said in the board's words; a supervisor's name is shown as it was given.
      if (n.by === DEALER_UNDO_BY)
        return tr(lang, 'notice.correctedByDealerUndo', str`Hand ${no} corrected by the dealer (undo)`);
      return n.by
        ? tr(lang, 'notice.correctedBy', str`Hand ${no} corrected by ${n.by}`)
        : tr(lang, 'notice.correctedNo', str`Hand ${no} corrected`);
    case 'shoeEnd':
      return tr(lang, 'notice.shoeEndDetail', 'No further hands until the cards are reshuffled');
  }
}

/**
 * Rule 7.7: the card turned face up (drawn beside the words) and `count` more face down (its face value, rule 7.9),
 * all to the discard rack. "7 cards burnt" beside a face-up 7 left a patron or surveillance to guess whether the 7
 * counted: the words say both ("1 face up + 7 face down"), short enough for the band in two languages at once.
 * Each half is one phrase: its spaces do not break, and the styles keep Chinese from breaking inside a word (keep-all),
 * so a line breaks only around "+" ("10 | face down", "10 张背 | 面" read as something else).
 */
function burnt(lang: Language, faceDown: number): TemplateResult | string {
  const locale = localeOf(lang);
  const [up, down] = [count(1, locale), count(faceDown, locale)];
  return tr(lang, 'notice.burnt', str`${up}\u00a0face\u00a0up + ${down}\u00a0face\u00a0down`);
}

/**
 * A void hand (rules 12.1 to 12.3) or a void round (12.5, 12.6): which hand, then why, each language's words
 * together ("Hand 15 is a void hand · The first card was face up", then "第 15 局为无效牌局 · 首张牌正面朝上").
 * The reason is a contract code, shown in words or not at all (reasons.ts). Brief, the reason alone (the headline
 * says the hand is void).
 */
function voidDetail(n: Notice, lang: Language, brief: boolean): TemplateResult | string | typeof nothing {
  const no = n.hand === undefined ? null : count(n.hand, localeOf(lang));
  const which: Message | null =
    n.kind === 'roundVoid'
      ? no === null
        ? null
        : message(lang, 'notice.roundVoidNo', str`Hand ${no} is void`)
      : no === null
        ? message(lang, 'notice.voidHand', 'A void hand is dealt')
        : message(lang, 'notice.voidHandNo', str`Hand ${no} is a void hand`);
  const why = reasonMessage(lang, n.reason);
  const text = together(lang, brief && why ? [why] : [which, why]);
  return why && text !== nothing ? html`<span class="reason" data-reason=${n.reason!}>${text}</span>` : text;
}

/**
 * Rule 11.2: (a) the cut card was the round's first card, this round is the last; (b) one further round. Once the
 * host says the last coup has been dealt (`dealt`: recorded, played or voided), no hand is promised any more.
 * Each language's words together, as a void hand's ("Cut card out — … · Hand 73 is the last hand", then
 * "切牌卡已出 — … · 第 73 局为最后一局"): a patron reads one language through, not English and Chinese in turn.
 * Brief, which hand ("Hand 73 is the last hand") where there is one.
 */
function lastCoup(n: Notice, lang: Language, brief: boolean): TemplateResult | string | typeof nothing {
  const no = n.hand === undefined ? null : count(n.hand, localeOf(lang));
  const what: Message | null = n.dealt
    ? message(lang, 'notice.lastCoupDealt', 'Last coup dealt — no further hands, the shoe is ending')
    : n.lastCoupCase === 'a'
      ? no === null
        ? message(lang, 'notice.lastCoupA', 'Cut card came out first — this hand is the last')
        : message(lang, 'notice.lastCoupAOut', 'Cut card came out first') // "· Hand 40 is the last hand" says the rest
      : n.lastCoupCase === 'b'
        ? message(lang, 'notice.lastCoupB', 'Cut card out — one more hand, then the shoe ends')
        : null;
  const which: Message | null =
    no === null
      ? null
      : n.dealt
        ? message(lang, 'notice.lastCoupWas', str`Hand ${no} was the last hand`)
        : message(lang, 'notice.lastCoupNo', str`Hand ${no} is the last hand`);
  return together(lang, brief && which ? [which] : [what, which]);
}

/**
 * Messages said one after the other, each language's run together ("… · Hand 73 is the last hand"). The "·" keeps to
 * the words before it: a line never starts with one (found by a patron: "· 發牌出錯，無法還原" began a line).
 */
function together(lang: Language, messages: readonly (Message | null)[]): TemplateResult | string | typeof nothing {
  const parts = messages.filter((m): m is Message => m !== null);
  if (parts.length === 0) return nothing;
  const join = (texts: (string | null)[]) => (texts.includes(null) ? null : texts.join('\u00a0· '));
  return show(lang, { en: join(parts.map((m) => m.en))!, zh: join(parts.map((m) => m.zh)) });
}
