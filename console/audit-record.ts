/**
 * The audit trail of sign changes: one record per sign published — who (an account), why (a reason), when, which
 * table, what changed (field, from, to) and the whole sign before and after, at which point of the shoe, and the
 * revisions — plus the one-line summary the confirmation step and the log show. Pure; `audit-log.ts` keeps them in
 * a JSON-lines file, `audit-feed.ts` shares them over the broker.
 *
 * ```ts
 * planSummary(plan); // ['Jade 8 (T1), revision 4 → 5: variant commission 5% → modified odds from hand 31 of shoe S1']
 * ```
 * @packageDocumentation
 */
import type { AuditAction, PitAudit } from '../contract/schemas/audit';
import { unsigned } from '../contract/signed';
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

/**
 * One sign published, as the audit log keeps it and `{root}/pit/audit` carries it: the contract's record
 * (`contract/schemas/audit.ts`) — who, why, what, the whole sign before and after, revisions, shoe and hand.
 */
export type AuditRecord = PitAudit;
/** Who made a change: an account (console, or `signage --by`) or the OS user (`signage`), never free text. */
export type Who = PitAudit['who'];

/** What the records of one published change share. */
export interface AuditContext {
  readonly who: Who;
  readonly reason: string;
  readonly action: AuditAction;
  readonly at: string; // RFC 3339: when it was published
  readonly newId: () => string; // a random UUID
  readonly revertedTo?: number; // a revert: the revision restored
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
export function auditRecords(plan: SignPlan, ctx: AuditContext): AuditRecord[] {
  const common = {
    v: 1 as const,
    at: ctx.at,
    who: ctx.who,
    reason: ctx.reason,
    action: ctx.action,
    ...(ctx.revertedTo !== undefined && { revertedTo: ctx.revertedTo }),
    shoeId: plan.shoe?.shoeId ?? null,
    nextHand: plan.shoe?.nextHand ?? null,
  };
  const out: AuditRecord[] = [];
  if (plan.casino) {
    const c = plan.casino;
    out.push({
      ...common,
      id: ctx.newId(),
      target: 'casino',
      tableId: null,
      tableName: null,
      revision: revisions(c),
      changes: [...c.changes],
      before: c.before && unsigned(c.before),
      after: c.after,
      summary: planSummary({ ...plan, table: null })[0] ?? '',
    });
  }
  if (plan.table && plan.tableId !== null) {
    const t = plan.table;
    out.push({
      ...common,
      id: ctx.newId(),
      target: 'table',
      tableId: plan.tableId,
      tableName: t.after.tableName,
      revision: revisions(t),
      changes: [...t.changes],
      before: t.before && unsigned(t.before),
      after: t.after,
      summary: planSummary({ ...plan, casino: null })[0] ?? '',
    });
  }
  return out;
}

const ROLE_WORDS = { viewer: 'viewer', 'floor-manager': 'floor manager', supervisor: 'supervisor' } as const;

/** `alice (supervisor)`, `bob (command line)`, `ann (command line, supervisor, as OS user pit)`: who, in words. */
export function describeWho(w: Who): string {
  const role = w.role ? ROLE_WORDS[w.role] : null;
  if (w.via === 'console') return role ? `${w.account} (${role})` : w.account;
  const os = w.osUser && w.osUser !== w.account ? `, as OS user ${w.osUser}` : '';
  return `${w.account} (command line${role ? `, ${role}` : ''}${os})`;
}
