/**
 * The table's signs as domain values: limits (rules 5.17, 11A.4), the game variant and when it changes (rules 5.10,
 * 5.11), tie odds, side bets and the casino-wide Perfect Pairs scale (rule 11A.8). Pure data and rules: the
 * board renders {@link payTableRows} in its own words and languages.
 *
 * ```ts
 * const sign = validateSignage(config);                      // Result<Signage, string>, names the bad field
 * if (sign.ok) payTableInForce(sign.value, 12).variant;      // 'commission' | 'modifiedOdds' for hand 12
 * if (sign.ok) showModifiedOddsSign(sign.value, 12, true);   // rule 5.11 sign up while round 12 is played?
 * ```
 * @packageDocumentation
 */
import { err, ok, type Result } from './types';
import {
  BANKER_SIX_ODDS,
  bankerNetOdds,
  DEFAULT_COMMISSION_RATE,
  EVEN_MONEY,
  MAX_COMMISSION_RATE,
  PAIR_ODDS,
  PAY_SCALES,
  PERFECT_PAIRS_PAY_SCALES,
  SIDE_BETS,
  THREE_GIVES_EIGHT_ODDS,
  TIE_PAYS,
  UR_WAY_EGALITE_ODDS,
  type Odds,
  type PairKind,
  type PayScaleName,
  type SideBet,
  type TiePays,
} from './pay-tables';
import { offeredSideBetLimits, sideBetLimitsProblem, type SideBetLimits, type WagerRange } from './side-bet-limits';
import type { Point } from './types';

export * from './pay-tables';
export * from './side-bet-limits';

/** Languages a sign can be shown in; `en+zh-Hans` shows both. */
export const SIGN_LANGUAGES = ['en', 'zh-Hans', 'zh-Hant', 'en+zh-Hans', 'en+zh-Hant'] as const;
export type SignLanguage = (typeof SIGN_LANGUAGES)[number];

/**
 * How a winning Banker bet is paid. `commission`: 1 to 1 less `commissionRate` (rule 5.10(b); 19 to 20 at 5 %).
 * `modifiedOdds`: 1 to 1, but 1 to 2 when the Banker wins with 6 (rule 5.11; non-commission; Baccarat 2000).
 */
export const GAME_VARIANTS = ['commission', 'modifiedOdds'] as const;
export type GameVariant = (typeof GAME_VARIANTS)[number];

/** The wager limits sign (rules 5.17, 11A.4; house rule 6.1). Amounts in units of `currency`. */
export interface Limits {
  readonly currency: string; // ISO 4217 code, e.g. 'HKD'
  readonly min: number; // table minimum
  readonly max: number; // table maximum
  readonly tieMax?: number; // at most `max`
  readonly pairMax?: number; // Player Pair / Banker Pair; at most `max`
  readonly sideBetLimits?: SideBetLimits; // Perfect Pairs (rule 11A.4), UR Way Égalité, 3g8: per wager, max ≤ `max`
  readonly maxDifferential?: number; // Banker total minus Player total (rule 5.17); at least `max`
}

/**
 * The variant in force from hand `effectiveFromHand` of the shoe, with the one before it in `previous`: a
 * history, newest first, so that hands on either side of a change mid-shoe get the right pay table.
 */
export interface PayTable {
  readonly variant: GameVariant;
  readonly commissionRate?: number; // commission only; 0 to 0.25, default 0.05
  readonly effectiveFromHand: number; // 1-based hand number in the shoe; the change applies to this round on
  readonly previous?: PayTable; // in force before `effectiveFromHand`; none: rule 5.10 (commission, 5 %)
}

/** A pay table as it applies to one hand: the variant, its commission rate resolved, no history. */
export type PayTableInForce =
  | { readonly variant: 'commission'; readonly commissionRate: number; readonly effectiveFromHand: number }
  | { readonly variant: 'modifiedOdds'; readonly effectiveFromHand: number };

/** Everything the table's signs show. */
export interface Signage {
  readonly revision: number; // whole number, goes up with every change
  readonly tableName: string;
  readonly open: boolean;
  readonly language: SignLanguage;
  readonly message?: string; // free text from the pit, shown as is
  readonly limits: Limits;
  readonly payTable: PayTable;
  readonly tiePays: TiePays; // 8 to 1 or 9 to 1
  readonly sideBets: readonly SideBet[];
  readonly perfectPairsScale?: PayScaleName; // required when 'perfectPairs' is offered; casino-wide (rule 11A.8)
}

/** One row of the pay table, as data. */
export type PayRow =
  | {
      readonly bet: 'banker';
      readonly odds: Odds; // 1 to 1 …
      readonly note: 'lessCommission'; // … less commission
      readonly commissionRate: number;
      readonly netOdds: Odds; // the same, net: 19 to 20 at 5 %
    }
  | {
      readonly bet: 'banker';
      readonly odds: Odds; // 1 to 1 …
      readonly note: 'bankerSixHalf'; // … except a win with 6
      readonly bankerSixOdds: Odds; // 1 to 2
    }
  | { readonly bet: 'player' | 'tie' | 'playerPair' | 'bankerPair'; readonly odds: Odds }
  | { readonly bet: 'threeGivesEight'; readonly odds: Odds; readonly limits?: WagerRange }
  | {
      readonly bet: 'perfectPairs';
      readonly scale: PayScaleName;
      readonly odds: { readonly [K in PairKind]: Odds };
      readonly limits?: WagerRange; // rule 11A.4
    }
  | { readonly bet: 'urWayEgalite'; readonly odds: { readonly [P in Point]: Odds }; readonly limits?: WagerRange };

/** Rule 5.10: what applies before any pay table on the sign takes effect. */
export const DEFAULT_PAY_TABLE: PayTableInForce = {
  variant: 'commission',
  commissionRate: DEFAULT_COMMISSION_RATE,
  effectiveFromHand: 1,
};

const resolve = (t: PayTable): PayTableInForce =>
  t.variant === 'commission'
    ? {
        variant: 'commission',
        commissionRate: t.commissionRate ?? DEFAULT_COMMISSION_RATE,
        effectiveFromHand: t.effectiveFromHand,
      }
    : { variant: 'modifiedOdds', effectiveFromHand: t.effectiveFromHand };

/** The pay table for hand `handNo` of the shoe: the newest entry whose `effectiveFromHand` is at or before it. */
export function payTableInForce(signage: Signage, handNo: number): PayTableInForce {
  for (let t: PayTable | undefined = signage.payTable; t; t = t.previous)
    if (handNo >= t.effectiveFromHand) return resolve(t);
  return DEFAULT_PAY_TABLE;
}

/**
 * Whether the modified-odds sign of rule 5.11 must be up. With `roundInProgress`, round `currentRoundNo` is being
 * played (from "No more bets" until its wagers are settled): the sign follows that round's pay table, so it is
 * never taken down while a round under it is played. Otherwise round `currentRoundNo` is over (0: none yet) and
 * bets are taken for the next one, which begins now: the sign follows round `currentRoundNo + 1`, so it is up
 * from the beginning of the round at which the modification takes effect.
 */
export function showModifiedOddsSign(signage: Signage, currentRoundNo: number, roundInProgress: boolean): boolean {
  const round = roundInProgress ? currentRoundNo : currentRoundNo + 1;
  return payTableInForce(signage, Math.max(1, round)).variant === 'modifiedOdds';
}

/**
 * Schedules a change of variant from hand `change.effectiveFromHand`, keeping the current table as `previous`.
 * A change at the hand of the latest entry replaces that entry (a scheduled change not yet begun, or the table
 * for hand 1 of a new shoe). `notBefore` is the first round not yet begun (rule 5.11: a change applies from the
 * beginning of a round); default 1, no check. Refused: a hand before the latest entry or before `notBefore`, a
 * bad rate, or no change at all. Revision goes up.
 */
export function changePayTable(
  signage: Signage,
  change: { readonly variant: GameVariant; readonly commissionRate?: number; readonly effectiveFromHand: number },
  notBefore = 1,
): Result<Signage, string> {
  const from = change.effectiveFromHand;
  const problem = payTableProblem({ ...change, previous: undefined }, 'change');
  if (problem) return err(problem);
  const latest = signage.payTable;
  if (from < latest.effectiveFromHand)
    return err(`change.effectiveFromHand (${from}) is before the latest change, at hand ${latest.effectiveFromHand}`);
  if (from < notBefore)
    return err(
      `change.effectiveFromHand (${from}): that round has begun; hand ${notBefore} is the earliest (rule 5.11)`,
    );
  const replaces = from === latest.effectiveFromHand;
  const rate = (t: PayTableInForce): number | null => (t.variant === 'commission' ? t.commissionRate : null);
  const now = resolve(latest);
  const next = resolve(change);
  if (now.variant === next.variant && rate(now) === rate(next))
    return err(`change to ${change.variant} from hand ${from} changes nothing: it is already in force`);
  const previous = replaces ? latest.previous : latest;
  const payTable: PayTable = { ...change, ...(previous && { previous }) };
  return ok({ ...signage, payTable, revision: signage.revision + 1 });
}

/** For a new shoe: the newest pay table applies from hand 1 and the history is dropped. Revision goes up. */
export function carryPayTableToNewShoe(signage: Signage): Signage {
  const { previous: _dropped, ...latest } = signage.payTable;
  return { ...signage, payTable: { ...latest, effectiveFromHand: 1 }, revision: signage.revision + 1 };
}

const isAmount = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

function payTableProblem(t: PayTable, path: string): string | null {
  if (!(GAME_VARIANTS as readonly unknown[]).includes(t.variant))
    return `${path}.variant (${String(t.variant)}) is unknown: expected ${GAME_VARIANTS.join(' or ')}`;
  if (!Number.isInteger(t.effectiveFromHand) || t.effectiveFromHand < 1)
    return `${path}.effectiveFromHand (${t.effectiveFromHand}) must be a whole number from 1`;
  const r = t.commissionRate;
  if (r !== undefined && !(typeof r === 'number' && r >= 0 && r <= MAX_COMMISSION_RATE))
    return `${path}.commissionRate (${r}) must be from 0 to ${MAX_COMMISSION_RATE}`;
  return null;
}

function limitsProblem(l: Limits): string | null {
  if (typeof l !== 'object' || l === null) return 'limits is missing';
  if (typeof l.currency !== 'string' || !/^[A-Z]{3}$/.test(l.currency))
    return `limits.currency (${String(l.currency)}) is not an ISO 4217 code (three capital letters)`;
  for (const k of ['min', 'max', 'tieMax', 'pairMax', 'maxDifferential'] as const) {
    const v = l[k];
    if ((k === 'min' || k === 'max' || v !== undefined) && !isAmount(v))
      return `limits.${k} (${String(v)}) must be a positive finite amount`;
  }
  if (l.min > l.max) return `limits.min (${l.min}) is above limits.max (${l.max})`;
  for (const k of ['tieMax', 'pairMax'] as const) {
    const v = l[k];
    if (v !== undefined && v > l.max) return `limits.${k} (${v}) is above limits.max (${l.max})`;
  }
  if (l.maxDifferential !== undefined && l.maxDifferential < l.max)
    return `limits.maxDifferential (${l.maxDifferential}) is below limits.max (${l.max})`;
  return null;
}

function signageProblem(s: Signage): string | null {
  if (!Number.isInteger(s.revision) || s.revision < 0) return `revision (${s.revision}) must be a whole number from 0`;
  if (typeof s.tableName !== 'string' || s.tableName.trim() === '') return 'tableName must be a non-empty string';
  if (typeof s.open !== 'boolean') return `open (${String(s.open)}) must be true or false`;
  if (!(SIGN_LANGUAGES as readonly unknown[]).includes(s.language))
    return `language (${String(s.language)}) is unknown: expected one of ${SIGN_LANGUAGES.join(', ')}`;
  if (s.message !== undefined && typeof s.message !== 'string') return 'message must be text';
  const limits = limitsProblem(s.limits);
  if (limits) return limits;
  if (typeof s.payTable !== 'object' || s.payTable === null) return 'payTable is missing';
  let path = 'payTable';
  for (let t: PayTable | undefined = s.payTable; t; t = t.previous, path += '.previous') {
    const problem = payTableProblem(t, path);
    if (problem) return problem;
    if (t.previous && !(t.previous.effectiveFromHand < t.effectiveFromHand))
      return `${path}.previous.effectiveFromHand (${t.previous.effectiveFromHand}) must be before ${path}.effectiveFromHand (${t.effectiveFromHand})`;
  }
  if (!(TIE_PAYS as readonly unknown[]).includes(s.tiePays)) return `tiePays (${s.tiePays}) must be 8 or 9`;
  if (!Array.isArray(s.sideBets)) return 'sideBets must be a list';
  for (const [i, b] of s.sideBets.entries()) {
    if (!(SIDE_BETS as readonly unknown[]).includes(b))
      return `sideBets[${i}] (${String(b)}) is unknown: expected one of ${SIDE_BETS.join(', ')}`;
    if (s.sideBets.indexOf(b) !== i) return `sideBets[${i}] (${b}) is listed twice`;
  }
  if (s.perfectPairsScale !== undefined && !(PAY_SCALES as readonly unknown[]).includes(s.perfectPairsScale))
    return `perfectPairsScale (${String(s.perfectPairsScale)}) is unknown: expected ${PAY_SCALES.join(' or ')}`;
  if (s.sideBets.includes('perfectPairs') && s.perfectPairsScale === undefined)
    return 'perfectPairsScale is required when perfectPairs is offered (rule 11A.8)';
  return sideBetLimitsProblem(s.limits.sideBetLimits, s.limits.max, s.sideBets);
}

/** Checks a sign for nonsense and names the first bad field, e.g. "limits.min (500) is above limits.max (100)". */
export function validateSignage(s: Signage): Result<Signage, string> {
  if (typeof s !== 'object' || s === null) return err('signage is missing');
  const problem = signageProblem(s);
  return problem ? err(problem) : ok(s);
}

/**
 * The one Perfect Pairs scale of the casino (rule 11A.8), from the signs of all its tables: null when no table
 * offers Perfect Pairs, an error naming two tables when they disagree or a table offering it names no scale.
 */
export function casinoPayScale(signs: readonly Signage[]): Result<PayScaleName | null, string> {
  let first: Signage | undefined;
  for (const s of signs) {
    if (!s.sideBets.includes('perfectPairs')) continue;
    if (s.perfectPairsScale === undefined) return err(`table ${s.tableName} offers perfectPairs with no pay scale`);
    if (!first) first = s;
    else if (s.perfectPairsScale !== first.perfectPairsScale)
      return err(
        `tables ${first.tableName} (scale ${first.perfectPairsScale}) and ${s.tableName} (scale ${s.perfectPairsScale}) ` +
          'differ: rule 11A.8 requires one Perfect Pairs pay scale for all tables',
      );
  }
  return ok(first?.perfectPairsScale ?? null);
}

/** The pay table for hand `handNo` as rows: Banker, Player, Tie, then the side bets offered, in `SIDE_BETS` order. */
export function payTableRows(signage: Signage, handNo: number): PayRow[] {
  const t = payTableInForce(signage, handNo);
  const rows: PayRow[] = [
    t.variant === 'commission'
      ? {
          bet: 'banker',
          odds: EVEN_MONEY,
          note: 'lessCommission',
          commissionRate: t.commissionRate,
          netOdds: bankerNetOdds(t.commissionRate),
        }
      : { bet: 'banker', odds: EVEN_MONEY, note: 'bankerSixHalf', bankerSixOdds: BANKER_SIX_ODDS },
    { bet: 'player', odds: EVEN_MONEY },
    { bet: 'tie', odds: { win: signage.tiePays, lose: 1 } },
  ];
  const limited = offeredSideBetLimits(signage.limits.sideBetLimits, signage.sideBets);
  const range = (bet: SideBet) => {
    const l = limited.find((x) => x.bet === bet);
    return l ? { limits: { min: l.min, max: l.max } } : {};
  };
  for (const bet of SIDE_BETS) {
    if (!signage.sideBets.includes(bet)) continue;
    if (bet === 'perfectPairs') {
      const scale = signage.perfectPairsScale ?? 'one';
      rows.push({ bet, scale, odds: PERFECT_PAIRS_PAY_SCALES[scale], ...range(bet) });
    } else if (bet === 'urWayEgalite') rows.push({ bet, odds: UR_WAY_EGALITE_ODDS, ...range(bet) });
    else if (bet === 'threeGivesEight') rows.push({ bet, odds: THREE_GIVES_EIGHT_ODDS, ...range(bet) });
    else rows.push({ bet, odds: PAIR_ODDS });
  }
  return rows;
}
