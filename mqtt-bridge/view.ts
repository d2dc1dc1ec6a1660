/**
 * What the board shows, built from the table state: the `TableView` of the kiosk contract.
 *
 * ```ts
 * const view = tableView(state, { displayId: 'D1', version: '0.1.0', settings, connection, seq: 1, now });
 * ```
 * @packageDocumentation
 */
import type { BoardSettings, ConnectionView, TableView } from '../contract/kiosk';
import { activeNotices } from './notices';
import { payTableView } from './pay-table-view';
import type { TableState } from './table-state';

export interface ViewContext {
  readonly displayId: string;
  readonly version: string;
  readonly settings: BoardSettings;
  readonly connection: ConnectionView;
  readonly seq: number;
  readonly now: string; // ISO 8601
}

export function tableView(state: TableState, ctx: ViewContext): TableView {
  return {
    v: 1,
    seq: ctx.seq,
    tableId: state.tableId,
    displayId: ctx.displayId,
    version: ctx.version,
    shoe: state.shoe,
    shoeNumber: state.shoeNumber,
    signage: state.signage,
    casino: state.casino,
    payTable: payTableView(state.signage, state.casino, state.shoe),
    notices: activeNotices(state.notices, ctx.now, ctx.settings.noticeSeconds),
    connection: ctx.connection,
    controllerOnline: state.controller ? state.controller.online : null,
    settings: ctx.settings,
    change: state.change,
  };
}
