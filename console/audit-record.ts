/**
 * The audit trail: one record per sign published — who (an account), why (a reason), when, which table, what
 * changed (field, from, to) and the whole sign before and after, at which point of the shoe, and the revisions —
 * plus the one-line summary the confirmation step and the log show; and one record per fleet command the console
 * sends to a board — who, which board, which command, what the board answered. Pure; `audit-log.ts` keeps them in a
 * JSON-lines file, `audit-feed.ts` shares them over the broker.
 *
 * ```ts
 * planSummary(plan); // ['Jade 8 (T1), revision 4 → 5: variant commission 5% → modified odds from hand 31 of shoe S1']
 * fleetRecord({ …, command, outcome: 'done' }).summary; // 'Board D7 (table T1): identify (60 s) — done'
 * ```
 * @packageDocumentation
 */
import type { DisplayCommand } from '../contract/schemas';
import type { FleetAudit, FleetOutcome, PitAudit, SignAction, SignAudit } from '../contract/schemas/audit';
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
 * A record as the audit log keeps it and `{root}/pit/audit` carries it: the contract's (`contract/schemas/audit.ts`),
 * a sign published or a fleet command sent.
 */
export type AuditRecord = PitAudit;
/** One sign published: who, why, what, the whole sign before and after, revisions, shoe and hand. */
export type SignRecord = SignAudit;
/** One fleet command sent: who, which board, which command, and its answer. */
export type FleetRecord = FleetAudit;
/** Who made a change: an account (console, or `signage --by`) or the OS user (`signage`), never free text. */
export type Who = PitAudit['who'];

/** Whether a record is a sign's (not a fleet command's). */
export const isSignRecord = (r: AuditRecord): r is SignRecord => r.action !== 'fleet-command';

/** What the records of one published change share. */
export interface AuditContext {
  readonly who: Who;
  readonly reason: string;
  readonly action: SignAction;
  readonly at: string; // RFC 3339: when it was published
  readonly newId: () => string; // a random UUID
  readonly revertedTo?: number; // a revert: the revision restored
}

const joined = (changes: readonly Change[]) =>
  changes.length === 0 ? 'republished unchanged' : changes.map((c) => c.text).join('; ');

/**
 * What a planned sign does, in words: its changes, or, for a restore, that it is the revision the boards show,
 * published again as it is (with its variant written plain when it was in force since an earlier shoe).
 */
function says(p: PlannedSign<{ readonly revision: number }>, shoeId: string | null): string {
  if (!p.restored) return joined(p.changes);
  const settled = p.restored.settled
    ? `, its variant dated from hand 1 of shoe ${shoeId ?? '?'} (in force since an earlier shoe)`
    : '';
  const edits = p.changes.length > 0 ? `, with ${joined(p.changes)}` : '';
  return `revision ${p.restored.revision} as the boards show it, published again${settled}${edits}`;
}

/**
 * One line per sign the plan publishes, e.g. `Casino, revision 1 → 2: pp-scale Pay Scale One → Pay Scale Two`, or
 * `Jade 8 (T1), revision 1 → 14 (a board shows revision 13): republished unchanged`.
 */
export function planSummary(plan: SignPlan): string[] {
  const lines: string[] = [];
  if (plan.casino) {
    const c = plan.casino;
    lines.push(`Casino, ${describeRevisions(revisions(c))}: ${says(c, null)}`);
  }
  if (plan.table && plan.tableId !== null) {
    const t = plan.table;
    const label = tableLabel(plan.tableId, t.before ?? t.after);
    lines.push(`${label}, ${describeRevisions(revisions(t))}: ${says(t, plan.shoe?.shoeId ?? null)}`);
  }
  return lines;
}

/** The audit records of a plan once published: the casino's first, as it is published first. */
export function auditRecords(plan: SignPlan, ctx: AuditContext): SignRecord[] {
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
  const out: SignRecord[] = [];
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

/** `identify (60 s)`, `resync with replace`, `screenshot`: a command in words. */
export function describeCommand(c: Pick<FleetRecord['command'], 'name' | 'durationSeconds' | 'replace'>): string {
  if (c.durationSeconds !== undefined) return `${c.name} (${c.durationSeconds} s)`;
  return c.replace ? `${c.name} with replace` : c.name;
}

const OUTCOME_WORDS: { readonly [O in FleetOutcome]: string } = {
  done: 'done',
  failed: 'failed',
  'no-answer': 'no answer',
};

/** A fleet command sent, and what came of it. */
export interface FleetRecordContext {
  readonly id: string; // a random UUID
  readonly at: string; // RFC 3339: when it was published
  readonly who: Who;
  readonly reason?: string;
  readonly displayId: string;
  readonly tableId: string | null; // the board's table, as its status said
  readonly command: DisplayCommand; // as published (its signature is not kept)
  readonly kid: string | null; // the pit key that signed it
  readonly outcome: FleetOutcome;
  readonly answeredAt: string | null;
  readonly detail: string; // the answer in words, or why there was none
}

/** The record of a fleet command, with its summary: `Board D7 (table T1): reload — no answer`. */
export function fleetRecord(c: FleetRecordContext): FleetRecord {
  const cmd = c.command;
  const command = {
    name: cmd.command,
    requestId: cmd.requestId,
    ...('durationSeconds' in cmd && cmd.durationSeconds !== undefined && { durationSeconds: cmd.durationSeconds }),
    ...('replace' in cmd && cmd.replace !== undefined && { replace: cmd.replace }),
    ...(c.kid !== null && { kid: c.kid }),
  };
  const where = c.tableId === null ? c.displayId : `${c.displayId} (table ${c.tableId})`;
  return {
    v: 1,
    id: c.id,
    at: c.at,
    who: c.who,
    ...(c.reason && { reason: c.reason }),
    action: 'fleet-command',
    target: 'display',
    displayId: c.displayId,
    tableId: c.tableId,
    command,
    outcome: c.outcome,
    answeredAt: c.answeredAt,
    detail: c.detail.length > 1000 ? `${c.detail.slice(0, 999)}…` : c.detail,
    summary: `Board ${where}: ${describeCommand(command)} — ${OUTCOME_WORDS[c.outcome]}`,
  };
}

const ROLE_WORDS = { viewer: 'viewer', 'floor-manager': 'floor manager', supervisor: 'supervisor' } as const;

/** `alice (supervisor)`, `bob (command line)`, `ann (command line, supervisor, as OS user pit)`: who, in words. */
export function describeWho(w: Who): string {
  const role = w.role ? ROLE_WORDS[w.role] : null;
  if (w.via === 'console') return role ? `${w.account} (${role})` : w.account;
  const os = w.osUser && w.osUser !== w.account ? `, as OS user ${w.osUser}` : '';
  return `${w.account} (command line${role ? `, ${role}` : ''}${os})`;
}
