/**
 * Why a hand was dealt void or a round was declared void, in the patron's words. The host passes the contract's
 * codes (`VOID_HAND_REASONS`, `ROUND_VOID_REASONS`) through in `notice.reason` and in a hand's `voidHand.reason` /
 * `voided.reason`; a patron never reads a code. A code this board does not know (a newer host) says nothing rather
 * than show itself.
 *
 * ```ts
 * reasonMessage('zh-Hant', 'first-card-face-up'); // { en: 'The first card was face up', zh: '首張牌正面朝上' }
 * reasonMessage('en', 'some-new-code');           // null
 * ```
 * @packageDocumentation
 */
import type { RoundVoidReason } from '../contract/schemas/event';
import type { VoidHandReason } from '../contract/schemas/hand';
import { message, type Language, type Message } from './localization';

/** Every reason code the board translates. */
export type ReasonCode = VoidHandReason | RoundVoidReason;

// A Record over the contract's unions: a code added there without a translation here is a compile error.
const REASONS: { readonly [K in ReasonCode]: (lang: Language) => Message } = {
  // Rule 12.1 (b): a third card dealt to the Player without authority was disclosed.
  'third-card-exposed': (lang) => message(lang, 'reason.thirdCardExposed', 'A third card dealt in error'),
  // Rule 12.2 (b): a card drawn in excess was disclosed.
  'excess-card-exposed': (lang) => message(lang, 'reason.excessCardExposed', 'An extra card was shown'),
  // Rule 12.3: the first card of the round was found face up.
  'first-card-face-up': (lang) => message(lang, 'reason.firstCardFaceUp', 'The first card was face up'),
  // House rule 4.3: a card dealt out of turn is used in a coup played without bets.
  'card-out-of-turn': (lang) => message(lang, 'reason.cardOutOfTurn', 'A card dealt out of turn'),
  // Rule 8.3; house rules 3.1.2, 3.3 B, 5.1.6.
  'no-bet-coup': (lang) => message(lang, 'reason.noBetCoup', 'Dealt without wagers'),
  // Rule 12.5 (tournament 5.1.3).
  'insufficient-cards': (lang) => message(lang, 'reason.insufficientCards', 'Not enough cards left'),
  // Rule 12.6 (house 4.2, tournament 5.1.2).
  'cannot-reconstruct': (lang) => message(lang, 'reason.cannotReconstruct', 'A misdeal could not be fixed'),
  // Tournament rule 5.1.1: earlier rounds stand.
  'foreign-card': (lang) => message(lang, 'reason.foreignCard', 'A foreign card was found'),
};

const isReasonCode = (code: string): code is ReasonCode => Object.hasOwn(REASONS, code);

/** The reason in `lang` (English and, for a Chinese or bilingual board, Chinese), or null for an unknown code. */
export function reasonMessage(lang: Language, code: string | undefined): Message | null {
  return code !== undefined && isReasonCode(code) ? REASONS[code](lang) : null;
}
