/**
 * The keypad's link to its table: the table watch (`simulator/table-watch.ts`) that reads who holds the table, the
 * controller's connection (`connectController`, the simulator's) once it may take it, the link's state as the page
 * shows it ({@link LinkView}), and the outbox the messages leave by. It takes the table only if no other keypad
 * serves it, and yields it for good to one that takes it over (`table-holder.ts` decides; see `docs/keypad.md`, "A
 * second keypad"); a keypad that signs, only to one whose status a key it trusts signed (`status-trust.ts`, `take-over-guard.ts`).
 *
 * ```ts
 * const link = new TableLink({ broker, tableId, controllerId: 'ctl-T1', version, journalPath, log, now, changed });
 * await link.take({ outgoing: last, snapshot });    // after the first attempt: taken, refused, or retrying
 * link.outbox.send(message);
 * ```
 * @packageDocumentation
 */
import { randomBytes, type KeyObject } from 'node:crypto';
import type { IClientOptions } from 'mqtt';
import type { Logger } from 'pino';
import type { ControllerStatus } from '../contract/schemas/status';
import { DEFAULT_ROOT, topics } from '../contract/topics';
import type { SigningKey } from '../mqtt-bridge/signing';
import { connectController, controllerVersion, type ControllerLink } from '../simulator/publisher';
import { KeypadStartRefused } from './keypad-options';
import { Outbox } from './outbox';
import { saysOpen, type Republish, type Starter } from './republish';
import { PresenceRecord } from './presence';
import { refusalText, type ActionResponse, type LinkView } from './protocol';
import { statusMove, tableAtStart, unseenTakeOver, type Refusal } from './table-holder';
import { LinkState } from './link-state';
import { TakeOverGuard } from './take-over-guard';
import { TableWatch, type PitSign } from '../simulator/table-watch';

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

export interface TableLinkOptions {
  readonly broker: string | readonly string[];
  readonly tableId: string;
  readonly controllerId: string;
  readonly version: string; // the keypad's, reported in the controller status
  readonly journalPath: string; // its presence record is kept beside it
  readonly root?: string;
  readonly signingKey?: SigningKey;
  /** With a signing key: the other controllers' public keys whose signed online may take the table over. */
  readonly trustKeys?: readonly KeyObject[];
  readonly mqtt?: IClientOptions; // of both of its clients; MQTT 5 unless `protocolVersion` says otherwise
  readonly backoff?: { readonly minMs: number; readonly maxMs: number };
  readonly log: Logger;
  readonly now: () => Date;
  /** Called whenever what the page shows may have changed (the link's state, the pending count). */
  readonly changed: () => void;
}

export class TableLink {
  readonly outbox: Outbox;
  private watch: TableWatch | null = null;
  private readonly status = new LinkState();
  private sawOwnOnline = false;
  private stopped = false;
  private republish: Republish = { outgoing: [], snapshot: null };
  private starter: Starter | null = null;
  private readonly guard: TakeOverGuard;
  private readonly presence: PresenceRecord;
  /**
   * MQTT 5 (the broker can tell a keypad that another took its table over), unless the options say which: a broker
   * that does not speak it (the demo's embedded one, older brokers) gets MQTT 3.1.1 instead (see takeTable).
   */
  private protocolVersion: 4 | 5 = 5;

  constructor(private readonly o: TableLinkOptions) {
    this.outbox = new Outbox(o.log, o.changed);
    this.presence = new PresenceRecord(o.journalPath);
    this.guard = new TakeOverGuard({
      ...o,
      topic: topics(o.root ?? DEFAULT_ROOT).controllerStatus(o.tableId),
      ours: (s) => this.presence.ours(s),
      sayOnline: () => this.link?.sayOnline() ?? Promise.resolve(),
    });
  }

  /** The controller's connection, while it serves the table (the outbox's, its one holder). */
  private get link(): ControllerLink | null {
    return this.outbox.link;
  }

  /**
   * Takes the table unless another keypad serves it. Resolves after the first attempt (the table taken, refused, or
   * the broker unreachable: it keeps trying, and the view says so).
   */
  take(republish: Republish | Starter): Promise<void> {
    if (typeof republish === 'function') this.starter = republish;
    else this.republish = republish;
    return new Promise<void>((resolve, reject) => void this.takeTable(resolve, reject));
  }

  /**
   * Before it first serves the table: a new journal's first messages, from the table's retained shoe (once), read
   * now or by `reading` (begun beside the read of the status: both wait for what the broker may not have).
   */
  private async prepare(status: ControllerStatus | null, reading?: Promise<Uint8Array | null>): Promise<void> {
    const start = this.starter;
    if (!start || !this.watch) return;
    const watch = this.watch;
    this.republish = await start(() => reading ?? watch.retainedShoe(), status);
    this.starter = null;
  }

  private get brokers(): readonly string[] {
    return typeof this.o.broker === 'string' ? [this.o.broker] : this.o.broker;
  }

  private mqttOptions(): IClientOptions {
    return { protocolVersion: this.protocolVersion, ...this.o.mqtt };
  }

  /** After a refused connection: whether to try again at once with MQTT 3.1.1 (5 was refused, and not asked for). */
  private fallBackFromMqtt5(error: string): boolean {
    if (!UNSUPPORTED_PROTOCOL.test(error) || this.protocolVersion !== 5) return false;
    if (this.o.mqtt?.protocolVersion !== undefined) {
      this.status.error = `${error}: the broker does not speak MQTT 5; start the keypad with --protocol-version 4`;
      return false;
    }
    this.protocolVersion = 4;
    this.o.log.warn({ err: error }, 'the broker does not speak MQTT 5: connecting with MQTT 3.1.1');
    return true;
  }

  /**
   * Takes the table: reads the retained controller status through a client of its own; if another keypad is
   * online there (for a keypad that signs: an online its trusted keys signed), refuses (publishes nothing, and never
   * connects as the controller). Else connects as the controller, says online, and republishes what its journal
   * says last. Retries while the broker is unreachable.
   */
  private async takeTable(attempted: () => void, refused: (e: KeypadStartRefused) => void): Promise<void> {
    for (let wait = 1_000; !this.stopped; wait = Math.min(wait * 2, 15_000)) {
      try {
        this.watch ??= await TableWatch.start({
          broker: this.brokers,
          tableId: this.o.tableId,
          clientId: `${this.o.controllerId}-watch-${randomBytes(4).toString('hex')}`,
          mqtt: this.mqttOptions(),
          log: this.o.log,
          ...(this.o.root && { root: this.o.root }),
        });
        this.watch.removeAllListeners('pit');
        this.watch.on('pit', () => this.o.changed());
        const reading = this.starter ? this.watch.retainedShoe() : undefined;
        reading?.catch(() => undefined); // read again if the table is held; else prepare() says why it failed
        const current = await this.watch.current();
        this.watchLive(); // before connecting: it must hear its own online to know what comes after it
        // A forged online retained on the table's topic to keep it from starting: it takes the table, says so.
        const check = this.o.signingKey ? this.guard.check : null;
        const table = tableAtStart(current, (s) => this.presence.ours(s), check);
        if (table === 'held') this.refuse('another-keypad', current!);
        else {
          await this.prepare(current, reading);
          await this.connect();
          if (table === 'forged') this.guard.refuse(current!, this.guard.check(current!).reason);
        }
        return attempted();
      } catch (e) {
        if (e instanceof KeypadStartRefused) return refused(e); // the shoe on the table against its options
        const error = (this.status.error = (e as Error).message);
        if (this.fallBackFromMqtt5(error)) {
          this.watch?.stop().catch(() => undefined);
          this.watch = null;
          continue; // at once
        }
        this.o.log.warn({ err: error }, 'broker not reachable: retrying');
        this.o.changed();
        attempted();
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  /** Checks again whether the table is free (the refused keypad's "Check again"), and takes it if it is. */
  async recheck(): Promise<void> {
    if (!this.status.refused || !this.watch) return;
    const current = await this.watch.refresh();
    const check = this.o.signingKey ? this.guard.check : null;
    if (tableAtStart(current, (s) => this.presence.ours(s), check) === 'held') {
      if (this.status.shoeWasRefused) this.refuse('another-keypad', current!); // another came meanwhile
      return;
    }
    try {
      await this.prepare(current);
    } catch (e) {
      if (!(e instanceof KeypadStartRefused)) throw e;
      // The other keypad gone, the shoe it left is one this keypad may not carry on: it stays off the table, says
      // why on its refused screen, and reads the shoe again at the next "Check again".
      this.status.refuseShoe(e.message);
      this.o.log.error({ err: e.message }, 'the table is free, but this keypad may not serve it');
      this.o.changed();
      return;
    }
    this.status.starting();
    await this.connect();
  }

  private refuse(why: Refusal['why'], s: ControllerStatus): void {
    const refusal = this.status.refuse(why, s);
    this.o.log.warn({ why, holder: refusal.holder, other: s }, `${refusalText(refusal)}: this one publishes nothing`);
    this.o.changed();
  }

  private async connect(): Promise<void> {
    const link = await connectController({
      broker: this.brokers,
      tableId: this.o.tableId,
      controllerId: this.o.controllerId,
      version: controllerVersion('keypad', this.o.version),
      mqtt: this.mqttOptions(),
      ...(this.o.root && { root: this.o.root }),
      ...(this.o.signingKey && { signingKey: this.o.signingKey }),
      ...(this.o.backoff && { backoff: this.o.backoff }),
      ...saysOpen(this.republish),
      onStatus: (s) => this.presence.add(s),
      onError: (e) => this.o.log.warn({ err: e.message }, 'MQTT'),
    });
    this.outbox.link = link;
    this.status.set('online');
    link.client.on('connect', () => this.setState('online'));
    link.client.on('offline', () => {
      link.client.options.reconnectPeriod = Math.max(link.client.options.reconnectPeriod ?? 0, TAKEOVER_GRACE_MS);
      this.setState('offline');
    });
    link.client.on('close', () => this.setState('offline'));
    // MQTT 5: the broker says it dropped us for a newer connection with our client id. Never reconnect then: a
    // second keypad for this table would otherwise take the session back and forth.
    link.client.on('disconnect', (packet) => {
      if (packet.reasonCode === SESSION_TAKEN_OVER) this.yieldTable(null);
    });
    // What the journal says last, then the snapshot: nothing lost if the last action's messages never left.
    const { outgoing, snapshot } = this.republish;
    for (const m of outgoing) this.outbox.send(m);
    if (snapshot && !outgoing.includes(snapshot)) this.outbox.send(snapshot);
    this.o.changed();
  }

  /** Another keypad took the table over: stop for good, without a word (its status stands). */
  private yieldTable(s: ControllerStatus | null): void {
    if (this.status.refused) return;
    this.guard.stop();
    this.link?.abandon();
    this.outbox.link = null;
    this.refuse('taken-over', s ?? unseenTakeOver(this.o.controllerId, this.o.now()));
  }

  /** While it serves the table: another's online after its own is a take-over; another's offline, a stale will. */
  private watchLive(): void {
    this.watch?.removeAllListeners('status');
    this.watch?.on('status', (s, retained) => {
      // The signature is checked only where it may decide: an online, by a keypad that signs.
      const check = this.o.signingKey && s.state === 'online' ? this.guard.check(s) : null;
      const move = statusMove(s, {
        retained,
        ownThisRun: this.presence.thisRun.has(s.timestamp),
        serving: this.link !== null,
        refused: this.status.refused,
        sawOwnOnline: this.sawOwnOnline,
        signs: this.o.signingKey !== undefined,
        trusted: check?.trusted ?? false,
        signed: check?.signed ?? false,
      });
      if (move === 'own-online') this.sawOwnOnline = true;
      else if (move === 'refresh-refusal') this.refuse(this.status.refusedBy ?? 'another-keypad', s);
      else if (move === 'yield') this.yieldTable(s);
      else if (move === 'refuse-take-over') this.guard.refuse(s, check?.reason ?? 'unsigned');
      else if (move === 'say-online') void this.link?.sayOnline().catch(() => undefined);
    });
  }

  private setState(state: 'online' | 'offline'): void {
    if (this.status.set(state)) this.o.changed();
  }

  /** Why the table takes no action now (refused, or not connected yet), if it takes none. */
  notServing(): Extract<ActionResponse, { ok: false }> | null {
    return this.status.notServing(this.link !== null);
  }

  /** The pit's open or closed, from the table's sign; null when it has none, or the keypad cannot read it. */
  pit(): PitSign | null {
    return this.watch?.pit ?? null;
  }

  /** The link as the page shows it. */
  view(): LinkView {
    return {
      ...this.status.view(),
      broker: this.brokers.join(', '),
      pending: this.outbox.pending,
      signing: this.o.signingKey?.kid ?? null,
      ...(this.guard.refused && { takeOverRefused: this.guard.refused }),
    };
  }

  /** Stops trying to take the table (the keypad is stopping). */
  halt(): void {
    this.stopped = true;
  }

  /** Waits for the outbox (3 s at most), publishes the offline status and disconnects both clients. */
  async close(): Promise<void> {
    this.guard.stop();
    await this.outbox.drained(3_000);
    await this.link?.stop();
    await this.watch?.stop();
  }
}
