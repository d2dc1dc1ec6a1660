/**
 * The state of one table as the board knows it, what applying a message can do to it, and the helpers the
 * reducers of each message kind share (`table-state.ts` dispatches to them).
 *
 * ```ts
 * const state = emptyTableState('T1');
 * const next = withShoe(state, shoe, now); // notices follow the change; a shoe left behind joins pastShoes
 * ```
 * @packageDocumentation
 */
import type { Shoe } from '../baccarat/shoe';
import type {
  CasinoSignage,
  ControllerStatus,
  HandMessage,
  ShoeSnapshot,
  TableEvent,
  TableSignage,
} from '../contract/schemas';
import { noticesAfter, type StoredNotice } from './notices';

/** What the board has applied from one controller: the newest seq, and the recent event seqs (for redeliveries). */
export interface ControllerSeq {
  readonly last: number; // seq of the event or snapshot applied most recently (arrival order, not the highest)
  readonly recent: readonly number[]; // event seqs applied lately, oldest first: a redelivery is one of these
}

/** Everything the board knows about its table. Immutable. */
export interface TableState {
  readonly tableId: string;
  readonly shoe: Shoe | null;
  /** Ids of the shoes this board has shown before the current one, oldest first: it never goes back to one. */
  readonly pastShoes: readonly string[];
  readonly signage: TableSignage | null;
  readonly casino: CasinoSignage | null;
  /**
   * The controller's last status: `since` is its own time (in a last will, when the connection it belongs to began),
   * `heardAt` when this board received it (absent from older journals), which dates a will's "offline".
   */
  readonly controller: {
    readonly online: boolean;
    readonly id: string;
    readonly since: string;
    readonly heardAt?: string;
    readonly connection?: string; // the connection it is of (`connection` in the status), when it says
  } | null;
  readonly seqs: { readonly [controllerId: string]: ControllerSeq };
  /**
   * The controller's own word: its last `table-open` or `table-closed`, or its online status's `tableOpen`, when
   * later; absent until it says either (and in older journals). Before any shoe it rules alone (a new keypad closes
   * its table at once); with a shoe, `shoe.tableOpen` is its verdict with the shoe's word (`snapshotTableOpen`).
   */
  readonly controllerTableOpen?: boolean;
  /**
   * When the controller said `controllerTableOpen`, by its clock (its event's or its status's timestamp): a status
   * older than that does not undo it. Absent with it, and in older journals.
   */
  readonly controllerTableOpenAt?: string;
  /** True when an event said `controllerTableOpen` (live, not retained): it wins a near tie with the snapshot's. */
  readonly controllerTableOpenLive?: boolean;
  /**
   * The shoe's own word on open or closed: the `tableOpen` of the latest snapshot that told the board something,
   * and that snapshot's time (the controller's clock). Weighed against the controller's word (`table-open.ts`):
   * the later wins, and `shoe.tableOpen` is the verdict. Absent until a snapshot says it, and in older journals.
   */
  readonly snapshotTableOpen?: { readonly open: boolean; readonly at: string };
  readonly notices: readonly StoredNotice[];
  readonly lastResultAt: string | null;
  readonly change: {
    readonly kind: 'hand' | 'correction' | 'reset' | 'signage' | 'notice';
    readonly hand?: number;
  } | null;
}

/** The controller says the table is closed: its shoe says so, or, before any shoe, its last event did. */
export const controllerClosed = (state: TableState): boolean =>
  state.shoe ? state.shoe.tableOpen === false : state.controllerTableOpen === false;

/** How many past shoe ids a board remembers (a day at a busy table is about 30 shoes). */
export const PAST_SHOES = 50;
/** How many recent event seqs a board remembers per controller (a shoe has about 250 events). */
export const RECENT_SEQS = 512;

export const emptyTableState = (tableId: string): TableState => ({
  tableId,
  shoe: null,
  pastShoes: [],
  signage: null,
  casino: null,
  controller: null,
  seqs: {},
  notices: [],
  lastResultAt: null,
  change: null,
});

/** A message for the reducer: the payload kinds a board subscribes to. */
export type TableMessage =
  | { readonly kind: 'hand'; readonly payload: HandMessage }
  | { readonly kind: 'event'; readonly payload: TableEvent }
  | { readonly kind: 'shoe'; readonly payload: ShoeSnapshot }
  | { readonly kind: 'signage'; readonly payload: TableSignage }
  | { readonly kind: 'casinoSignage'; readonly payload: CasinoSignage }
  | { readonly kind: 'controllerStatus'; readonly payload: ControllerStatus };

/** The kinds of message that carry the table's results (its hands, events and shoe snapshots). */
export const RESULT_KINDS: ReadonlySet<string> = new Set(['hand', 'event', 'shoe']);

/**
 * Why a message changed nothing: `same` a redelivery or a state the board already has; `stale` older than what
 * the board shows (a shoe it has left, an event from before the current shoe); `agrees` a snapshot that matches
 * the board (so the board is in step); `older-signage` / `older-casino-signage` a sign below the revision shown.
 */
export type DuplicateKind = 'same' | 'stale' | 'agrees' | 'older-signage' | 'older-casino-signage';

/**
 * What applying a message did. Only `applied` carries a new state; with `outOfStep` it was applied in part (a
 * snapshot up to a hand the rules refuse, say) and the board is still not current. `conflict`: the snapshot
 * disagrees with the board in a way the board will not undo by itself; it keeps its state and is out of step.
 */
export type Applied =
  | { readonly effect: 'applied'; readonly state: TableState; readonly outOfStep?: string }
  | { readonly effect: 'duplicate'; readonly reason: string; readonly kind: DuplicateKind }
  | { readonly effect: 'rejected'; readonly reason: string }
  | { readonly effect: 'conflict'; readonly reason: string }
  | { readonly effect: 'resync'; readonly reason: string }; // a gap: fetch the retained snapshot

export const applied = (state: TableState, outOfStep?: string): Applied =>
  outOfStep === undefined ? { effect: 'applied', state } : { effect: 'applied', state, outOfStep };
export const rejected = (reason: string): Applied => ({ effect: 'rejected', reason });
export const duplicate = (reason: string, kind: DuplicateKind = 'same'): Applied => ({
  effect: 'duplicate',
  reason,
  kind,
});
export const resync = (reason: string): Applied => ({ effect: 'resync', reason });

/**
 * The state with its shoe replaced: the notices follow the change (another shoe, a new round, a correction …),
 * and a shoe left behind joins `pastShoes`.
 */
export function withShoe(state: TableState, shoe: Shoe | null, now: string): TableState {
  const before = state.shoe;
  const left = before && shoe && before.id !== shoe.id ? before.id : null;
  return {
    ...state,
    shoe,
    notices: noticesAfter(state.notices, before, shoe, now),
    pastShoes: left ? [...state.pastShoes.filter((id) => id !== left), left].slice(-PAST_SHOES) : state.pastShoes,
  };
}

/** The seq record of `controllerId` after it applied `seq` (an event's, or with `isEvent` false a snapshot's). */
export function recordSeq(state: TableState, controllerId: string, seq: number, isEvent: boolean): TableState {
  const prev = state.seqs[controllerId];
  const recent = isEvent ? [...(prev?.recent ?? []), seq].slice(-RECENT_SEQS) : (prev?.recent ?? []);
  return { ...state, seqs: { ...state.seqs, [controllerId]: { last: seq, recent } } };
}

/** Whether an event with this seq from this controller was applied lately (a QoS 1 redelivery). */
export const seenEvent = (state: TableState, controllerId: string, seq: number): boolean =>
  state.seqs[controllerId]?.recent.includes(seq) ?? false;

/** The seq of the event or snapshot applied most recently from `controllerId`, or -1. */
export const lastSeq = (state: TableState, controllerId: string): number => state.seqs[controllerId]?.last ?? -1;
