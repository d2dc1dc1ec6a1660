/**
 * The pure reducer that applies one validated MQTT message to the table state: hands (`table-hand.ts`), events
 * (`table-event.ts`) and the retained snapshot (`table-snapshot.ts`) here meet the signs and the controller's
 * presence. Results are keyed by shoe id and hand number: a duplicate is ignored, a gap asks for a resync from the
 * retained snapshot, a correction replaces the hand, and nothing moves the board back to an older shoe or undoes
 * what it has applied. A message the rules refuse leaves the state untouched.
 *
 * ```ts
 * let state = emptyTableState('T1');
 * const r = applyMessage(state, { kind: 'hand', payload }, new Date().toISOString());
 * if (r.effect === 'applied') state = r.state;
 * ```
 * @packageDocumentation
 */
import type { CasinoSignage, ControllerStatus, TableSignage } from '../contract/schemas';
import { canonicalJson } from '../contract/signed';
import { addNotice, dropNotices } from './notices';
import { applyEvent } from './table-event';
import { applyHand } from './table-hand';
import { applySnapshot } from './table-snapshot';
import { settleTableOpen, tableOpenClosed } from './table-open';
import {
  applied,
  controllerClosed,
  duplicate,
  rejected,
  type Applied,
  type TableMessage,
  type TableState,
} from './table-types';

export {
  emptyTableState,
  type Applied,
  type ControllerSeq,
  type DuplicateKind,
  type TableMessage,
  type TableState,
} from './table-types';

/** Applies one message; `now` (ISO 8601) stamps notices. Never throws. */
export function applyMessage(state: TableState, msg: TableMessage, now: string): Applied {
  switch (msg.kind) {
    case 'hand':
      return heardLive(applyHand(state, msg.payload, now), msg.payload.timestamp, now);
    case 'event':
      return heardLive(applyEvent(state, msg.payload, now), msg.payload.timestamp, now);
    case 'shoe':
      return applySnapshot(state, msg.payload, now);
    case 'signage':
      return applySignage(state, msg.payload, now);
    case 'casinoSignage':
      return applyCasinoSignage(state, msg.payload);
    case 'controllerStatus':
      return applyControllerStatus(state, msg.payload, now);
  }
}

/**
 * A table sign replaces the one shown when its revision is higher; a lower one is ignored (and said so). One of the
 * same revision replaces it too when it says something else: two of the pit's tools that published at one moment
 * both took the next revision, and the broker keeps the later of the two, which reaches the board after the other.
 * Kept to the first, a board showed one manager's sign while the broker held the other's (at a restart the board
 * changed its limits with no new revision), and the console called it in step.
 */
function applySignage(state: TableState, sign: TableSignage, now: string): Applied {
  const cur = state.signage?.revision ?? -1;
  if (sign.revision < cur)
    return duplicate(
      `signage revision ${sign.revision} is below revision ${cur}, which the board shows`,
      'older-signage',
    );
  if (sign.revision === cur && canonicalJson(sign) === canonicalJson(state.signage))
    return duplicate(`signage revision ${cur} already shown`);
  const limits = sign.limits;
  if (limits.minimum > limits.maximum)
    return rejected(`limits.minimum (${limits.minimum}) is above limits.maximum (${limits.maximum})`);
  const notices = sign.tableOpen
    ? controllerClosed(state)
      ? state.notices
      : dropNotices(state.notices, ['tableClosed'])
    : state.notices.some((n) => n.kind === 'tableClosed')
      ? state.notices
      : addNotice(state.notices, { kind: 'tableClosed', since: now });
  return applied({ ...state, signage: sign, notices, change: { kind: 'signage' } });
}

function applyCasinoSignage(state: TableState, sign: CasinoSignage): Applied {
  const cur = state.casino?.revision ?? -1;
  if (sign.revision < cur)
    return duplicate(
      `casino signage revision ${sign.revision} is below revision ${cur}, which the board shows`,
      'older-casino-signage',
    );
  if (sign.revision === cur && canonicalJson(sign) === canonicalJson(state.casino))
    return duplicate(`casino signage revision ${cur} already shown`); // another of the same revision: as applySignage
  return applied({ ...state, casino: sign, change: { kind: 'signage' } });
}

/**
 * The controller's presence, and the table open or closed as its status says (`tableOpen`: online, or offline as it
 * stopped). Its
 * `table-open` / `table-closed` events are not retained and its status is: the status is how a board that connects
 * (or restarts) after a keypad closed its table shows TABLE CLOSED. The rule, whatever order the retained status
 * and the retained snapshot arrive in:
 * - it is the controller's own word, as its `table-open` / `table-closed` events are, unless it is older, by the
 *   controller's clock, than the event or status that last said it: a retained status delivered after a newer live
 *   event (the broker's copy not yet replaced) does not undo the event;
 * - before any shoe, that word rules; with a shoe, it is weighed against the shoe's own word, its snapshot's
 *   `tableOpen` (`table-open.ts`): the later wins. So a keypad on a new journal that closes its table under an old
 *   retained snapshot closes it on a board that holds that shoe, and a stale status never closes a table whose
 *   later snapshot says open, nor reopens one whose later snapshot says closed; too close in time to tell, closed,
 *   and staff are told (`table-open-unsure`);
 * - a status without `tableOpen` (the last will, fixed at connect time; an older controller) says nothing about it;
 * - the table's sign saying closed still wins: TABLE CLOSED stays (`tableClosedNotices`).
 */
function applyControllerStatus(state: TableState, p: ControllerStatus, now: string): Applied {
  const online = p.state === 'online';
  const prev = state.controller;
  if (!online && earlierConnection(prev, p))
    return duplicate(
      `an offline status of an earlier connection (${p.connection}, ${p.timestamp}) than the one online ` +
        `(${prev?.connection}, since ${prev?.since}): a last will read off the broker again, or one that came late`,
      'stale',
    );
  const samePresence = prev?.id === p.controllerId && prev.online === online && prev.since === p.timestamp;
  const table = p.tableOpen !== undefined ? statusTableOpen(state, p.tableOpen, p.timestamp, now) : null;
  if (samePresence && !table) return duplicate('controller status unchanged');
  // A controller's seq rises across its restarts (the contract), so its restart resets nothing here.
  const controller = samePresence
    ? prev
    : {
        online,
        id: p.controllerId,
        since: p.timestamp,
        heardAt: now,
        ...(p.connection && { connection: p.connection }),
      };
  return applied({ ...(table ?? state), controller });
}

/**
 * A live result (a hand or an event, never retained) made after the controller said it went offline, by its clock:
 * it is online. A stale or forged `offline` had patrons read "Results paused" while the hands kept coming, until the
 * controller said `online` again. A retained snapshot proves nothing (published before it went), nor does a result
 * made before its `offline` (delivered late).
 */
function heardLive(r: Applied, madeAt: string, now: string): Applied {
  if (r.effect !== 'applied') return r;
  const c = r.state.controller;
  if (c === null || c.online || !(Date.parse(madeAt) > Date.parse(c.since))) return r;
  const controller = { online: true, id: c.id, since: madeAt, heardAt: now };
  return applied({ ...r.state, controller }, r.outOfStep);
}

/**
 * A status of another connection of the controller online now, and no later by its clock. A will carries its
 * connection's start, before that connection's online status: a genuine will is of the connection online (or of a
 * later one the board missed, so later), while one replayed, or published by the broker after the controller came
 * back (a session taken over), is of an earlier one.
 */
const earlierConnection = (prev: TableState['controller'], p: ControllerStatus): boolean =>
  prev !== null &&
  prev.online &&
  prev.id === p.controllerId &&
  prev.connection !== undefined &&
  p.connection !== undefined &&
  p.connection !== prev.connection &&
  !(Date.parse(p.timestamp) > Date.parse(prev.since));

/** The table open or closed as a status says it at `at`; null when it tells the board nothing new. */
function statusTableOpen(state: TableState, open: boolean, at: string, now: string): TableState | null {
  const said = state.controllerTableOpenAt;
  const later = said === undefined ? 1 : Date.parse(at) - Date.parse(said); // NaN: not later
  if (state.controllerTableOpen === open) {
    if (!(later > 0)) return null; // the same word, said no later
    return settleTableOpen({ ...state, controllerTableOpenAt: at }, now); // the same word, said again later
  }
  if (later < 0) return null; // older than what said otherwise
  return tableOpenClosed(state, open, now, at, false);
}
