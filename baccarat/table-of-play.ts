/**
 * The Table of Play (Division 5, rules 9.2–9.6): who draws a third card, a coup resolved from its cards in dealing
 * order (rule 8.4), a run of coups reconstructed from a card sequence (rules 12.5, 12.6), and the check of a
 * reported result against its cards or, without cards, against what the Table of Play can produce.
 *
 * ```ts
 * const cards = parseCards('4H 9D 3C KS 5S');  // Player 4H 3C = 7, Banker 9D KS = 9
 * if (cards.ok) resolveCoup(cards.value);      // ok: banker wins on a natural, cardsUsed 4 (5S is not used)
 * checkResult({ outcome: 'player', playerPoints: 3, bankerPoints: 7 });  // error: outcome contradicts points
 * ```
 * @packageDocumentation
 */
import { OUTCOMES, err, ok } from './types';
import type { BySide, Card, Outcome, Point, Result, RoadHand } from './types';
import { VALUE_CARDS, isPair, makeCards, pairKind, pointValue, points } from './cards';
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

const outcomeOf = (p: number, b: number): Outcome => (b > p ? 'banker' : p > b ? 'player' : 'tie');

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

/**
 * A result as reported from outside (a table controller, a keypad). Only `outcome` is required; points come in
 * both or neither. A flag left out is taken from the cards when there are cards, and is `false` otherwise.
 * Points are plain numbers because they are unchecked input.
 */
export interface ReportedResult {
  readonly outcome: Outcome;
  readonly playerPoints?: number;
  readonly bankerPoints?: number;
  readonly playerPair?: boolean;
  readonly bankerPair?: boolean;
  readonly natural?: boolean;
  /** Each hand's cards in the order it received them (2 or 3 each). */
  readonly cards?: { readonly player: readonly Card[]; readonly banker: readonly Card[] };
}

/** A checked result, ready for the roads; `coup` is present when the report carried cards. */
export interface CheckedResult extends RoadHand {
  readonly coup?: Coup;
}

/** Flag sets the Table of Play can produce, by final points: bit `natural*4 + playerPair*2 + bankerPair` of [p*10+b]. */
let reachable: Uint8Array | undefined;

const flagBit = (natural: boolean, playerPair: boolean, bankerPair: boolean): number =>
  1 << ((natural ? 4 : 0) + (playerPair ? 2 : 0) + (bankerPair ? 1 : 0));

/**
 * Enumerates every deal by point values (a shoe of 4 or more decks holds any 6 cards' values). Two first cards of
 * equal value 1–9 are always a pair (one rank per value); of value 0 they may be or not (J Q is not a pair).
 */
function reachabilityTable(): Uint8Array {
  if (reachable) return reachable;
  const table = new Uint8Array(100);
  const values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
  const pairs = (x: number, y: number): boolean[] => (x !== y ? [false] : x === 0 ? [false, true] : [true]);
  for (const p1 of values) {
    for (const b1 of values) {
      for (const p2 of values) {
        for (const b2 of values) {
          const pp = ((p1 + p2) % 10) as Point;
          const bp = ((b1 + b2) % 10) as Point;
          let bits = 0;
          for (const x of pairs(p1, p2))
            for (const y of pairs(b1, b2)) bits |= flagBit(isNatural(pp) || isNatural(bp), x, y);
          const add = (p: number, b: number): void => void (table[p * 10 + b] = (table[p * 10 + b] ?? 0) | bits);
          const mark = (third: Card | null, p: number): void => {
            if (!bankerDraws(bp, third, pp)) add(p, bp);
            else for (const v of values) add(p, (bp + v) % 10);
          };
          if (playerDraws(pp, bp)) for (const v of values) mark(VALUE_CARDS[v] ?? null, (pp + v) % 10);
          else mark(null, pp);
        }
      }
    }
  }
  return (reachable = table);
}

/** The flags of a result besides its points. */
export interface ResultFlags {
  readonly natural: boolean;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

/**
 * Whether some deal under the Table of Play ends on these final points with these flags. Worked out once by
 * enumerating every deal by point values, not by hand. (It comes out as: without a natural every combination is
 * possible; with one, a hand must be on 8 or 9, and a pair's side must be on an even count.)
 */
export function isReachable(playerPoints: Point, bankerPoints: Point, flags: ResultFlags): boolean {
  const bits = reachabilityTable()[playerPoints * 10 + bankerPoints] ?? 0;
  return (bits & flagBit(flags.natural, flags.playerPair, flags.bankerPair)) !== 0;
}

const isPoint = (n: number | undefined): n is Point => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 9;

/** Why a points-only result cannot happen (the table said so), in words. */
function unreachableReason(p: Point, b: Point, natural: boolean, playerPair: boolean, bankerPair: boolean): string {
  const where = `points ${p}–${b}`;
  if (natural && p < 8 && b < 8) return `natural reported but neither hand is on 8 or 9 (${where})`;
  const evenRule = (side: string, n: number): string =>
    `${side}Pair with a natural needs even ${side} points (a pair totals 0, 2, 4, 6 or 8 and no third card ` +
    `follows a natural), got ${n}`;
  if (natural && playerPair && p % 2 === 1) return evenRule('player', p);
  if (natural && bankerPair && b % 2 === 1) return evenRule('banker', b);
  const flags = [natural && 'a natural', playerPair && 'a player pair', bankerPair && 'a banker pair'].filter(Boolean);
  return `no deal under the Table of Play gives ${where}${flags.length ? ` with ${flags.join(' and ')}` : ''}`;
}

/** The Table of Play's verdict on the numbers of cards in each hand, or null when they are right. */
function drawError(player: readonly Card[], banker: readonly Card[]): string | null {
  const wrong = (hand: readonly Card[]): boolean => hand.length < 2 || hand.length > 3;
  const has = (n: number): string => `${n} card${n === 1 ? '' : 's'}; a hand has 2 or 3`;
  if (wrong(player)) return `player has ${has(player.length)}`;
  if (wrong(banker)) return `banker has ${has(banker.length)}`;
  const pp = points(player.slice(0, 2));
  const bp = points(banker.slice(0, 2));
  const third = player[2] ?? null;
  const natural = isNatural(pp) ? `the player has a natural ${pp}` : `the banker has a natural ${bp}`;
  const stands = isNatural(pp) || isNatural(bp) ? `when ${natural}` : '';
  const mustP = playerDraws(pp, bp);
  if (mustP && !third) return `player must draw a third card on ${pp}`;
  if (!mustP && third) return `player must stand ${stands || `on ${pp}`}, but has a third card ${makeCards([third])}`;
  const mustB = bankerDraws(bp, third, pp);
  const when = third
    ? `when the player's third card is ${pointValue(third)} (${makeCards([third])})`
    : 'when the player stands';
  if (mustB && banker.length === 2) return `banker must draw a third card on ${bp} ${when}`;
  if (!mustB && banker.length === 3) return `banker must stand ${stands || `on ${bp} ${when}`}`;
  return null;
}

/** Compares a reported flag with the cards' value of it. */
function flagError(name: string, reported: boolean | undefined, actual: boolean, what: string): string | null {
  if (reported === undefined || reported === actual) return null;
  return reported ? `${name} reported but ${what}` : `${name} reported false but ${what}`;
}

function checkCards(report: ReportedResult, cards: BySide<readonly Card[]>): Result<CheckedResult, string> {
  const drawn = drawError(cards.player, cards.banker);
  if (drawn) return err(drawn);
  const [p1, p2, p3] = cards.player;
  const [b1, b2, b3] = cards.banker;
  const dealt = [p1, b1, p2, b2, p3, b3].filter((c): c is Card => c !== undefined);
  const resolved = resolveCoup(dealt);
  if (!resolved.ok) return resolved; // cannot happen once drawError passed
  const coup = resolved.value;
  for (const side of ['player', 'banker'] as const) {
    const said = side === 'player' ? report.playerPoints : report.bankerPoints;
    if (said !== undefined && said !== coup[side].points)
      return err(`cards give ${side} ${coup[side].points}, report says ${said}`);
  }
  if (report.outcome !== coup.outcome)
    return err(`cards give outcome '${coup.outcome}', report says '${report.outcome}'`);
  const first2 = (side: 'player' | 'banker'): string => makeCards(coup[side].cards.slice(0, 2));
  const naturalText = coup.playerNatural
    ? `the player has a natural ${coup.player.points} (${first2('player')})`
    : coup.bankerNatural
      ? `the banker has a natural ${coup.banker.points} (${first2('banker')})`
      : `neither hand is a natural (player ${first2('player')}, banker ${first2('banker')})`;
  const pairText = (side: 'player' | 'banker'): string =>
    `${side}'s cards ${first2(side)} ${coup[`${side}Pair`] ? 'are' : 'are not'} a pair`;
  const error =
    flagError('playerPair', report.playerPair, coup.playerPair, pairText('player')) ??
    flagError('bankerPair', report.bankerPair, coup.bankerPair, pairText('banker')) ??
    flagError('natural', report.natural, coup.natural, naturalText);
  if (error) return err(error);
  const { outcome, playerPair, bankerPair, natural, playerPoints, bankerPoints } = coup;
  return ok({ outcome, playerPair, bankerPair, natural, playerPoints, bankerPoints, coup });
}

/**
 * Checks a reported result, never throwing:
 * - points (when given, both) are whole numbers 0–9 and agree with the outcome;
 * - with cards: the cards must be exactly what the Table of Play deals (2 or 3 cards a hand, as required), and
 *   every reported field must agree with them; the checked hand takes its fields from the cards;
 * - without cards: the combination of points, natural and pairs must be one the Table of Play can produce
 *   ({@link reachabilityTable}); flags left out count as `false`.
 * @returns the hand for the roads, or an error such as `outcome 'player' contradicts points 3–7 (banker wins)`.
 */
export function checkResult(report: ReportedResult): Result<CheckedResult, string> {
  const { outcome, playerPoints: p, bankerPoints: b } = report;
  if (!OUTCOMES.includes(outcome)) return err(`unknown outcome '${String(outcome)}'`);
  if ((p === undefined) !== (b === undefined)) {
    return err(p === undefined ? 'bankerPoints given without playerPoints' : 'playerPoints given without bankerPoints');
  }
  if (p !== undefined && !isPoint(p)) return err(`playerPoints must be a whole number 0–9, got ${p}`);
  if (b !== undefined && !isPoint(b)) return err(`bankerPoints must be a whole number 0–9, got ${b}`);
  if (p !== undefined && b !== undefined && outcomeOf(p, b) !== outcome) {
    const wins = outcomeOf(p, b) === 'tie' ? 'tie' : `${outcomeOf(p, b)} wins`;
    return err(`outcome '${outcome}' contradicts points ${p}–${b} (${wins})`);
  }
  if (report.cards) return checkCards(report, report.cards);
  const natural = report.natural ?? false;
  const playerPair = report.playerPair ?? false;
  const bankerPair = report.bankerPair ?? false;
  const flags = { natural, playerPair, bankerPair };
  if (isPoint(p) && isPoint(b)) {
    if (!isReachable(p, b, flags)) return err(unreachableReason(p, b, natural, playerPair, bankerPair));
    return ok({ outcome, playerPair, bankerPair, natural, playerPoints: p, bankerPoints: b });
  }
  const all = [...Array(100).keys()].map((i): [Point, Point] => [Math.floor(i / 10) as Point, (i % 10) as Point]);
  if (!all.some(([x, y]) => outcomeOf(x, y) === outcome && isReachable(x, y, flags))) {
    return err(`no deal under the Table of Play gives outcome '${outcome}' with these flags`);
  }
  return ok({ outcome, playerPair, bankerPair, natural });
}
