/**
 * What the board shows, built from the table state: the `TableView` of the kiosk contract, with the staff's view
 * of the board's own health (out of step, warnings) beside it.
 *
 * ```ts
 * const view = tableView(state, { displayId: 'D1', version: '0.1.0', settings, connection, seq: 1, now, outOfStep: null, warnings: [] });
 * ```
 * @packageDocumentation
 */
import type { BoardSettings, ConnectionView, OutOfStep, StaffWarning, TableView } from '../contract/kiosk';
import { payTableView } from '../contract/pay-table-view';
import { roundView } from '../contract/round-view';
import { sortedNotices } from './notices';
import type { TableState } from './table-state';
import { controllerWord, tableOpenOf } from './table-open';
import { controllerClosed } from './table-types';
import { toSecond } from '../contract/time-words';
import { warningDetail } from './warning-detail';

export interface ViewContext {
  readonly displayId: string;
  readonly version: string;
  readonly settings: BoardSettings;
  readonly connection: ConnectionView;
  readonly seq: number;
  readonly now: string; // ISO 8601
  readonly outOfStep: OutOfStep | null;
  readonly warnings: readonly StaffWarning[]; // the bridge's own (signs ignored …); the state's are added here
  readonly shoeRecord?: { readonly shoeId: string; readonly digest: string } | null; // the last shoe's, at its end
}

/** A shoe record's address: the configured template with the table, the shoe and the digest in it. */
export const recordUrl = (
  template: string | null | undefined,
  r: { tableId: string; shoeId: string; digest: string },
) =>
  template
    ? template
        .replaceAll('{tableId}', encodeURIComponent(r.tableId))
        .replaceAll('{shoeId}', encodeURIComponent(r.shoeId))
        .replaceAll('{digest}', r.digest)
    : null;

/**
 * Warnings read from the state itself: Perfect Pairs offered with no casino pay scale (rule 11A.8), the table's
 * controller offline while the table is open (no result can reach the board), and the controller and its shoe at
 * odds on open or closed in a way the board cannot settle.
 */
export function stateWarnings(state: TableState, now: string): StaffWarning[] {
  const offered = state.signage?.sideBets.includes('perfectPairs') ?? false;
  return [
    ...(offered && !state.casino
      ? [
          {
            code: 'perfect-pairs-scale-missing' as const,
            detail: 'Perfect Pairs is offered at this table, but no casino pay scale is published (rule 11A.8)',
            since: state.signage?.updatedAt ?? now,
          },
        ]
      : []),
    ...controllerWarnings(state),
    ...tableOpenWarnings(state),
  ];
}

/**
 * `table-open-unsure`: the controller's word and its shoe's disagree on open or closed, too close in time to tell
 * which is later; the board shows the table closed (`table-open.ts`). Dated by the later of the two.
 */
function tableOpenWarnings(state: TableState): StaffWarning[] {
  const said = controllerWord(state);
  const shoe = state.snapshotTableOpen;
  if (!state.shoe || !said || !shoe || tableOpenOf(state)?.by !== 'unsure') return [];
  const [a, b] = [said, shoe].map((w) => `${w.open ? 'open' : 'closed'} at ${toSecond(w.at)}`);
  return [
    {
      code: 'table-open-unsure',
      detail: warningDetail(
        `The table controller says the table is ${a!}, its shoe's snapshot ${b!}: too close in time to tell which is ` +
          'later, so the board shows TABLE CLOSED; have the dealer close or open the table again at the keypad',
      ),
      since: Date.parse(said.at) >= Date.parse(shoe.at) ? said.at : shoe.at,
    },
  ];
}

/**
 * `controller-offline`, dated from when the board heard it (a last will carries the time its connection began, not
 * when it broke). Not while the table is closed, by its sign or its controller: a controller then may well be off.
 * Closed by the controller before any shoe (a new keypad closes its table at once) too; and while the board shows
 * TABLE CLOSED (a journal of an older board holds that early `table-closed` in the notice alone).
 */
function controllerWarnings(state: TableState): StaffWarning[] {
  const c = state.controller;
  if (!c || c.online) return [];
  if (state.signage?.tableOpen === false || controllerClosed(state)) return [];
  if (state.notices.some((n) => n.kind === 'tableClosed')) return [];
  const since = c.heardAt ?? c.since;
  return [
    {
      code: 'controller-offline',
      detail: warningDetail(
        `The table controller ${c.id} has been offline since ${toSecond(since)}: no result reaches this board, which ` +
          "keeps the results it had; check the controller (or the dealer's keypad) and its link to the broker",
      ),
      since,
    },
  ];
}

export function tableView(state: TableState, ctx: ViewContext): TableView {
  return {
    v: 1,
    seq: ctx.seq,
    tableId: state.tableId,
    displayId: ctx.displayId,
    version: ctx.version,
    shoe: state.shoe,
    signage: state.signage,
    casino: state.casino,
    payTable: payTableView(state.signage, state.casino, state.shoe, state.pastShoes),
    round: roundView(state.shoe, {
      tableOpen: state.signage?.tableOpen !== false,
      current: ctx.connection.state === 'connected' && ctx.outOfStep === null && state.controller?.online !== false,
    }),
    notices: sortedNotices(state.notices),
    connection: ctx.connection,
    controllerOnline: state.controller ? state.controller.online : null,
    outOfStep: ctx.outOfStep,
    warnings: [...stateWarnings(state, ctx.now), ...ctx.warnings],
    shoeRecord:
      ctx.shoeRecord && state.shoe?.phase === 'ended' && state.shoe.id === ctx.shoeRecord.shoeId
        ? {
            ...ctx.shoeRecord,
            url: recordUrl(ctx.settings.recordUrl, { tableId: state.tableId, ...ctx.shoeRecord }),
          }
        : null,
    settings: ctx.settings,
    change: state.change,
  };
}
