/**
 * The Banker's terms of a table's sign as its boards show them at the table's shoe (rule 5.11), for the console's
 * table card: in force, since which hand and what held before it in that shoe; scheduled, from which hand and what
 * holds until then; or, in a later shoe, in force from its first hand with nothing before it. The card read
 * "modified odds from hand 12 of shoe S1 (before: commission 5%)" all through shoe 2, whose boards paid modified
 * odds from hand 1. Pure; the boards place the sign the same way (`variantStart`).
 *
 * ```ts
 * variantNow(sign, { shoeId: 'S2', … }); // { text: 'modified odds', note: null }
 * ```
 * @packageDocumentation
 */
import { variantStart } from '../contract/pay-table-view';
import type { TableSignage } from '../contract/schemas';
import type { ShoePosition } from './shoe-position';
import { describeVariant } from './sign-text';

export interface VariantNow {
  /** The terms, and from or since which hand: `modified odds since hand 12 of shoe S1`. */
  readonly text: string;
  /** What held before it, or holds until then: `before: commission 5%`, `until then: commission 5%`. */
  readonly note: string | null;
}

type Sign = Pick<TableSignage, 'variant' | 'previousVariant' | 'updatedAt'>;

/** The sign's variant at `shoe` (null: no snapshot, and the sign is said as it is written). */
export function variantNow(s: Sign, shoe: ShoePosition | null): VariantNow {
  const v = s.variant;
  const previous = s.previousVariant ? describeVariant(s.previousVariant, false) : null;
  const asWritten = { text: describeVariant(v), note: previous && `before: ${previous}` };
  if (v.effectiveFromShoe === undefined || !shoe) return asWritten;
  const start = variantStart(v, s.updatedAt, {
    shoe: { id: shoe.shoeId, ...(shoe.startedAt !== undefined && { startedAt: shoe.startedAt }) },
    pastShoes: [],
  });
  const until = previous && `until then: ${previous}`;
  if (start === 'later') return { text: describeVariant(v), note: until };
  if (v.effectiveFromShoe !== shoe.shoeId) return { text: describeVariant(v, false), note: null };
  if (shoe.nextHand === null) return asWritten;
  // The round the signs speak for, `nextHand`: the one under way (bets taken or being dealt), else the next, which
  // begins at once.
  if (shoe.nextHand < start) return { text: describeVariant(v), note: until };
  return {
    text: `${describeVariant(v, false)} since hand ${start} of shoe ${shoe.shoeId}`,
    note: start > 1 ? asWritten.note : null,
  };
}
