/**
 * The hand message of a round, as the contract carries it: from a dealt coup with its cards, or from a result keyed
 * without cards (a keypad's, or a mis-keyed one); each checked with the core's `checkResult`, its cards included,
 * before it leaves. Pure.
 *
 * ```ts
 * const hand = checked(handMessage('S1', 1, coup, new Date().toISOString())); // or throws: a simulator bug
 * ```
 * @packageDocumentation
 */
import { makeCard, parseCards } from '../baccarat/cards';
import { checkResult, type CheckedResult } from '../baccarat/result-check';
import type { Coup } from '../baccarat/table-of-play';
import { err, type Card, type Result } from '../baccarat/types';
import type { CardText } from '../contract/schemas/common';
import type { HandMessage, VoidHandReason } from '../contract/schemas/hand';
import type { KeyedResult } from './steps';

/** A card in the contract's text form, e.g. `10S`. */
export const cardText = (card: Card): CardText => makeCard(card) as CardText;

/** The hand message of a dealt coup, with its cards (rule 8.4 order within each hand). */
export function handMessage(
  shoeId: string,
  handNo: number,
  coup: Coup,
  timestamp: string,
  voidHand?: VoidHandReason,
): HandMessage {
  return {
    v: 1,
    shoeId,
    handNo,
    outcome: coup.outcome,
    playerPoints: coup.playerPoints,
    bankerPoints: coup.bankerPoints,
    cards: {
      player: coup.player.cards.map(cardText),
      banker: coup.banker.cards.map(cardText),
    },
    playerPair: coup.playerPair,
    bankerPair: coup.bankerPair,
    natural: coup.natural,
    timestamp,
    ...(voidHand && { voidHand: { reason: voidHand } }),
  };
}

/** The hand message of a result keyed without cards, as a keypad reports it (a mis-keyed one, or any). */
export const keyedHandMessage = (
  shoeId: string,
  handNo: number,
  keyed: KeyedResult,
  timestamp: string,
  voidHand?: VoidHandReason,
): HandMessage => ({
  v: 1,
  shoeId,
  handNo,
  ...keyed,
  timestamp,
  ...(voidHand && { voidHand: { reason: voidHand } }),
});

/** Checks a hand message with the core's `checkResult`, its cards included. */
export function checkHandMessage(hand: HandMessage): Result<CheckedResult, string> {
  const { outcome, playerPoints, bankerPoints, playerPair, bankerPair, natural } = hand;
  if (!hand.cards) return checkResult({ outcome, playerPoints, bankerPoints, playerPair, bankerPair, natural });
  const player = parseCards(hand.cards.player);
  const banker = parseCards(hand.cards.banker);
  if (!player.ok) return err(`player cards: ${player.error}`);
  if (!banker.ok) return err(`banker cards: ${banker.error}`);
  const cards = { player: player.value, banker: banker.value };
  return checkResult({ outcome, playerPoints, bankerPoints, playerPair, bankerPair, natural, cards });
}

/** The hand, once it passes {@link checkHandMessage}. @throws Error when it does not: a bug of ours. */
export const checked = (hand: HandMessage): HandMessage => {
  const r = checkHandMessage(hand);
  if (!r.ok) throw new Error(`simulator bug: hand ${hand.handNo} of shoe ${hand.shoeId} fails checkResult: ${r.error}`);
  return hand;
};
