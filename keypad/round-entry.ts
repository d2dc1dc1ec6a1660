/**
 * A round keyed card by card, by the Table of Play: which hand the next card goes to (rule 8.4, then the draw rules
 * of 9.2–9.5), when the coup is complete, and the result the cards make. A card that the Table of Play does not deal
 * cannot be keyed. Pure: the core's table-of-play functions, nothing else.
 *
 * ```ts
 * nextSlot(cards('9H KD 7S'));      // { side: 'banker', index: 2 }
 * nextSlot(cards('9H KD 7S 7C'));   // null: the player stands on 6, the banker on 7: the coup is complete
 * ```
 * @packageDocumentation
 */
import { makeCard, pointValue } from '../baccarat/cards';
import { bankerDraws, playerDraws, resolveCoup, type Coup } from '../baccarat/table-of-play';
import { err, ok, type Card, type Point, type Result, type RoadHand } from '../baccarat/types';
import type { KeyedResult, Slot } from './protocol';

/** The slots of the initial four cards, in dealing order (rule 8.4). */
export const FIRST_FOUR: readonly Slot[] = [
  { side: 'player', index: 1 },
  { side: 'banker', index: 1 },
  { side: 'player', index: 2 },
  { side: 'banker', index: 2 },
];

const pointsOf = (cards: readonly Card[]): Point => (cards.reduce((s, c) => s + pointValue(c), 0) % 10) as Point;

/**
 * The slot of the next card of a round whose cards so far are `cards` (dealing order), or null when the coup is
 * complete: the initial four alternate Player, Banker (rule 8.4); then the Player's third card when rule 9.3 says it
 * draws, then the Banker's when rule 9.4 or 9.5 says so.
 */
export function nextSlot(cards: readonly Card[]): Slot | null {
  const first = FIRST_FOUR[cards.length];
  if (first) return first;
  const [p1, b1, p2, b2, fifth] = cards as readonly [Card, Card, Card, Card, Card?];
  const pp = pointsOf([p1, p2]);
  const bp = pointsOf([b1, b2]);
  const playerDrew = playerDraws(pp, bp);
  if (cards.length === 4) {
    if (playerDrew) return { side: 'player', index: 3 };
    return bankerDraws(bp, null, pp) ? { side: 'banker', index: 3 } : null;
  }
  if (cards.length === 5 && playerDrew && fifth && bankerDraws(bp, fifth, pp)) return { side: 'banker', index: 3 };
  return null;
}

/**
 * The round's cards with the one at `index` (dealing order) replaced by `card`, when every card keeps the slot the
 * Table of Play dealt it to; else why not. A replacement that changes whether a third card is dealt would leave a
 * card in a slot the Table of Play no longer deals, or move it to the other hand: the dealer then takes back the
 * cards after it instead. A card newly due is fine: it is simply the next card.
 */
export function replacedAt(cards: readonly Card[], index: number, card: Card): Result<Card[], string> {
  if (!Number.isInteger(index) || index < 0 || index >= cards.length) return err(`no card ${index + 1} to replace`);
  const next = cards.map((c, i) => (i === index ? card : c));
  for (let i = index + 1; i < next.length; i++) {
    const was = nextSlot(cards.slice(0, i));
    const is = nextSlot(next.slice(0, i));
    if (is === null || was === null || is.side !== was.side || is.index !== was.index)
      return err(
        `${makeCard(card)} changes the third cards (Table of Play): take back the cards after it, then key them again`,
      );
  }
  return ok(next);
}

/** The coup the cards make, once they are exactly a complete coup; else null. */
export function completeCoup(cards: readonly Card[]): Coup | null {
  if (cards.length < 4 || nextSlot(cards) !== null) return null;
  const coup = resolveCoup(cards);
  return coup.ok && coup.value.cardsUsed === cards.length ? coup.value : null;
}

/** A result as keyed, from a coup or a recorded hand (whose points a keypad always has). */
export const keyedOf = (hand: RoadHand): KeyedResult => ({
  outcome: hand.outcome,
  playerPoints: hand.playerPoints ?? 0,
  bankerPoints: hand.bankerPoints ?? 0,
  playerPair: hand.playerPair,
  bankerPair: hand.bankerPair,
  natural: hand.natural,
});

/**
 * The cards of a coup in dealing order (rule 8.4): P1 B1 P2 B2, then the Player's third, then the Banker's; as
 * cards or as their text (`9H`).
 */
export function dealingOrder<C>(cards: { readonly player: readonly C[]; readonly banker: readonly C[] }): C[] {
  const [p1, p2, p3] = cards.player;
  const [b1, b2, b3] = cards.banker;
  return [p1, b1, p2, b2, p3, b3].filter((c): c is C => c !== undefined);
}

/** A card's text as the contract writes it (`10S`, `9H`). */
export const cardText = (card: Card): string => makeCard(card);
