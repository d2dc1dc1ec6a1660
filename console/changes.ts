/**
 * The console's two steps for a change of signs: `preview` (the diff, checked exactly as `signage set` checks
 * it) and `apply` (the same, against the revisions reviewed; then published, confirmed and audited). One change
 * at a time, so two managers never both publish the same revision. A new sign's revision goes above every one the
 * boards report (the broker may have lost its retained sign: issue 12, case 9); `republish` with no changes
 * publishes the retained sign again so that boards showing a higher revision take it.
 *
 * ```ts
 * const changes = signChanges({ monitor, audit, now });
 * const p = changes.preview({ tableId: 'T1', changes: [['variant', 'modified-odds']], user: 'alice' });
 * if (p.ok) await changes.apply({ ..., expect: p.expect });
 * ```
 * @packageDocumentation
 */
import { isId } from '../contract/schemas/common';
import { ok, type Result } from '../baccarat/types';
import type { AuditLog } from './audit-log';
import { auditRecords, planSummary, revisions } from './audit-record';
import { fleetRevisions } from './fleet-state';
import type { FleetMonitor } from './monitor';
import { publishPlan } from './mqtt-session';
import type { ApplyResponse, ChangeRequest, PreviewResponse } from './protocol';
import { currentShoe } from './shoe-position';
import { planSignChange, type PlannedSign, type SignPlan } from './sign-edit';
import { fieldError, parseEdits, type FieldError, type SignEdits } from './sign-keys';

export interface SignChangesDeps {
  readonly monitor: FleetMonitor;
  readonly audit: AuditLog;
  readonly now?: () => Date;
  readonly confirmMs?: number; // how long to wait for a published sign to come back; default 2000
}

/** Checks the shape of a request body from the page. */
function request(body: unknown): ChangeRequest | FieldError {
  if (typeof body !== 'object' || body === null) return fieldError('request', 'expected a JSON object');
  const b = body as Record<string, unknown>;
  if (b.tableId !== null && !(typeof b.tableId === 'string' && isId(b.tableId)))
    return fieldError('table', 'not a table id');
  if (
    !Array.isArray(b.changes) ||
    !b.changes.every((c) => Array.isArray(c) && c.length === 2 && c.every((x) => typeof x === 'string'))
  )
    return fieldError('request', 'changes must be a list of [key, value] strings');
  if (typeof b.user !== 'string') return fieldError('user', 'who makes the change: sign in with your name');
  if (b.shoeId !== undefined && !(typeof b.shoeId === 'string' && isId(b.shoeId)))
    return fieldError('shoe', 'not a shoe id');
  if (b.republish !== undefined && typeof b.republish !== 'boolean')
    return fieldError('request', 'republish is true or false');
  return body as ChangeRequest;
}

export function signChanges({ monitor, audit, now = () => new Date(), confirmMs = 2_000 }: SignChangesDeps) {
  let queue: Promise<unknown> = Promise.resolve();

  const plan = (req: ChangeRequest, at: string): Result<SignPlan, FieldError> => {
    // A republish names no key; anything else needs at least one.
    const edits: Result<SignEdits, FieldError> =
      req.republish && req.changes.length === 0 ? ok({}) : parseEdits(req.changes);
    if (!edits.ok) return edits;
    const fleet = monitor.current;
    const row = req.tableId === null ? null : fleet.tables.get(req.tableId);
    const shoe = currentShoe(row?.shoe ?? null, req.shoeId ?? null);
    return planSignChange(
      {
        tableId: req.tableId,
        table: row?.signage ?? null,
        casino: fleet.casino,
        shoe,
        user: req.user,
        now: at,
        boards: fleetRevisions(fleet, req.tableId),
        ...(req.republish && { republish: req.tableId === null ? 'casino' : 'table' }),
      },
      edits.value,
    );
  };

  const preview = (body: unknown): PreviewResponse => {
    const req = request(body);
    if ('field' in req) return { ok: false, ...req };
    const p = plan(req, now().toISOString());
    if (!p.ok) return { ok: false, ...p.error };
    const v = p.value;
    const rev = <T extends { revision: number }>(x: PlannedSign<T> | null) =>
      x && { revision: revisions(x), changes: x.changes };
    const fleet = monitor.current;
    return {
      ok: true,
      summary: planSummary(v),
      table: rev(v.table),
      casino: rev(v.casino),
      shoe: v.shoe,
      expect: {
        table: req.tableId === null ? null : (fleet.tables.get(req.tableId)?.signage?.revision ?? null),
        casino: fleet.casino?.revision ?? null,
      },
    };
  };

  const applyNow = async (body: unknown): Promise<ApplyResponse> => {
    const req = request(body);
    if ('field' in req) return { ok: false, ...req };
    if (!monitor.connected)
      return { ok: false, field: null, message: 'the console is not connected to the broker: nothing was changed' };
    const fleet = monitor.current;
    const tableRev = req.tableId === null ? null : (fleet.tables.get(req.tableId)?.signage?.revision ?? null);
    const casinoRev = fleet.casino?.revision ?? null;
    if (req.expect && (req.expect.table !== tableRev || req.expect.casino !== casinoRev))
      return {
        ok: false,
        field: 'revision',
        message: 'the signs changed since you reviewed this change (someone else changed them): review it again',
      };
    const at = now().toISOString();
    const p = plan(req, at);
    if (!p.ok) return { ok: false, ...p.error };
    if (!p.value.table && !p.value.casino)
      return { ok: false, field: null, message: 'nothing to change: the signs already say that' };
    const result = await publishPlan(monitor.client, monitor.broker, p.value, { confirmMs });
    const records = auditRecords(p.value, req.user.trim(), at, 'console').slice(0, result.published.length);
    await audit.append(records);
    return result.error ? { ok: false, field: null, message: result.error } : { ok: true, records };
  };

  return {
    preview,
    /** Applies one change after any still under way. */
    apply(body: unknown): Promise<ApplyResponse> {
      const next = queue.then(() => applyNow(body));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
export type SignChanges = ReturnType<typeof signChanges>;
