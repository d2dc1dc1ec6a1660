/**
 * Where a table's shoe stands, from its retained snapshot: which hand comes next, and the earliest hand a change
 * of variant may take effect from (rule 5.11: from the beginning of a round, so never a round that has begun).
 *
 * ```ts
 * shoePosition(snapshot); // { shoeId: 'S1', shoeNo: 12, handsPlayed: 30, phase: 'betting', nextHand: 31, earliestHand: 32 }
 * ```
 * @packageDocumentation
 */
import { nextShoeId } from '../contract/pay-table-view';
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
  /** A shoe named ahead (`--shoe next`): the one the boards deal now, at which a change still pending is read. */
  readonly beingDealt?: ShoePosition;
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
 * The shoe a change is made for: the one named (`--shoe`), positioned from the snapshot when it is that shoe (a
 * shoe ahead of it keeps it as `beingDealt`), else the snapshot's; null when neither is known.
 */
export function currentShoe(known: ShoePosition | null, named: string | null = null): ShoePosition | null {
  if (named !== null && known?.shoeId !== named)
    return {
      shoeId: named,
      handsPlayed: null,
      phase: null,
      nextHand: null,
      earliestHand: 1,
      ...(known && { beingDealt: known }),
    };
  return known;
}

/** How a tool names the shoe of a request in its errors: the CLI's `--shoe`, the console's field. */
export interface ShoeWords {
  readonly named: (id: string) => string; // '--shoe S49'
  readonly next: string; // '--shoe next'
  readonly fromHand: (hand: number) => string; // 'from-hand=5'
  readonly nothing: string; // 'nothing was published'
}
export const CLI_SHOE_WORDS: ShoeWords = {
  named: (id) => `--shoe ${id}`,
  next: '--shoe next',
  fromHand: (hand) => `from-hand=${hand}`,
  nothing: 'nothing was published',
};

/**
 * The shoe a change is made for, from the shoe a request names (`--shoe`, the console's shoe field; rule 5.11): as
 * named when no snapshot is retained; with one, only the snapshot's own, or `next`, the shoe after it (an id no board
 * has seen, so each board places the change at the start of the next shoe it deals: contract/pay-table-view.ts).
 * Another shoe's id is refused: a board that showed that shoe before takes the change as in force from hand 1 of the
 * shoe being dealt, mid-shoe. So is `next` with a from-hand other than 1: the boards apply it from the next shoe's
 * first hand (`variantStart`), whatever hand it names, so "hand 5 of the next shoe" was accepted and never kept.
 * Null: none named. One check for `signage set` and the console's preview and apply; `field` is the key at fault.
 */
export function namedShoe(
  named: string | undefined,
  retained: string | null,
  words: ShoeWords = CLI_SHOE_WORDS,
  fromHand?: number,
): { id: string | null } | { error: string; field: 'shoe' | 'from-hand' } {
  if (named === undefined) return { id: null };
  if (named === 'next') {
    if (retained === null)
      return {
        field: 'shoe',
        error: `${words.next}: no shoe snapshot on the broker, so the shoe after it is unknown: name the shoe`,
      };
    if (fromHand !== undefined && fromHand !== 1)
      return {
        field: 'from-hand',
        error:
          `${words.fromHand(fromHand)} with ${words.next}: a change for the next shoe takes effect from its first ` +
          `hand, as every board applies it there. To start it at hand ${fromHand}, schedule it once that shoe is ` +
          `dealing (${words.fromHand(fromHand)} for the shoe being dealt then); ${words.nothing}`,
      };
    return { id: nextShoeId(retained) };
  }
  if (retained === null || named === retained) return { id: named };
  return {
    field: 'shoe',
    error:
      `${words.named(named)} is not the shoe being dealt (${retained}, from the table's snapshot): a board that ` +
      `showed shoe ${named} would take the change as in force now, mid-shoe (rule 5.11). Give from-hand for this ` +
      `shoe, or ${words.next} for the next one; ${words.nothing}`,
  };
}
