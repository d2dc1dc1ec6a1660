/**
 * The Table of Play (Division 5, rules 9.2–9.6): who draws a third card, a coup resolved from its cards in dealing
 * order (rule 8.4), a run of coups reconstructed from a card sequence (rules 12.5, 12.6), and the check of a
 * reported result against its cards is in `result-check.ts`.
 *
 * ```ts
 * const cards = parseCards('4H 9D 3C KS 5S');  // Player 4H 3C = 7, Banker 9D KS = 9
 * if (cards.ok) resolveCoup(cards.value);      // ok: banker wins on a natural, cardsUsed 4 (5S is not used)
 * ```
 * @packageDocumentation
 */
import { err, ok } from './types';
import type { BySide, Card, Outcome, Point, Result, RoadHand } from './types';
import { isPair, pairKind, pointValue, points } from './cards';
import type { PairKind } from './cards';

/** A two-card 8 or 9 (rule 1.0 "Natural"). */
export const isNatural = (twoCardPoints: Point): boolean => twoCardPoints >= 8;

/**
 * Whether the Player's Hand draws a third card, from the two-card point counts (rules 9.2, 9.3, Table 1): no card
 * after a natural on either side; otherwise draw on 0–5, stand on 6–7.
 */
export function playerDraws(playerPoints: Point, bankerPoints: Point): boolean {
  if (isNatural(playerPoints) || isNatural(bankerPoints)) return false;
  return playerPoints <= 5;
}

/**
 * Table 2 of rule 9.4, one row per Banker two-card total 0–7, one column per point value 0–9 of the Player's
 * third card: `D` draws, `S` stands.
 */
// prettier-ignore
const TABLE_2: readonly string[] = [
  //  0123456789  ← point value of the Player's third card
  'DDDDDDDDDD', // 0
  'DDDDDDDDDD', // 1
  'DDDDDDDDDD', // 2
  'DDDDDDDDSD', // 3: stands on 8
  'SSDDDDDDSS', // 4: draws on 2–7
  'SSSSDDDDSS', // 5: draws on 4–7
  'SSSSSSDDSS', // 6: draws on 6–7
  'SSSSSSSSSS', // 7
];

/**
 * Whether the Banker's Hand draws a third card (rules 9.2, 9.4, 9.5), from the two-card point counts.
 * - A natural on either side: stand (9.2).
 * - `playerThirdCard` given (the Player drew): Table 2 on the card's *point value* (a 10 or a face card is 0).
 * - `playerThirdCard` null (the Player stood, i.e. on 6 or 7): draw on 0–5, stand on 6–7 (9.5). The caller keeps
 *   this consistent with {@link playerDraws}; a null with Player 0–5 is answered as rule 9.5 reads.
 */
export function bankerDraws(bankerPoints: Point, playerThirdCard: Card | null, playerPoints: Point): boolean {
  if (isNatural(playerPoints) || isNatural(bankerPoints)) return false;
  if (playerThirdCard === null) return bankerPoints <= 5;
  return TABLE_2[bankerPoints]?.[pointValue(playerThirdCard)] === 'D';
}

/** One hand of a resolved coup. */
export interface CoupHand {
  /** In the order the hand received them: 2 or 3 cards. */
  readonly cards: readonly Card[];
  /** Final point count (rule 4.2). */
  readonly points: Point;
  /** The first two cards count 8 or 9. */
  readonly natural: boolean;
  /** The first two cards are a pair, and which kind (rule 11A.7); `null` when not a pair. */
  readonly pairKind: PairKind | null;
}

/** A coup resolved from its cards. It is a {@link RoadHand}, with the points always present. */
export interface Coup extends RoadHand, BySide<CoupHand> {
  readonly playerPoints: Point;
  readonly bankerPoints: Point;
  readonly playerNatural: boolean;
  readonly bankerNatural: boolean;
  /** How many cards of the input the coup took: 4, 5 or 6. */
  readonly cardsUsed: number;
}

/** Just the road hand of a coup (what the roads and a shoe's rounds keep), without the cards and per-side detail. */
export const roadHandOf = (c: Coup): RoadHand => ({
  outcome: c.outcome,
  playerPair: c.playerPair,
  bankerPair: c.bankerPair,
  natural: c.natural,
  playerPoints: c.playerPoints,
  bankerPoints: c.bankerPoints,
});

/** Who wins on final points p (Player) and b (Banker). */
export const outcomeOf = (p: number, b: number): Outcome => (b > p ? 'banker' : p > b ? 'player' : 'tie');

function coupHand(cards: readonly Card[], first: Card, second: Card): CoupHand {
  return {
    cards,
    points: points(cards),
    natural: isNatural(points([first, second])),
    pairKind: pairKind(first, second),
  };
}

/** Resolves the coup that starts at `cards[start]`. */
function resolveAt(cards: readonly Card[], start: number): Result<Coup, string> {
  const got = cards.length - start;
  const [p1, b1, p2, b2] = cards.slice(start, start + 4);
  if (!p1 || !b1 || !p2 || !b2) return err(`needs 4 cards, got ${got}`);
  const player = [p1, p2];
  const banker = [b1, b2];
  const pp = points(player);
  const bp = points(banker);
  let next = start + 4;
  let third: Card | null = null;
  if (playerDraws(pp, bp)) {
    third = cards[next++] ?? null;
    if (!third) return err(`needs 5 cards, got ${got}`);
    player.push(third);
  }
  if (bankerDraws(bp, third, pp)) {
    const card = cards[next++];
    if (!card) return err(`needs ${next - start} cards, got ${got}`);
    banker.push(card);
  }
  const ph = coupHand(player, p1, p2);
  const bh = coupHand(banker, b1, b2);
  return ok({
    outcome: outcomeOf(ph.points, bh.points),
    player: ph,
    banker: bh,
    playerPoints: ph.points,
    bankerPoints: bh.points,
    playerPair: isPair(p1, p2),
    bankerPair: isPair(b1, b2),
    natural: ph.natural || bh.natural,
    playerNatural: ph.natural,
    bankerNatural: bh.natural,
    cardsUsed: next - start,
  });
}

/**
 * Resolves one coup from cards in dealing order (rule 8.4): 1st and 3rd to the Player, 2nd and 4th to the Banker,
 * then the Player's third card if drawn, then the Banker's third card if drawn. Cards after the coup are ignored;
 * `cardsUsed` says how many it took.
 * @returns the coup, or an error such as `needs 6 cards, got 5` when the cards run out.
 */
export function resolveCoup(cards: readonly Card[]): Result<Coup, string> {
  return resolveAt(cards, 0);
}

/** Consecutive coups dealt from one card sequence, see {@link dealCoups}. */
export interface Deal {
  /** The complete coups, in order. */
  readonly coups: Coup[];
  /** The cards after the last complete coup: the cards of the unfinished round, or none. */
  readonly remaining: Card[];
  /** An unfinished round was started: it is void (rule 12.5, insufficient cards to complete a round). */
  readonly void: boolean;
}

/**
 * Deals consecutive coups from a card sequence, as a supervisor reconstructing the rounds would (rule 12.6).
 * A round counts as started as soon as one card of it is present, so:
 * - the sequence ends exactly after a coup: `void` false, `remaining` empty;
 * - otherwise 1 or more cards are left that cannot complete a round (1–3 cards, or an initial deal whose third
 *   cards are missing): `void` true and those cards are `remaining` (rule 12.5).
 *
 * Always `sum(coups.cardsUsed) + remaining.length === cards.length`.
 */
export function dealCoups(cards: readonly Card[]): Deal {
  const coups: Coup[] = [];
  let at = 0;
  while (at < cards.length) {
    const coup = resolveAt(cards, at);
    if (!coup.ok) return { coups, remaining: cards.slice(at), void: true };
    coups.push(coup.value);
    at += coup.value.cardsUsed;
  }
  return { coups, remaining: [], void: false };
}
