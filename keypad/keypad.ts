/**
 * The keypad at run time: its state (the pure transitions of `keypad-state.ts`), its journal, the simulator's
 * messenger that makes the contract's messages, and its link to the table (`table-link.ts`: the controller's
 * connection, the simulator's `connectController`): each action is checked, journaled and flushed, then its messages
 * published in order at QoS 1, the retained snapshot after every change. Started, it replays its journal and
 * republishes the last messages and the snapshot, so nothing is lost or doubled across a kill. It serves its table
 * only if no other keypad does (see `docs/keypad.md`, "A second keypad").
 *
 * ```ts
 * const kp = await startKeypad({ broker: 'mqtt://pit:1883', tableId: 'T1', journalPath, keying: 'cards', supervisors });
 * kp.on('view', (v) => push(v));
 * await kp.request({ action: { type: 'open-table' } });
 * await kp.stop();
 * ```
 * @packageDocumentation
 */
import type { KeyObject } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { IClientOptions } from 'mqtt';
import pino, { type Logger } from 'pino';
import { MAX_DECKS, MIN_DECKS } from '../baccarat/shoe-types';
import type { SigningKey } from '../mqtt-bridge/signing';
import type { Outgoing } from '../simulator/messages';
import { controllerIdOf } from '../simulator/publisher';
import { actionOf, journalAction } from './action';
import { act, INITIAL_STATE, type KeypadState } from './keypad-state';
import { keyingConflict } from './keypad-rules';
import { replay, stampedMessenger, type Stamped } from './replay';
import { openKeypadJournal, type JournalHeader, type KeypadJournal } from './journal';
import type { ActionResponse, Keying, KeypadView } from './protocol';
import { parseActionRequest } from './request';
import type { Supervisors } from './supervisors';
import { TableLink, type Republish } from './table-link';
import { keypadView } from './view';

export { TAKEOVER_GRACE_MS } from './table-link';

/** The default undo window, in s. */
export const DEFAULT_UNDO_SECONDS = 10;

export interface KeypadOptions {
  readonly broker: string | readonly string[];
  readonly tableId: string;
  readonly journalPath: string;
  readonly keying: Keying;
  readonly supervisors: Supervisors;
  readonly root?: string;
  readonly controllerId?: string; // default ctl-<table>
  readonly version: string; // reported in the controller status
  readonly undoMs?: number;
  /** The table's deck count (4 to 8), offered for a new shoe until the table's first shoe gives its own. */
  readonly decks?: number;
  readonly signingKey?: SigningKey;
  /**
   * With `signingKey`: the public keys of the other controllers (a spare keypad with a key of its own) whose signed
   * online status may take the table over. Its own key is always trusted; an online no trusted key signed is refused.
   */
  readonly trustKeys?: readonly KeyObject[];
  /** MQTT.js options of both of its clients (credentials, TLS); MQTT 5 unless `protocolVersion` says otherwise. */
  readonly mqtt?: IClientOptions;
  readonly backoff?: { readonly minMs: number; readonly maxMs: number };
  readonly now?: () => Date;
  readonly logger?: Logger;
}

interface Events {
  view: [view: KeypadView];
}

export class Keypad extends EventEmitter<Events> {
  private state: KeypadState = INITIAL_STATE;
  private stamped!: Stamped;
  private journal!: KeypadJournal;
  private revision = 0; // actions taken, ever (the journal's header carries the count across compactions)
  private serial: number; // the last view's (see KeypadView.serial)
  private busy: Promise<unknown> = Promise.resolve();
  private undoTimer: NodeJS.Timeout | null = null;
  private readonly link: TableLink;
  private readonly log: Logger;
  readonly controllerId: string;
  readonly undoMs: number;

  constructor(private readonly o: KeypadOptions) {
    super();
    this.controllerId = o.controllerId ?? controllerIdOf(o.tableId);
    this.undoMs = o.undoMs ?? DEFAULT_UNDO_SECONDS * 1000;
    if (o.decks !== undefined && !(Number.isInteger(o.decks) && o.decks >= MIN_DECKS && o.decks <= MAX_DECKS))
      throw new RangeError(`decks must be ${MIN_DECKS} to ${MAX_DECKS} (rule 3.4), got ${o.decks}`);
    this.serial = Date.now() * 1000; // above any view of an earlier run (as the journal's seqStart rises)
    this.log = (o.logger ?? pino({ level: 'silent' })).child({ component: 'keypad', table: o.tableId });
    this.link = new TableLink({
      broker: o.broker,
      tableId: o.tableId,
      controllerId: this.controllerId,
      version: o.version,
      journalPath: o.journalPath,
      ...(o.root && { root: o.root }),
      ...(o.signingKey && { signingKey: o.signingKey }),
      ...(o.trustKeys && { trustKeys: o.trustKeys }),
      ...(o.mqtt && { mqtt: o.mqtt }),
      ...(o.backoff && { backoff: o.backoff }),
      log: this.log,
      now: () => this.now(),
      changed: () => this.changed(),
    });
  }

  private now(): Date {
    return this.o.now?.() ?? new Date();
  }

  private stampedFor(h: JournalHeader): Stamped {
    return stampedMessenger(h, {
      controllerId: this.controllerId,
      tableId: this.o.tableId,
      ...(this.o.root && { root: this.o.root }),
      ...(this.o.signingKey && { signingKey: this.o.signingKey }),
    });
  }

  /** Replays the journal: the state and the messenger as they were, and the last messages made. */
  private replay(): Republish {
    const fresh = (): JournalHeader => ({
      keypad: 1,
      t: this.now().toISOString(),
      tableId: this.o.tableId,
      seqStart: this.now().getTime() * 1000, // rises across journals too (the contract's advice)
      tableOpen: null,
      shoeNo: 0,
      revision: 0,
    });
    this.journal = openKeypadJournal(this.o.journalPath, this.o.tableId, fresh);
    if (this.journal.setAside) this.log.warn({ path: this.journal.setAside }, 'journal set aside: starting as new');
    for (const s of this.journal.skipped) this.log.warn(s, 'journal line skipped');
    this.stamped = this.stampedFor(this.journal.header);
    const r = replay(this.journal, this.stamped);
    for (const x of r.refused) this.log.error(x, 'journal record refused on replay: skipped');
    this.state = r.state;
    this.revision = r.revision;
    this.log.info({ records: this.journal.records.length, seq: this.stamped.lastSeq() }, 'journal replayed');
    if (this.state.tableOpen === null && this.state.shoe === null)
      return { outgoing: this.closeNewTable(), snapshot: null };
    return { outgoing: [...r.last], snapshot: r.snapshot };
  }

  /**
   * A keypad that never had its table open or closed (a new journal) says closed at once, as its page does: it
   * takes `close-table` itself, journaled like any action, so a board of the table shows TABLE CLOSED from the start
   * rather than nothing, and a restart republishes it (the last action's messages). It invents no shoe: until the
   * dealer starts one there is no snapshot to retain.
   */
  private closeNewTable(): Outgoing[] {
    const t = this.now().toISOString();
    const r = act(this.state, { type: 'close-table' }, { at: t, undoMs: this.undoMs });
    if (!r.ok) return [];
    this.journal.append({ t, a: { type: 'close-table' } });
    this.state = r.value.state;
    this.revision++;
    this.log.info('new journal: the table is closed until the dealer opens it');
    return this.stamped.messagesOf(r.value.steps, t);
  }

  /**
   * Starts: replays the journal, then takes the table unless another keypad serves it (republishing what its
   * journal says last). Resolves after the first attempt (the table taken, refused, or the broker unreachable: it
   * keeps trying, and the view says so).
   */
  async start(): Promise<void> {
    const republish = this.replay();
    const conflict = keyingConflict(this.state, this.o.keying);
    if (conflict) {
      this.journal.close();
      throw new KeypadStartRefused(conflict);
    }
    await this.link.take(republish);
  }

  /** Checks again whether the table is free (the refused keypad's "Check again"). */
  async recheck(): Promise<KeypadView> {
    await this.link.recheck();
    return this.view();
  }

  /** The page's request: checked, journaled, published. One at a time. */
  request(body: unknown): Promise<ActionResponse> {
    const run = this.busy.then(() => this.handle(body));
    this.busy = run.catch(() => undefined);
    return run;
  }

  private async handle(body: unknown): Promise<ActionResponse> {
    const notServing = this.link.notServing();
    if (notServing) return notServing;
    const parsed = parseActionRequest(body);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    // A table that keys cards records every hand's cards (its shoe record, and the boards' last hand, show them): its
    // page never sends a result without them, and a request that does is refused (found by casino IT: the API took it).
    const a = parsed.value.action;
    if (this.o.keying === 'cards' && a.type === 'result' && a.keyed !== undefined)
      return {
        ok: false,
        error:
          'this table keys cards (--keying cards): a result is confirmed from the cards keyed, never keyed without them',
      };
    const at = this.now();
    const asked = await actionOf(parsed.value, { at, shoeNo: this.state.shoeNo, supervisors: this.o.supervisors });
    if (!asked.ok) return asked.error;
    const action = asked.value;
    const t = at.toISOString();
    const r = act(this.state, action, { at: t, undoMs: this.undoMs });
    if (!r.ok) return { ok: false, error: r.error, ...(r.code && { code: r.code }) };
    journalAction(
      this.journal,
      { t, a: action },
      {
        tableId: this.o.tableId,
        seqStart: this.stamped.lastSeq() + 1,
        tableOpen: this.state.tableOpen,
        shoeNo: this.state.shoeNo,
        revision: this.revision,
      },
    );
    this.state = r.value.state;
    this.revision++;
    for (const m of this.stamped.messagesOf(r.value.steps, t)) this.link.outbox.send(m);
    this.scheduleUndoEnd();
    this.changed();
    this.log.info({ action: { ...action }, steps: r.value.steps.map((s) => s.type) }, 'action');
    return { ok: true, view: this.view() };
  }

  /** A new view once the undo window closes, so the page's button goes. */
  private scheduleUndoEnd(): void {
    if (this.undoTimer) clearTimeout(this.undoTimer);
    const last = this.state.last;
    if (!last) return;
    const ms = Date.parse(last.at) + this.undoMs - this.now().getTime();
    this.undoTimer = setTimeout(() => this.changed(), Math.max(0, ms) + 50);
  }

  private changed(): void {
    this.emit('view', this.view());
  }

  view(): KeypadView {
    return keypadView(this.state, {
      tableId: this.o.tableId,
      controllerId: this.controllerId,
      keying: this.o.keying,
      undoMs: this.undoMs,
      now: this.now(),
      link: this.link.view(),
      pit: this.link.pit(),
      revision: this.revision,
      serial: ++this.serial,
      ...(this.o.decks !== undefined && { decks: this.o.decks }),
      supervisorLockMs: this.o.supervisors.lockedMs(),
    });
  }

  /** The current snapshot (the table's truth as published). */
  snapshot() {
    return this.stamped.messenger.snapshot();
  }

  /** Waits until every message made so far is acknowledged. */
  async flushed(): Promise<void> {
    await this.link.outbox.flushed();
  }

  /** Publishes the offline status and disconnects; closes the journal. */
  async stop(): Promise<void> {
    this.link.halt();
    if (this.undoTimer) clearTimeout(this.undoTimer);
    await this.busy;
    await this.link.close();
    this.journal.close();
  }
}

/** Creates and starts a keypad. */
/** The keypad cannot start as asked (its options against its journal): said in words, nothing published. */
export class KeypadStartRefused extends Error {}

export async function startKeypad(o: KeypadOptions): Promise<Keypad> {
  const kp = new Keypad(o);
  await kp.start();
  return kp;
}
