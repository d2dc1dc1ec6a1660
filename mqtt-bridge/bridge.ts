/**
 * The bridge: MQTT.js in, table state out. It subscribes to one table's topics with a persistent session,
 * validates every message by the contract and the core, applies it to the table state, journals it, and emits a
 * new `TableView` to whoever shows it (Electron's main process or the browser-mode server). It publishes the
 * board's status (retained, with a last will) and answers fleet commands. Node only; never imports electron.
 *
 * ```ts
 * const bridge = new Bridge(config, { logger });
 * bridge.on('view', (view) => show(view));
 * await bridge.start();
 * ```
 * @packageDocumentation
 */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IClientOptions, MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { ConnectionView, TableView } from '../contract/kiosk';
import { makeDisplayStatus, parseTopicMessage } from '../contract/mqtt';
import type { DisplayCommand, DisplayStatus } from '../contract/schemas';
import { boardSubscriptions, parseTopic, topics } from '../contract/topics';
import type { Config } from './config';
import { type Journal, openJournal, replayJournal } from './journal';
import { lazyImport } from './lazy-import';
import { nextExpiry } from './notices';
import { applyMessage, emptyTableState, type TableMessage, type TableState } from './table-state';
import { tableView } from './view';

/** Events a bridge emits; the value is the listener's signature. */
export interface BridgeEvents {
  view: (view: TableView) => void;
  command: (command: DisplayCommand) => void; // identify and reload are for the host to carry out
  rejected: (rejection: { topic: string; reason: string; code: string }) => void;
}

export interface BridgeDeps {
  readonly logger: Logger;
  readonly version?: string;
  readonly now?: () => Date; // the clock, injectable for tests
  readonly connect?: (opts: IClientOptions) => MqttClient;
}

/** Counters for the display status and for monitoring. */
export interface BridgeCounters {
  received: number;
  applied: number;
  duplicates: number;
  rejected: number;
  resyncs: number;
}

export class Bridge extends EventEmitter {
  readonly counters: BridgeCounters = { received: 0, applied: 0, duplicates: 0, rejected: 0, resyncs: 0 };
  private state: TableState;
  private client: MqttClient | null = null;
  private journal: Journal | null = null;
  private seq = 0;
  private connection: ConnectionView;
  private lastMessageAt: string | null = null;
  private readonly startedAt: number;
  private readonly topics;
  private readonly log: Logger;
  private readonly now: () => Date;
  private timers: NodeJS.Timeout[] = [];
  private expiryTimer: NodeJS.Timeout | null = null;
  private backoff: number;
  private lastView: TableView | null = null;
  private viewDirty = false;
  private flushTimer: NodeJS.Immediate | null = null;
  private lastCommand: { requestId: string; command: DisplayCommand['command']; ok: boolean } | null = null;
  private resyncing = false;
  private statusDirty = false;
  private subscribedFlag = false;
  private stopped = false;
  private compacting: Promise<void> | undefined;
  /** Hands that arrived ahead of a gap, applied once the resync has filled it (keyed by shoe and hand). */
  private readonly ahead = new Map<string, { t: string; m: TableMessage }>();

  constructor(
    readonly config: Config,
    private readonly deps: BridgeDeps,
  ) {
    super();
    this.log = deps.logger.child({ component: 'bridge', table: config.tableId });
    this.now = deps.now ?? (() => new Date());
    this.startedAt = this.now().getTime();
    this.state = emptyTableState(config.tableId);
    this.topics = topics(config.mqtt.root);
    this.backoff = config.mqtt.reconnectMinMs;
    this.connection = { state: 'offline', since: this.iso(), lastMessageAt: null, broker: null };
  }

  override on<K extends keyof BridgeEvents>(event: K, listener: BridgeEvents[K]): this {
    return super.on(event, listener);
  }
  override emit<K extends keyof BridgeEvents>(event: K, ...args: Parameters<BridgeEvents[K]>): boolean {
    return super.emit(event, ...args);
  }

  /** The path of this table's journal. */
  get journalPath(): string {
    return join(this.config.journal.dir, `${this.config.tableId}.journal`);
  }

  /** Connected, and the broker has confirmed the board's subscriptions (so nothing published now is missed). */
  get subscribed(): boolean {
    return this.subscribedFlag && this.connection.state === 'connected';
  }

  /** The table state as it stands. */
  get table(): TableState {
    return this.state;
  }

  /** The view as last emitted (or built now). */
  view(): TableView {
    if (this.viewDirty || !this.lastView) this.flush();
    return this.lastView ?? this.buildView();
  }

  /** Restores the journal, then connects (when brokers are configured). */
  async start(): Promise<void> {
    const replayed = replayJournal(this.journalPath, this.state);
    this.state = replayed.state;
    for (const s of replayed.skipped) this.log.warn({ line: s.line, reason: s.reason }, 'journal record skipped');
    this.log.info({ records: replayed.records, hands: this.state.shoe?.rounds.length ?? 0 }, 'journal replayed');
    this.journal = openJournal(this.journalPath);
    if (this.config.journal.syncIntervalMs > 0) {
      this.timers.push(setInterval(() => this.journal?.syncAsync(), this.config.journal.syncIntervalMs).unref());
    }
    this.push();
    this.flush(); // the restored board is there as soon as start() returns
    if (this.config.mqtt.brokers.length === 0) {
      this.log.warn('no broker configured: the board shows its journal only');
      return;
    }
    // MQTT.js loads after the restored board is shown: a cold start paints from the journal without waiting for it.
    void this.connect().catch((e: unknown) => this.log.error({ err: e }, 'could not start the MQTT client'));
    // The status goes out at once on connect and on commands; after results, at most once a second; and every
    // 30 s regardless, so the fleet sees uptime move.
    this.timers.push(
      setInterval(() => {
        if (this.statusDirty) this.publishStatus();
      }, 1000).unref(),
      setInterval(() => this.publishStatus(), 30_000).unref(),
    );
  }

  /** Resolves once the journal is settled (no compaction under way). */
  async settled(): Promise<void> {
    await this.compacting;
  }

  /** Publishes the offline status, closes the connection and the journal. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    if (this.flushTimer) clearImmediate(this.flushTimer);
    const client = this.client;
    this.client = null;
    if (client) {
      if (client.connected) {
        await client
          .publishAsync(this.topics.displayStatus(this.config.displayId), this.offlineStatus(), {
            qos: 1,
            retain: true,
          })
          .catch(() => undefined);
      }
      await client.endAsync().catch(() => undefined);
    }
    await this.compacting;
    this.journal?.close();
    this.journal = null;
  }

  /** Drops the table state and rebuilds it from the retained topics (a fleet command, or after a gap). */
  resync(reason: string): void {
    this.counters.resyncs++;
    this.log.warn({ reason }, 'resync from the retained topics');
    const client = this.client;
    if (!client || this.resyncing) return;
    this.resyncing = true;
    // Retained messages are sent again on a new subscription: the snapshot, the signs and the controller status.
    const retained = boardSubscriptions(this.config.mqtt.root, this.config.tableId, this.config.displayId).filter(
      (s) => s.kind === 'shoe' || s.kind === 'signage' || s.kind === 'casinoSignage' || s.kind === 'controllerStatus',
    );
    const filters = retained.map((s) => s.topic);
    client.unsubscribe(filters, () => {
      client.subscribe(
        retained.map((s) => s.topic),
        { qos: 1 },
        () => {
          this.resyncing = false;
        },
      );
    });
  }

  private async connect(): Promise<void> {
    const connect = this.deps.connect ?? (await lazyImport(() => import('mqtt'))).connect;
    if (this.stopped) return;
    const m = this.config.mqtt;
    const urls = m.brokers.map((u) => new URL(u));
    const tls = m.tls;
    const first = urls[0]!;
    const opts: IClientOptions = {
      protocolVersion: m.protocolVersion,
      clientId: m.clientId,
      clean: false,
      keepalive: m.keepaliveSeconds,
      reconnectPeriod: m.reconnectMinMs,
      connectTimeout: m.connectTimeoutMs,
      protocol: first.protocol.replace(':', '') as IClientOptions['protocol'],
      host: first.hostname,
      port:
        Number(first.port) || (first.protocol.startsWith('mqtts') || first.protocol.startsWith('tls') ? 8883 : 1883),
      // Failover: MQTT.js tries the next server of the list on each reconnection.
      servers: urls.map((u) => ({
        host: u.hostname,
        port: Number(u.port) || (u.protocol.startsWith('mqtts') || u.protocol.startsWith('tls') ? 8883 : 1883),
        protocol: u.protocol.replace(':', '') as 'mqtt' | 'mqtts',
      })),
      ...(m.username !== undefined ? { username: m.username } : {}),
      ...(m.password !== undefined ? { password: m.password } : {}),
      ...(tls
        ? {
            rejectUnauthorized: tls.rejectUnauthorized,
            ...(tls.ca ? { ca: readFileSync(tls.ca) } : {}),
            ...(tls.cert ? { cert: readFileSync(tls.cert) } : {}),
            ...(tls.key ? { key: readFileSync(tls.key) } : {}),
          }
        : {}),
      // MQTT 5 ends a session at disconnect unless it is given an expiry: keep it for a day.
      ...(m.protocolVersion === 5 ? { properties: { sessionExpiryInterval: 86_400 } } : {}),
      will: {
        topic: this.topics.displayStatus(this.config.displayId),
        payload: Buffer.from(this.offlineStatus()),
        qos: 1,
        retain: true,
      },
    };
    const client = connect(opts);
    this.client = client;
    this.setConnection('connecting', null);
    // Journal the message before MQTT.js acknowledges it (QoS 1): a board killed in between gets it again.
    client.handleMessage = (packet, done) => {
      try {
        this.onMessage(packet.topic, packet.payload as Buffer);
      } catch (e) {
        this.log.error({ err: e, topic: packet.topic }, 'message handling failed');
      }
      done();
    };
    client.on('connect', (connack) => {
      this.backoff = m.reconnectMinMs;
      client.options.reconnectPeriod = m.reconnectMinMs;
      const broker = `${client.options.protocol}://${client.options.host}:${client.options.port}`;
      this.setConnection('connected', broker);
      this.log.info({ broker, sessionPresent: connack.sessionPresent }, 'connected');
      const subs = boardSubscriptions(m.root, this.config.tableId, this.config.displayId);
      this.subscribedFlag = false;
      client.subscribe(
        subs.map((s) => s.topic),
        { qos: 1 },
        (error) => {
          if (error) this.log.error({ err: error }, 'subscribe failed');
          else this.subscribedFlag = true;
        },
      );
      this.publishStatus();
    });
    client.on('reconnect', () => {
      // Exponential back-off between attempts, up to the configured maximum.
      this.backoff = Math.min(this.backoff * 2, m.reconnectMaxMs);
      client.options.reconnectPeriod = this.backoff;
      this.setConnection('reconnecting', null);
    });
    client.on('offline', () => this.setConnection('reconnecting', null));
    client.on('close', () => {
      if (this.client === client && this.connection.state === 'connected') this.setConnection('reconnecting', null);
    });
    client.on('error', (e) => this.log.warn({ err: e.message }, 'mqtt error'));
  }

  /** One raw message: parsed by the contract, applied by the reducer, journaled, shown. Never throws. */
  onMessage(topic: string, payload: Uint8Array): void {
    this.counters.received++;
    const now = this.iso();
    this.lastMessageAt = now;
    // The contract's size limit of each kind, except the shoe snapshot's, which the configuration sets.
    const where = parseTopic(this.config.mqtt.root, topic);
    if (!where.ok) return this.reject(topic, 'unknown-topic', where.error);
    const maxBytes = where.value.kind === 'shoe' ? this.config.mqtt.maxPayloadBytes : undefined;
    const parsed = parseTopicMessage(this.config.mqtt.root, topic, payload, maxBytes ? { maxBytes } : {});
    if (!parsed.ok) return this.reject(topic, parsed.error.code, parsed.error.message);
    const { topic: t, payload: p } = parsed.value;
    if (t.kind === 'displayCommand') {
      if (t.displayId !== this.config.displayId)
        return this.reject(topic, 'unknown-topic', `command for display ${t.displayId}, not ${this.config.displayId}`);
      return this.onCommand(p as DisplayCommand);
    }
    if (t.kind === 'displayStatus') return this.reject(topic, 'unknown-topic', 'boards do not read display status');
    if ('tableId' in t && t.tableId !== this.config.tableId)
      return this.reject(
        topic,
        'unknown-topic',
        `table ${t.tableId} is not this board's table (${this.config.tableId})`,
      );
    const msg = { kind: t.kind, payload: p } as TableMessage;
    const result = applyMessage(this.state, msg, now);
    switch (result.effect) {
      case 'applied':
        this.commit(
          msg,
          result.state,
          now,
          Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('utf8'),
        );
        this.drainAhead();
        this.statusDirty = true;
        this.push();
        return;
      case 'duplicate':
        this.counters.duplicates++;
        this.log.debug({ topic, reason: result.reason }, 'duplicate ignored');
        return;
      case 'rejected':
        return this.reject(topic, 'rejected-by-rules', result.reason);
      case 'resync':
        this.log.warn({ topic, reason: result.reason }, 'gap');
        if (msg.kind === 'hand' && this.ahead.size < 200) {
          this.ahead.set(`${msg.payload.shoeId}/${msg.payload.handNo}`, { t: now, m: msg });
        }
        return this.resync(result.reason);
    }
  }

  /** Records and applies an accepted message; `json` is its text as received, when there is one. */
  private commit(msg: TableMessage, state: TableState, now: string, json?: string): void {
    if (json === undefined) this.journal?.append({ t: now, m: msg });
    else this.journal?.appendMessage(now, msg.kind, json);
    this.state = state;
    this.counters.applied++;
    if (state.shoe?.phase === 'ended' && msg.kind === 'event' && msg.payload.type === 'shoe-end') {
      this.compactJournal(state, now);
      this.ahead.clear();
    }
  }

  /** Compacts the journal off the event loop; compactions run one after another, in the order asked. */
  private compactJournal(state: TableState, now: string): void {
    this.compacting = this.journal?.compactAsync(state, now).catch((e: unknown) => {
      this.log.error({ err: e }, 'journal compaction failed; the journal keeps every record');
    });
  }

  /** Applies hands kept from ahead of a gap, now that the gap may be filled. */
  private drainAhead(): void {
    for (let progress = true; progress && this.ahead.size > 0;) {
      progress = false;
      for (const [key, { t, m }] of this.ahead) {
        const r = applyMessage(this.state, m, t);
        if (r.effect === 'resync') continue;
        this.ahead.delete(key);
        if (r.effect === 'applied') {
          this.commit(m, r.state, t);
          progress = true;
        }
      }
    }
  }

  private onCommand(c: DisplayCommand): void {
    this.log.info({ command: c.command, requestId: c.requestId }, 'fleet command');
    if (c.command === 'resync') {
      this.state = { ...emptyTableState(this.config.tableId), shoeNumber: this.state.shoeNumber };
      this.compactJournal(this.state, this.iso()); // after any compaction still under way, never before it
      this.push();
      this.resync('fleet command');
    }
    this.emit('command', c);
    this.lastCommand = { requestId: c.requestId, command: c.command, ok: true };
    this.publishStatus();
  }

  private reject(topic: string, code: string, reason: string): void {
    this.counters.rejected++;
    this.statusDirty = true;
    this.log.warn({ topic, code, reason }, 'message rejected');
    this.emit('rejected', { topic, reason, code });
  }

  private setConnection(state: ConnectionView['state'], broker: string | null): void {
    if (this.connection.state === state && (broker === null || this.connection.broker === broker)) return;
    this.connection = {
      state,
      since: this.iso(),
      lastMessageAt: this.lastMessageAt,
      broker: broker ?? this.connection.broker,
    };
    this.push();
  }

  private buildView(now = this.iso()): TableView {
    return tableView(this.state, {
      displayId: this.config.displayId,
      version: this.deps.version ?? '0.0.0',
      settings: this.config.board,
      connection: { ...this.connection, lastMessageAt: this.lastMessageAt },
      seq: this.seq,
      now,
    });
  }

  /**
   * Asks for a new view. Views are coalesced: the messages of one burst (many arrive in one socket read) give
   * one view, built on the next turn of the event loop, so that a host only ever sees the newest.
   */
  private push(): void {
    this.viewDirty = true;
    this.flushTimer ??= setImmediate(() => this.flush());
  }

  /** Builds and emits the view, and schedules one more for when a transient notice expires. */
  private flush(): void {
    if (this.flushTimer) clearImmediate(this.flushTimer);
    this.flushTimer = null;
    if (!this.viewDirty) return;
    this.viewDirty = false;
    this.seq++;
    const now = this.now();
    this.lastView = this.buildView(now.toISOString());
    this.emit('view', this.lastView);
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    const at = nextExpiry(this.state.notices, now.toISOString(), this.config.board.noticeSeconds);
    if (at !== null) {
      this.expiryTimer = setTimeout(() => this.push(), Math.max(0, at - now.getTime()) + 10);
      this.expiryTimer.unref();
    }
  }

  private status(): DisplayStatus {
    const shoe = this.state.shoe;
    return {
      v: 1,
      state: 'online',
      displayId: this.config.displayId,
      tableId: this.config.tableId,
      version: this.deps.version ?? '0.0.0',
      timestamp: this.iso(),
      ...(shoe ? { shoeId: shoe.id } : {}),
      handCount: shoe ? shoe.rounds.filter((r) => 'hand' in r).length : 0,
      ...(this.state.lastResultAt ? { lastResultAt: this.state.lastResultAt } : {}),
      ...(this.state.signage ? { signageRevision: this.state.signage.revision } : {}),
      ...(this.state.casino ? { casinoSignageRevision: this.state.casino.revision } : {}),
      rejectedMessages: this.counters.rejected,
      uptimeSeconds: Math.floor((this.now().getTime() - this.startedAt) / 1000),
      ...(this.lastCommand ? { lastCommand: this.lastCommand } : {}),
    };
  }

  private offlineStatus(): string {
    return JSON.stringify({
      v: 1,
      state: 'offline',
      displayId: this.config.displayId,
      tableId: this.config.tableId,
      version: this.deps.version ?? '0.0.0',
      timestamp: this.iso(),
    });
  }

  private publishStatus(): void {
    const client = this.client;
    if (!client?.connected) return;
    this.statusDirty = false;
    client.publish(this.topics.displayStatus(this.config.displayId), makeDisplayStatus(this.status()), {
      qos: 1,
      retain: true,
    });
  }

  private iso(): string {
    return this.now().toISOString();
  }
}
