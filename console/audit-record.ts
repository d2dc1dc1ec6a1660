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
import type { PlannedSign, SignPlan } from './sign-edit';
import { tableLabel, type Change } from './sign-diff';

/**
 * The revisions of a change: `from` the retained sign's (null: none was retained), `to` the new one's, and `boards`
 * when a board showed a revision above `from` (the broker had lost its sign, or an old one was published), which
 * is why `to` jumps above it (issue 12, case 9).
 */
export interface Revisions {
  readonly from: number | null;
  readonly to: number;
  readonly boards?: number;
}

/** The revisions of a planned sign. */
export function revisions(p: PlannedSign<{ readonly revision: number }>): Revisions {
  return {
    from: p.before?.revision ?? null,
    to: p.after.revision,
    ...(p.boardsAhead !== null && { boards: p.boardsAhead }),
  };
}

/** `revision 4 → 5`, `new sign, revision 1`, `revision 1 → 14 (a board shows revision 13)`. */
export function describeRevisions(r: Revisions): string {
  const base = r.from === null ? `new sign, revision ${r.to}` : `revision ${r.from} → ${r.to}`;
  return r.boards === undefined ? base : `${base} (a board shows revision ${r.boards})`;
}

export interface AuditRecord {
  readonly v: 1;
  readonly at: string; // RFC 3339: when it was published
  readonly user: string; // who: the console's signed-in name, or the command's --user
  readonly via: 'console' | 'cli';
  readonly target: 'table' | 'casino';
  readonly tableId: string | null; // null for the casino sign
  readonly tableName: string | null;
  readonly revision: Revisions;
  readonly shoeId: string | null; // the table's shoe when the change was made
  readonly nextHand: number | null; // the next hand of that shoe
  readonly changes: readonly Change[];
  readonly summary: string;
}

const joined = (changes: readonly Change[]) =>
  changes.length === 0 ? 'republished unchanged' : changes.map((c) => c.text).join('; ');

/**
 * One line per sign the plan publishes, e.g. `Casino, revision 1 → 2: pp-scale Pay Scale One → Pay Scale Two`, or
 * `Jade 8 (T1), revision 1 → 14 (a board shows revision 13): republished unchanged`.
 */
export function planSummary(plan: SignPlan): string[] {
  const lines: string[] = [];
  if (plan.casino) {
    const c = plan.casino;
    lines.push(`Casino, ${describeRevisions(revisions(c))}: ${joined(c.changes)}`);
  }
  if (plan.table && plan.tableId !== null) {
    const t = plan.table;
    const label = tableLabel(plan.tableId, t.before ?? t.after);
    lines.push(`${label}, ${describeRevisions(revisions(t))}: ${joined(t.changes)}`);
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
      revision: revisions(c),
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
      revision: revisions(t),
      ...shoe,
      changes: t.changes,
      summary: planSummary({ ...plan, casino: null })[0] ?? '',
    });
  }
  return out;
}
