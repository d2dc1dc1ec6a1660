/**
 * Checking a reported result (the contract's hand message, in the core's terms): a result that carries cards must
 * agree with them in every field, as the Table of Play deals them; one that carries only points must be possible
 * under the Table of Play, which a table built by enumerating every deal decides.
 *
 * ```ts
 * checkResult({ outcome: 'player', playerPoints: 3, bankerPoints: 7 }); // error: outcome contradicts points
 * checkResult({ outcome: 'banker', playerPoints: 6, bankerPoints: 7, cards }); // ok, or the first field that disagrees
 * ```
 * @packageDocumentation
 */
import { OUTCOMES, err, ok } from './types';
import type { BySide, Card, Outcome, Point, Result, RoadHand } from './types';
import { VALUE_CARDS, makeCards, pointValue, points } from './cards';
import { type Coup, bankerDraws, isNatural, outcomeOf, playerDraws, resolveCoup } from './table-of-play';

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
