/**
 * The pay table the board shows for the current round, worked out from the table's and the casino's signs and
 * the state of the shoe with the core's rules (so the renderer holds none): commission or the modified-odds sign
 * of rule 5.11, shown from the beginning of the round at which it takes effect and never taken down while a
 * round under it is still being played.
 *
 * ```ts
 * const view = payTableView(signage, casino, shoe); // PayTableView | null
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
  PERFECT_PAIRS_PAY_SCALES,
  type Signage,
  showModifiedOddsSign,
  THREE_GIVES_EIGHT_ODDS,
  UR_WAY_EGALITE_ODDS,
} from '../baccarat/signage';
import { shoeHands, type Shoe } from '../baccarat/shoe';
import type { Point } from '../baccarat/types';
import type { Odds, PayTableView } from '../contract/kiosk';
import type { CasinoSignage, TableSignage, Variant } from '../contract/schemas';

const odds = (o: CoreOdds): Odds => ({ win: o.win, stake: o.lose });

/** A wire variant as a core pay table, for the shoe being played. */
function payTable(v: Variant, shoeId: string | null, previous?: PayTable): PayTable {
  // The variant applies from effectiveFromHand of effectiveFromShoe, and from hand 1 of any other (later) shoe.
  const from = v.effectiveFromShoe !== undefined && v.effectiveFromShoe === shoeId ? (v.effectiveFromHand ?? 1) : 1;
  return {
    variant: v.kind === 'commission' ? 'commission' : 'modifiedOdds',
    ...(v.kind === 'commission' ? { commissionRate: v.commissionPercent / 100 } : {}),
    effectiveFromHand: from,
    ...(previous && from > 1 ? { previous } : {}),
  };
}

/** The wire signs as the core's `Signage`, for the shoe being played. */
export function coreSignage(s: TableSignage, casino: CasinoSignage | null, shoeId: string | null): Signage {
  const previous = s.previousVariant ? payTable(s.previousVariant, null) : undefined;
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
    },
    payTable: payTable(s.variant, shoeId, previous),
    tiePays: s.tiePays,
    sideBets: s.sideBets,
    ...(casino ? { perfectPairsScale: casino.perfectPairsScale } : {}),
  };
}

/**
 * Which round the signs speak for. While a round is dealt, or its result is being settled (until bets open for the
 * next), it is that round; between rounds, while bets are taken, it is the next one.
 */
export function roundNow(shoe: Shoe | null): { round: number; inProgress: boolean } {
  if (!shoe) return { round: 0, inProgress: false };
  const played = shoeHands(shoe).length;
  if (shoe.phase === 'dealing') return { round: played + 1, inProgress: true };
  if (shoe.phase === 'idle' && played > 0) return { round: played, inProgress: true };
  return { round: played, inProgress: false };
}

/** The pay table view for the board, or null until the table's signs are known. */
export function payTableView(
  s: TableSignage | null,
  casino: CasinoSignage | null,
  shoe: Shoe | null,
): PayTableView | null {
  if (!s) return null;
  const signage = coreSignage(s, casino, shoe?.id ?? null);
  const { round, inProgress } = roundNow(shoe);
  const showing = Math.max(1, inProgress ? round : round + 1);
  const inForce = payTableInForce(signage, showing);
  const offered = new Set(s.sideBets);
  const scale = casino?.perfectPairsScale ?? null;
  const pp = scale ? PERFECT_PAIRS_PAY_SCALES[scale] : null;
  return {
    variant: inForce.variant === 'commission' ? 'commission' : 'modified-odds',
    commission: inForce.variant === 'commission' ? inForce.commissionRate : null,
    modifiedOddsSign: showModifiedOddsSign(signage, round, inProgress),
    fromHand: inForce.effectiveFromHand > 1 ? inForce.effectiveFromHand : null,
    banker: odds(inForce.variant === 'commission' ? bankerNetOdds(inForce.commissionRate) : EVEN_MONEY),
    bankerSix: inForce.variant === 'modifiedOdds' ? odds(BANKER_SIX_ODDS) : null,
    player: odds(EVEN_MONEY),
    tie: { win: s.tiePays, stake: 1 },
    pairs: offered.has('playerPair') || offered.has('bankerPair') ? odds(PAIR_ODDS) : null,
    perfectPairs:
      offered.has('perfectPairs') && pp && scale
        ? { scale, mixed: odds(pp.mixed), coloured: odds(pp.coloured), perfect: odds(pp.perfect) }
        : null,
    urWayEgalite: offered.has('urWayEgalite')
      ? ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as Point[]).map((score) => ({ score, odds: odds(UR_WAY_EGALITE_ODDS[score]) }))
      : null,
    threeGivesEight: offered.has('threeGivesEight') ? odds(THREE_GIVES_EIGHT_ODDS) : null,
    sideBets: s.sideBets,
  };
}
