/**
 * Applying parsed edits to the retained signs: the new table and casino signs, revision bumped and author set,
 * checked twice — the contract's shape, then the core's `validateSignage` on the same core `Signage` a board builds
 * (`coreSignage`) — so a sign the console accepts is one every board accepts. The revision goes above the retained
 * sign's and every revision a board reports (`board-revisions.ts`). The command line and the web console both go
 * through {@link planSignChange}. Pure.
 *
 * ```ts
 * const plan = planSignChange({ tableId: 'T1', table, casino, shoe, user: 'alice', now }, edits);
 * if (plan.ok && plan.value.table) publish(t.tableSignage('T1'), makeTableSignage(plan.value.table.after));
 * ```
 * @packageDocumentation
 */
import { LIMITED_SIDE_BETS, SIDE_BETS, type LimitedSideBet, type SideBet } from '../baccarat/signage';
import { err, ok, type Result } from '../baccarat/types';
import { variantStart } from '../contract/pay-table-view';
import type { CasinoSignage, TableSignage, Variant } from '../contract/schemas';
import { aheadOnBoards, type BoardRevisions, NO_BOARD_REVISIONS, nextRevision } from './board-revisions';
import { DEFAULT_VARIANT, defaultCasinoSignage, defaultTableSignage } from './sign-defaults';
import type { ShoePosition } from './shoe-position';
import { casinoSignageProblem, tableSignageProblem } from './sign-checks';
import { casinoChanges, tableChanges, type Change } from './sign-diff';
import {
  editsCasino,
  editsTable,
  fieldError,
  SIDE_BET_LIMIT_KEYS,
  type FieldError,
  type SignEdits,
  type WagerRangeEdit,
} from './sign-keys';
import { describeVariant } from './sign-text';

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

const sameTerms = (a: Variant, b: Variant): boolean =>
  a.kind === b.kind &&
  (a.kind !== 'commission' || (b.kind === 'commission' && a.commissionPercent === b.commissionPercent));

type VariantFields = Pick<TableSignage, 'variant' | 'previousVariant'>;

/**
 * The sign as the current shoe reads it. A variant scheduled in an earlier shoe has been in force since hand 1 of
 * this one; kept as it was written (that shoe, its hand, `previousVariant`) under a new `updatedAt`, it reads to a
 * board that never saw that shoe (a new board, a journal lost) as made for a shoe yet to come (`variantStart`), and
 * that board shows `previousVariant` until the next shoe: modified odds at a table paying commission. Written plain,
 * it says what every board of the table shows.
 */
function settledSign(cur: TableSignage, shoe: ShoePosition | null): TableSignage {
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
function planVariant(
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
  const pending =
    shoe !== null && cur.variant.effectiveFromShoe === shoe.shoeId && curFrom > 1 && curFrom >= shoe.earliestHand;
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
  return ok(from > 1 ? { variant, previousVariant: base } : { variant });
}

type WireSideBetLimits = NonNullable<TableSignage['limits']['sideBetLimits']>;

/**
 * The side-bet limits after the edits. A bet no longer offered loses its range (the diff and the audit say so), unless
 * the edits set one for it: that is refused by the checks, naming the key.
 */
function applySideBetLimits(
  cur: WireSideBetLimits | undefined,
  e: SignEdits,
  offered: readonly SideBet[],
): WireSideBetLimits | undefined {
  const out: { -readonly [B in LimitedSideBet]?: WagerRangeEdit } = {};
  for (const bet of LIMITED_SIDE_BETS) {
    const edit = e.sideBetLimits?.[bet];
    const range = edit === undefined ? cur?.[bet] : (edit ?? undefined);
    if (range && (offered.includes(bet) || edit)) out[bet] = { minimum: range.minimum, maximum: range.maximum };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function applyTable(
  base: TableSignage,
  e: SignEdits,
  variant: VariantFields,
  ctx: SignContext,
  revision: number,
): TableSignage {
  const limits = { ...base.limits };
  if (e.currency !== undefined) limits.currency = e.currency;
  if (e.min !== undefined) limits.minimum = e.min;
  if (e.max !== undefined) limits.maximum = e.max;
  if (e.tieMax !== undefined) limits.tieMaximum = e.tieMax;
  if (e.pairMax === null) delete limits.pairMaximum;
  else if (e.pairMax !== undefined) limits.pairMaximum = e.pairMax;
  if (e.differential === null) delete limits.maxDifferential;
  else if (e.differential !== undefined) limits.maxDifferential = e.differential;
  const sb = e.sideBets;
  const bets = !sb
    ? base.sideBets
    : 'set' in sb
      ? sb.set
      : [...base.sideBets, ...sb.add].filter((b) => !sb.remove.includes(b));
  const sideBetLimits = applySideBetLimits(base.limits.sideBetLimits, e, bets);
  delete limits.sideBetLimits;
  if (sideBetLimits) limits.sideBetLimits = sideBetLimits;
  const { previousVariant: _old, message: _msg, ...rest } = base;
  const message = e.message === undefined ? base.message : (e.message ?? undefined);
  return {
    ...rest,
    revision,
    ...(e.name !== undefined && { tableName: e.name }),
    limits,
    ...variant,
    ...(e.tiePays !== undefined && { tiePays: e.tiePays }),
    sideBets: SIDE_BETS.filter((b) => bets.includes(b)),
    ...(e.language !== undefined && { language: e.language }),
    ...(message !== undefined && { message }),
    ...(e.open !== undefined && { tableOpen: e.open }),
    ...(e.disclaimer !== undefined && { showDisclaimer: e.disclaimer }),
    updatedBy: ctx.user,
    updatedAt: ctx.now,
  };
}

/** Refused: limits set for a side bet the sign does not offer (a board would show nothing for them). */
function notOffered(e: SignEdits, after: TableSignage): FieldError | null {
  for (const bet of LIMITED_SIDE_BETS)
    if (e.sideBetLimits?.[bet] && !after.sideBets.includes(bet))
      return fieldError(
        SIDE_BET_LIMIT_KEYS[bet],
        `${bet} is not offered at this table: offer it with side-bets=+${bet}, or leave its limits out`,
      );
  // The pair maximum is the Player and Banker Pair's (house rule 6.1.3): boards show it only where one is offered.
  if (typeof e.pairMax === 'number' && !after.sideBets.some((b) => b === 'playerPair' || b === 'bankerPair'))
    return fieldError(
      'pair-max',
      'no pair bet is offered at this table: offer one with side-bets=+playerPair,+bankerPair, or leave pair-max out',
    );
  return null;
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
    const after: CasinoSignage = {
      ...base,
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
    const base = restored?.value ?? retained ?? defaultTableSignage(ctx.tableId, user, ctx.now);
    const variant = planVariant(base, e, ctx.shoe, ctx.tableId);
    if (!variant.ok) return variant;
    const before = ctx.table?.revision ?? null;
    const boardsAhead = aheadOnBoards(before, boards.table);
    const after = applyTable(base, e, variant.value, c, nextRevision(before, boards.table));
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
