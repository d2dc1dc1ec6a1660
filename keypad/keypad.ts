/**
 * The keypad at run time: its state (the pure transitions of `keypad-state.ts`), its journal, the simulator's
 * messenger that makes the contract's messages, and the controller's connection (`connectController`, the
 * simulator's): each action is checked, journaled and flushed, then its messages published in order at QoS 1, the
 * retained snapshot after every change. Started, it replays its journal and republishes the last messages and the
 * snapshot, so nothing is lost or doubled across a kill. It serves its table only if no other keypad does (see
 * `docs/keypad.md`, "A second keypad").
 *
 * ```ts
 * const kp = await startKeypad({ broker: 'mqtt://pit:1883', tableId: 'T1', journalPath, keying: 'cards', supervisors });
 * kp.on('view', (v) => push(v));
 * await kp.request({ action: { type: 'open-table' } });
 * await kp.stop();
 * ```
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { IClientOptions } from 'mqtt';
import pino, { type Logger } from 'pino';
import type { ControllerStatus } from '../contract/schemas/status';
import type { SigningKey } from '../mqtt-bridge/signing';
import type { Outgoing } from '../simulator/messages';
import {
  connectController,
  controllerIdOf,
  controllerSoftware,
  controllerVersion,
  type ControllerLink,
} from '../simulator/publisher';
import { act, INITIAL_STATE, type KeypadState } from './keypad-state';
import { replay, stampedMessenger, type Stamped } from './replay';
import { openKeypadJournal, type ActionRecord, type JournalHeader, type KeypadJournal } from './journal';
import {
  refusalText,
  type Action,
  type ActionRequest,
  type ActionResponse,
  type Keying,
  type KeypadView,
  type LinkView,
} from './protocol';
import { parseActionRequest } from './request';
import type { Supervisors } from './supervisors';
import { PresenceRecord } from './presence';
import { TableWatch } from './table-watch';
import { keypadView } from './view';

/** The default undo window, in s. */
export const DEFAULT_UNDO_SECONDS = 10;
/** The MQTT v5 reason code a broker sends the connection it drops for a newer one with the same client id. */
const SESSION_TAKEN_OVER = 0x8e;
/** A broker's refusal of the protocol version (MQTT 3.1.1's CONNACK code 1; MQTT 5's reason code 0x84). */
const UNSUPPORTED_PROTOCOL = /unacceptable protocol version|unsupported protocol version/i;
/**
 * How long a keypad whose connection dropped waits before it reconnects, at least, in ms: long enough for its watch
 * to hear the `online` of a keypad that took its session over (Mosquitto 2.0 closes the old connection without a
 * reason), so that it yields instead of taking the session back.
 */
export const TAKEOVER_GRACE_MS = 2_000;

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
  readonly signingKey?: SigningKey;
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
  private link: ControllerLink | null = null;
  private watch: TableWatch | null = null;
  private revision = 0; // actions taken, ever (the journal's header carries the count across compactions)
  private pending = 0;
  private serial: number; // the last view's (see KeypadView.serial)
  private queue: Promise<void> = Promise.resolve();
  private busy: Promise<unknown> = Promise.resolve();
  private linkState: LinkView['state'] = 'starting';
  private refusal: LinkView['refusal'] | undefined;
  private linkError: string | undefined;
  private sawOwnOnline = false;
  private undoTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private replayed: { outgoing: Outgoing[]; snapshot: Outgoing | null } = { outgoing: [], snapshot: null };
  private readonly presence: PresenceRecord;
  private readonly log: Logger;
  readonly controllerId: string;
  readonly undoMs: number;

  constructor(private readonly o: KeypadOptions) {
    super();
    this.controllerId = o.controllerId ?? controllerIdOf(o.tableId);
    this.undoMs = o.undoMs ?? DEFAULT_UNDO_SECONDS * 1000;
    this.serial = Date.now() * 1000; // above any view of an earlier run (as the journal's seqStart rises)
    this.presence = new PresenceRecord(o.journalPath);
    this.log = (o.logger ?? pino({ level: 'silent' })).child({ component: 'keypad', table: o.tableId });
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
  private replay(): void {
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
    this.replayed = { outgoing: [...r.last], snapshot: r.snapshot };
    this.log.info({ records: this.journal.records.length, seq: this.stamped.lastSeq() }, 'journal replayed');
  }

  /**
   * Starts: replays the journal, then takes the table unless another keypad serves it. Resolves after the first
   * attempt (the table taken, refused, or the broker unreachable: it keeps trying, and the view says so).
   */
  async start(): Promise<void> {
    this.replay();
    await new Promise<void>((resolve) => void this.takeTable(resolve));
  }

  private get brokers(): readonly string[] {
    return typeof this.o.broker === 'string' ? [this.o.broker] : this.o.broker;
  }

  /**
   * MQTT 5 (the broker can tell a keypad that another took its table over), unless the options say which: a broker
   * that does not speak it (the demo's embedded one, older brokers) gets MQTT 3.1.1 instead (see takeTable).
   */
  private protocolVersion: 4 | 5 = 5;

  private mqttOptions(): IClientOptions {
    return { protocolVersion: this.protocolVersion, ...this.o.mqtt };
  }

  /** After a refused connection: whether to try again at once with MQTT 3.1.1 (5 was refused, and not asked for). */
  private fallBackFromMqtt5(error: string): boolean {
    if (!UNSUPPORTED_PROTOCOL.test(error) || this.protocolVersion !== 5) return false;
    if (this.o.mqtt?.protocolVersion !== undefined) {
      this.linkError = `${error}: the broker does not speak MQTT 5; start the keypad with --protocol-version 4`;
      return false;
    }
    this.protocolVersion = 4;
    this.log.warn({ err: error }, 'the broker does not speak MQTT 5: connecting with MQTT 3.1.1');
    return true;
  }

  /**
   * Takes the table: reads the retained controller status through a client of its own; if another keypad is
   * online there, refuses (publishes nothing, and never connects as the controller). Else connects as the
   * controller, says online, and republishes what its journal says last. Retries while the broker is unreachable.
   */
  private async takeTable(attempted: () => void): Promise<void> {
    for (let wait = 1_000; !this.stopped; wait = Math.min(wait * 2, 15_000)) {
      try {
        this.watch ??= await TableWatch.start({
          broker: this.brokers,
          tableId: this.o.tableId,
          clientId: `${this.controllerId}-watch-${randomBytes(4).toString('hex')}`,
          mqtt: this.mqttOptions(),
          ...(this.o.root && { root: this.o.root }),
        });
        const current = await this.watch.current();
        this.watchLive(); // before connecting: it must hear its own online to know what comes after it
        if (current?.state === 'online' && !this.presence.ours(current)) this.refuse('another-keypad', current);
        else await this.connect();
        return attempted();
      } catch (e) {
        this.linkError = (e as Error).message;
        if (this.fallBackFromMqtt5(this.linkError)) {
          this.watch?.stop().catch(() => undefined);
          this.watch = null;
          continue; // at once
        }
        this.log.warn({ err: this.linkError }, 'broker not reachable: retrying');
        this.changed();
        attempted();
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  /** Checks again whether the table is free (the refused keypad's "Check again"). */
  async recheck(): Promise<KeypadView> {
    if (this.linkState !== 'refused' || !this.watch) return this.view();
    const current = await this.watch.refresh();
    if (current?.state === 'online') return this.view();
    this.refusal = undefined;
    this.linkState = 'starting';
    await this.connect();
    return this.view();
  }

  private refuse(why: 'another-keypad' | 'taken-over', s: ControllerStatus): void {
    this.linkState = 'refused';
    const holder = controllerSoftware(s.version);
    this.refusal = { why, holder, controllerId: s.controllerId, version: s.version, since: s.timestamp };
    this.log.warn({ why, holder, other: s }, `${refusalText(this.refusal)}: this one publishes nothing`);
    this.changed();
  }

  private async connect(): Promise<void> {
    const link = await connectController({
      broker: this.brokers,
      tableId: this.o.tableId,
      controllerId: this.controllerId,
      version: controllerVersion('keypad', this.o.version),
      mqtt: this.mqttOptions(),
      ...(this.o.root && { root: this.o.root }),
      ...(this.o.signingKey && { signingKey: this.o.signingKey }),
      ...(this.o.backoff && { backoff: this.o.backoff }),
      onStatus: (s) => this.presence.add(s),
      onError: (e) => this.log.warn({ err: e.message }, 'MQTT'),
    });
    this.link = link;
    this.linkState = 'online';
    this.linkError = undefined;
    link.client.on('connect', () => this.setLink('online'));
    link.client.on('offline', () => {
      link.client.options.reconnectPeriod = Math.max(link.client.options.reconnectPeriod ?? 0, TAKEOVER_GRACE_MS);
      this.setLink('offline');
    });
    link.client.on('close', () => this.setLink('offline'));
    // MQTT 5: the broker says it dropped us for a newer connection with our client id. Never reconnect then: a
    // second keypad for this table would otherwise take the session back and forth.
    link.client.on('disconnect', (packet) => {
      if (packet.reasonCode === SESSION_TAKEN_OVER) this.yieldTable(null);
    });
    // What the journal says last, then the snapshot: nothing lost if the last action's messages never left.
    const { outgoing, snapshot } = this.replayed;
    for (const m of outgoing) this.send(m);
    if (snapshot && !outgoing.includes(snapshot)) this.send(snapshot);
    this.changed();
  }

  /** Another keypad took the table over: stop for good, without a word (its status stands). */
  private yieldTable(s: ControllerStatus | null): void {
    if (this.linkState === 'refused') return;
    this.link?.abandon();
    this.link = null;
    this.refuse(
      'taken-over',
      s ?? {
        v: 1,
        state: 'online',
        controllerId: this.controllerId,
        version: '?',
        timestamp: this.now().toISOString(),
      },
    );
  }

  /** While it serves the table: another's online after its own is a take-over; another's offline, a stale will. */
  private watchLive(): void {
    this.watch?.removeAllListeners('status');
    this.watch?.on('status', (s, retained) => {
      // Its own online may come back before the connection's acknowledgement does: count it first.
      if (this.presence.thisRun.has(s.timestamp)) {
        if (s.state === 'online') this.sawOwnOnline = true;
        return;
      }
      if (this.link === null) {
        // Refused: keep what the page says about the other keypad current.
        if (this.linkState === 'refused' && s.state === 'online') this.refuse(this.refusal?.why ?? 'another-keypad', s);
        return;
      }
      if (retained) return; // what the broker held when the watch (re)subscribed: older than anything live
      if (s.state === 'online' && this.sawOwnOnline) this.yieldTable(s);
      else if (s.state === 'offline') void this.link.sayOnline().catch(() => undefined);
    });
  }

  private setLink(state: 'online' | 'offline'): void {
    if (this.linkState === 'refused' || this.linkState === state) return;
    this.linkState = state;
    this.changed();
  }

  /** Publishes in order; the pending count says what the broker has not acknowledged yet. */
  private send(m: Outgoing): void {
    const link = this.link;
    if (!link) return;
    this.pending++;
    this.queue = this.queue
      .then(() => link.publish(m))
      .catch((e: unknown) => this.log.error({ err: (e as Error).message }, 'publish failed'))
      .finally(() => {
        this.pending--;
        this.changed();
      });
  }

  /** The page's request: checked, journaled, published. One at a time. */
  request(body: unknown): Promise<ActionResponse> {
    const run = this.busy.then(() => this.handle(body));
    this.busy = run.catch(() => undefined);
    return run;
  }

  private async handle(body: unknown): Promise<ActionResponse> {
    if (this.linkState === 'refused')
      return { ok: false, error: this.refusal ? refusalText(this.refusal) : 'the table is held', code: 'refused' };
    if (this.linkState === 'starting' || !this.link) return { ok: false, error: 'not connected to the table yet' };
    const parsed = parseActionRequest(body);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    const req: ActionRequest = parsed.value;
    const at = this.now();
    let action: Action;
    if ('supervisor' in req) {
      const check = await this.o.supervisors.check(req.supervisor, req.code);
      if (check === 'locked') return { ok: false, error: 'too many wrong codes: wait a minute', code: 'locked' };
      if (check === 'wrong') return { ok: false, error: 'wrong supervisor or code', code: 'supervisor' };
      action = { ...req.action, by: req.supervisor };
    } else if (req.action.type === 'new-shoe') {
      const stamp = at.toISOString().slice(0, 19).replace(/[-:T]/g, '');
      action = { ...req.action, shoeId: `S${stamp}-${(this.state.shoeNo % 99_999) + 1}` };
    } else action = req.action as Action;
    const t = at.toISOString();
    const r = act(this.state, action, { at: t, undoMs: this.undoMs });
    if (!r.ok) return { ok: false, error: r.error };
    const record: ActionRecord = { t, a: action };
    if (action.type === 'new-shoe') {
      // Compacted: what the table carries into the new shoe, then the new shoe's records.
      const header: JournalHeader = {
        keypad: 1,
        t,
        tableId: this.o.tableId,
        seqStart: this.stamped.lastSeq() + 1,
        tableOpen: this.state.tableOpen,
        shoeNo: this.state.shoeNo,
        revision: this.revision,
      };
      this.journal.rewrite(header, [record]);
    } else this.journal.append(record);
    this.state = r.value.state;
    this.revision++;
    for (const m of this.stamped.messagesOf(r.value.steps, t)) this.send(m);
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
    const link: LinkView = {
      state: this.linkState,
      broker: this.brokers.join(', '),
      pending: this.pending,
      signing: this.o.signingKey?.kid ?? null,
      ...(this.refusal && { refusal: this.refusal }),
      ...(this.linkError !== undefined && this.linkState === 'starting' && { error: this.linkError }),
    };
    return keypadView(this.state, {
      tableId: this.o.tableId,
      controllerId: this.controllerId,
      keying: this.o.keying,
      undoMs: this.undoMs,
      now: this.now(),
      link,
      revision: this.revision,
      serial: ++this.serial,
    });
  }

  /** The current snapshot (the table's truth as published). */
  snapshot() {
    return this.stamped.messenger.snapshot();
  }

  /** Waits until every message made so far is acknowledged. */
  async flushed(): Promise<void> {
    await this.queue;
  }

  /** Publishes the offline status and disconnects; closes the journal. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.undoTimer) clearTimeout(this.undoTimer);
    await this.busy;
    await Promise.race([this.queue, new Promise((r) => setTimeout(r, 3_000))]);
    await this.link?.stop();
    await this.watch?.stop();
    this.journal.close();
  }
}

/** Creates and starts a keypad. */
export async function startKeypad(o: KeypadOptions): Promise<Keypad> {
  const kp = new Keypad(o);
  await kp.start();
  return kp;
}
