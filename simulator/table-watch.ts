/**
 * Who serves a table: a controller's second MQTT client (the keypad's, and `simulate`'s before it deals), with a
 * client id of its own and a clean session, subscribed to the table's retained `controller/status`. It is how a
 * keypad learns, before it ever connects as the table's controller (`ctl-<table>`, whose persistent session a second
 * connection would take over), that another keypad already serves the table; and, once it serves it, that another
 * took over, or that a stale `offline` (a last will) overwrote its presence. Decisions are the keypad's
 * (`keypad/table-holder.ts`, `keypad/table-link.ts`) and `simulate`'s (`cli/simulate-holders.ts`); this only
 * reports. It also reads the table's retained sign (`signage`), for the pit's open or closed: the boards show
 * TABLE CLOSED when either the sign or the table's controller says closed, so the keypad must know the sign's.
 *
 * ```ts
 * const watch = await startTableWatch({ broker, tableId: 'T1', clientId: 'ctl-T1-watch-3f9a' });
 * const status = await watch.current(); // the retained status, or null
 * watch.on('status', (s, retained) => …);
 * watch.on('pit', (pit) => …); // { open, revision }, or null when the table has no sign
 * ```
 * @packageDocumentation
 */
import { EventEmitter } from 'node:events';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { parseTableSignage } from '../contract/mqtt';
import type { ControllerStatus } from '../contract/schemas/status';
import { DEFAULT_ROOT, topics } from '../contract/topics';
import { reconnectWithJitter } from '../mqtt-bridge/backoff';
import { untilRunningTime } from '../mqtt-bridge/running-time';
import { serverOf } from './controller-link';

/** How long to wait after the subscription for the retained status before deciding there is none, in ms. */
export const RETAINED_WAIT_MS = 1_500;

export interface TableWatchOptions {
  readonly broker: string | readonly string[];
  readonly tableId: string;
  readonly clientId: string;
  readonly root?: string;
  readonly mqtt?: IClientOptions; // credentials, TLS, protocol version: the keypad's own
  readonly log?: Logger;
}

/** The pit's open or closed, from the table's sign, and the sign's revision. */
export interface PitSign {
  readonly open: boolean;
  readonly revision: number;
}

/** A subscription's granted QoS when the broker refuses it (MQTT 3.1.1's 0x80; MQTT 5's reason codes from 0x80). */
const REFUSED = 0x80;

/** A status as read from the topic (its fields checked; a signature is not the watch's business). */
function readStatus(text: string): ControllerStatus | null {
  try {
    const v = JSON.parse(text) as Partial<ControllerStatus>;
    if (
      (v.state === 'online' || v.state === 'offline') &&
      typeof v.controllerId === 'string' &&
      typeof v.timestamp === 'string'
    )
      return v as ControllerStatus;
  } catch {
    // not a status: an empty retained payload (deleted), or garbage
  }
  return null;
}

interface Events {
  /** A status arrived: `retained` when it is the broker's stored one (on subscribing), else live. */
  status: [status: ControllerStatus, retained: boolean];
  /** The table's sign changed: the pit's open or closed, or null when the sign was deleted. */
  pit: [pit: PitSign | null];
  connected: [];
}

export class TableWatch extends EventEmitter<Events> {
  private latest: ControllerStatus | null = null;
  private gotRetained = false;
  private sign: PitSign | null = null;
  private shoeRead: Promise<unknown> = Promise.resolve(); // the last read of the retained shoe (one at a time)

  private constructor(
    readonly client: MqttClient,
    private readonly topic: string,
    private readonly signTopic: string,
    private readonly shoeTopic: string,
    private readonly log: Logger | undefined,
  ) {
    super();
  }

  /** The pit's open or closed, as the table's sign says it; null when the table has no sign (or it is unread). */
  get pit(): PitSign | null {
    return this.sign;
  }

  /** A message on the sign's topic: an empty one deletes the sign; an unreadable one is logged and ignored. */
  private onSign(payload: Buffer): void {
    let next: PitSign | null = null;
    if (payload.length > 0) {
      const r = parseTableSignage(payload);
      if (!r.ok) {
        this.log?.warn({ topic: this.signTopic, err: r.error.message }, "table's sign unreadable: ignored");
        return;
      }
      next = { open: r.value.tableOpen, revision: r.value.revision };
    }
    if (next?.open === this.sign?.open && next?.revision === this.sign?.revision) return;
    this.sign = next;
    this.emit('pit', next);
  }

  /** Subscribes to the sign; a refusal (the account may not read it) leaves the keypad as it was, with a log line. */
  private async subscribeSign(): Promise<void> {
    try {
      const granted = await this.client.subscribeAsync(this.signTopic, { qos: 1 });
      if (granted.some((g) => g.qos >= REFUSED))
        this.log?.warn({ topic: this.signTopic }, "table's sign: subscription refused (ACL); the pit's closed unknown");
    } catch (e) {
      this.log?.warn({ topic: this.signTopic, err: (e as Error).message }, "table's sign: not subscribed");
    }
  }

  /** Connects and subscribes; resolves once subscribed. Rejects if the broker cannot be reached. */
  static async start(o: TableWatchOptions): Promise<TableWatch> {
    const brokers = typeof o.broker === 'string' ? [o.broker] : [...o.broker];
    const topic = topics(o.root ?? DEFAULT_ROOT).controllerStatus(o.tableId);
    const signTopic = topics(o.root ?? DEFAULT_ROOT).tableSignage(o.tableId);
    const client = await mqtt.connectAsync(
      brokers[0] ?? '',
      {
        clientId: o.clientId,
        clean: true,
        reconnectPeriod: 1_000,
        connectTimeout: 10_000,
        ...(brokers.length > 1 && { servers: brokers.map(serverOf) }), // failover, as the controller's
        ...o.mqtt,
      },
      false,
    );
    reconnectWithJitter(client, { minMs: 1_000, maxMs: 10_000, random: Math.random });
    const watch = new TableWatch(client, topic, signTopic, topics(o.root ?? DEFAULT_ROOT).tableShoe(o.tableId), o.log);
    client.on('message', (t, payload, packet) => {
      if (t === signTopic) return watch.onSign(payload);
      if (t !== topic) return;
      const status = readStatus(payload.toString('utf8'));
      if (packet.retain) watch.gotRetained = true;
      if (!status) return;
      watch.latest = status;
      watch.emit('status', status, packet.retain);
    });
    client.on('connect', () => {
      watch.gotRetained = false;
      client.subscribe(topic, { qos: 1 });
      void watch.subscribeSign();
      watch.emit('connected');
    });
    client.on('error', () => undefined); // it reconnects by itself; the keypad shows its own connection
    await client.subscribeAsync(topic, { qos: 1 });
    await watch.subscribeSign();
    return watch;
  }

  /** Whether its connection is up. */
  get connected(): boolean {
    return this.client.connected;
  }

  /**
   * The table's retained status: waits up to {@link RETAINED_WAIT_MS} for the broker to send it after the
   * subscription (it comes at once when there is one), then answers null.
   */
  async current(): Promise<ControllerStatus | null> {
    await untilRunningTime(RETAINED_WAIT_MS, () => this.gotRetained); // a stalled process reads it first
    return this.latest;
  }

  /**
   * The table's retained shoe snapshot, as bytes (a keypad on a new journal may carry its shoe on: `keypad/adopt.ts`):
   * subscribed to for as long as it takes the broker to send it (up to {@link RETAINED_WAIT_MS}), then not, so that
   * the watch never takes the snapshot the table republishes at every change. Null when the broker keeps none, or
   * the account may not read it (said in the log). Rejects when the broker cannot be reached.
   */
  retainedShoe(): Promise<Uint8Array | null> {
    // One read at a time: MQTT.js sends no second subscription for a topic it is subscribed to (so the broker would
    // not send the retained snapshot again), and the first read's unsubscription would end the second's.
    const read = this.shoeRead.catch(() => undefined).then(() => this.readShoe());
    this.shoeRead = read;
    return read;
  }

  private async readShoe(): Promise<Uint8Array | null> {
    let got: Uint8Array | null = null;
    let done = false;
    const onMessage = (t: string, payload: Buffer, packet: { retain?: boolean }) => {
      if (t !== this.shoeTopic || !packet.retain || done) return;
      got = payload;
      done = true;
    };
    this.client.on('message', onMessage);
    try {
      const granted = await this.client.subscribeAsync(this.shoeTopic, { qos: 1 });
      if (granted.some((g) => g.qos >= REFUSED)) {
        this.log?.warn({ topic: this.shoeTopic }, "table's shoe: subscription refused (ACL); none carried on");
        return null;
      }
      await untilRunningTime(RETAINED_WAIT_MS, () => done);
      done = true;
      await this.client.unsubscribeAsync(this.shoeTopic);
      return got;
    } finally {
      this.client.removeListener('message', onMessage);
    }
  }

  /** Asks the broker for the retained status again (a new subscription is sent it again). */
  async refresh(): Promise<ControllerStatus | null> {
    await this.client.unsubscribeAsync(this.topic);
    this.gotRetained = false;
    this.latest = null;
    await this.client.subscribeAsync(this.topic, { qos: 1 });
    return this.current();
  }

  async stop(): Promise<void> {
    await this.client.endAsync(true);
  }
}
