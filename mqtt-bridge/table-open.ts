/**
 * The table open or closed on a board. The controller says it in two words, each with its own time: its own word
 * (a `table-open` / `table-closed` event, or the `tableOpen` of its retained online status: `controllerTableOpen`)
 * and its shoe's (the retained snapshot's `tableOpen`: `snapshotTableOpen`). Both are retained or redelivered, and
 * they can disagree: a dealer's keypad on a new journal closes its table at once and knows no shoe, so the broker
 * keeps the old snapshot, which says open. The later word wins (`contract/table-open-word.ts`); two that cannot be
 * ordered close the table and warn staff (`table-open-unsure`). The shoe's `tableOpen` is the verdict, so the rules
 * (no betting at a closed table) and TABLE CLOSED follow it; the table's sign saying closed still wins.
 *
 * ```ts
 * const next = settleTableOpen({ ...state, snapshotTableOpen: { open: true, at } }, now); // the same state if no change
 * ```
 * @packageDocumentation
 */
import type { Shoe } from '../baccarat/shoe';
import { tableOpenVerdict, type OpenVerdict, type OpenWord } from '../contract/table-open-word';
import { addNotice, dropNotices } from './notices';
import type { TableState } from './table-types';

/**
 * The controller's own word, when it said one with a time (an older journal may hold one without); live when an
 * event said it (a status that says it again later keeps it so).
 */
export const controllerWord = (s: TableState): OpenWord | undefined =>
  s.controllerTableOpen !== undefined && s.controllerTableOpenAt !== undefined
    ? { open: s.controllerTableOpen, at: s.controllerTableOpenAt, live: s.controllerTableOpenLive === true }
    : undefined;

/** The verdict on the board's table from the controller's word and its shoe's; null when neither says. */
export const tableOpenOf = (s: TableState): OpenVerdict | null =>
  tableOpenVerdict(controllerWord(s), s.snapshotTableOpen);

/** The table opens or closes as the controller says, even mid-round (the round is voided or finished later). */
function followTable(shoe: Shoe, open: boolean): Shoe {
  if (shoe.tableOpen === open) return shoe;
  return { ...shoe, tableOpen: open, phase: !open && shoe.phase === 'betting' ? 'idle' : shoe.phase };
}

/** TABLE CLOSED as the controller's verdict says open or closed, unless the signs say closed (the same when so). */
export function tableClosedNotices(state: TableState, open: boolean, now: string): TableState['notices'] {
  const signsClosed = state.signage?.tableOpen === false;
  return open && !signsClosed
    ? dropNotices(state.notices, ['tableClosed'])
    : open || state.notices.some((n) => n.kind === 'tableClosed')
      ? state.notices
      : addNotice(state.notices, { kind: 'tableClosed', since: now });
}

/**
 * The shoe open or closed as the verdict says, with TABLE CLOSED to match; the same state when that changes
 * nothing (no shoe: the controller's word alone says it, see {@link tableOpenClosed}).
 */
export function settleTableOpen(state: TableState, now: string): TableState {
  const v = tableOpenOf(state);
  if (!state.shoe || !v) return state;
  const shoe = followTable(state.shoe, v.open);
  const notices = tableClosedNotices(state, v.open, now);
  return shoe === state.shoe && notices === state.notices ? state : { ...state, shoe, notices };
}

/**
 * The controller's own word taken: open or closed as it says at `at` (its clock), from its event (`live`) or its
 * status; before any shoe it rules alone, with a shoe it is weighed against the shoe's word.
 */
export function tableOpenClosed(state: TableState, open: boolean, now: string, at: string, live: boolean): TableState {
  const { controllerTableOpenLive: _was, ...rest } = state;
  const said: TableState = {
    ...rest,
    controllerTableOpen: open,
    controllerTableOpenAt: at,
    ...(live && { controllerTableOpenLive: true }),
    change: { kind: 'notice' },
  };
  return state.shoe ? settleTableOpen(said, now) : { ...said, notices: tableClosedNotices(state, open, now) };
}

/**
 * The shoe's word of a snapshot taken when it is later than the one the board holds and it tells the board
 * something: another open or closed, or another verdict (a later word that settles what the board was unsure of).
 * Null when it changes nothing: a snapshot redelivered, or one more that agrees, leaves the state as it is.
 */
export function withSnapshotWord(state: TableState, word: OpenWord): TableState | null {
  const held = state.snapshotTableOpen;
  if (held && !(Date.parse(word.at) > Date.parse(held.at))) return null;
  const before = tableOpenOf(state);
  const after = tableOpenVerdict(controllerWord(state), word);
  if (held && held.open === word.open && before?.open === after?.open && before?.by === after?.by) return null;
  return { ...state, snapshotTableOpen: word };
}
