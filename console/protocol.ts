/**
 * What the console's Node side and its page say to each other: the fleet view and the audit log pushed over the
 * WebSocket (`/live`), the session (`POST /api/login`, `GET /api/session`), the bodies of `POST /api/preview`
 * and `POST /api/apply`, and a fleet command and its answer (`POST /api/fleet`). Types only, shared by both sides.
 *
 * ```ts
 * ws.onmessage = (e) => { const f = JSON.parse(e.data) as ConsoleFrame; if (f.type === 'fleet') show(f.fleet); };
 * ```
 * @packageDocumentation
 */
import type {
  CasinoSignage,
  ConnectionState,
  DisplayCommandName,
  DisplayStatus,
  ScreenshotSource,
  TableSignage,
} from '../contract/schemas';
import type { AuditRecord, Revisions, SignRecord } from './audit-record';
import type { Role } from './roles';
import type { Attention, SignLag } from './fleet-attention';
import type { ShoePosition } from './shoe-position';
import type { Change } from './sign-diff';

/** A table seen on the broker: its retained sign, shoe and controller presence, each null until seen. */
export interface TableRow {
  readonly tableId: string;
  readonly signage: TableSignage | null;
  readonly shoe: (ShoePosition & { readonly at: string }) | null; // at: the snapshot's timestamp
  readonly controller: {
    readonly state: ConnectionState;
    readonly controllerId: string;
    readonly version: string;
    readonly since: string;
    /** The table open or closed as the controller's last online status said it (a keypad's, before any shoe). */
    readonly tableOpen?: boolean;
    /** When that status said it (its timestamp): weighed against the shoe snapshot's (`controllerSaysOpen`). */
    readonly tableOpenAt?: string;
  } | null;
}

/** A table for the page: what the broker has, and what to look at (its boards out of step, signs that differ). */
export type TableView = TableRow & {
  readonly attention: readonly Attention[];
  /**
   * The highest sign revision its boards show, or showed before they went offline or the broker forgot them; null
   * when none shows one. With no sign on the broker, above 0 means the broker had one and lost it.
   */
  readonly boardsShow: number | null;
};

/**
 * A board seen on the broker (its retained status or last will); whether its signs differ from the table's and the
 * casino's, in either direction; and what to look at, in words (out of step, signs, its warnings).
 */
export type BoardRow = DisplayStatus &
  SignLag & {
    readonly receivedAt: string;
    readonly lastSeen?: string; // offline, seen going: its last online status
    readonly goneAt?: string; // … and when its last will arrived
    readonly attention: readonly Attention[];
    /** Its build on the approved list: the list's label; null: not on it, or none reported; absent: no list. */
    readonly approvedBuild?: string | null;
  };

export type BrokerState = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export interface FleetView {
  readonly broker: {
    readonly url: string;
    readonly username: string | null;
    readonly state: BrokerState;
    readonly since: string;
    readonly error: string | null;
  };
  readonly root: string;
  readonly signing: string | null; // the pit key's id when the console signs what it publishes
  readonly approvedBuilds: number | null; // how many builds the approved list holds; null: no list configured
  readonly casino: CasinoSignage | null;
  readonly casinoAttention: readonly Attention[]; // boards whose casino sign differs from the broker's
  /**
   * The highest casino sign revision a board shows (or showed before it went offline or the broker forgot it); null
   * when none shows one. With no casino sign on the broker, above 0 means the broker had one and lost it.
   */
  readonly casinoBoardsShow: number | null;
  readonly tables: readonly TableView[];
  readonly boards: readonly BoardRow[];
  readonly ignored: number; // messages that broke the contract, not shown
  readonly lastIgnored: string | null;
}

/** An audit record for the page, with what its signature says (the console checks it against the pit's key). */
export type AuditEntry = AuditRecord & { readonly signature: 'verified' | 'unverified' };

export type ConsoleFrame =
  | { readonly type: 'fleet'; readonly fleet: FleetView }
  | { readonly type: 'audit'; readonly records: readonly AuditEntry[] };

/** Who is signed in (`GET /api/session`, and the answer to `POST /api/login`). */
export interface SessionInfo {
  readonly account: string;
  readonly role: Role;
}

/** `POST /api/login`. */
export interface LoginRequest {
  readonly account: string;
  readonly password: string;
}

/**
 * A change, in the same KEY=VALUE words as `baccarat-board signage set`. Who makes it is the account signed in;
 * why is `reason`, required to apply.
 */
export interface ChangeRequest {
  readonly tableId: string | null; // null: the casino's sign
  readonly changes: readonly (readonly [string, string])[];
  readonly reason?: string;
  readonly shoeId?: string; // the current shoe, when the table has no snapshot; with one, it or 'next' (the next shoe)
  /** With no changes: publish the sign again, above a revision a board shows (the broker lost its sign). */
  readonly republish?: boolean;
  /** Close or open the table (a supervisor's action of its own; no other key with it). */
  readonly action?: 'close-table' | 'open-table';
  /** Closing: the table's name (or id), typed by the supervisor to confirm. */
  readonly confirm?: string;
  /** Restore the sign as it was at this revision (from the audit log); no other key with it. */
  readonly revertTo?: number;
  /** The revisions the change was reviewed against (apply refuses if either moved since), and its from-hand. */
  readonly expect?: Expect;
}

/**
 * What a review saw, for apply to hold it to: the revisions (apply refuses if either moved since), and, for a change
 * of the variant with no from-hand given, the hand it was reviewed to apply from (the first round not yet begun;
 * apply refuses if a round began since, rather than publish a hand the reviewer never saw).
 */
export interface Expect {
  readonly table: number | null;
  readonly casino: number | null;
  readonly fromHand?: number | null;
}

export interface PlannedChange {
  readonly revision: Revisions;
  readonly changes: readonly Change[]; // for a restore: against the sign the boards show
  readonly restored?: number; // the broker lost the sign: this revision, which the boards show, is the base
  readonly says: readonly string[]; // the sign as it goes out, in a few words: what a republish puts back
}

export type PreviewResponse =
  | {
      readonly ok: true;
      readonly summary: readonly string[]; // one line per sign, e.g. 'Jade 8 (T1), revision 4 → 5: …'
      readonly table: PlannedChange | null;
      readonly casino: PlannedChange | null;
      readonly shoe: ShoePosition | null;
      readonly paysNow: readonly string[]; // what the change pays at once on rounds being dealt (console/pays-at-once.ts)
      readonly reach: string | null; // where a new Perfect Pairs scale applies: the tables that offer it
      readonly messageFit: string | null; // the pit message will likely be cut on the boards (contract/message-fit.ts)
      readonly expect: Expect;
    }
  | { readonly ok: false; readonly field: string; readonly message: string };

export type ApplyResponse =
  | {
      readonly ok: true;
      readonly records: readonly SignRecord[];
      readonly warning?: string; // published, but the audit record did not reach the broker
    }
  | { readonly ok: false; readonly field: string | null; readonly message: string };

/**
 * `POST /api/fleet`: a fleet command to one board, sent by the account signed in. `reason` is required for `reload`
 * and `resync` (they change what the patrons see) and kept in the audit log.
 */
export interface FleetCommandRequest {
  readonly displayId: string;
  readonly command: DisplayCommandName;
  readonly seconds?: number; // identify, about: how long it shows (1 to 600 s; the board's default otherwise)
  readonly replace?: boolean; // resync: drop the board's state and show exactly what the retained topics say
  readonly reason?: string;
}

/** A board's picture, as the page shows it. */
export interface ScreenshotView {
  readonly timestamp: string; // when the board took it (its clock)
  readonly width: number; // px
  readonly height: number; // px
  readonly source: ScreenshotSource; // window: the kiosk window's pixels; rendered: drawn again (browser mode)
  readonly bytes: number; // of the PNG
  readonly png: string; // base64
}

/**
 * What came of a fleet command: done (the board's status names it, or its picture came), or not — refused by the
 * console before anything was sent (role, reason, a board offline or busy), not taken by the broker (`not-sent`),
 * failed by the board's own word, or no answer in time. `message` says which, and why, in words.
 */
export type FleetCommandResponse =
  | {
      readonly ok: true;
      readonly displayId: string;
      readonly command: DisplayCommandName;
      readonly requestId: string;
      readonly sentAt: string;
      readonly answeredAt: string;
      readonly signedBy: string | null; // the pit key's id, when the command was signed
      readonly message: string; // e.g. 'confirmed by the board's status at …'
      readonly screenshot?: ScreenshotView;
      readonly warning?: string; // done, but the audit record did not reach the broker
    }
  | {
      readonly ok: false;
      readonly outcome: 'refused' | 'not-sent' | 'failed' | 'no-answer';
      readonly field: string | null; // refused: the part of the request at fault
      readonly message: string;
      readonly requestId?: string; // sent: the command's
      readonly warning?: string;
    };
