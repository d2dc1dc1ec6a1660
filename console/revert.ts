/**
 * Restoring a sign as it was at an earlier revision, in one step: the sign of that revision is found in the audit
 * log (the `after` of the record that made it, or the `before` of the one that replaced it), and turned into the
 * edits that make the current sign say the same again. Those edits then go through the same planner as any
 * change, so the restored sign is checked like every other, gets a revision above the retained sign and every
 * board's, and a restored variant is signed from the first round not yet begun (rule 5.11), never backdated. Pure.
 *
 * ```ts
 * const old = signAtRevision(records, 'table', 'T1', 4);        // TableSignage | CasinoSignage | null
 * const edits = restoreTableEdits(current, old as TableSignage); // SignEdits: only what differs
 * editsToRevision(records, 'table', 'T1', 4, current);           // both at once; null when the log lacks it
 * ```
 * @packageDocumentation
 */
import { LIMITED_SIDE_BETS } from '../baccarat/signage';
import type { CasinoSignage, TableSignage } from '../contract/schemas';
import { isSignRecord, type AuditRecord } from './audit-record';
import type { SignEdits } from './sign-keys';

/**
 * The sign of `target` (and table) at `revision`, from the audit records (any order): null when the log never saw
 * it (made before the log, or by a tool that did not audit).
 */
export function signAtRevision(
  records: readonly AuditRecord[],
  target: 'table' | 'casino',
  tableId: string | null,
  revision: number,
): TableSignage | CasinoSignage | null {
  let found: TableSignage | CasinoSignage | null = null;
  for (const r of records) {
    if (!isSignRecord(r) || r.target !== target || (target === 'table' && r.tableId !== tableId)) continue;
    // A sign's own record (`after`) is the best witness; `before` is what the next change found retained.
    if (r.after?.revision === revision) return r.after;
    if (r.before?.revision === revision) found ??= r.before;
  }
  return found;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The edits that make `current` (null: none retained) say what `old` said; only the fields that differ. */
export function restoreTableEdits(current: TableSignage | null, old: TableSignage): SignEdits {
  const c = current;
  const e: { -readonly [K in keyof SignEdits]: SignEdits[K] } = {};
  const l = old.limits;
  if (!c || c.tableName !== old.tableName) e.name = old.tableName;
  if (!c || c.limits.currency !== l.currency) e.currency = l.currency;
  if (!c || c.limits.minimum !== l.minimum) e.min = l.minimum;
  if (!c || c.limits.maximum !== l.maximum) e.max = l.maximum;
  if (!c || c.limits.tieMaximum !== l.tieMaximum) e.tieMax = l.tieMaximum;
  if (!c || c.limits.pairMaximum !== l.pairMaximum) e.pairMax = l.pairMaximum ?? null;
  if (!c || c.limits.maxDifferential !== l.maxDifferential) e.differential = l.maxDifferential ?? null;
  const ranges = Object.fromEntries(
    LIMITED_SIDE_BETS.filter((b) =>
      c ? !same(c.limits.sideBetLimits?.[b], l.sideBetLimits?.[b]) : l.sideBetLimits?.[b] !== undefined,
    ).map((b) => [b, l.sideBetLimits?.[b] ?? null]),
  );
  if (Object.keys(ranges).length > 0) e.sideBetLimits = ranges;
  // The terms in force, not when they began: the planner dates a restored variant from the next round.
  const terms = (s: TableSignage) => ({
    kind: s.variant.kind,
    ...(s.variant.kind === 'commission' && { rate: s.variant.commissionPercent }),
  });
  if (!c || !same(terms(c), terms(old))) {
    e.variant = old.variant.kind;
    if (old.variant.kind === 'commission') e.commission = old.variant.commissionPercent;
  }
  if (!c || c.tiePays !== old.tiePays) e.tiePays = old.tiePays;
  if (!c || !same([...c.sideBets].sort(), [...old.sideBets].sort())) e.sideBets = { set: old.sideBets };
  if (!c || c.language !== old.language) e.language = old.language;
  if (!c || (c.message ?? null) !== (old.message ?? null)) e.message = old.message ?? null;
  if (!c || c.tableOpen !== old.tableOpen) e.open = old.tableOpen;
  if (!c || c.showDisclaimer !== old.showDisclaimer) e.disclaimer = old.showDisclaimer;
  return e;
}

/** The edits that make the casino sign say what `old` said. */
export function restoreCasinoEdits(current: CasinoSignage | null, old: CasinoSignage): SignEdits {
  return {
    ...((!current || current.perfectPairsScale !== old.perfectPairsScale) && { ppScale: old.perfectPairsScale }),
    ...((!current || current.casinoName !== old.casinoName) && { casinoName: old.casinoName }),
  };
}

/**
 * The edits that make `current` (null: none retained) say what the sign of `target` said at `revision`, from the
 * audit records: null when the log never saw that revision. The console's revert and republish, and `signage
 * restore`, all go through it.
 */
export function editsToRevision(
  records: readonly AuditRecord[],
  target: 'table' | 'casino',
  tableId: string | null,
  revision: number,
  current: TableSignage | CasinoSignage | null,
): SignEdits | null {
  const old = signAtRevision(records, target, tableId, revision);
  if (!old) return null;
  return target === 'casino'
    ? restoreCasinoEdits(current as CasinoSignage | null, old as CasinoSignage)
    : restoreTableEdits(current as TableSignage | null, old as TableSignage);
}
