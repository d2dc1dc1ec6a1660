/**
 * Everything the console has seen on the broker, built from its messages: tables (retained sign, shoe snapshot,
 * controller presence), boards (retained status or last will) and the casino sign. A pure reducer, so the
 * Node side only feeds it and the tests need no broker.
 *
 * ```ts
 * let fleet = emptyFleet();
 * fleet = receive(fleet, 'baccarat', topic, payload, new Date().toISOString());
 * fleetTables(fleet); fleetBoards(fleet); // rows for the page, sorted by id
 * ```
 * @packageDocumentation
 */
import { parseTopicMessage } from '../contract/mqtt';
import type { CasinoSignage, DisplayStatus, MessageKind, PayloadByKind } from '../contract/schemas';
import { parseTopic } from '../contract/topics';
import type { BoardRow, TableRow } from './protocol';
import { shoePosition } from './shoe-position';

type Writable<T> = { -readonly [K in keyof T]: T[K] };
type BoardEntry = DisplayStatus & { readonly receivedAt: string };

export interface FleetState {
  readonly casino: CasinoSignage | null;
  readonly tables: ReadonlyMap<string, TableRow>;
  readonly boards: ReadonlyMap<string, BoardEntry>;
  readonly ignored: number;
  readonly lastIgnored: string | null; // why the last message was ignored
}

export const emptyFleet = (): FleetState => ({
  casino: null,
  tables: new Map(),
  boards: new Map(),
  ignored: 0,
  lastIgnored: null,
});

const emptyTable = (tableId: string): TableRow => ({ tableId, signage: null, shoe: null, controller: null });

function withTable(s: FleetState, tableId: string, change: Partial<Writable<TableRow>>): FleetState {
  const tables = new Map(s.tables);
  tables.set(tableId, { ...(tables.get(tableId) ?? emptyTable(tableId)), ...change });
  return { ...s, tables };
}

/**
 * The state after one message. An empty payload clears a retained message: the sign, snapshot or status goes,
 * and a table or board with nothing left goes too. A message that breaks the contract is counted, not shown.
 */
export function receive(s: FleetState, root: string, topic: string, payload: Uint8Array, at: string): FleetState {
  if (payload.length === 0) {
    const t = parseTopic(root, topic);
    if (!t.ok) return s;
    const k = t.value;
    if (k.kind === 'casinoSignage') return { ...s, casino: null };
    if (k.kind === 'displayStatus') {
      const boards = new Map(s.boards);
      boards.delete(k.displayId);
      return { ...s, boards };
    }
    if (k.kind !== 'signage' && k.kind !== 'shoe' && k.kind !== 'controllerStatus') return s;
    const field = k.kind === 'signage' ? 'signage' : k.kind === 'shoe' ? 'shoe' : 'controller';
    const next = withTable(s, k.tableId, { [field]: null });
    const row = next.tables.get(k.tableId);
    if (row && !row.signage && !row.shoe && !row.controller) (next.tables as Map<string, TableRow>).delete(k.tableId);
    return next;
  }
  const m = parseTopicMessage(root, topic, payload);
  if (!m.ok) return { ...s, ignored: s.ignored + 1, lastIgnored: `${topic}: ${m.error.message}` };
  // The topic's kind is the payload's kind (parseTopicMessage parsed it as such).
  const { topic: t, payload: body } = m.value;
  type P<K extends MessageKind> = PayloadByKind[K];
  switch (t.kind) {
    case 'signage':
      return withTable(s, t.tableId, { signage: body as P<'signage'> });
    case 'shoe': {
      const shoe = body as P<'shoe'>;
      return withTable(s, t.tableId, { shoe: { ...shoePosition(shoe), at: shoe.timestamp } });
    }
    case 'controllerStatus': {
      const c = body as P<'controllerStatus'>;
      return withTable(s, t.tableId, {
        controller: { state: c.state, controllerId: c.controllerId, version: c.version, since: c.timestamp },
      });
    }
    case 'casinoSignage':
      return { ...s, casino: body as P<'casinoSignage'> };
    case 'displayStatus': {
      const d = body as P<'displayStatus'>;
      if (t.displayId !== d.displayId)
        return { ...s, ignored: s.ignored + 1, lastIgnored: `${topic}: displayId ${d.displayId} is not the topic's` };
      const boards = new Map(s.boards);
      boards.set(t.displayId, { ...d, receivedAt: at });
      return { ...s, boards };
    }
    default:
      return s; // hands, events and commands: not the console's business
  }
}

/** Every table seen, by id: those with a sign, snapshot or controller status, and those a board shows. */
export function fleetTables(s: FleetState): TableRow[] {
  const ids = new Set([...s.tables.keys(), ...[...s.boards.values()].map((b) => b.tableId)]);
  return [...ids].sort(byId).map((id) => s.tables.get(id) ?? emptyTable(id));
}

/** Every board seen, by id, with whether its signs lag its table's and the casino's. */
export function fleetBoards(s: FleetState): BoardRow[] {
  return [...s.boards.values()]
    .sort((a, b) => byId(a.displayId, b.displayId))
    .map((b) => {
      const table = s.tables.get(b.tableId)?.signage?.revision;
      const rev = b.state === 'online' ? b.signageRevision : undefined;
      const casinoRev = b.state === 'online' ? b.casinoSignageRevision : undefined;
      return {
        ...b,
        signageBehind: b.state === 'online' && table !== undefined && (rev ?? -1) < table,
        casinoSignageBehind: b.state === 'online' && s.casino !== null && (casinoRev ?? -1) < s.casino.revision,
      };
    });
}

const byId = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
