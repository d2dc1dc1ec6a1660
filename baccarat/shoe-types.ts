/**
 * The shapes of a shoe's state (see `shoe.ts` for the transitions). Kept apart so that `shoe.ts` and
 * `shoe-lifecycle.ts` can share them without importing each other.
 *
 * ```ts
 * import { isShoeHand, type Shoe } from './shoe-types';
 * const played = shoe.rounds.filter(isShoeHand);   // rounds with a result: played[i].no === i + 1, always
 * const next = played.length + 1;                  // the hand number of the next round (= nextHandNo(shoe))
 * ```
 * @packageDocumentation
 */
import type { BySide, Card, RoadHand } from './types';

/**
 * Where the table is in the shoe. `shuffling`: a new shoe being shuffled, cut and burned (rules 7.5 to 7.7);
 * `betting`: bets being taken for the next round; `dealing`: "No more bets" called, a round being dealt;
 * `idle`: between rounds, the last result shown; `ended`: ended by `endShoe` (a completed last coup alone does
 * not change the phase: see `isShoeComplete`).
 */
export const SHOE_PHASES = ['shuffling', 'betting', 'dealing', 'idle', 'ended'] as const;
export type ShoePhase = (typeof SHOE_PHASES)[number];

/**
 * How many decks a shoe may hold: 4 to 8 in every rule set the board serves (division 5 rule 3.4, tournament rule
 * 2.2.1; the house rules' 8 and punto banco's shoes fall inside). Stated once: the contract's `decks` range is this.
 */
export const MIN_DECKS = 4;
export const MAX_DECKS = 8;

/**
 * The two kinds of void hand (division 5 §1: "a round of play ... except that no wagers are permitted").
 * `noBetsThisHand`: announced after an irregularity (rules 12.1(b), 12.2(b), 12.3; house rule 4.3);
 * `noBetCoup`: a round dealt without wagers: up to 3 at a patron's request (rule 8.3, house rule 3.1.2), and as
 * many more as the pit boss permits (house rules 3.3 B, 4.3, 5.1.6). The board never caps them: the pit decides.
 * Both have a result; neither goes on the roads unless {@link ShoeSettings.voidHandsOnRoads}.
 */
export const VOID_HAND_KINDS = ['noBetsThisHand', 'noBetCoup'] as const;
export type VoidHandKind = (typeof VOID_HAND_KINDS)[number];

/** Marks a round dealt as a void hand: it has a result, but no wagers were permitted on it. */
export interface VoidHand {
  readonly kind: VoidHandKind;
  readonly reason: string; // free text for the record, e.g. "first card face up (12.3)"
}

/** The cards of a coup, when the controller sends them: 2 or 3 per side, in the order dealt. */
export type HandCards = BySide<readonly Card[]>;

/**
 * The record of a correction: who made it, when, and what the hand was before. Nothing the board saw is lost; a
 * correction learned only from the controller's snapshot has no `previous` (the snapshot carries the result).
 */
export interface Correction {
  readonly by: string; // who corrected it (inspector, controller id)
  readonly at: string; // ISO 8601 time
  readonly note?: string; // why, in free text, when the controller says
  readonly previous?: RoadHand; // the hand as it stood before this correction, when the board saw it
  readonly previousCards?: HandCards; // its cards, if it had any
  readonly earlier?: Correction; // the correction before this one, if the hand was corrected more than once
}

/** Why and when a round was declared void (rules 12.5, 12.6; tournament rule 5.1). */
export interface RoundVoid {
  readonly reason: string;
  readonly at?: string; // ISO 8601 time
}

/** A round that produced a result: an ordinary hand, a void hand, or a hand declared void afterwards. */
export interface ShoeHand {
  readonly no: number; // 1-based hand number in the shoe, as numbered by the controller: hands run 1, 2, 3 …
  readonly hand: RoadHand; // the result, with any correction applied
  readonly cards?: HandCards;
  readonly at?: string; // ISO 8601 time of the result
  readonly voidHand?: VoidHand; // dealt as a void hand ("No bets this hand") or a no-bet coup
  readonly corrected?: Correction; // the latest correction, chaining to earlier ones
  readonly voided?: RoundVoid; // declared void after its result was recorded: kept, never on the roads
}

/**
 * A round declared void before it produced a result (rule 12.5, not enough cards to finish it; rule 12.6, a
 * dealing error that cannot be reconstructed). It uses up no hand number: `no` is the number it would have had,
 * which the next round reuses (as the wire's `round-void` event and snapshot `voidedRounds` say). Two voided
 * rounds in a row share a number.
 */
export interface VoidedRound {
  readonly no: number; // the hand number this round would have had; the next hand has the same number
  readonly voided: RoundVoid;
  /**
   * The cards dealt before it was voided, in dealing order, where the controller knows them (a keypad does): they
   * go to the discard rack (rule 12.6), so they are used up, as a played hand's are. Not on the wire.
   */
  readonly cards?: readonly Card[];
}

/** One round of the shoe, in order. Tell them apart with {@link isShoeHand}. */
export type ShoeRound = ShoeHand | VoidedRound;

/** The cut card (rule 11.2): not yet reached, or reached in a given round, as its first card or later. */
export type CutCard =
  | { readonly drawn: false }
  | {
      readonly drawn: true;
      readonly handNo: number; // hand number of the round in which it came out (the wire's cut-card handNo)
      readonly roundIndex: number; // that round's index in Shoe.rounds (= rounds.length while it is dealt)
      readonly firstCardOfRound: boolean; // true: 11.2(a), this round is the last; false: 11.2(b), one more
    };

/** The burn at the start of a shoe (rules 7.7, 7.9). */
export interface Burn {
  readonly card: Card; // the first card, shown face up
  readonly count: number; // cards then burned face down, as reported
  readonly expected: number; // what rule 7.9 asks for: the card's face value, ten for 10/J/Q/K, one for an ace
}

/** The state of the current shoe at a table. Immutable: every transition returns a new value. */
export interface Shoe {
  readonly id: string;
  readonly no?: number; // the controller's (the dealer's) number for this shoe, when it gives one
  readonly decks?: number; // MIN_DECKS to MAX_DECKS (rule 3.4)
  readonly startedAt?: string; // ISO 8601
  readonly endedAt?: string; // ISO 8601, set by endShoe
  /**
   * Every round in order, void ones included. Invariants: the {@link ShoeHand}s, in order, are numbered 1..n
   * with no gaps; a {@link VoidedRound}'s `no` equals the `no` of the next ShoeHand after it, or `n + 1` if none
   * follows (the next hand reuses the number).
   */
  readonly rounds: readonly ShoeRound[];
  readonly burn: Burn | null;
  readonly phase: ShoePhase;
  readonly cutCard: CutCard;
  /** Announced for the next hand added ("No bets this hand"), cleared when it is added or voided. */
  readonly pendingVoidHand: VoidHand | null;
  readonly tableOpen: boolean;
}

/** How the shoe feeds the roads. */
export interface ShoeSettings {
  /**
   * Whether void hands ("No bets this hand", no-bet coups) go on the roads. Default `false`: nobody could bet
   * on them, so they are not part of the betting history the roads show; they stay in {@link Shoe.rounds}.
   */
  readonly voidHandsOnRoads: boolean;
}

export const DEFAULT_SHOE_SETTINGS: ShoeSettings = { voidHandsOnRoads: false };

/** True for a round with a result (possibly declared void afterwards), false for a round voided without one. */
export const isShoeHand = (round: ShoeRound): round is ShoeHand => 'hand' in round;
