/**
 * What each bet pays, as data: the odds of rules 5.10 and 5.11, the Perfect Pairs pay scales of rule 11A.7, the
 * punto-banco side bets (UR Way Égalité per score, 3g8) and pairs. No UI text; `signage.ts` picks the rows.
 *
 * ```ts
 * import { PERFECT_PAIRS_PAY_SCALES, bankerNetOdds } from './pay-tables';
 * PERFECT_PAIRS_PAY_SCALES.one.perfect; // { win: 30, lose: 1 }
 * bankerNetOdds(0.05);                  // { win: 19, lose: 20 }: 1 to 1 less 5 % commission
 * ```
 * @packageDocumentation
 */
import type { Point } from './types';

/** Odds "win to lose": a winning stake of `lose` is paid `win` (and keeps its stake). 19 to 20 is `{19, 20}`. */
export interface Odds {
  readonly win: number;
  readonly lose: number;
}

const odds = (win: number, lose = 1): Odds => ({ win, lose });

/** Player's Hand, and Banker's Hand before commission (rule 5.10(a), (b)). */
export const EVEN_MONEY: Odds = odds(1);

/** A Banker win with 6 under modified odds (rule 5.11; non-commission; Baccarat 2000): 1 to 2. */
export const BANKER_SIX_ODDS: Odds = odds(1, 2);

/** Player Pair and Banker Pair (punto-banco; house rule 6.3; tournament 4.1.1): 11 to 1. */
export const PAIR_ODDS: Odds = odds(11);

/** 3g8: Banker two-card 3 and the Player's third card an 8 (punto-banco): 180 to 1. */
export const THREE_GIVES_EIGHT_ODDS: Odds = odds(180);

/** Tie pays 8 to 1 (rule 5.10(c), house 6.2, tournament) or 9 to 1 (punto-banco égalité). */
export const TIE_PAYS = [8, 9] as const;
export type TiePays = (typeof TIE_PAYS)[number];

/** UR Way Égalité (punto-banco): a tie at this exact score pays these odds; every other score loses. */
export const UR_WAY_EGALITE_ODDS: { readonly [P in Point]: Odds } = {
  0: odds(150),
  1: odds(215),
  2: odds(225),
  3: odds(200),
  4: odds(120),
  5: odds(110),
  6: odds(45),
  7: odds(45),
  8: odds(80),
  9: odds(80),
};

/** Perfect Pairs pay scales of rule 11A.7. Rule 11A.8: one scale, casino-wide, for every table offering it. */
export const PAY_SCALES = ['one', 'two'] as const;
export type PayScaleName = (typeof PAY_SCALES)[number];

/** Kinds of pair (division 5 §1): mixed (red and black), coloured (same colour, different suits), perfect. */
export const PAIR_KINDS = ['mixed', 'coloured', 'perfect'] as const;
export type PairKind = (typeof PAIR_KINDS)[number];

export const PERFECT_PAIRS_PAY_SCALES: { readonly [S in PayScaleName]: { readonly [K in PairKind]: Odds } } = {
  one: { mixed: odds(5), coloured: odds(10), perfect: odds(30) },
  two: { mixed: odds(6), coloured: odds(12), perfect: odds(25) },
};

/** Side bets a table may offer. */
export const SIDE_BETS = ['playerPair', 'bankerPair', 'perfectPairs', 'urWayEgalite', 'threeGivesEight'] as const;
export type SideBet = (typeof SIDE_BETS)[number];

/** Commission on a winning Banker bet by rule 5.10(b): 5 %. */
export const DEFAULT_COMMISSION_RATE = 0.05;
/** Highest commission rate a sign may state; anything above is taken for a typing error. */
export const MAX_COMMISSION_RATE = 0.25;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The Banker's net odds with commission `rate`: 1 to 1 less `rate` of the winnings, as a reduced ratio.
 * 0.05 gives 19 to 20, 0.04 gives 24 to 25, 0 gives 1 to 1. Rates are taken to 1/10 000.
 */
export function bankerNetOdds(rate: number = DEFAULT_COMMISSION_RATE): Odds {
  const scale = 10_000;
  const win = Math.round((1 - rate) * scale);
  const d = gcd(win, scale);
  return { win: win / d, lose: scale / d };
}
