/**
 * Where a table's shoe stands, from its retained snapshot: which hand comes next, and the earliest hand a change
 * of variant may take effect from (rule 5.11: from the beginning of a round, so never a round that has begun).
 *
 * ```ts
 * shoePosition(snapshot); // { shoeId: 'S1', shoeNo: 12, handsPlayed: 30, phase: 'betting', nextHand: 31, earliestHand: 32 }
 * ```
 * @packageDocumentation
 */
import type { ShoePhase, ShoeSnapshot } from '../contract/schemas';

export interface ShoePosition {
  readonly shoeId: string;
  readonly shoeNo?: number; // the controller's number for the shoe, when it gives one ("Shoe 12")
  readonly handsPlayed: number | null; // null: a shoe named by hand (--shoe), with no snapshot of it
  readonly phase: ShoePhase | null;
  readonly nextHand: number | null; // the next hand to be dealt (hands played + 1)
  readonly earliestHand: number; // the first round not yet begun
  readonly tableOpen?: boolean; // the controller's own open or closed (its last table-open / table-closed), if it says
  readonly startedAt?: string; // when the shoe started, if the snapshot says: places a sign made for another shoe
}

/**
 * The position of a snapshot's shoe. A round begins when bets open for it: while bets are taken (`betting`) or it
 * is dealt (`dealing`), the next hand has begun and the earliest a change may apply from is the one after it.
 */
export function shoePosition(s: ShoeSnapshot): ShoePosition {
  const played = s.hands.length;
  const begun = s.phase === 'betting' || s.phase === 'dealing';
  return {
    shoeId: s.shoeId,
    ...(s.shoeNo !== undefined && { shoeNo: s.shoeNo }),
    handsPlayed: played,
    phase: s.phase,
    nextHand: played + 1,
    earliestHand: played + (begun ? 2 : 1),
    ...(s.tableOpen !== undefined && { tableOpen: s.tableOpen }),
    ...(s.startedAt !== undefined && { startedAt: s.startedAt }),
  };
}

/**
 * The shoe a change is made for: the one named (`--shoe`), positioned from the snapshot when it is that shoe,
 * else the snapshot's; null when neither is known.
 */
export function currentShoe(known: ShoePosition | null, named: string | null = null): ShoePosition | null {
  if (named !== null && known?.shoeId !== named)
    return { shoeId: named, handsPlayed: null, phase: null, nextHand: null, earliestHand: 1 };
  return known;
}
