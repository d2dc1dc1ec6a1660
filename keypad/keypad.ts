/**
 * The keypad at run time: its state (the pure transitions of `keypad-state.ts`), its journal and the simulator's
 * messenger that makes the contract's messages (`keypad-record.ts`), and its link to the table (`table-link.ts`: the controller's
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
import { controllerIdOf } from '../simulator/publisher';
import { actionOf, journalAction } from './action';
import { act, type KeypadState } from './keypad-state';
import { keyingConflict } from './keypad-rules';
import { KeypadRecord } from './keypad-record';
import type { Stamped } from './replay';
import type { KeypadJournal } from './journal';
import type { ActionResponse, KeypadView } from './protocol';
import { parseActionRequest } from './request';
import { TableLink } from './table-link';
import { keypadView } from './view';

export { TAKEOVER_GRACE_MS } from './table-link';

import { DEFAULT_UNDO_SECONDS, KeypadStartRefused, type KeypadOptions } from './keypad-options';

export { DEFAULT_UNDO_SECONDS, KeypadStartRefused, type KeypadOptions };

interface Events {
  view: [view: KeypadView];
}

export class Keypad extends EventEmitter<Events> {
  private serial: number; // the last view's (see KeypadView.serial)
  private busy: Promise<unknown> = Promise.resolve();
  private undoTimer: NodeJS.Timeout | null = null;
  private stopping: Promise<void> | null = null;
  /** Its journal, and what it says: the state, the stamped messenger, the actions taken. */
  private readonly record: KeypadRecord;
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
    this.record = new KeypadRecord({
      o,
      controllerId: this.controllerId,
      undoMs: this.undoMs,
      log: this.log,
      now: () => this.now(),
      changed: () => this.changed(),
    });
  }

  private get state(): KeypadState {
    return this.record.state;
  }
  private set state(s: KeypadState) {
    this.record.state = s;
  }
  private get stamped(): Stamped {
    return this.record.stamped;
  }
  private get journal(): KeypadJournal {
    return this.record.journal;
  }

  private now(): Date {
    return this.o.now?.() ?? new Date();
  }

  /**
   * Starts: replays the journal, then takes the table unless another keypad serves it (republishing what its
   * journal says last). Resolves after the first attempt (the table taken, refused, or the broker unreachable: it
   * keeps trying, and the view says so).
   */
  async start(): Promise<void> {
    const republish = this.record.open();
    const conflict = keyingConflict(this.state, this.o.keying);
    if (conflict) {
      this.journal.close();
      throw new KeypadStartRefused(conflict);
    }
    try {
      await this.link.take(republish ?? ((readShoe, status) => this.record.begin(readShoe, status)));
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
        revision: this.record.revision,
      },
    );
    this.state = r.value.state;
    this.record.revision++;
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
      revision: this.record.revision,
      serial: ++this.serial,
      ...(this.o.decks !== undefined && { decks: this.o.decks }),
      ...(this.record.tableDecks !== undefined && { tableDecks: this.record.tableDecks }),
      supervisorLockMs: this.o.supervisors.lockedMs(),
      adopted: this.record.adopted,
      notCarriedOn: this.record.notCarriedOn,
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
