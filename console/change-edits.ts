/**
 * What a change request to the console asks for, as edits and an action for the audit log (`changes.ts`): a
 * restore of an earlier revision (`revertTo`) as the edits back to it; a republish, where the broker lost the sign
 * its boards show, as that sign from the audit log; else the request's `KEY=VALUE` changes, made to the sign (a
 * table's or the casino's) the boards show when the broker lost it. Reads the audit log; publishes nothing.
 *
 * ```ts
 * const e = await requestEdits({ tableId: 'T1', changes: [['min', '200']] }, monitor.current, audit);
 * if (e.ok) e.value; // { edits: { min: 200 }, action: 'change' }
 * ```
 * @packageDocumentation
 */
import { err, ok, type Result } from '../baccarat/types';
import type { CasinoSignage, TableSignage } from '../contract/schemas';
import type { SignAction } from '../contract/schemas/audit';
import type { AuditLog } from './audit-log';
import { fleetRevisions, type FleetState } from './fleet-state';
import type { ChangeRequest } from './protocol';
import { editsToRevision, signAtRevision } from './revert';
import type { RestoredSign } from './sign-edit';
import { editsCasino, editsTable, fieldError, parseEdits, type FieldError, type SignEdits } from './sign-keys';

/** A request's edits and action; `revertedTo` and `restore` for a sign read back from the audit log. */
export type Edited = { edits: SignEdits; action: SignAction; revertedTo?: number; restore?: RestoredSign };

/**
 * The edits of a request, and its action: a restore's from the audit log (the revision asked for, or where the
 * broker lost the sign its boards show, that revision), else its `changes` parsed.
 */
export async function requestEdits(
  req: ChangeRequest,
  fleet: FleetState,
  audit: Pick<AuditLog, 'read'>,
): Promise<Result<Edited, FieldError>> {
  const table = req.tableId === null ? null : (fleet.tables.get(req.tableId)?.signage ?? null);
  if (req.revertTo !== undefined) {
    const target = req.tableId === null ? 'casino' : 'table';
    const current = target === 'casino' ? fleet.casino : table;
    const edits = editsToRevision(await audit.read(), target, req.tableId, req.revertTo, current);
    if (!edits) return err(fieldError('revertTo', `revision ${req.revertTo} is not in this console's audit log`));
    if (Object.keys(edits).length === 0)
      return err(
        fieldError('revertTo', `the sign already says what revision ${req.revertTo} said: nothing to restore`),
      );
    return ok({ edits, action: 'revert', revertedTo: req.revertTo });
  }
  if (req.action) return ok({ edits: { open: req.action === 'open-table' }, action: req.action });
  if (req.republish && req.changes.length === 0) {
    const target = req.tableId === null ? 'casino' : 'table';
    const shown = fleetRevisions(fleet, req.tableId)[target];
    if ((target === 'casino' ? fleet.casino : table) !== null || shown === null)
      return ok({ edits: {}, action: 'republish' });
    // The broker lost the sign a board still shows: publish that sign again as it is, from the audit log, above it
    // (remade from the defaults, its variant would be dated from the next round: false history).
    const sign = signAtRevision(await audit.read(), target, req.tableId, shown);
    const what = target === 'casino' ? 'the casino' : `table ${req.tableId ?? ''}`;
    if (!sign)
      return err(
        fieldError(
          'revision',
          `the broker has no sign for ${what}, and revision ${shown}, which a board shows, is not in this console's audit log: make the sign in full instead`,
        ),
      );
    const restore = (
      target === 'casino' ? { target, sign: sign as CasinoSignage } : { target, sign: sign as TableSignage }
    ) satisfies RestoredSign;
    return ok({ edits: {}, action: 'republish', revertedTo: shown, restore });
  }
  const edits = parseEdits(req.changes);
  if (!edits.ok) return edits;
  if (edits.value.open !== undefined)
    return err(
      fieldError('open', 'closing or opening a table is an action of its own: use Close table… or Open table…'),
    );
  // The broker lost the sign its boards show: the change is made to that sign (from the audit log), not to the
  // defaults, which would replace everything the boards show (a floor manager's report). The page's form shows it.
  // So for the casino's sign: its name and scale as the boards show them, not a name to type again.
  const target = req.tableId === null ? 'casino' : 'table';
  const lost = (target === 'casino' ? fleet.casino : table) === null;
  const edited = target === 'casino' ? editsCasino(edits.value) : editsTable(edits.value);
  const shown = fleetRevisions(fleet, req.tableId)[target];
  const sign = lost && edited && shown ? signAtRevision(await audit.read(), target, req.tableId, shown) : null;
  if (!sign) return ok({ edits: edits.value, action: 'change' });
  const restore = (
    target === 'casino' ? { target, sign: sign as CasinoSignage } : { target, sign: sign as TableSignage }
  ) satisfies RestoredSign;
  return ok({ edits: edits.value, action: 'change', restore });
}
