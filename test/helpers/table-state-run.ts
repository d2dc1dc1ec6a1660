/**
 * Driving the board's table state (`mqtt-bridge/table-state.ts`) in tests: messages applied in order, one second
 * apart, with what each did; the notices in force; a controller's status.
 *
 * ```ts
 * const { state, effects } = runMessages([statusAt(at(5), { tableOpen: false })]); // effects: ['applied']
 * ```
 * @packageDocumentation
 */
import type { ControllerStatus } from '../../contract/schemas';
import { sortedNotices } from '../../mqtt-bridge/notices';
import { applyMessage, emptyTableState, type TableMessage, type TableState } from '../../mqtt-bridge/table-state';
import { at } from './table-messages';

/** Applies messages in order; returns the state and one line per message: 'applied' or 'effect: reason'. */
export function runMessages(messages: readonly TableMessage[], state: TableState = emptyTableState('T1')) {
  const effects: string[] = [];
  for (const [i, m] of messages.entries()) {
    const r = applyMessage(state, m, at(1000 + i));
    effects.push(r.effect === 'applied' ? 'applied' : `${r.effect}: ${r.reason}`);
    if (r.effect === 'applied') state = r.state;
  }
  return { state, effects };
}

/** The kinds of the notices in force, in the board's order. */
export const noticeKinds = (s: TableState) => sortedNotices(s.notices).map((n) => n.kind);

/** Controller C1's status (a keypad's), online unless `extra` says otherwise. */
export const statusAt = (timestamp: string, extra: Partial<ControllerStatus> = {}): TableMessage => ({
  kind: 'controllerStatus',
  payload: { v: 1, state: 'online', controllerId: 'C1', version: 'keypad 0.1.0', timestamp, ...extra },
});
