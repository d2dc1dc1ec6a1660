/**
 * The vocabulary of the game, declared once. Every enumeration is an `as const` tuple with its union type
 * derived from it, so that a list of values and its type can never drift apart.
 *
 * ```ts
 * import { OUTCOMES, type Outcome } from './types';
 * const counts: ByOutcome<number> = { banker: 0, player: 0, tie: 0 };
 * ```
 * @packageDocumentation
 */

/** Who won a coup. */
export const OUTCOMES = ['banker', 'player', 'tie'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export type ByOutcome<T> = { [K in Outcome]: T };

/** The two hands of a coup, in the order they receive cards (rule 8.4: the Player's Hand first). */
export const SIDES = ['player', 'banker'] as const;
export type Side = (typeof SIDES)[number];
export type BySide<T> = { [K in Side]: T };

/** Suits as one letter: spades, hearts, diamonds, clubs. Hearts and diamonds are red. */
export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Suit = (typeof SUITS)[number];

/** Ranks; the ten is `'10'` (the text form also accepts `T`). */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export type Rank = (typeof RANKS)[number];

/** One playing card. */
export interface Card {
  readonly rank: Rank;
  readonly suit: Suit;
}

/** A point count, 0 to 9 (rule 4.2). */
export type Point = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** Colours of the derived roads. Red and blue here are *not* Banker and Player (ROADS.md §4.4). */
export const COLOURS = ['red', 'blue'] as const;
export type Colour = (typeof COLOURS)[number];

/** The three derived roads, by their offset k (ROADS.md §4.1). */
export const DERIVED_ROADS = ['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const;
export type DerivedRoadName = (typeof DERIVED_ROADS)[number];
export const DERIVED_ROAD_K: { readonly [K in DerivedRoadName]: 1 | 2 | 3 } = {
  bigEyeBoy: 1,
  smallRoad: 2,
  cockroachPig: 3,
};

/** What the dragon tail does once the cell under an earlier tail frees up (ROADS.md §3.5). */
export const TAIL_MODES = ['stay', 'drop'] as const;
export type TailMode = (typeof TAIL_MODES)[number];

/**
 * A completed coup as the roads need it (ROADS.md §1): the winner, the pairs and the natural, and the points
 * where they are known. Produced by the Table of Play from cards, or taken from a checked result.
 */
export interface RoadHand {
  readonly outcome: Outcome;
  /** The Player's first two cards have the same rank. */
  readonly playerPair: boolean;
  /** The Banker's first two cards have the same rank. */
  readonly bankerPair: boolean;
  /** Either hand had a two-card 8 or 9. */
  readonly natural: boolean;
  readonly playerPoints?: Point;
  readonly bankerPoints?: Point;
}

/** The result of an operation that can fail on bad input: the core never throws on bad input. */
export type Result<T, E = string> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });
