/**
 * The console's two steps for a change of signs: `preview` (the diff, checked exactly as `signage set` checks
 * it) and `apply` (the same, against the revisions reviewed; then published — signed with the pit's key when the
 * console has one — confirmed, and audited on the shared audit topic). Who makes a change is the account signed in,
 * and its role must allow it (`roles.ts`); every apply needs a reason. Closing or opening a table is an action of
 * its own (closing needs the table's name typed), and so is restoring the sign of an earlier revision, found in the
 * audit log (`revert.ts`). One change at a time, so two managers never both publish the same revision.
 *
 * ```ts
 * const changes = signChanges({ monitor, audit, feed, key, now });
 * const p = await changes.preview({ tableId: 'T1', changes: [['variant', 'modified-odds']] }, alice);
 * if (p.ok) await changes.apply({ ..., reason: 'pit boss: new promotion', expect: p.expect }, alice);
 * ```
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { err, ok, type Result } from '../baccarat/types';
import type { SignAction } from '../contract/schemas/audit';
import type { SigningKey } from '../mqtt-bridge/signing';
import type { Principal } from './accounts';
import type { AuditFeed } from './audit-feed';
import type { AuditLog } from './audit-log';
import { auditRecords, planSummary, revisions } from './audit-record';
import { fleetRevisions } from './fleet-state';
import type { FleetMonitor } from './monitor';
import { publishPlan } from './mqtt-session';
import type { ApplyResponse, ChangeRequest, PreviewResponse } from './protocol';
import { changedMessageFit } from '../contract/message-fit';
import { may, permissionOf, refusal } from './roles';
import { changeRequest, reasonProblem, sameTable } from './change-request';
import {
  floorAfter,
  paysChangedNow,
  scaleReach,
  tableRound,
  tablesWithLostSigns,
  tableCasinoRefusal,
} from './pays-at-once';
import { currentShoe, namedShoe, type ShoeWords } from './shoe-position';
import { casinoSummary, signSummary } from './sign-text';
import { requestEdits } from './change-edits';
import { planSignChange, type PlannedSign, type SignPlan } from './sign-edit';
import { editsCasino, editsTable, fieldError, type FieldError, type SignEdits } from './sign-keys';
import { plannedRefusal, unknownTable, unsignedOver } from './change-refusals';

/** The shoe of a change request in the console's words: its shoe field, or "From the next shoe" (`shoeId: next`). */
const CONSOLE_SHOE_WORDS: ShoeWords = {
  named: (id) => `shoe ${id}`,
  next: 'From the next shoe',
  fromHand: (hand) => `From hand ${hand}`,
  nothing: 'nothing was changed',
};

export interface SignChangesDeps {
  readonly monitor: FleetMonitor;
  readonly audit: AuditLog; // where a revert finds the sign of an earlier revision
  readonly feed: Pick<AuditFeed, 'publish'>; // where the records go: this console's log and the audit topic
  readonly key?: SigningKey | null; // the pit's key: signs every sign published
  readonly now?: () => Date;
  readonly confirmMs?: number; // how long to wait for a published sign to come back; default 2000
}

/** A planned change, and what kind of action it is for the audit log. */
interface Planned {
  readonly plan: SignPlan;
  readonly edits: SignEdits;
  readonly action: SignAction;
  readonly revertedTo?: number;
}

export function signChanges({
  monitor,
  audit,
  feed,
  key = null,
  now = () => new Date(),
  confirmMs = 2_000,
}: SignChangesDeps) {
  let queue: Promise<unknown> = Promise.resolve();

  const plan = async (req: ChangeRequest, who: Principal, at: string): Promise<Result<Planned, FieldError>> => {
    const e = await requestEdits(req, monitor.current, audit);
    if (!e.ok) return e;
    const { edits, action } = e.value;
    const needs = [
      ...(editsCasino(edits) || (action === 'republish' && req.tableId === null)
        ? [permissionOf(action, 'casino')]
        : []),
      ...(editsTable(edits) || (action === 'republish' && req.tableId !== null) ? [permissionOf(action, 'table')] : []),
    ];
    const denied = needs.find((p) => !may(who.role, p));
    if (denied) return err(fieldError('role', refusal(who.role, denied)));
    const fleet = monitor.current;
    const unknown = unknownTable(req.tableId, edits, fleet);
    if (unknown) return err(unknown);
    const floorNow = [...fleet.tables.values()].map((r) => tableRound(r.tableId, r.signage, r.shoe));
    const casinoWide = tableCasinoRefusal(
      req.tableId,
      edits,
      fleet.casino,
      floorNow,
      (key) =>
        `Change it in the Casino panel (Change pay scale…${key === 'pp-scale' ? '' : ', where the casino name is too'}, ` +
        `by a supervisor), for every ${key === 'pp-scale' ? 'table' : 'board'} at once.`,
    );
    if (casinoWide) return err(casinoWide);
    const row = req.tableId === null ? null : fleet.tables.get(req.tableId);
    if ((action === 'close-table' || action === 'open-table') && !row?.signage)
      return err(
        fieldError(
          'table',
          `table ${req.tableId ?? ''} has no sign on the broker: nothing to ${action === 'close-table' ? 'close' : 'open'}`,
        ),
      );
    // The shoe named is the snapshot's or the next (as `signage set --shoe` checks it): another is refused.
    const named = namedShoe(req.shoeId, row?.shoe?.shoeId ?? null, CONSOLE_SHOE_WORDS, edits.fromHand);
    if ('error' in named) return err(fieldError(named.field, named.error));
    const p = planSignChange(
      {
        tableId: req.tableId,
        table: row?.signage ?? null,
        casino: fleet.casino,
        shoe: currentShoe(row?.shoe ?? null, named.id),
        user: who.name,
        now: at,
        boards: fleetRevisions(fleet, req.tableId),
        ...(action === 'republish' && { republish: req.tableId === null ? 'casino' : 'table' }),
        ...(e.value.restore && { restore: e.value.restore }),
      },
      edits,
    );
    if (!p.ok) return err(plannedRefusal(p.error, req.tableId, action, fleet));
    const u = unsignedOver(p.value, req.tableId, action, fleet, key !== null);
    if (u) return err(u);
    return ok({
      plan: p.value,
      edits,
      action,
      ...(e.value.revertedTo !== undefined && { revertedTo: e.value.revertedTo }),
    });
  };

  /**
   * Who changed the signs since the review, and what, as the audit log has it: `Jade 8 (T2) is now revision 6, by
   * sue.chan (min 500 → 1,000)`. The what was missing: a manager refused was told only who and which revision.
   */
  const changedSince = async (expected: { table: number | null; casino: number | null }, tableId: string | null) => {
    const fleet = monitor.current;
    const log = await audit.read().catch(() => []);
    const what = (target: 'table' | 'casino', from: number | null) => {
      const texts = log.flatMap((r) =>
        r.action !== 'fleet-command' &&
        r.target === target &&
        (target === 'casino' || r.tableId === tableId) &&
        r.revision.to > (from ?? 0)
          ? r.changes.map((c) => c.text)
          : [],
      );
      return texts.length > 0 ? ` (${texts.join('; ')})` : '';
    };
    const t = tableId === null ? null : (fleet.tables.get(tableId)?.signage ?? null);
    const said = (what: string, sign: { revision: number; updatedBy: string } | null, changed: string) =>
      sign
        ? `${what} is now revision ${sign.revision}, by ${sign.updatedBy}${changed}`
        : `${what} is gone from the broker`;
    return [
      ...(tableId !== null && expected.table !== (t?.revision ?? null)
        ? [said(t ? `${t.tableName} (${tableId})` : `table ${tableId}'s sign`, t, what('table', expected.table))]
        : []),
      ...(expected.casino !== (fleet.casino?.revision ?? null)
        ? [said('the casino sign', fleet.casino, what('casino', expected.casino))]
        : []),
    ].join('; ');
  };

  /**
   * The hand a change of the variant applies from when none is given (the first round not yet begun), or null: a
   * round that begins between review and apply moves it.
   */
  const implicitFromHand = (p: Planned): number | null => {
    const t = p.plan.table;
    if (!t || p.edits.fromHand !== undefined || !t.changes.some((c) => c.field === 'variant')) return null;
    return t.after.variant.effectiveFromHand ?? null;
  };

  const expectNow = (tableId: string | null) => ({
    table: tableId === null ? null : (monitor.current.tables.get(tableId)?.signage?.revision ?? null),
    casino: monitor.current.casino?.revision ?? null,
  });

  const preview = async (body: unknown, who: Principal): Promise<PreviewResponse> => {
    const req = changeRequest(body);
    if ('field' in req) return { ok: false, ...req };
    const p = await plan(req, who, now().toISOString());
    if (!p.ok) return { ok: false, ...p.error };
    const { plan: v, edits } = p.value;
    const rev = <T extends { revision: number }>(x: PlannedSign<T> | null, says: (sign: T) => string[]) =>
      x && {
        revision: revisions(x),
        changes: x.changes,
        ...(x.restored && { restored: x.restored.revision }),
        says: says(x.after),
      };
    const tables = monitor.current.tables;
    const floor = [...tables.values()].map((r) => tableRound(r.tableId, r.signage, r.shoe));
    const here =
      req.tableId === null ? null : tableRound(req.tableId, tables.get(req.tableId)?.signage ?? null, v.shoe);
    const lostSigns = tablesWithLostSigns(floor, [...monitor.current.boards.values()]);
    const from = implicitFromHand(p.value);
    return {
      ok: true,
      summary: planSummary(v),
      table: rev(v.table, signSummary),
      casino: rev(v.casino, casinoSummary),
      shoe: v.shoe,
      // A republish puts back what the boards show already: it changes no pay (as `signage restore`).
      paysNow: p.value.action === 'republish' ? [] : paysChangedNow(edits, here, floor, lostSigns),
      // Where the new scale applies once this change is out: a table it turns Perfect Pairs on at too.
      reach: v.casino ? scaleReach(edits, floorAfter(floor, req.tableId, v.table?.after ?? null), lostSigns) : null,
      // Only when the message is changed or the panel it shares is (variant, side bets).
      messageFit:
        v.table &&
        changedMessageFit(
          v.table.after,
          v.table.changes.map((c) => c.field),
        ),
      expect: { ...expectNow(req.tableId), ...(from !== null && { fromHand: from }) },
    };
  };

  const applyNow = async (body: unknown, who: Principal): Promise<ApplyResponse> => {
    const req = changeRequest(body);
    if ('field' in req) return { ok: false, ...req };
    const why = reasonProblem(req.reason);
    if (why) return { ok: false, field: 'reason', message: why };
    if (!monitor.connected)
      return { ok: false, field: null, message: 'the console is not connected to the broker: nothing was changed' };
    const seen = expectNow(req.tableId);
    if (req.expect && (req.expect.table !== seen.table || req.expect.casino !== seen.casino))
      return {
        ok: false,
        field: 'revision',
        message: `the signs changed since you reviewed this change: ${await changedSince(req.expect, req.tableId)}. Review it again`,
      };
    if (req.action === 'close-table' && req.tableId !== null) {
      const sign = monitor.current.tables.get(req.tableId)?.signage ?? null;
      if (!sameTable(req.confirm, req.tableId, sign))
        return {
          ok: false,
          field: 'confirm',
          message: `type the table's name (${sign?.tableName ?? req.tableId}) to close it`,
        };
    }
    const at = now().toISOString();
    const p = await plan(req, who, at);
    if (!p.ok) return { ok: false, ...p.error };
    const { plan: sp, action } = p.value;
    if (!sp.table && !sp.casino)
      return { ok: false, field: null, message: 'nothing to change: the signs already say that' };
    // A from-hand left to the console is the first round not yet begun: if one began since the review, the change
    // would go out from a later hand than the one reviewed (a shift's report: reviewed from 28, published from 30).
    const reviewed = req.expect?.fromHand;
    const from = implicitFromHand(p.value);
    if (reviewed != null && from !== null && from !== reviewed)
      return {
        ok: false,
        field: 'revision',
        message:
          `a round has begun since your review: the change would now apply from hand ${from}` +
          `${sp.shoe ? ` of shoe ${sp.shoe.shoeId}` : ''}, not from hand ${reviewed} as reviewed. Nothing was ` +
          'published. Review it again',
      };
    const result = await publishPlan(monitor.client, monitor.broker, sp, { confirmMs, key });
    const records = auditRecords(sp, {
      who: { account: who.name, role: who.role, via: 'console', host: hostname().slice(0, 255) || 'console' },
      reason: (req.reason ?? '').trim(),
      action,
      at,
      newId: randomUUID,
      ...(p.value.revertedTo !== undefined && { revertedTo: p.value.revertedTo }),
    }).slice(0, result.published.length);
    const unshared = records.length > 0 ? await feed.publish(records) : null;
    if (result.error) return { ok: false, field: null, message: result.error };
    return { ok: true, records, ...(unshared && { warning: `the audit record was not shared: ${unshared}` }) };
  };

  return {
    preview,
    /** Applies one change after any still under way. */
    apply(body: unknown, who: Principal): Promise<ApplyResponse> {
      const next = queue.then(() => applyNow(body, who));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
export type SignChanges = ReturnType<typeof signChanges>;
