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
import { addNotice, dropNotices } from './notices';
import { applyEvent } from './table-event';
import { applyHand } from './table-hand';
import { applySnapshot } from './table-snapshot';
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
      return applyHand(state, msg.payload, now);
    case 'event':
      return applyEvent(state, msg.payload, now);
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

/** A table sign replaces the one shown when its revision is higher; a lower one is ignored (and said so). */
function applySignage(state: TableState, sign: TableSignage, now: string): Applied {
  const cur = state.signage?.revision ?? -1;
  if (sign.revision < cur)
    return duplicate(
      `signage revision ${sign.revision} is below revision ${cur}, which the board shows`,
      'older-signage',
    );
  if (sign.revision === cur) return duplicate(`signage revision ${cur} already shown`);
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
  if (sign.revision === cur) return duplicate(`casino signage revision ${cur} already shown`);
  return applied({ ...state, casino: sign, change: { kind: 'signage' } });
}

function applyControllerStatus(state: TableState, p: ControllerStatus, now: string): Applied {
  const online = p.state === 'online';
  const prev = state.controller;
  if (prev && prev.id === p.controllerId && prev.online === online && prev.since === p.timestamp)
    return duplicate('controller status unchanged');
  // A controller's seq rises across its restarts (the contract), so its restart resets nothing here.
  return applied({ ...state, controller: { online, id: p.controllerId, since: p.timestamp, heardAt: now } });
}
