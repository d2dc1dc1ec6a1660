/**
 * The pay table the board shows for the current round, worked out from the table's and the casino's signs and the
 * state of the shoe with the core's rules (so neither the renderer nor the console holds any): commission or the
 * modified-odds sign of rule 5.11, up from the beginning of the round at which it takes effect and never taken down
 * while a round under it may still be settled; a change scheduled for a later shoe waits for that shoe.
 *
 * ```ts
 * const view = payTableView(signage, casino, shoe, pastShoes); // PayTableView | null
 * view?.modifiedOddsSign; // true: show "Banker wins with 6 pays 1 to 2"
 * ```
 * @packageDocumentation
 */
import {
  BANKER_SIX_ODDS,
  bankerNetOdds,
  EVEN_MONEY,
  type Odds as CoreOdds,
  PAIR_ODDS,
  type PayTable,
  payTableInForce,
  type PayTableInForce,
  PERFECT_PAIRS_PAY_SCALES,
  offeredSideBetLimits,
  type SideBetLimits,
  type Signage,
  THREE_GIVES_EIGHT_ODDS,
  UR_WAY_EGALITE_ODDS,
} from '../baccarat/signage';
import { shoeHands, type Shoe } from '../baccarat/shoe';
import { superSixCount } from '../baccarat/super-six';
import type { Point } from '../baccarat/types';
import type { Odds, PayTableView } from './kiosk';
import type { CasinoSignage, TableSignage, Variant } from './schemas';

const odds = (o: CoreOdds): Odds => ({ win: o.win, stake: o.lose });

/** What the board knows of the shoes, to place a sign's `effectiveFromShoe`: the current one and those before it. */
export interface ShoeContext {
  readonly shoe: Pick<Shoe, 'id' | 'startedAt'> | null;
  readonly pastShoes: readonly string[];
}

/**
 * The id a change "from the next shoe" names (`signage set --shoe next`, the console's From the next shoe): the
 * shoe being dealt's, marked. No board has dealt it, so each places the change at the next shoe it starts.
 */
export const nextShoeId = (shoeId: string): string => `${shoeId.slice(0, 59)}-next`;

/**
 * The hand of the current shoe from which `v` applies, or `later` when it names a shoe still to come. A variant
 * applies from `effectiveFromHand` of `effectiveFromShoe` and from hand 1 of any later shoe. A shoe the board has
 * shown before is earlier; one it has not seen is later if the sign was made after the current shoe started (a
 * change scheduled ahead), else earlier (a board that started after that shoe).
 */
export function variantStart(v: Variant, madeAt: string, ctx: ShoeContext): number | 'later' {
  const { shoe, pastShoes } = ctx;
  if (v.effectiveFromShoe === undefined || !shoe) return 1;
  if (v.effectiveFromShoe === shoe.id) return v.effectiveFromHand ?? 1;
  if (v.effectiveFromShoe === nextShoeId(shoe.id)) return 'later'; // made for the shoe after this one
  if (pastShoes.includes(v.effectiveFromShoe)) return 1;
  const started = shoe.startedAt === undefined ? NaN : Date.parse(shoe.startedAt);
  return Date.parse(madeAt) >= started ? 'later' : 1;
}

const coreTable = (v: Variant, from: number, previous?: PayTable): PayTable => ({
  variant: v.kind === 'commission' ? 'commission' : 'modifiedOdds',
  ...(v.kind === 'commission' ? { commissionRate: v.commissionPercent / 100 } : {}),
  effectiveFromHand: from,
  ...(previous && from > 1 ? { previous } : {}),
});

/** The signs' pay tables for the current shoe: in force now, and the one scheduled for a later shoe if any. */
function payTables(s: TableSignage, ctx: ShoeContext): { now: PayTable; later: PayTable | null } {
  const previous = s.previousVariant ? coreTable(s.previousVariant, 1) : undefined;
  const start = variantStart(s.variant, s.updatedAt, ctx);
  if (start === 'later')
    return {
      now: previous ?? { variant: 'commission', effectiveFromHand: 1 }, // rule 5.10 before anything else
      later: coreTable(s.variant, 1),
    };
  return { now: coreTable(s.variant, start, previous), later: null };
}

type WireSideBetLimits = NonNullable<TableSignage['limits']['sideBetLimits']>;

/** The wire's side-bet ranges (`minimum`, `maximum`) in the core's words (`min`, `max`). */
const coreSideBetLimits = (l: WireSideBetLimits): SideBetLimits =>
  Object.fromEntries(
    Object.entries(l).flatMap(([bet, r]) => (r ? [[bet, { min: r.minimum, max: r.maximum }]] : [])),
  ) as SideBetLimits;

/** The wire signs as the core's `Signage`, for the shoe being played (`ctx` places a change scheduled ahead). */
export function coreSignage(s: TableSignage, casino: CasinoSignage | null, ctx: ShoeContext | string | null): Signage {
  const context: ShoeContext =
    typeof ctx === 'string' || ctx === null ? { shoe: ctx === null ? null : { id: ctx }, pastShoes: [] } : ctx;
  return {
    revision: s.revision,
    tableName: s.tableName,
    open: s.tableOpen,
    language: s.language,
    ...(s.message === undefined ? {} : { message: s.message }),
    limits: {
      currency: s.limits.currency,
      min: s.limits.minimum,
      max: s.limits.maximum,
      tieMax: s.limits.tieMaximum,
      ...(s.limits.pairMaximum === undefined ? {} : { pairMax: s.limits.pairMaximum }),
      ...(s.limits.maxDifferential === undefined ? {} : { maxDifferential: s.limits.maxDifferential }),
      ...(s.limits.sideBetLimits && { sideBetLimits: coreSideBetLimits(s.limits.sideBetLimits) }),
    },
    payTable: payTables(s, context).now,
    tiePays: s.tiePays,
    sideBets: s.sideBets,
    ...(casino ? { perfectPairsScale: casino.perfectPairsScale } : {}),
  };
}

/**
 * Which rounds the signs speak for: `current`, the round whose bets are taken or which is being dealt, and
 * `settling`, a round whose result is in and whose wagers may still be paid. Between rounds the next round begins at
 * once (a controller need not say when bets open), while the last one may still be settling.
 */
export function signRounds(shoe: Shoe | null): { readonly current: number; readonly settling: number | null } {
  if (!shoe) return { current: 1, settling: null };
  const played = shoeHands(shoe).length;
  if (shoe.phase === 'betting' || shoe.phase === 'dealing') return { current: played + 1, settling: null };
  return { current: played + 1, settling: played > 0 ? played : null };
}

const isModified = (t: PayTableInForce): boolean => t.variant === 'modifiedOdds';

/** The pay table view for the board, or null until the table's signs are known. */
export function payTableView(
  s: TableSignage | null,
  casino: CasinoSignage | null,
  shoe: Shoe | null,
  pastShoes: readonly string[] = [],
): PayTableView | null {
  if (!s) return null;
  const ctx: ShoeContext = { shoe, pastShoes };
  const signage = coreSignage(s, casino, ctx);
  const { current, settling } = signRounds(shoe);
  const inForce = payTableInForce(signage, current);
  // Rule 5.11: up from the beginning of the round at which it takes effect, and while a round under it is settled.
  const sign = isModified(inForce) || (settling !== null && isModified(payTableInForce(signage, settling)));
  const offered = new Set(s.sideBets);
  const scale = casino?.perfectPairsScale ?? null;
  const later = payTables(s, ctx).later;
  const upcoming = later ?? (signage.payTable.effectiveFromHand > current ? signage.payTable : null);
  return {
    variant: inForce.variant === 'commission' ? 'commission' : 'modified-odds',
    commission: inForce.variant === 'commission' ? inForce.commissionRate : null,
    modifiedOddsSign: sign,
    fromHand: inForce.effectiveFromHand > 1 ? inForce.effectiveFromHand : null,
    scheduled: upcoming && {
      variant: upcoming.variant === 'commission' ? 'commission' : 'modified-odds',
      commission: upcoming.variant === 'commission' ? (upcoming.commissionRate ?? 0.05) : null,
      fromHand: later ? null : upcoming.effectiveFromHand,
    },
    banker: odds(inForce.variant === 'commission' ? bankerNetOdds(inForce.commissionRate) : EVEN_MONEY),
    bankerSix: inForce.variant === 'modifiedOdds' ? odds(BANKER_SIX_ODDS) : null,
    superSix: sign ? superSixCount(signage, shoe ? shoeHands(shoe) : []) : null,
    player: odds(EVEN_MONEY),
    tie: { win: s.tiePays, stake: 1 },
    pairs: offered.has('playerPair') || offered.has('bankerPair') ? odds(PAIR_ODDS) : null,
    perfectPairs: !offered.has('perfectPairs')
      ? null
      : scale
        ? {
            scale,
            mixed: odds(PERFECT_PAIRS_PAY_SCALES[scale].mixed),
            coloured: odds(PERFECT_PAIRS_PAY_SCALES[scale].coloured),
            perfect: odds(PERFECT_PAIRS_PAY_SCALES[scale].perfect),
          }
        : { scale: null },
    urWayEgalite: offered.has('urWayEgalite')
      ? ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as Point[]).map((score) => ({ score, odds: odds(UR_WAY_EGALITE_ODDS[score]) }))
      : null,
    threeGivesEight: offered.has('threeGivesEight') ? odds(THREE_GIVES_EIGHT_ODDS) : null,
    sideBets: s.sideBets,
    sideBetLimits: offeredSideBetLimits(signage.limits.sideBetLimits, signage.sideBets).map((l) => ({
      bet: l.bet,
      currency: s.limits.currency,
      minimum: l.min,
      maximum: l.max,
    })),
  };
}
