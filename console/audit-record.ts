/**
 * The audit trail of sign changes: one record per sign published — who, when, which table, what changed (field,
 * from, to), at which point of the shoe (its id and next hand), and the revisions — plus the one-line summary the
 * confirmation step and the log show. Pure; `audit-log.ts` keeps them in a JSON-lines file.
 *
 * ```ts
 * planSummary(plan); // ['Jade 8 (T1), revision 4 → 5: variant commission 5% → modified odds from hand 31 of shoe S1']
 * ```
 * @packageDocumentation
 */
import type { SignPlan } from './sign-edit';
import { tableLabel, type Change } from './sign-diff';

export interface AuditRecord {
  readonly v: 1;
  readonly at: string; // RFC 3339: when it was published
  readonly user: string; // who: the console's signed-in name, or the command's --user
  readonly via: 'console' | 'cli';
  readonly target: 'table' | 'casino';
  readonly tableId: string | null; // null for the casino sign
  readonly tableName: string | null;
  readonly revision: { readonly from: number | null; readonly to: number }; // from null: no sign was retained
  readonly shoeId: string | null; // the table's shoe when the change was made
  readonly nextHand: number | null; // the next hand of that shoe
  readonly changes: readonly Change[];
  readonly summary: string;
}

const joined = (changes: readonly Change[]) => changes.map((c) => c.text).join('; ');

/** One line per sign the plan publishes, e.g. `Casino, revision 1 → 2: pp-scale Pay Scale One → Pay Scale Two`. */
export function planSummary(plan: SignPlan): string[] {
  const lines: string[] = [];
  const rev = (from: number | null, to: number) =>
    from === null ? `new sign, revision ${to}` : `revision ${from} → ${to}`;
  if (plan.casino) {
    const c = plan.casino;
    lines.push(`Casino, ${rev(c.before?.revision ?? null, c.after.revision)}: ${joined(c.changes)}`);
  }
  if (plan.table && plan.tableId !== null) {
    const t = plan.table;
    const label = tableLabel(plan.tableId, t.before ?? t.after);
    lines.push(`${label}, ${rev(t.before?.revision ?? null, t.after.revision)}: ${joined(t.changes)}`);
  }
  return lines;
}

/** The audit records of a plan once published: the casino's first, as it is published first. */
export function auditRecords(plan: SignPlan, user: string, at: string, via: AuditRecord['via']): AuditRecord[] {
  const shoe = { shoeId: plan.shoe?.shoeId ?? null, nextHand: plan.shoe?.nextHand ?? null };
  const out: AuditRecord[] = [];
  if (plan.casino) {
    const c = plan.casino;
    out.push({
      v: 1,
      at,
      user,
      via,
      target: 'casino',
      tableId: null,
      tableName: null,
      revision: { from: c.before?.revision ?? null, to: c.after.revision },
      ...shoe,
      changes: c.changes,
      summary: planSummary({ ...plan, table: null })[0] ?? '',
    });
  }
  if (plan.table && plan.tableId !== null) {
    const t = plan.table;
    out.push({
      v: 1,
      at,
      user,
      via,
      target: 'table',
      tableId: plan.tableId,
      tableName: t.after.tableName,
      revision: { from: t.before?.revision ?? null, to: t.after.revision },
      ...shoe,
      changes: t.changes,
      summary: planSummary({ ...plan, casino: null })[0] ?? '',
    });
  }
  return out;
}
