/**
 * What the console refuses of a change in its own words (the keys of `signage set` are not the console's, and a floor
 * manager may not act on them), and what it refuses beyond `signage`'s checks: a table the broker knows nothing of, a
 * signed change over an unsigned sign the boards have not taken. Pure: the fleet as the console's monitor sees it.
 *
 * ```ts
 * const why = unknownTable('t1', edits, fleet); // { field: 'table', message: 'table t1 is not known here: …' }
 * ```
 * @packageDocumentation
 */
import type { SignAction } from '../contract/schemas/audit';
import { tableShows } from './board-revisions';
import { fleetRevisions, type FleetState } from './fleet-state';
import { isNoCasinoScale } from './sign-checks';
import type { SignPlan } from './sign-edit';
import { editsTable, fieldError, type FieldError, type SignEdits } from './sign-keys';
import { unsignedBase, unsignedBaseText } from './unsigned-base';

/**
 * A change to a table the broker knows nothing of (no sign, no snapshot, no board): a typo ('t1', 'T9') more often
 * than a new table, as `signage` says. The API made a sign for it, and every console listed a table no one could
 * remove (found by a floor manager).
 */
export function unknownTable(tableId: string | null, edits: SignEdits, fleet: FleetState): FieldError | null {
  if (tableId === null || !editsTable(edits)) return null;
  if (fleet.tables.has(tableId) || [...fleet.boards.values()].some((b) => b.tableId === tableId)) return null;
  return fieldError(
    'table',
    `table ${tableId} is not known here: the broker has no sign, shoe snapshot or board of it (table ids are ` +
      'case-sensitive). Choose a table from the list: a new table is listed once its board or controller is on the ' +
      'broker (or give it its first sign with baccarat-board signage … --new-table)',
  );
}

/** A plan's refusal in the console's words where `signage`'s would name its keys or mislead; else as it is. */
export function plannedRefusal(
  error: FieldError,
  tableId: string | null,
  action: SignAction,
  fleet: FleetState,
): FieldError {
  // Perfect Pairs where the broker lost the casino's sign too (its boards show one): the way out is the casino's sign
  // first (as `signage restore` says).
  const casinoShown = fleetRevisions(fleet, null).casino;
  if (casinoShown !== null && isNoCasinoScale(error))
    return fieldError(
      'side-bets',
      `this table offers Perfect Pairs, whose pay scale is the casino sign's, and the broker has lost that too ` +
        `(its boards show revision ${casinoShown}): republish the casino sign first (Republish sign… in the ` +
        'Casino panel, by a supervisor), then this table (rules 11A.7, 11A.8)',
    );
  // The casino dialog reviewed with nothing chosen, where the casino has no sign yet: a republish of nothing, said as
  // one ("nothing to republish; make the sign in full"), though no one asked to republish (found by a manager).
  if (action === 'republish' && tableId === null && !fleet.casino && error.field === 'revision')
    return fieldError(
      'pp-scale',
      'nothing is chosen, and the casino has no sign yet: choose its Perfect Pairs pay scale and name the casino',
    );
  // None set at all: not the keys of `signage set` ("add pp-scale=one … casino-name="), which a floor manager can
  // neither type here nor may set (found by a floor manager).
  if (isNoCasinoScale(error))
    return fieldError(
      'side-bets',
      "Perfect Pairs is paid on the casino's pay scale (rules 11A.7, 11A.8), and none is set yet: a supervisor " +
        'sets it first (Change pay scale… in the Casino panel), then Perfect Pairs can be offered here',
    );
  return error;
}

/**
 * Signed (`signing`), never over an unsigned sign its boards have not taken (unsigned-base.ts); a restore of a
 * revision states all it changes, and a republish puts back what the boards show.
 */
export function unsignedOver(
  plan: SignPlan,
  tableId: string | null,
  action: SignAction,
  fleet: FleetState,
  signing: boolean,
): FieldError | null {
  if (action !== 'change' && action !== 'open-table') return null;
  const u = unsignedBase(plan.table?.before ?? null, tableShows(fleetRevisions(fleet, tableId)), signing);
  if (!u) return null;
  return fieldError(
    'table',
    unsignedBaseText(
      `table ${tableId ?? ''}`,
      u,
      u.boardsShow === 0
        ? 'The boards show no sign to go back to: check every value of this one (baccarat-board signage show), then ' +
            'sign it as it stands with your change (signage set --replace, with a signing key).'
        : `Restore revision ${u.boardsShow} (the sign the boards show; Restore revision ${u.boardsShow}… in the ` +
            'audit list) first, then make this change.',
    ),
  );
}
