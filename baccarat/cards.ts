/**
 * Cards: their text form, their point value (rule 4.1), the point count of a hand (rule 4.2), their burn value
 * (rule 7.9), pairs and the Perfect Pairs kinds (Division 5 definitions, 11A), and full decks.
 *
 * ```ts
 * const hand = parseCards('9H KD, 10s');            // { ok: true, value: [9♥, K♦, 10♠] }
 * if (hand.ok) points(hand.value);                  // 9
 * makeCard({ rank: '10', suit: 'S' }, { ten: 'T' }); // 'TS'
 * ```
 * @packageDocumentation
 */
import { RANKS, SUITS, err, ok } from './types';
import type { Card, Point, Rank, Result, Suit } from './types';

/** Rank text (upper case) → rank. `T` is the one-letter ten; `1` is not an ace. */
const RANK_BY_TEXT: ReadonlyMap<string, Rank> = new Map<string, Rank>([
  ...RANKS.map((r) => [r, r] as const),
  ['T', '10'],
]);

/** Suit text (letter upper case, or symbol filled or outlined) → suit. */
const SUIT_BY_TEXT: ReadonlyMap<string, Suit> = new Map<string, Suit>([
  ...SUITS.map((s) => [s, s] as const),
  ['♠', 'S'],
  ['♤', 'S'],
  ['♥', 'H'],
  ['♡', 'H'],
  ['♦', 'D'],
  ['♢', 'D'],
  ['♣', 'C'],
  ['♧', 'C'],
]);

const SUIT_SYMBOL: { readonly [S in Suit]: string } = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** The emoji variation selector (U+FE0F) that often follows a suit symbol, as in `♥️`. */
const VARIATION_SELECTOR = /\uFE0F/g;

/** Why `text` is not a card, or the card. The reason does not repeat the text. */
function readCard(text: string): Result<Card, string> {
  const chars = Array.from(text.trim().replace(VARIATION_SELECTOR, ''));
  if (chars.length === 0) return err('empty card');
  const whole = chars.join('').toUpperCase();
  if (RANK_BY_TEXT.has(whole)) return err('missing suit');
  if (chars.length === 1 && SUIT_BY_TEXT.has(whole)) return err('missing rank');
  const suitText = chars[chars.length - 1] ?? '';
  const rankText = chars.slice(0, -1).join('');
  const rank = RANK_BY_TEXT.get(rankText.toUpperCase());
  if (rank === undefined) return err(`unknown rank '${rankText}'`);
  const suit = SUIT_BY_TEXT.get(suitText.toUpperCase());
  if (suit === undefined) return err(`unknown suit '${suitText}'`);
  return ok({ rank, suit });
}

/**
 * Parses one card: rank (`A`, `2`–`9`, `10` or `T`, `J`, `Q`, `K`) then suit (`S`, `H`, `D`, `C` or `♠♥♦♣`),
 * case-insensitive, e.g. `9H`, `10S`, `TS`, `as`, `Q♦`. Never throws.
 * @returns the card, or an error such as `unknown suit 'X' in card 'QX'`.
 */
export function parseCard(text: string): Result<Card, string> {
  const card = readCard(text);
  return card.ok ? card : err(`${card.error} in card '${text}'`);
}

/**
 * Parses a list of cards: one string split on whitespace and commas, or an array with one card per element.
 * An empty list is fine. Never throws.
 * @returns the cards in order, or the first error with its 1-based position, e.g. `card 3 'ZZ': unknown rank 'Z'`.
 */
export function parseCards(text: string | readonly string[]): Result<Card[], string> {
  const tokens = typeof text === 'string' ? text.split(/[\s,]+/).filter((t) => t !== '') : text;
  const cards: Card[] = [];
  for (const [i, token] of tokens.entries()) {
    const card = readCard(token);
    if (!card.ok) return err(`card ${i + 1} '${token}': ${card.error}`);
    cards.push(card.value);
  }
  return ok(cards);
}

/** How {@link makeCard} writes a card. */
export interface MakeCardOptions {
  /** How to write the ten: `'10'` (default) or `'T'`. */
  readonly ten?: '10' | 'T';
  /** Suits as letters `SHDC` (default) or as symbols `♠♥♦♣`. */
  readonly suits?: 'letter' | 'symbol';
}

/** Writes a card in the form {@link parseCard} reads: `'10S'`, or `'TS'` with `{ ten: 'T' }`. */
export function makeCard(card: Card, options: MakeCardOptions = {}): string {
  const rank = card.rank === '10' && options.ten === 'T' ? 'T' : card.rank;
  return rank + (options.suits === 'symbol' ? SUIT_SYMBOL[card.suit] : card.suit);
}

/** Writes cards separated by single spaces, e.g. `'9H 9D'`; {@link parseCards} reads it back. */
export function makeCards(cards: readonly Card[], options: MakeCardOptions = {}): string {
  return cards.map((c) => makeCard(c, options)).join(' ');
}

/** Point value of each rank (rule 4.1): 2–9 face value, 10/J/Q/K 0, ace 1. */
// prettier-ignore
export const POINT_VALUE: { readonly [R in Rank]: Point } = {
  A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 0, J: 0, Q: 0, K: 0,
};

/** The point value of a card (rule 4.1): 2–9 face value, 10/J/Q/K 0, ace 1. */
export const pointValue = (card: Card): Point => POINT_VALUE[card.rank];

/** The value of a card for the burn of rule 7.7 (rule 7.9): 10/J/Q/K 10, ace 1, others face value. */
export const burnValue = (card: Card): number => POINT_VALUE[card.rank] || 10;

/** The point count of a hand (rule 4.2): the right digit of the total of its point values. */
export function points(cards: readonly Card[]): Point {
  return (cards.reduce((sum, c) => sum + pointValue(c), 0) % 10) as Point;
}

/** A card of each point value, indexed by value: 10♠, A♠, 2♠ … 9♠. For code that works on values only. */
export const VALUE_CARDS: readonly Card[] = Object.freeze(
  (['10', 'A', '2', '3', '4', '5', '6', '7', '8', '9'] as const).map((rank): Card =>
    Object.freeze({ rank, suit: 'S' }),
  ),
);

/** Same rank and suit. */
export const sameCard = (a: Card, b: Card): boolean => a.rank === b.rank && a.suit === b.suit;

/** Colour of a suit: hearts and diamonds are red. (Not the road colours of `Colour`.) */
export type SuitColour = 'red' | 'black';
export const suitColour = (suit: Suit): SuitColour => (suit === 'H' || suit === 'D' ? 'red' : 'black');

/**
 * Two cards are a pair when they have the same rank ("same face value"): a jack and a queen are not a pair even
 * though both count 0, but two tens are.
 */
export const isPair = (a: Card, b: Card): boolean => a.rank === b.rank;

/** The kinds of pair of the Perfect Pairs wager (Division 5 definitions, rule 11A.7). */
export const PAIR_KINDS = ['perfect', 'coloured', 'mixed'] as const;
export type PairKind = (typeof PAIR_KINDS)[number];

/**
 * The kind of pair two cards make, or `null` when they are not a pair: `perfect` (same suit), `coloured` (same
 * colour, different suits, e.g. 7♥ 7♦) or `mixed` (one red card and one black card).
 */
export function pairKind(a: Card, b: Card): PairKind | null {
  if (!isPair(a, b)) return null;
  if (a.suit === b.suit) return 'perfect';
  return suitColour(a.suit) === suitColour(b.suit) ? 'coloured' : 'mixed';
}

/** One deck of 52 cards in order: spades, hearts, diamonds, clubs, each ace to king. Frozen. */
export const DECK: readonly Card[] = Object.freeze(
  SUITS.flatMap((suit) => RANKS.map((rank): Card => Object.freeze({ rank, suit }))),
);

/** A fresh array holding one deck in {@link DECK} order. */
export const deck = (): Card[] => [...DECK];

/**
 * A fresh array holding `n` decks one after the other (unshuffled), e.g. `decks(8)` for an 8-deck shoe.
 * @throws RangeError when `n` is not a whole number ≥ 0 (a programming error, not bad input).
 */
export function decks(n: number): Card[] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`decks(n) needs a whole number ≥ 0, got ${n}`);
  return Array.from({ length: n }, () => DECK).flat();
}
