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
import { EventEmitter } from 'node:events';
import pino, { type Logger } from 'pino';
import { MAX_DECKS, MIN_DECKS } from '../baccarat/shoe-types';
import type { Outgoing } from '../simulator/messages';
import { controllerIdOf } from '../simulator/publisher';
import { DEFAULT_ROOT, topics } from '../contract/topics';
import type { ShoeSnapshot } from '../contract/schemas/shoe';
import type { ControllerStatus } from '../contract/schemas/status';
import { actionOf, journalAction } from './action';
import { adoptedHeader, adoptedOpen, adoption } from './adopt';
import { act, INITIAL_STATE, type KeypadState } from './keypad-state';
import { keyingConflict } from './keypad-rules';
import { replay, stampedMessenger, type Stamped } from './replay';
import { openKeypadJournal, type JournalHeader, type KeypadJournal } from './journal';
import type { ActionResponse, KeypadView } from './protocol';
import { parseActionRequest } from './request';
import type { Republish } from './republish';
import { TableLink } from './table-link';
import { keypadView } from './view';

export { TAKEOVER_GRACE_MS } from './table-link';

import { DEFAULT_UNDO_SECONDS, KeypadStartRefused, type KeypadOptions } from './keypad-options';

export { DEFAULT_UNDO_SECONDS, KeypadStartRefused, type KeypadOptions };

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
  private stopping: Promise<void> | null = null;
  /** A new journal's start that did not carry the table's shoe on, and why (for the dealer). */
  private notCarriedOn: { readonly reason: string; readonly at: string } | null = null;
  /** The table's shoe its journal carried on (the header's), if it did. */
  private adopted: ShoeSnapshot | null = null;
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

  /**
   * Replays the journal: the state and the messenger as they were, and the last messages made; null for a new
   * journal, whose first messages wait for what the table holds ({@link begin}).
   */
  private replay(): Republish | null {
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
    this.adopted = this.journal.header.adopted ?? null;
    const r = replay(this.journal, this.stamped);
    for (const x of r.refused) this.log.error(x, 'journal record refused on replay: skipped');
    this.state = r.state;
    this.revision = r.revision;
    this.log.info({ records: this.journal.records.length, seq: this.stamped.lastSeq() }, 'journal replayed');
    if (this.state.tableOpen === null && this.state.shoe === null) return null; // new: decided at the table (begin)
    return { outgoing: [...r.last], snapshot: r.snapshot };
  }

  /**
   * A keypad on a new journal, about to serve its table: carries on the shoe the broker retains for it, when it can
   * (`adopt.ts`: a spare keypad brought in mid-shoe), else closes the table until the dealer opens it.
   */
  private async begin(readShoe: () => Promise<Uint8Array | null>, status: ControllerStatus | null): Promise<Republish> {
    const a = adoption(await readShoe(), {
      keying: this.o.keying,
      topic: topics(this.o.root ?? DEFAULT_ROOT).tableShoe(this.o.tableId),
      ...(this.o.signingKey && { signingKey: this.o.signingKey }),
      ...(this.o.trustKeys && { trustKeys: this.o.trustKeys }),
    });
    if (a.adopt) return this.adopt(a.snapshot, adoptedOpen(a.snapshot, status));
    if (a.refuse) throw new KeypadStartRefused(a.reason);
    // The table's shoes numbered on: the next this keypad starts is the one after the table's last (kept in its header).
    if (a.shoeNo !== undefined && a.shoeNo > this.state.shoeNo) {
      this.journal.rewrite({ ...this.journal.header, shoeNo: a.shoeNo }, []);
      this.state = { ...this.state, shoeNo: a.shoeNo };
    }
    if (a.reason !== null) {
      this.notCarriedOn = { reason: a.reason, at: this.now().toISOString() };
      this.log.warn({ reason: a.reason }, "new journal: the table's shoe is not carried on; the table is closed");
    }
    return { outgoing: this.closeNewTable(), snapshot: null };
  }

  /**
   * Carries the snapshot's shoe on: the journal starts again from a header that holds it (so a restart replays the
   * same shoe) with `seq` above the snapshot's, and the snapshot is published again as this keypad's, signed with
   * its key. No event: the boards have every one of them already, and the next hand is the next number.
   */
  private adopt(snap: ShoeSnapshot, tableOpen: boolean): Republish {
    const header = adoptedHeader(this.journal.header, snap, this.now().toISOString(), tableOpen);
    this.journal.rewrite(header, []);
    this.stamped = this.stampedFor(header);
    const r = replay({ header, records: [] }, this.stamped);
    this.state = r.state;
    this.adopted = snap;
    const { shoeId, shoeNo, controllerId: from, timestamp: at } = snap;
    const said = { shoeId, shoeNo, hands: snap.hands.length, from, at };
    this.log.info(said, `new journal: carrying on the table's shoe ${shoeNo ?? shoeId} from its retained snapshot`);
    this.changed();
    return { outgoing: [], snapshot: r.snapshot };
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
    try {
      await this.link.take(republish ?? ((readShoe, status) => this.begin(readShoe, status)));
    } catch (e) {
      // The shoe in progress on the table, against this keypad's options (`adopt.ts`): nothing published.
      this.link.halt();
      await this.link.close();
      this.journal.close();
      throw e;
    }
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
    if (!asked.ok) {
      // A supervisor's name or code refused, or codes locked: for the casino's audit, who and what (never the code).
      if ('supervisor' in parsed.value && asked.error.code !== undefined)
        this.log.warn(
          { supervisor: parsed.value.supervisor, action: a.type, refused: asked.error.code },
          asked.error.code === 'locked' ? 'supervisor codes locked: refused' : 'supervisor name or code refused',
        );
      return asked.error;
    }
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
      adopted: this.adopted,
      notCarriedOn: this.notCarriedOn,
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

  /** Publishes the offline status and disconnects; closes the journal. Once: stopped again, it waits for the first. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.link.halt();
      if (this.undoTimer) clearTimeout(this.undoTimer);
      await this.busy;
      await this.link.close();
      this.journal.close();
    })();
    return this.stopping;
  }
}

/** Creates and starts a keypad. */

export async function startKeypad(o: KeypadOptions): Promise<Keypad> {
  const kp = new Keypad(o);
  await kp.start();
  return kp;
}
