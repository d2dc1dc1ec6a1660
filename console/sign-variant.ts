/**
 * A table sign's variant (what the Banker pays, rules 5.10 and 5.11) as a change of signs makes it: the variant after
 * the edits, from which hand of the current shoe, with the variant in force until then kept as `previousVariant`;
 * and a sign as the current shoe reads it, its variant written plain once in force since an earlier shoe. Used by
 * `planSignChange` (`sign-edit.ts`). Pure.
 *
 * ```ts
 * planVariant(sign, { variant: 'modified-odds' }, shoe, 'T1'); // ok({ variant: { … hand 31 of S1 }, previousVariant })
 * settledSign(sign, shoe); // the same sign, its variant from an earlier shoe written plain
 * ```
 * @packageDocumentation
 */
import { err, ok, type Result } from '../baccarat/types';
import { variantStart } from '../contract/pay-table-view';
import type { TableSignage, Variant } from '../contract/schemas';
import { DEFAULT_VARIANT } from './sign-defaults';
import type { ShoePosition } from './shoe-position';
import { fieldError, type FieldError, type SignEdits } from './sign-keys';
import { describeVariant } from './sign-text';

const sameTerms = (a: Variant, b: Variant): boolean =>
  a.kind === b.kind &&
  (a.kind !== 'commission' || (b.kind === 'commission' && a.commissionPercent === b.commissionPercent));

/** The variant fields of a table sign, as the edits leave them. */
export type VariantFields = Pick<TableSignage, 'variant' | 'previousVariant'>;

/**
 * The sign as the current shoe reads it. A variant scheduled in an earlier shoe has been in force since hand 1 of
 * this one; kept as it was written (that shoe, its hand, `previousVariant`) under a new `updatedAt`, it reads to a
 * board that never saw that shoe (a new board, a journal lost) as made for a shoe yet to come (`variantStart`), and
 * that board shows `previousVariant` until the next shoe: modified odds at a table paying commission. Written plain,
 * it says what every board of the table shows.
 */
export function settledSign(cur: TableSignage, shoe: ShoePosition | null): TableSignage {
  const v = cur.variant;
  if (!shoe || v.effectiveFromShoe === undefined || v.effectiveFromShoe === shoe.shoeId) return cur;
  const at = { id: shoe.shoeId, ...(shoe.startedAt !== undefined && { startedAt: shoe.startedAt }) };
  if (variantStart(v, cur.updatedAt, { shoe: at, pastShoes: [] }) === 'later') return cur;
  // Modified odds always name their shoe (rule 5.11): in force from this one's first hand.
  const variant: Variant =
    v.kind === 'commission'
      ? { kind: 'commission', commissionPercent: v.commissionPercent }
      : { kind: 'modified-odds', effectiveFromShoe: shoe.shoeId, effectiveFromHand: 1 };
  const { previousVariant: _previous, ...rest } = cur;
  return { ...rest, variant };
}

/**
 * The variant after the edits. A change applies from `from-hand` of the current shoe, by default from the first
 * round not yet begun; the variant in force until then is kept as `previousVariant`. A change scheduled but not
 * yet begun is replaced (or cancelled, when the edits go back to the variant in force).
 */
export function planVariant(
  cur: TableSignage,
  e: SignEdits,
  shoe: ShoePosition | null,
  tableId: string,
): Result<VariantFields, FieldError> {
  const unchanged: VariantFields = {
    variant: cur.variant,
    ...(cur.previousVariant && { previousVariant: cur.previousVariant }),
  };
  if (e.variant === undefined && e.commission === undefined) {
    if (e.fromHand === undefined) return ok(unchanged);
    return err(
      fieldError(
        'from-hand',
        `from-hand (${e.fromHand}) says from which hand a change of what the Banker pays applies, and none is made: ` +
          'change the variant or the commission with it (Banker pays, in the console), or leave from-hand out',
      ),
    );
  }
  const curFrom = cur.variant.effectiveFromHand ?? 1;
  // Not yet begun: later in this shoe, or made for a shoe yet to come (the boards show `previousVariant` until then).
  // Read at the shoe the boards deal now, also for a change made for the next shoe: else one pending became its
  // previousVariant, in force at once on every board.
  const dealt = shoe?.beingDealt ?? shoe;
  const pending =
    dealt !== null &&
    ((cur.variant.effectiveFromShoe === dealt.shoeId && curFrom > 1 && curFrom >= dealt.earliestHand) ||
      scheduledAhead(cur, dealt));
  const base = pending ? (cur.previousVariant ?? DEFAULT_VARIANT) : cur.variant; // in force until the change
  const kind = e.variant ?? cur.variant.kind;
  if (kind === 'modified-odds' && e.commission !== undefined)
    return err(
      fieldError(
        'commission',
        e.variant
          ? 'modified odds pay no commission (rule 5.11): leave commission out'
          : 'the table is on modified odds, which pay no commission (rule 5.11): add variant=commission to switch',
      ),
    );
  // Back to commission without a rate: the last rate signed, else rule 5.10's.
  let lastRate = 5;
  for (const v of [cur.previousVariant, cur.variant]) if (v?.kind === 'commission') lastRate = v.commissionPercent;
  const target: Variant =
    kind === 'commission' ? { kind, commissionPercent: e.commission ?? lastRate } : ({ kind } as Variant); // completed with its shoe and hand below
  if (e.fromHand !== undefined) {
    if (!shoe)
      return err(
        fieldError(
          'from-hand',
          `needs the current shoe, and table ${tableId} has no shoe snapshot on the broker: name it (--shoe ID)`,
        ),
      );
    if (e.fromHand < shoe.earliestHand)
      return err(
        fieldError(
          'from-hand',
          `hand ${e.fromHand} of shoe ${shoe.shoeId} ${shoe.nextHand !== null && e.fromHand < shoe.nextHand ? 'has been played' : 'has begun'}: ` +
            `the earliest is hand ${shoe.earliestHand} (rule 5.11: a change applies from the beginning of a round)`,
        ),
      );
  }
  if (sameTerms(target, base)) {
    if (pending) return ok({ variant: base }); // back to what is in force: the scheduled change is cancelled
    if (e.fromHand !== undefined)
      return err(fieldError('from-hand', `${describeVariant(base, false)} is already in force: nothing to schedule`));
    return ok(unchanged);
  }
  if (!shoe) {
    if (kind === 'modified-odds')
      return err(
        fieldError(
          'from-hand',
          `modified odds are signed from the round at which they take effect (rule 5.11), and table ${tableId} has no shoe snapshot on the broker: name the shoe (--shoe ID) and give from-hand=N`,
        ),
      );
    return ok({ variant: target }); // commission with no shoe known: no round to protect, at once
  }
  const from = e.fromHand ?? shoe.earliestHand;
  const variant = { ...target, effectiveFromShoe: shoe.shoeId, effectiveFromHand: from } as Variant;
  // A shoe named ahead of the snapshot's (--shoe): until it comes the boards show the variant before it.
  return ok(from > 1 || shoe.handsPlayed === null ? { variant, previousVariant: base } : { variant });
}

/** Whether the sign's variant was made for a shoe yet to come, as a board in `shoe` reads it (`variantStart`). */
function scheduledAhead(cur: TableSignage, shoe: ShoePosition): boolean {
  const v = cur.variant;
  if (v.effectiveFromShoe === undefined || v.effectiveFromShoe === shoe.shoeId) return false;
  const at = { id: shoe.shoeId, ...(shoe.startedAt !== undefined && { startedAt: shoe.startedAt }) };
  return variantStart(v, cur.updatedAt, { shoe: at, pastShoes: [] }) === 'later';
}
