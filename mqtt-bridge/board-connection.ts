/**
 * The board's connection to its broker, from the first connect to the goodbye: MQTT.js loaded when first needed,
 * the client started with its last will (the offline status, stamped when it connects), the board's last-seen time
 * published on each connection and closed with it, the retained topics asked again on demand, and the offline
 * status and last-seen time said as the board stops. It also keeps the connection as the board shows it
 * (`ConnectionView`: state, since when, the broker, the last message heard, whether the broker refused its last
 * attempt (its credentials), and whether, reconnected, it still awaits its table, reconnected or started from its
 * saved record: reconnected, it asks for the table's snapshot again; the bridge says when it has heard it). It listens for another board publishing as its display id and,
 * taken over by one, connects under a client id of its own (display-id-guard.ts).
 *
 * ```ts
 * const link = new BoardConnection(config, { log, now, random, basics, message, subscribing, changed });
 * await link.connect(); // later: link.resubscribe('a gap', 'snapshot'); link.heard(now); link.view
 * link.startsFromRecord(); // before connect, when the journal restored a shoe: the first connection awaits the table
 * link.tableHeard();     // after a reconnection: the table's snapshot or a hand in sequence settled the board
 * await link.close(2000); // the goodbye, bounded
 * ```
 * @packageDocumentation
 */
import type { IClientOptions, MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { ConnectionRefusal, ConnectionView, StaffWarning } from '../contract/kiosk';
import { makeDisplayStatus } from '../contract/mqtt';
import { topics } from '../contract/topics';
import type { Config } from './config';
import { TableUnheard } from './table-unheard';
import { DisplayIdGuard, SESSION_TAKEN_OVER } from './display-id-guard';
import { offlineStatus, type StatusBasics } from './display-status';
import { LastSeenPublisher } from './last-seen';
import { lazyImport } from './lazy-import';
import { closeClient, resubscribeRetained, startBoardClient } from './mqtt-options';
import { SessionTopics, sessionTopicsPath } from './session-topics';

export interface BoardConnectionDeps {
  readonly log: Logger;
  readonly now: () => Date; // the clock
  readonly random: () => number; // for the reconnect jitter
  readonly connect?: (opts: IClientOptions) => MqttClient; // MQTT.js's, unless injected (tests)
  /** Who the board is and when it is, for the last will and the goodbye. */
  readonly basics: () => StatusBasics;
  /** One raw message from the broker. */
  readonly message: (topic: string, payload: Uint8Array) => void;
  /** Connected, the board's subscriptions on their way: the status is due. */
  readonly subscribing: () => void;
  /** The connection as shown changed, or its staff warning. */
  readonly changed: () => void;
  /** Drawn as the board started: its statuses carry it (display-id-guard.ts). */
  readonly instance: string;
  /** How long another board's last status keeps the warning up (default 75 s: 2.5 re-statements). */
  readonly evidenceMs?: number;
  /** How long the table may go unheard after a reconnection before staff are told (default 20 s: table-unheard.ts). */
  readonly unheardAfterMs?: number;
}

export class BoardConnection {
  /** Resyncs asked (retained topics asked again), since start. */
  resyncs = 0;
  private current: MqttClient | null = null;
  private connection: ConnectionView;
  private lastMessageAt: string | null = null;
  private subscribedFlag = false;
  private everConnected = false;
  private unreachableSaid = false; // "cannot reach the broker yet" logged, before the first connection
  /** The broker refused the last attempt, and why (its credentials); null once connected or failed otherwise. */
  private refused: ConnectionRefusal | null = null;
  /**
   * Reconnected, or connected the first time with a picture restored from the journal, and the table not heard
   * since: hands may have been dealt while the link was down, or while the board was.
   */
  private awaiting: 'reconnection' | 'saved-record' | null = null;
  /** The board started from its saved record (a shoe restored from the journal): its first connection awaits too. */
  private restored = false;
  private stopped = false;
  private readonly seen: LastSeenPublisher;
  private readonly guard: DisplayIdGuard;
  private readonly unheard: TableUnheard;
  private readonly statusTopic: string;
  /** The topics its session holds on each broker, kept beside the journal: a moved board drops its old table's. */
  private readonly sessionTopics: SessionTopics;

  constructor(
    private readonly config: Config,
    private readonly deps: BoardConnectionDeps,
  ) {
    const t = topics(config.mqtt.root);
    this.statusTopic = t.displayStatus(config.displayId);
    this.connection = { state: 'offline', since: this.iso(), lastMessageAt: null, broker: null };
    this.sessionTopics = new SessionTopics(sessionTopicsPath(config.journal.dir, config.mqtt.clientId), deps.log);
    this.seen = new LastSeenPublisher(
      t.displaySeen(config.displayId),
      { displayId: config.displayId, tableId: config.tableId },
      deps.log,
      deps.now,
    );
    this.unheard = new TableUnheard({
      tableId: config.tableId,
      afterMs: deps.unheardAfterMs ?? 20_000,
      now: deps.now,
      changed: deps.changed,
    });
    this.guard = new DisplayIdGuard({
      displayId: config.displayId,
      clientId: config.mqtt.clientId,
      instance: deps.instance,
      startedAt: deps.now().getTime(),
      now: deps.now,
      log: deps.log,
      changed: deps.changed,
      ...(deps.evidenceMs !== undefined && { evidenceMs: deps.evidenceMs }),
    });
  }

  /** Staff warnings of the connection: another board publishing as this display id; its table unheard since. */
  get warnings(): readonly StaffWarning[] {
    const w = this.guard.warning;
    const unheard = this.connection.state === 'connected' ? this.unheard.warning : [];
    return [...(w ? [w] : []), ...unheard];
  }

  /** The client, from connect until the board stops. */
  get client(): MqttClient | null {
    return this.current;
  }

  /** Connected, and the broker has confirmed the board's subscriptions (so nothing published now is missed). */
  get subscribed(): boolean {
    return this.subscribedFlag && this.connection.state === 'connected';
  }

  /** The connection as the board shows it. */
  get view(): ConnectionView {
    const awaiting = this.awaiting;
    const refused = this.connection.state === 'connected' ? null : this.refused;
    return {
      ...this.connection,
      lastMessageAt: this.lastMessageAt,
      awaitingTable: awaiting !== null,
      ...(awaiting ? { awaitingAfter: awaiting } : {}),
      ...(refused ? { refused } : {}),
    };
  }

  /**
   * The board starts from its saved record (call before {@link connect}): until it has heard its table on its first
   * connection it cannot know whether hands were dealt while it was down, as after a reconnection.
   */
  startsFromRecord(): void {
    this.restored = true;
  }

  /**
   * The board has heard its table again since reconnecting (a hand or its snapshot settled whether it is in step):
   * no longer awaiting it.
   */
  tableHeard(): void {
    if (!this.awaiting) return;
    const after = this.awaiting;
    this.awaiting = null;
    this.unheard.heard();
    this.deps.log.info(
      after === 'reconnection'
        ? 'heard the table again since reconnecting'
        : 'heard the table since starting from the saved record',
    );
    this.deps.changed();
  }

  /** A message from the table was heard at `now` (ISO 8601). */
  heard(now: string): void {
    this.lastMessageAt = now;
  }

  /** Publishes the board's last-seen time now, if connected (with each re-statement of its status). */
  publishSeen(): void {
    this.seen.publish(this.current);
  }

  /** Loads MQTT.js (unless injected) and starts the client, with the offline status as its last will. */
  async connect(): Promise<void> {
    const connect = this.deps.connect ?? (await lazyImport(() => import('mqtt'))).connect;
    if (this.stopped) return;
    const will = { topic: this.statusTopic, payload: makeDisplayStatus(offlineStatus(this.deps.basics(), true)) };
    const client = startBoardClient(connect, this.config, will, {
      log: this.deps.log,
      random: this.deps.random,
      message: this.deps.message,
      own: { statusTopic: this.statusTopic, status: (payload, retained) => this.guard.status(payload, retained) },
      session: this.sessionTopics,
      connection: (state, broker) => this.setConnection(state, broker),
      failed: (refused) => this.setRefused(refused),
      subscribing: () => {
        this.subscribedFlag = false;
        this.deps.subscribing();
        this.seen.publish(this.current);
      },
      subscribed: () => {
        this.subscribedFlag = true;
        // With its session kept the broker sends no retained message again by itself: the snapshot is asked for,
        // the table's truth, which settles whether hands were missed (a quiet table's too: it is retained).
        // The first connection's subscriptions are new: the broker sends the retained snapshot by itself.
        if (this.awaiting === 'reconnection')
          this.resubscribe('reconnected: the table may have dealt meanwhile', 'snapshot');
      },
    });
    client.on('disconnect', (packet) => {
      if (packet.reasonCode === SESSION_TAKEN_OVER) this.guard.takenOver();
    });
    client.on('close', () => {
      // Another board taking the session over, or a broker refusing the last-seen time, closes the connection.
      const takenOver = !this.stopped && this.guard.closed();
      if (takenOver) ownSession(client, this.guard.ownClientId);
      this.seen.closed(takenOver);
    });
    this.current = client;
  }

  /**
   * Subscribes again to retained topics: the broker sends their retained messages again. Only the snapshot after a
   * gap; every retained topic for a fleet resync. Never unsubscribes first, so no live message is missed meanwhile.
   * Counted in {@link resyncs}, and logged, even while not connected.
   */
  resubscribe(reason: string, which: 'snapshot' | 'all'): void {
    this.resyncs++;
    this.deps.log.warn(
      { reason },
      which === 'all' ? 'resync from the retained topics' : 'asking for the table snapshot again',
    );
    if (this.current) resubscribeRetained(this.current, this.config, which, this.deps.log);
  }

  /**
   * The board stops: no more connection changes; the last-seen time and the offline status are said on the same
   * connection, then it closes, each step bounded by `limitMs`.
   */
  async close(limitMs: number): Promise<void> {
    this.stopped = true;
    this.guard.stop();
    this.unheard.heard();
    const client = this.current;
    this.current = null;
    if (!client) return;
    const basics = this.deps.basics();
    this.seen.publish(client, new Date(basics.now)); // last seen as it says goodbye, just before, on the same connection
    const offline = makeDisplayStatus(offlineStatus(basics, false));
    await closeClient(client, { topic: this.statusTopic, payload: offline }, limitMs);
  }

  private setConnection(reported: ConnectionView['state'], broker: string | null): void {
    if (this.stopped) return;
    // Before its first connection a failed attempt leaves the board connecting, not reconnecting: it has never been
    // connected (/readyz says "connecting to the brokers …", as deployment.md shows). Said once in the log.
    const first = reported === 'reconnecting' && !this.everConnected;
    if (first && !this.unreachableSaid) {
      this.unreachableSaid = true;
      this.deps.log.warn({ broker: this.config.mqtt.brokers[0] }, 'cannot reach the broker yet: retrying by itself');
    }
    const state = first ? 'connecting' : reported;
    if (this.connection.state === state && (broker === null || this.connection.broker === broker)) return;
    const before = this.connection;
    if (state === 'reconnecting' && before.state !== 'reconnecting')
      // Said once as the link drops (each failed attempt then logs its own error), so the log tells IT when.
      this.deps.log.warn(
        { broker: before.broker ?? this.config.mqtt.brokers[0], connectedSince: before.since },
        'lost the broker: reconnecting by itself; the board shows its last results meanwhile',
      );
    if (state === 'connected') {
      this.refused = null;
      this.guard.connected();
      // The first connection is the board's first view (no-view till then), unless it shows a picture restored
      // from its journal: that may be behind the table, as after a reconnection.
      this.awaiting = this.everConnected ? 'reconnection' : this.restored ? 'saved-record' : null;
      this.everConnected = true;
      this.unheard.awaiting(this.awaiting, broker ?? this.connection.broker);
    }
    this.connection = {
      state,
      since: this.iso(),
      lastMessageAt: this.lastMessageAt,
      broker: broker ?? this.connection.broker,
    };
    this.deps.changed();
  }

  /** An attempt failed, refused by the broker (why) or otherwise (null): shown while not connected. */
  private setRefused(refused: ConnectionRefusal | null): void {
    if (this.stopped || this.refused === refused) return;
    this.refused = refused;
    if (this.connection.state !== 'connected') this.deps.changed();
  }

  private iso(): string {
    return this.deps.now().toISOString();
  }
}

/**
 * From the next connection on, the client connects under `clientId` with a clean session (MQTT 5: ending as it
 * closes), so that a client id of its own leaves no session behind on the broker.
 */
function ownSession(client: MqttClient, clientId: string): void {
  const o = client.options;
  if (o.clientId === clientId) return;
  o.clientId = clientId;
  o.clean = true;
  if (o.protocolVersion === 5) o.properties = { ...o.properties, sessionExpiryInterval: 0 };
}
