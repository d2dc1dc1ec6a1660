/**
 * Wager limits of the side bets that have their own (rule 11A.4: "the amount of a Perfect Pairs wager shall be that
 * displayed on the sign at the table indicating the wager limits"; likewise UR Way Égalité and 3g8 at a punto-banco
 * table): a minimum and a maximum per wager, in the table's currency. Player Pair and Banker Pair are not here: their
 * maximum is the table-wide one of house rule 6.1.3 (`Limits.pairMax`).
 *
 * ```ts
 * sideBetLimitsProblem({ perfectPairs: { min: 10, max: 500 } }, 5_000, ['perfectPairs']); // null: fine
 * offeredSideBetLimits({ perfectPairs: { min: 10, max: 500 } }, ['perfectPairs']);       // [{ bet, min, max }]
 * ```
 * @packageDocumentation
 */
import { SIDE_BETS, type SideBet } from './pay-tables';

/** The side bets whose wagers have limits of their own on the sign, in `SIDE_BETS` order. */
export const LIMITED_SIDE_BETS = [
  'perfectPairs',
  'urWayEgalite',
  'threeGivesEight',
] as const satisfies readonly SideBet[];
export type LimitedSideBet = (typeof LIMITED_SIDE_BETS)[number];

/** The smallest and largest wager accepted on one bet, in the table's currency. */
export interface WagerRange {
  readonly min: number;
  readonly max: number;
}

/** A range for each limited side bet that has one; amounts in `Limits.currency` (there is no other currency). */
export type SideBetLimits = { readonly [B in LimitedSideBet]?: WagerRange };

/** A side bet's limits as the sign shows them. */
export interface SideBetLimit extends WagerRange {
  readonly bet: LimitedSideBet;
}

export const isLimitedSideBet = (b: string): b is LimitedSideBet =>
  (LIMITED_SIDE_BETS as readonly string[]).includes(b);

const isAmount = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/**
 * What is wrong with a sign's side-bet limits, naming the field, or null. Each range: positive amounts, min at most
 * max, max at most the table maximum `tableMax`. A range for a side bet the table does not offer is refused: a
 * sign must not state limits for a bet it does not take (a board ignores one rather than drop the whole sign).
 */
export function sideBetLimitsProblem(
  limits: SideBetLimits | undefined,
  tableMax: number,
  offered: readonly SideBet[],
): string | null {
  if (limits === undefined) return null;
  if (typeof limits !== 'object' || limits === null) return 'limits.sideBetLimits must be an object';
  for (const [bet, range] of Object.entries(limits) as [string, WagerRange | undefined][]) {
    const path = `limits.sideBetLimits.${bet}`;
    if (!isLimitedSideBet(bet))
      return (SIDE_BETS as readonly string[]).includes(bet)
        ? `${path}: ${bet} has no limits of its own; pairs are limited by limits.pairMax (house rule 6.1.3)`
        : `${path} is unknown: expected one of ${LIMITED_SIDE_BETS.join(', ')}`;
    if (range === undefined) continue;
    if (typeof range !== 'object' || range === null) return `${path} must be a range (min and max)`;
    for (const k of ['min', 'max'] as const)
      if (!isAmount(range[k])) return `${path}.${k} (${String(range[k])}) must be a positive finite amount`;
    if (range.min > range.max) return `${path}.min (${range.min}) is above ${path}.max (${range.max})`;
    if (range.max > tableMax) return `${path}.max (${range.max}) is above limits.max (${tableMax})`;
    if (!offered.includes(bet))
      return `${path} is set but ${bet} is not offered: add it to sideBets or remove the limits`;
  }
  return null;
}

/** The limits of the side bets the table offers, in `SIDE_BETS` order; a range for a bet not offered is left out. */
export function offeredSideBetLimits(limits: SideBetLimits | undefined, offered: readonly SideBet[]): SideBetLimit[] {
  const out: SideBetLimit[] = [];
  for (const bet of LIMITED_SIDE_BETS) {
    const r = limits?.[bet];
    if (r && offered.includes(bet)) out.push({ bet, min: r.min, max: r.max });
  }
  return out;
}
