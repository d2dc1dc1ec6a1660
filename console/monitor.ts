/**
 * The console's one MQTT connection, with its own credentials: it subscribes to every table's sign, shoe
 * snapshot and controller status, every board's status and last-seen time, and the casino sign, keeps the
 * {@link FleetState}, and says when it changes. Reconnects by itself, with the boards' back-off and full jitter; the page shows the
 * connection as it stands.
 *
 * Every (re)connect reads the fleet afresh from what the broker sends: a broker restarted without persistence has
 * lost its retained signs, and a picture kept from before would hide that (no "the broker has no sign" flag, a
 * revision counted from a sign that is gone). The new picture replaces the old one once the retained messages have
 * come (no message for `settleMs`, or `settleMaxMs` after the subscription); until then the console is not
 * connected, so no change is planned on the old picture. Only the revisions of boards the broker forgot are kept,
 * unshown, so that a new sign still goes above what they show when they come back.
 *
 * ```ts
 * const monitor = new FleetMonitor(broker, { approvedBuilds, signingKid: key.kid });
 * monitor.on('change', () => push(monitor.view()));
 * await monitor.start();
 * ```
 * @packageDocumentation
 */
import { EventEmitter } from 'node:events';
import { connect, type MqttClient } from 'mqtt';
import { topics } from '../contract/topics';
import { reconnectWithJitter } from '../mqtt-bridge/backoff';
import type { ApprovedBuilds } from './board-checks';
import {
  emptyFleet,
  fleetBoards,
  fleetCasinoAttention,
  fleetRevisions,
  fleetTables,
  nextSilence,
  readAgain,
  receive,
  type FleetState,
} from './fleet-state';
import { clientOptions, RETAINED_SETTLE, type BrokerOptions } from './mqtt-session';
import type { BrokerState, FleetView } from './protocol';

export interface MonitorOptions {
  readonly approvedBuilds?: ApprovedBuilds | null; // the builds boards may run (--approved-builds); null: no list
  readonly signingKid?: string | null; // the pit key's id, when the console signs what it publishes
  readonly reconnectMs?: number; // the first wait's ceiling, doubling per failed attempt up to 10 s; default 2000
  readonly random?: () => number; // the jitter; default Math.random
  readonly now?: () => Date;
  readonly settleMs?: number; // after a (re)connect, the retained messages are all in after this long without one; default 200
  readonly settleMaxMs?: number; // … or this long after the subscription, however busy the broker; default 2000
}

export class FleetMonitor extends EventEmitter<{ change: []; connected: [] }> {
  private fleet: FleetState = emptyFleet();
  private fresh: FleetState | null = null; // read since the last (re)connect, until the retained messages are in
  private settling: { quiet: NodeJS.Timeout | null; max: NodeJS.Timeout | null } = { quiet: null, max: null };
  private state: BrokerState = 'connecting';
  private since: string;
  private error: string | null = null;
  private mqtt: MqttClient | null = null;
  private readonly now: () => Date;
  /** Until the next board online turns silent: the view changes then, though no message comes. */
  private silence: NodeJS.Timeout | null = null;

  constructor(
    readonly broker: BrokerOptions,
    private readonly options: MonitorOptions = {},
  ) {
    super();
    this.now = options.now ?? (() => new Date());
    this.since = this.iso();
  }

  /** The MQTT client, for publishing changes (it is subscribed to every sign, so a change comes back to it). */
  get client(): MqttClient {
    if (!this.mqtt) throw new Error('the console is not started');
    return this.mqtt;
  }

  get connected(): boolean {
    return this.state === 'connected';
  }

  /** What the console has seen. */
  get current(): FleetState {
    return this.fleet;
  }

  /**
   * Connects; resolves once connected with what the broker holds read, or at the first failure (and keeps retrying
   * after a failure).
   */
  start(): Promise<void> {
    const t = topics(this.broker.root);
    const filters = [
      t.filter('signage'),
      t.filter('shoe'),
      t.filter('controllerStatus'),
      t.filter('displayStatus'),
      t.filter('displaySeen'),
      t.casinoSignage(),
    ];
    const minMs = this.options.reconnectMs ?? 2_000;
    const client = connect(this.broker.url, clientOptions(this.broker, { reconnectPeriod: minMs, resubscribe: false }));
    // Jittered like the boards (issue 16). A few consoles cannot storm a broker, so the ceiling stays at 10 s: the
    // page is back soon after the broker is.
    reconnectWithJitter(client, {
      minMs,
      maxMs: Math.max(minMs, 10_000),
      random: this.options.random ?? Math.random,
    });
    this.mqtt = client;
    client.on('connect', () => {
      // What the broker holds now, read from nothing: its retained messages come again on the new subscription.
      this.fresh = emptyFleet();
      client.subscribe(filters, { qos: 1 }, (e) => {
        if (e) this.settled(`cannot subscribe: ${e.message}`);
        else this.settle();
      });
    });
    client.on('reconnect', () => this.set('reconnecting', this.error));
    client.on('close', () => {
      this.unsettle();
      if (this.state === 'connected') this.set('reconnecting', null);
    });
    client.on('offline', () => this.set('offline', this.error));
    client.on('error', (e) => this.set(this.state === 'connected' ? 'connected' : 'offline', e.message));
    client.on('message', (topic, payload) => {
      if (this.fresh) {
        this.fresh = receive(this.fresh, this.broker.root, topic, payload, this.iso());
        if (this.settling.quiet) this.settle();
        return;
      }
      this.fleet = receive(this.fleet, this.broker.root, topic, payload, this.iso());
      this.changed();
    });
    // The first answer: connected and read, refused, or closed (an unreachable broker only closes, then retries).
    return new Promise((resolve) => {
      const events = ['error', 'close'] as const;
      const done = () => {
        for (const e of events) client.off(e, done);
        this.off('connected', done);
        resolve();
      };
      for (const e of events) client.once(e, done);
      this.once('connected', done);
    });
  }

  /** (Re)starts the wait for the retained messages: quiet for `settleMs`, at most `settleMaxMs` in all. */
  private settle(): void {
    const { settleMs = RETAINED_SETTLE.quietMs, settleMaxMs = RETAINED_SETTLE.maxMs } = this.options;
    if (this.settling.quiet) clearTimeout(this.settling.quiet);
    this.settling.quiet = setTimeout(() => this.settled(null), settleMs);
    this.settling.max ??= setTimeout(() => this.settled(null), settleMaxMs);
  }

  private unsettle(): void {
    if (this.settling.quiet) clearTimeout(this.settling.quiet);
    if (this.settling.max) clearTimeout(this.settling.max);
    this.settling = { quiet: null, max: null };
    this.fresh = null;
  }

  /** The broker's picture replaces the old one: connected (with `error` if the subscription was refused). */
  private settled(error: string | null): void {
    if (!this.fresh) return;
    this.fleet = readAgain(this.fleet, this.fresh);
    this.unsettle();
    this.set('connected', error);
    this.emit('connected');
  }

  /** Disconnects. */
  async stop(): Promise<void> {
    this.unsettle();
    if (this.silence) clearTimeout(this.silence);
    this.silence = null;
    await this.mqtt?.endAsync(true).catch(() => undefined);
    this.mqtt = null;
  }

  /** The view for the page. */
  view(): FleetView {
    const approved = this.options.approvedBuilds ?? null;
    const now = this.now().getTime();
    const boards = fleetBoards(this.fleet, approved, now);
    return {
      broker: {
        url: this.broker.url,
        username: this.broker.username ?? null,
        state: this.state,
        since: this.since,
        error: this.error,
      },
      root: this.broker.root,
      signing: this.options.signingKid ?? null,
      approvedBuilds: approved ? approved.size : null,
      casino: this.fleet.casino,
      casinoAttention: fleetCasinoAttention(this.fleet, boards),
      casinoBoardsShow: fleetRevisions(this.fleet, null).casino,
      tables: fleetTables(this.fleet, boards, now),
      boards,
      ignored: this.fleet.ignored,
      lastIgnored: this.fleet.lastIgnored,
    };
  }

  private set(state: BrokerState, error: string | null): void {
    if (state !== this.state) this.since = this.iso();
    this.state = state;
    this.error = error;
    this.changed();
  }

  /** Says the fleet changed; and again when its next board online turns silent (no message says that). */
  private changed(): void {
    if (this.silence) clearTimeout(this.silence);
    this.silence = null;
    const now = this.now().getTime();
    const at = nextSilence(this.fleet, now);
    if (at !== null) this.silence = setTimeout(() => this.changed(), Math.max(0, at - now)).unref();
    this.emit('change');
  }

  private iso(): string {
    return this.now().toISOString();
  }
}
