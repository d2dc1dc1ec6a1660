/**
 * Everything the console has seen on the broker, built from its messages: tables (retained sign, shoe snapshot,
 * controller presence), boards (retained status or last will, and when last seen) and the casino sign. A pure reducer, so the
 * Node side only feeds it and the tests need no broker.
 *
 * ```ts
 * let fleet = emptyFleet();
 * fleet = receive(fleet, 'baccarat', topic, payload, new Date().toISOString());
 * fleetTables(fleet); fleetBoards(fleet); // rows for the page, sorted by id
 * ```
 * @packageDocumentation
 */
import { compareIds } from '../contract/board-list';
import { parseTopicMessage } from '../contract/mqtt';
import type { CasinoSignage, DisplaySeen, DisplayStatus, MessageKind, PayloadByKind } from '../contract/schemas';
import { parseTopic } from '../contract/topics';
import { approvedLabel, boardChecks, type ApprovedBuilds } from './board-checks';
import { boardRevisions, type BoardRevisions, type ReportedRevisions } from './board-revisions';
import { boardAttention, casinoAttention, signLag, tableAttention, type Attention } from './fleet-attention';
import type { BoardRow, TableRow, TableView } from './protocol';
import { isSilent, later, lastSeenOf, SILENT_AFTER_SECONDS, type SeenGoing } from '../contract/offline-since';
import { shoePosition } from './shoe-position';

type Writable<T> = { -readonly [K in keyof T]: T[K] };
/** A board's status, and the revisions it last showed while online (kept when it goes offline). */
type BoardEntry = DisplayStatus &
  SeenGoing & {
    readonly receivedAt: string;
    readonly lastShown?: Omit<ReportedRevisions, 'tableId'>;
  };

export interface FleetState {
  readonly casino: CasinoSignage | null;
  readonly tables: ReadonlyMap<string, TableRow>;
  readonly boards: ReadonlyMap<string, BoardEntry>;
  /**
   * Boards the broker forgot when it lost its retained messages, by id, with the revisions they last showed: not
   * shown (the broker has no status for them), but a new sign still goes above them, since they show those signs
   * when they come back. A board's own status replaces its entry.
   */
  readonly gone: ReadonlyMap<string, ReportedRevisions>;
  /** Each board's retained last-seen time, by id: when a board whose status is its will went away (offline-since). */
  readonly seen: ReadonlyMap<string, DisplaySeen>;
  readonly ignored: number;
  readonly lastIgnored: string | null; // why the last message was ignored
}

export const emptyFleet = (): FleetState => ({
  casino: null,
  tables: new Map(),
  boards: new Map(),
  gone: new Map(),
  seen: new Map(),
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
    if (k.kind === 'displaySeen') {
      const seen = new Map(s.seen);
      seen.delete(k.displayId);
      return { ...s, seen };
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
      // Open or closed: said by an online status, or an offline one as the controller stopped; a last will says
      // nothing of it, so the table stays as it was said (as on the boards, which keep TABLE CLOSED when the keypad
      // that closed the table goes away).
      // With a shoe, the later of this word and the snapshot's wins (`controllerSaysOpen`), so its time is kept.
      const was = s.tables.get(t.tableId)?.controller;
      const word =
        c.tableOpen !== undefined
          ? { tableOpen: c.tableOpen, tableOpenAt: c.timestamp }
          : c.state === 'offline' &&
            was?.controllerId === c.controllerId &&
            was.tableOpen !== undefined && {
              tableOpen: was.tableOpen,
              ...(was.tableOpenAt !== undefined && { tableOpenAt: was.tableOpenAt }),
            };
      return withTable(s, t.tableId, {
        controller: { state: c.state, controllerId: c.controllerId, version: c.version, since: c.timestamp, ...word },
      });
    }
    case 'casinoSignage':
      return { ...s, casino: body as P<'casinoSignage'> };
    case 'displayStatus': {
      const d = body as P<'displayStatus'>;
      if (t.displayId !== d.displayId)
        return { ...s, ignored: s.ignored + 1, lastIgnored: `${topic}: displayId ${d.displayId} is not the topic's` };
      const boards = new Map(s.boards);
      // An offline status (a last will) says nothing of the signs: remember what the board showed, since it
      // still shows it when it comes back, and a new sign must go above it.
      const before = s.boards.get(t.displayId);
      const lastShown =
        d.state === 'online'
          ? { signageRevision: d.signageRevision, casinoSignageRevision: d.casinoSignageRevision }
          : before?.tableId === d.tableId
            ? before.lastShown
            : undefined;
      boards.set(t.displayId, { ...d, receivedAt: at, ...(lastShown && { lastShown }), ...seenGoing(before, d, at) });
      if (!s.gone.has(t.displayId)) return { ...s, boards };
      const gone = new Map(s.gone);
      gone.delete(t.displayId);
      return { ...s, boards, gone };
    }
    case 'displaySeen': {
      const d = body as P<'displaySeen'>;
      if (t.displayId !== d.displayId)
        return { ...s, ignored: s.ignored + 1, lastIgnored: `${topic}: displayId ${d.displayId} is not the topic's` };
      return { ...s, seen: new Map(s.seen).set(t.displayId, d) };
    }
    default:
      return s; // hands, events and commands: not the console's business
  }
}

/**
 * Seen going: a will received while the board was online here is stamped with its receipt (its own timestamp is
 * when the board connected), with the board's last online status as when it was last seen; kept while it stays
 * offline. A will read from the broker's retained messages was not seen arriving: nothing is known.
 */
function seenGoing(before: BoardEntry | undefined, d: DisplayStatus, at: string): SeenGoing {
  if (d.state === 'online' || d.will === false || before?.tableId !== d.tableId) return {};
  if (before.state === 'online') return { lastSeen: before.timestamp, goneAt: at };
  return { ...(before.lastSeen && { lastSeen: before.lastSeen }), ...(before.goneAt && { goneAt: before.goneAt }) };
}

/**
 * What is known of a board's going: what was seen live ({@link seenGoing}), and for a board whose status is its will,
 * its retained last-seen time of that connection, whichever is later.
 */
export function boardGoing(s: FleetState, displayId: string): SeenGoing {
  const b = s.boards.get(displayId);
  if (!b || b.state === 'online') return {};
  const lastSeen = later(b.lastSeen, lastSeenOf(b, s.seen.get(displayId)));
  return { ...(lastSeen !== undefined && { lastSeen }), ...(b.goneAt !== undefined && { goneAt: b.goneAt }) };
}

/** What a board shows, or for a board now offline, what it last reported. */
const shown = (b: BoardEntry): ReportedRevisions => ({
  tableId: b.tableId,
  ...(b.state === 'online' ? b : b.lastShown),
});

/**
 * The highest revisions the boards show, for the next sign (`board-revisions.ts`): what they report, for a board
 * now offline what it last reported, and for a board the broker forgot, what it showed before.
 */
export function fleetRevisions(s: FleetState, tableId: string | null): BoardRevisions {
  return boardRevisions([...s.boards.values()].map(shown).concat([...s.gone.values()]), tableId);
}

/**
 * The fleet read afresh after a (re)connect (`fresh`: only what the broker holds now), keeping from the one before
 * only what its boards showed, for those the broker no longer has a status of (see {@link FleetState.gone}).
 */
export function readAgain(before: FleetState, fresh: FleetState): FleetState {
  const gone = new Map([...before.gone, ...[...before.boards].map(([id, b]) => [id, shown(b)] as const)]);
  for (const id of fresh.boards.keys()) gone.delete(id);
  for (const [id, b] of gone)
    if (b.signageRevision === undefined && b.casinoSignageRevision === undefined) gone.delete(id);
  return { ...fresh, gone };
}

/**
 * Every board seen, by id, with how its signs compare with its table's and the casino's, and what to look at —
 * its software against the approved builds (when a list is given) and its clock among it. A board silent at `now`
 * (ms since the epoch: its status says online but is too old to believe) has that line only, and no sign compared:
 * the rest of its status is as old (as the page's board list shows it).
 */
export function fleetBoards(s: FleetState, approved: ApprovedBuilds | null = null, now = Date.now()): BoardRow[] {
  return [...s.boards.values()]
    .sort((a, b) => compareIds(a.displayId, b.displayId))
    .map((b) => {
      const table = s.tables.get(b.tableId)?.signage ?? null;
      const lag = signLag(b, table, s.casino, now);
      // The casino sign's words go once on the casino panel (fleetCasinoAttention), not on every board: its
      // pills say which boards.
      const words = boardAttention(
        b,
        table,
        s.casino,
        { ...lag, casinoSignageBehind: false, casinoSignageAhead: false },
        now,
      );
      const checks = isSilent(b, now) ? [] : boardChecks(b, approved);
      return {
        ...b,
        ...boardGoing(s, b.displayId),
        ...lag,
        attention: [...words, ...checks],
        ...(approved && { approvedBuild: approvedLabel(b, approved) }),
      };
    });
}

/** Every table seen, by id (those with a sign, snapshot or controller status, and those a board shows), with
 * what to look at: a Perfect Pairs gap, and its boards silent (at `now`), out of step or showing another sign. */
export function fleetTables(
  s: FleetState,
  boards: readonly BoardRow[] = fleetBoards(s),
  now = Date.now(),
): TableView[] {
  const ids = new Set([...s.tables.keys(), ...[...s.boards.values()].map((b) => b.tableId)]);
  return [...ids].sort(compareIds).map((id) => {
    const row = s.tables.get(id) ?? emptyTable(id);
    const own = boards.filter((b) => b.tableId === id);
    const attention = tableAttention(row.signage, s.casino, own, row.shoe, now, row.controller);
    return { ...row, attention, boardsShow: fleetRevisions(s, id).table };
  });
}

/**
 * When the next board online and heard lately turns silent (its status over {@link SILENT_AFTER_SECONDS} s old, at
 * `now` not yet), ms since the epoch; null when none will: the console's view changes then, with no message.
 */
export function nextSilence(s: FleetState, now: number): number | null {
  const at = [...s.boards.values()]
    .filter((b) => b.state === 'online' && !isSilent(b, now))
    .map((b) => Date.parse(b.timestamp) + SILENT_AFTER_SECONDS * 1000 + 1);
  return at.length > 0 ? Math.min(...at) : null;
}

/** For the casino panel: boards whose casino sign differs from the broker's. */
export const fleetCasinoAttention = (s: FleetState, boards: readonly BoardRow[] = fleetBoards(s)): Attention[] =>
  casinoAttention(s.casino, boards);
