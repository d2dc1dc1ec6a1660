/**
 * Applying parsed edits to the retained signs: the new table and casino signs, revision bumped and author set,
 * checked twice — the contract's shape, then the core's `validateSignage` on the same core `Signage` a board builds
 * (`coreSignage`) — so a sign the console accepts is one every board accepts. The revision goes above the retained
 * sign's and every revision a board reports (`board-revisions.ts`). The command line and the web console both go
 * through {@link planSignChange}. The variant after the edits is `sign-variant.ts`'s, the other fields
 * `table-edits.ts`'s. Pure.
 *
 * ```ts
 * const plan = planSignChange({ tableId: 'T1', table, casino, shoe, user: 'alice', now }, edits);
 * if (plan.ok && plan.value.table) publish(t.tableSignage('T1'), makeTableSignage(plan.value.table.after));
 * ```
 * @packageDocumentation
 */
import { unsigned } from '../contract/signed';
import { err, ok, type Result } from '../baccarat/types';
import type { CasinoSignage, TableSignage } from '../contract/schemas';
import { aheadOnBoards, type BoardRevisions, NO_BOARD_REVISIONS, nextRevision } from './board-revisions';
import { DEFAULT_VARIANT, defaultCasinoSignage, defaultTableSignage } from './sign-defaults';
import type { ShoePosition } from './shoe-position';
import { casinoSignageProblem, tableSignageProblem } from './sign-checks';
import { casinoChanges, tableChanges, type Change } from './sign-diff';
import { editsCasino, editsTable, fieldError, type FieldError, type SignEdits } from './sign-keys';
import { planVariant, settledSign } from './sign-variant';
import { applyTable, notOffered } from './table-edits';

export { DEFAULT_VARIANT, defaultCasinoSignage, defaultTableSignage };

/** What a change is made against: the retained signs and shoe, and who makes it when. */
export interface SignContext {
  readonly tableId: string | null;
  readonly table: TableSignage | null;
  readonly casino: CasinoSignage | null;
  readonly shoe: ShoePosition | null;
  readonly user: string;
  readonly now: string; // RFC 3339
  /** The highest revisions the boards report (default: none): a new sign goes above them. */
  readonly boards?: BoardRevisions;
  /** Publish this sign again even with no key for it: the console's "republish" (boards ahead of the broker). */
  readonly republish?: 'table' | 'casino';
  /**
   * The sign the boards show, which the broker lost (read back from an audit log, `revert.ts`): published again as
   * it is, variant and `previousVariant` included, with only a new revision, `updatedAt` and `updatedBy`, and the
   * edits if any (the console's Change signs… on a lost sign). Remade from the defaults instead, it would date its
   * variant from the next round: false history.
   */
  readonly restore?: RestoredSign;
}

/** A sign the boards show, and its revision, to publish again ({@link SignContext.restore}). */
export type RestoredSign =
  | { readonly target: 'table'; readonly sign: TableSignage }
  | { readonly target: 'casino'; readonly sign: CasinoSignage };

/**
 * A sign to publish: what it was (null: none retained), what it becomes, and the fields that change (none: it is
 * republished unchanged, because a board shows a revision above the retained one).
 */
export interface PlannedSign<T> {
  readonly before: T | null;
  readonly after: T;
  readonly changes: readonly Change[];
  readonly boardsAhead: number | null; // a board shows this revision, above the retained sign's: `after` goes above it
  /** A restore: the revision the boards show, published again as it is; `settled` when its variant was written plain. */
  readonly restored?: { readonly revision: number; readonly settled: boolean };
}

/** Everything one change publishes; `table` or `casino` is null when that sign stays as it is. */
export interface SignPlan {
  readonly tableId: string | null;
  readonly shoe: ShoePosition | null;
  readonly table: PlannedSign<TableSignage> | null;
  readonly casino: PlannedSign<CasinoSignage> | null;
}

/**
 * The sign to restore as the current shoe reads it (`settledSign`), or why it cannot be: a variant that names a shoe
 * is placed by the boards against the sign's `updatedAt`, which a restore renews, so the shoe must be known.
 */
function restoredBase(
  sign: TableSignage,
  shoe: ShoePosition | null,
  tableId: string,
): Result<TableSignage, FieldError> {
  const named = sign.variant.effectiveFromShoe;
  if (named !== undefined && !shoe)
    return err(
      fieldError(
        'shoe',
        `revision ${sign.revision}, which the boards show, signs its variant from shoe ${named}, and table ${tableId} ` +
          'has no shoe snapshot on the broker: wait for its next hand (the controller publishes a snapshot with it), ' +
          'or name the current shoe (signage --shoe ID)',
      ),
    );
  return ok(settledSign(sign, shoe));
}

/** Refused: a republish with no sign retained would publish the defaults over what the boards show. */
const nothingToRepublish = (what: string) =>
  err(fieldError('revision', `no sign is retained for ${what}: nothing to republish; make the sign in full instead`));

/**
 * The signs to publish for `edits`: the casino's (pp-scale, casino-name) and the table's (every other key), each
 * from the retained one or the defaults, at the revision after the retained one and every one a board reports.
 * Refused, naming the key, when the result is not a sign a board would accept. A sign the edits leave as it was is
 * not published (null in the plan), unless a board shows a revision above the retained one: then it is republished
 * unchanged, so the boards take what the broker has.
 */
export function planSignChange(ctx: SignContext, e: SignEdits): Result<SignPlan, FieldError> {
  const user = ctx.user.trim();
  if (user === '' || user.length > 64) return err(fieldError('user', 'who makes the change: 1 to 64 characters'));
  const c = { ...ctx, user };
  const boards = ctx.boards ?? NO_BOARD_REVISIONS;
  let casino: PlannedSign<CasinoSignage> | null = null;
  const restoring = ctx.restore;
  if (editsCasino(e) || ctx.republish === 'casino' || restoring?.target === 'casino') {
    const shown = restoring?.target === 'casino' ? restoring.sign : null;
    if (!editsCasino(e) && !ctx.casino && !shown) return nothingToRepublish('the casino');
    // Every board shows the casino's name in its header: a first casino sign named by default would put a
    // placeholder on all of them (a floor manager's report: 'Casino'), and, where the broker lost the sign, replace
    // the real name the boards show.
    const name = shown?.casinoName ?? ctx.casino?.casinoName ?? e.casinoName;
    if (name === undefined)
      return err(
        fieldError(
          'casino-name',
          'the broker has no casino sign: name the casino too (casino-name=…), which every board shows in its ' +
            'header',
        ),
      );
    const base = shown ?? ctx.casino ?? defaultCasinoSignage(name, user, ctx.now);
    const before = ctx.casino?.revision ?? null;
    const boardsAhead = aheadOnBoards(before, boards.casino);
    // Never the sign before's signature: it is not this sign's (a change published without a key carried it, and
    // boards that check signatures refused the change as forged); the pit's key, if any, signs it when published.
    const after: CasinoSignage = {
      ...unsigned(base),
      revision: nextRevision(before, boards.casino),
      ...(e.ppScale !== undefined && { perfectPairsScale: e.ppScale }),
      ...(e.casinoName !== undefined && { casinoName: e.casinoName }),
      updatedBy: user,
      updatedAt: ctx.now,
    };
    const problem = casinoSignageProblem(after);
    if (problem) return err(problem);
    // A restore, against the sign the boards show: what the edits change of it, if anything.
    const changes = casinoChanges(shown ?? ctx.casino, after);
    if (changes.length > 0 || boardsAhead !== null || shown)
      casino = {
        before: ctx.casino,
        after,
        changes,
        boardsAhead,
        ...(shown && { restored: { revision: shown.revision, settled: false } }),
      };
  }
  let table: PlannedSign<TableSignage> | null = null;
  if (editsTable(e) || ctx.republish === 'table' || restoring?.target === 'table') {
    if (ctx.tableId === null)
      return err(fieldError('table', 'these keys change a table sign: name the table (--table ID)'));
    const shown = restoring?.target === 'table' ? restoring.sign : null;
    if (!editsTable(e) && !ctx.table && !shown) return nothingToRepublish(`table ${ctx.tableId}`);
    const retained = ctx.table && settledSign(ctx.table, ctx.shoe);
    const restored = shown && restoredBase(shown, ctx.shoe, ctx.tableId);
    if (restored && !restored.ok) return restored;
    const base = restored?.value ?? retained ?? defaultTableSignage(ctx.tableId, user, ctx.now, ctx.casino);
    const variant = planVariant(base, e, ctx.shoe, ctx.tableId);
    if (!variant.ok) return variant;
    const before = ctx.table?.revision ?? null;
    const boardsAhead = aheadOnBoards(before, boards.table);
    const after = applyTable(unsigned(base), e, variant.value, c, nextRevision(before, boards.table)); // as above
    // Closing changes nothing but `open`: it is never refused for what the retained sign already says (a Perfect
    // Pairs offer whose casino scale the broker lost must not keep a supervisor from closing the table).
    const closingOnly = ctx.table !== null && e.open === false && Object.keys(e).length === 1;
    const problem = closingOnly
      ? null
      : (notOffered(e, after) ?? tableSignageProblem(after, casino?.after ?? ctx.casino, ctx.shoe?.shoeId ?? null));
    if (problem) return err(problem);
    // Against the sign as the boards read it: a variant written plain (settledSign) is no change of theirs.
    // A restore, against the sign the boards show: what the edits change of it, if anything.
    const changes = tableChanges(restored?.value ?? retained, after);
    if (changes.length > 0 || boardsAhead !== null || shown)
      table = {
        before: ctx.table,
        after,
        changes,
        boardsAhead,
        ...(shown && { restored: { revision: shown.revision, settled: restored?.value !== shown } }),
      };
  }
  return ok({ tableId: ctx.tableId, shoe: ctx.shoe, table, casino });
}
