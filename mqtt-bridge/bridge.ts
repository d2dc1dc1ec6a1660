/**
 * The bridge: MQTT.js in, table state out. It subscribes to one table's topics with a persistent session,
 * validates every message by the contract and the core, applies it to the table state, journals it, and emits a
 * new `TableView` to whoever shows it (Electron's main process or the browser-mode server). When it cannot follow
 * its table (a gap, a message it must refuse, a snapshot that disagrees) it keeps its last good picture, says so
 * (`outOfStep` in the view and the status) and asks for the retained snapshot until it is back in step. It publishes
 * the board's status (retained, with a last will) and when it was last seen, and answers fleet commands. Node only; never imports electron.
 *
 * ```ts
 * const bridge = new Bridge(config, { logger });
 * bridge.on('view', (view) => show(view));
 * await bridge.start();
 * ```
 * @packageDocumentation
 */
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import type { IClientOptions, MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { ConnectionView, FitReport, OutOfStep, StaffWarning, TableView } from '../contract/kiosk';
import { makeDisplayStatus } from '../contract/mqtt';
import type { DisplayCommand, DisplayStatus } from '../contract/schemas';
import { topics } from '../contract/topics';
import type { Config } from './config';
import { offlineStatus, onlineStatus, StatusPublisher } from './display-status';
import { LastSeenPublisher } from './last-seen';
import { BoardJournal } from './board-journal';
import { ClockWatch } from './clock-watch';
import { FleetCommands } from './fleet-commands';
import { fitWarnings } from './fit-warnings';
import { lazyImport } from './lazy-import';
import { closeClient, resubscribeRetained, startBoardClient } from './mqtt-options';
import { Follower } from './follower';
import { RejectionLog, type RejectionLogOptions } from './rejection-log';
import type { ResyncOptions } from './resyncs';
import { inbound, type Inbound } from './inbound';
import { keyringOf, type Keyring, type SignatureCheck } from './signing';
import { OrderedInbox } from './ordered-inbox';
import type { TableState } from './table-state';
import { tableView } from './view';

/** Events a bridge emits; the value is the listener's signature. */
export interface BridgeEvents {
  view: (view: TableView) => void;
  command: (command: DisplayCommand) => void; // identify, about, reload and screenshot are the host's to carry out
  rejected: (rejection: { topic: string; reason: string; code: string }) => void;
}

export interface BridgeDeps {
  readonly logger: Logger;
  readonly version?: string;
  readonly now?: () => Date; // the clock, injectable for tests
  readonly random?: () => number; // for the reconnect jitter, injectable for tests
  readonly connect?: (opts: IClientOptions) => MqttClient;
  readonly resync?: Partial<ResyncOptions>;
  readonly rejectionLog?: RejectionLogOptions; // how rejected messages are sampled in the log
  readonly stopTimeoutMs?: number; // how long stop() waits for the broker before it lets go (default 2000)
  readonly build?: string | null; // SHA-256 of the application bundle (build-identity.ts), for the status
  readonly restateMs?: number; // how often the status and the last-seen time are re-stated (default 30 s), for tests
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
  private readonly count = { received: 0, applied: 0, rejected: 0, resyncs: 0 };
  private readonly follower: Follower;
  private readonly rejections: RejectionLog;
  private client: MqttClient | null = null;
  private readonly journal: BoardJournal;
  private seq = 0;
  private connection: ConnectionView;
  private lastMessageAt: string | null = null;
  private readonly startedAt: number;
  private readonly topics;
  private readonly log: Logger;
  private readonly now: () => Date;
  private readonly status: StatusPublisher;
  private readonly seen: LastSeenPublisher;
  private lastView: TableView | null = null;
  private viewDirty = false;
  private flushTimer: NodeJS.Immediate | null = null;
  private subscribedFlag = false;
  private stopped = false;
  private readonly keyring: Keyring;
  /** Messages in the order they came, while their signatures are verified. */
  private readonly inbox = new OrderedInbox<{ topic: string; now: string }, Inbound, SignatureCheck>(
    (meta, r) => this.take(meta, r),
    (_meta, e) => ({ to: 'rejected', code: 'bad-signature', reason: `not checked: ${String(e)}`, ofTable: null }),
    (e) => this.log.error({ err: e }, 'a message could not be applied: %s', String(e)),
  );
  private readonly clock = new ClockWatch();
  /** Warnings from the board's own fit (`kiosk:fit`): in the status only (fit-warnings.ts says why). */
  private fitted: readonly StaffWarning[] = [];
  /** Fleet commands: taken here, answered (a screenshot) by the host through `fleet.answer`. */
  readonly fleet: FleetCommands;

  constructor(
    readonly config: Config,
    private readonly deps: BridgeDeps,
  ) {
    super();
    this.log = deps.logger.child({ component: 'bridge', table: config.tableId });
    this.now = deps.now ?? (() => new Date());
    this.startedAt = this.now().getTime();
    this.topics = topics(config.mqtt.root);
    this.connection = { state: 'offline', since: this.iso(), lastMessageAt: null, broker: null };
    this.rejections = new RejectionLog(this.log, deps.rejectionLog);
    this.keyring = keyringOf(config.trust);
    this.seen = new LastSeenPublisher(
      this.topics.displaySeen(config.displayId),
      { displayId: config.displayId, tableId: config.tableId },
      this.log,
      this.now,
    );
    this.status = new StatusPublisher(
      this.topics.displayStatus(config.displayId),
      () => this.client,
      () => this.displayStatus(),
      this.log,
      {
        ...(deps.restateMs !== undefined && { everyMs: deps.restateMs }),
        restated: () => this.seen.publish(this.client),
      },
    );
    this.fleet = new FleetCommands(this.log, this.status, () => this.client, {
      screenshotTopic: this.topics.displayScreenshot(config.displayId),
      resync: (replace) => this.resync('fleet command', replace),
      emit: (c) => this.emit('command', c),
    });
    this.journal = new BoardJournal(
      join(config.journal.dir, `${config.tableId}.journal`),
      config.journal.syncIntervalMs,
      this.log,
      { path: join(config.journal.dir, `${config.tableId}.history`), tableId: config.tableId },
    );
    this.follower = new Follower({
      tableId: config.tableId,
      log: this.log,
      now: () => this.iso(),
      resync: (reason) => this.resubscribe(reason, false),
      journal: (msg, t, json, state, received) => {
        this.count.applied++;
        this.journal.record(msg, t, json, state, received);
      },
      changed: () => {
        this.status.changed();
        this.push();
      },
      rejected: (topic, code, reason) => this.reject(topic, code, reason),
      ...(deps.resync ? { resyncOptions: deps.resync } : {}),
      unsignedResults: () =>
        this.keyring.size === 0
          ? 'results are not signed: no controller key is configured (trust.controllerKeys)'
          : "results arrive without a signature by this table's controller keys",
    });
  }

  override on<K extends keyof BridgeEvents>(event: K, listener: BridgeEvents[K]): this {
    return super.on(event, listener);
  }
  override emit<K extends keyof BridgeEvents>(event: K, ...args: Parameters<BridgeEvents[K]>): boolean {
    return super.emit(event, ...args);
  }

  /** The path of this table's journal. */
  get journalPath(): string {
    return this.journal.path;
  }

  /** Connected, and the broker has confirmed the board's subscriptions (so nothing published now is missed). */
  get subscribed(): boolean {
    return this.subscribedFlag && this.connection.state === 'connected';
  }

  /** Messages received, applied, ignored as duplicates and rejected, and resyncs asked, since start. */
  get counters(): BridgeCounters {
    return { ...this.count, duplicates: this.follower.counts.duplicates };
  }

  /** The table state as it stands. */
  get table(): TableState {
    return this.follower.state;
  }

  /** Why the board is not current, or null when it follows its table. */
  get step(): OutOfStep | null {
    return this.follower.step;
  }

  /** The status the board publishes (retained): what it shows, how it is doing, its build and its clock. */
  displayStatus(): DisplayStatus {
    return onlineStatus(this.follower.state, {
      ...this.statusBasics(),
      rejectedMessages: this.count.rejected,
      uptimeSeconds: Math.floor((this.now().getTime() - this.startedAt) / 1000),
      outOfStep: this.follower.step,
      warnings: [...this.view().warnings, ...this.fitted],
      lastCommand: this.status.lastCommand,
      build: this.deps.build ?? null,
      clock: this.clock.figures(),
    });
  }

  /**
   * The board's fit as its page reported it (`kiosk:fit`, checked by the host): a pit message cut, the streak line
   * given up, as staff warnings in the status. The last report stands (in browser mode, the last board's to send one).
   */
  boardFit(report: FitReport): void {
    const next = fitWarnings(report, this.fitted, this.iso());
    if (JSON.stringify(next) === JSON.stringify(this.fitted)) return;
    this.fitted = next;
    this.log.info({ fit: report }, 'the board reports its fit');
    this.status.changed();
  }

  /** The view as last emitted (or built now). */
  view(): TableView {
    if (this.viewDirty || !this.lastView) this.flush();
    return this.lastView ?? this.buildView();
  }

  /** Restores the journal, then connects (when brokers are configured). */
  async start(): Promise<void> {
    this.follower.restore(this.journal.restore(this.follower.state, this.now()));
    this.push();
    this.flush(); // the restored board is there as soon as start() returns
    if (this.config.mqtt.brokers.length === 0) {
      this.log.warn('no broker configured: the board shows its journal only');
      return;
    }
    // MQTT.js loads after the restored board is shown: a cold start paints from the journal without waiting for it.
    void this.connect().catch((e: unknown) => this.log.error({ err: e }, 'could not start the MQTT client'));
    this.status.start();
  }

  /**
   * Resolves once every message received so far has been applied or refused (signatures are verified off the main
   * thread) and the journal is settled (no compaction under way).
   */
  async settled(): Promise<void> {
    await this.inbox.settled();
    await this.journal.settled();
  }

  /**
   * Publishes the offline status, closes the connection and the journal. Bounded: a broker that does not answer
   * (it died during the shutdown, say) holds it at most `stopTimeoutMs` for each step, then the client is dropped.
   */
  async stop(): Promise<void> {
    const limit = this.deps.stopTimeoutMs ?? 2000;
    // Messages already acknowledged to the broker and still being verified are applied first (bounded), then no more.
    await Promise.race([this.inbox.settled(), new Promise((r) => setTimeout(r, limit).unref())]);
    this.inbox.close();
    this.stopped = true;
    this.status.stop();
    this.follower.stop();
    this.rejections.close();
    if (this.flushTimer) clearImmediate(this.flushTimer);
    const client = this.client;
    this.client = null;
    if (client) {
      const basics = this.statusBasics();
      this.seen.publish(client, new Date(basics.now)); // last seen as it says goodbye, just before, on the same connection
      const offline = makeDisplayStatus(offlineStatus(basics, false));
      await closeClient(client, { topic: this.topics.displayStatus(this.config.displayId), payload: offline }, limit);
    }
    await this.journal.close(limit);
  }

  /**
   * Asks the retained topics again (a fleet command, or after a gap). Without `replace` what they bring is merged
   * and never moves the board backwards; with `replace` (an operator's explicit request) the board drops its state
   * and shows exactly what they say.
   */
  resync(reason: string, replace = false): void {
    if (replace) {
      const empty = this.follower.reset();
      this.journal.compact(empty, this.iso()); // after any compaction still under way, never before it
      this.push();
    }
    this.resubscribe(reason, true);
  }

  /**
   * Subscribes again to retained topics: the broker sends their retained messages again. Only the snapshot after a
   * gap; every retained topic for a fleet resync. Never unsubscribes first, so no live message is missed meanwhile.
   */
  private resubscribe(reason: string, all: boolean): void {
    this.count.resyncs++;
    this.log.warn({ reason }, all ? 'resync from the retained topics' : 'asking for the table snapshot again');
    if (this.client) resubscribeRetained(this.client, this.config, all ? 'all' : 'snapshot', this.log);
  }

  private async connect(): Promise<void> {
    const connect = this.deps.connect ?? (await lazyImport(() => import('mqtt'))).connect;
    if (this.stopped) return;
    const will = {
      topic: this.topics.displayStatus(this.config.displayId),
      payload: makeDisplayStatus(offlineStatus(this.statusBasics(), true)),
    };
    const client = startBoardClient(connect, this.config, will, {
      log: this.log,
      random: this.deps.random ?? Math.random,
      message: (topic, payload) => this.onMessage(topic, payload),
      connection: (state, broker) => this.setConnection(state, broker),
      subscribing: () => {
        this.subscribedFlag = false;
        this.status.publish();
        this.seen.publish(this.client);
      },
      subscribed: () => {
        this.subscribedFlag = true;
      },
    });
    client.on('close', () => this.seen.closed()); // a broker may close the connection to refuse it
    this.client = client;
  }

  /**
   * One raw message: parsed by the contract, its signature verified (off the main thread: WebCrypto), applied by
   * the reducer, journaled, shown, in the order messages came. Never throws. An unsigned message with nothing
   * waiting ahead of it is applied before this returns; a signed one shortly after ({@link settled}).
   */
  onMessage(topic: string, payload: Uint8Array): void {
    this.count.received++;
    const now = this.iso();
    this.lastMessageAt = now;
    this.inbox.push({ topic, now }, inbound(this.config, topic, payload, this.keyring));
  }

  private take({ topic, now }: { topic: string; now: string }, r: Inbound): void {
    switch (r.to) {
      case 'table': {
        const effect = this.follower.take(r.msg, now, topic, r.json, r.verified);
        if (effect === 'applied' && r.msg.kind === 'hand') this.clock.hand(Date.parse(now), r.msg.payload.timestamp);
        return;
      }
      case 'command':
        return this.fleet.take(r.command);
      case 'cleared':
        // An operator clearing it, a broker restored without it: the board keeps what it shows, in step.
        return void this.log.info({ topic }, 'retained message cleared on the broker; the board keeps what it shows');
      case 'rejected':
        this.reject(topic, r.code, r.reason);
        if (r.ofTable) this.follower.refused(r.ofTable, `${r.code}: ${r.reason}`);
        return;
    }
  }

  private reject(topic: string, code: string, reason: string): void {
    this.count.rejected++;
    this.status.changed();
    this.rejections.record({ topic, code, reason });
    this.emit('rejected', { topic, reason, code });
  }

  private setConnection(state: ConnectionView['state'], broker: string | null): void {
    if (this.stopped) return;
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
    return tableView(this.follower.state, {
      displayId: this.config.displayId,
      version: this.deps.version ?? '0.0.0',
      settings: this.config.board,
      connection: { ...this.connection, lastMessageAt: this.lastMessageAt },
      seq: this.seq,
      now,
      outOfStep: this.follower.step,
      warnings: this.follower.warnings,
      shoeRecord: this.journal.lastRecord,
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

  /** Builds and emits the view. */
  private flush(): void {
    if (this.flushTimer) clearImmediate(this.flushTimer);
    this.flushTimer = null;
    if (!this.viewDirty) return;
    this.viewDirty = false;
    this.seq++;
    this.lastView = this.buildView(this.iso());
    this.emit('view', this.lastView);
    this.clock.shown(this.now().getTime());
  }

  private statusBasics() {
    return {
      displayId: this.config.displayId,
      tableId: this.config.tableId,
      version: this.deps.version ?? '0.0.0',
      now: this.iso(),
    };
  }

  private iso(): string {
    return this.now().toISOString();
  }
}
