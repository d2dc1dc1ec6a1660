/**
 * One table controller's connection to its broker, as the contract asks, shared by the simulator (`publisher.ts`)
 * and the dealer's keypad (`keypad/`): a persistent session under the controller id, the retained `online` status
 * with an `offline` last will, QoS 1, failover over several brokers with the boards' back-off and full jitter, every
 * message signed with the controller's key; and the version label that says which of our controllers it is.
 *
 * ```ts
 * const link = await connectController({ broker: 'mqtt://localhost', tableId: 'T1' }); // online, retained
 * await link.publish(message); // QoS 1, acknowledged
 * await link.stop(); // offline, then disconnected
 * ```
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import { isId } from '../contract/schemas/common';
import type { ControllerStatus } from '../contract/schemas/status';
import { DEFAULT_ROOT, TOPIC_SPECS, topics } from '../contract/topics';
import { reconnectWithJitter } from '../mqtt-bridge/backoff';
import { signatureOf, signPayload, type SigningKey } from '../mqtt-bridge/signing';
import { controllerStatusMessage, isoNow, type ControllerKind, type Outgoing, type Signer } from './messages';

/** The software version the controller reports in its status (the package's version; a test keeps them equal). */
export const SIMULATOR_VERSION = '0.1.0';

/**
 * Who publishes a controller status, said in its `version` label (free text in the contract): `simulator 0.1.0`,
 * `keypad 0.1.0`. A keypad refused because the table is held says by what; a card-reading shoe's controller, or
 * software before these labels, says neither and is "a table controller".
 */
export type ControllerSoftware = 'simulator' | 'keypad' | 'controller';

/** The version label of our own controllers: `simulator 0.1.0`, `keypad 0.1.0`. */
export const controllerVersion = (software: 'simulator' | 'keypad', version: string): string =>
  `${software} ${version}`.slice(0, 64);

/** What a controller status's version label says published it. */
export const controllerSoftware = (version: string): ControllerSoftware =>
  version.startsWith('simulator ') ? 'simulator' : version.startsWith('keypad ') ? 'keypad' : 'controller';

/**
 * Whether the table's retained controller status says another controller serves it: online, and not one of the
 * asker's own (`ours`). An offline status (a clean stop, or a last will) and no status leave the table free. The rule
 * of the dealer's keypad before it connects (`keypad/table-holder.ts`: its own statuses are those it recorded) and
 * of `baccarat-board simulate` before it deals (`cli/simulate-holders.ts`: it records none, so every online status
 * holds the table, another simulator's too; its own earlier run, stopped, said offline or left its last will).
 */
export function heldByAnother(
  current: ControllerStatus | null,
  ours: (s: ControllerStatus) => boolean,
): current is ControllerStatus {
  return current?.state === 'online' && !ours(current);
}

/** How long a clean stop waits for the last publish and the offline status before dropping the connection. */
export const STOP_TIMEOUT_MS = 3_000;

/** The controller's reconnect back-off by default: the boards' own (`mqtt.reconnectMinMs`, `reconnectMaxMs`). */
export const CONTROLLER_BACKOFF = { minMs: 1000, maxMs: 30_000 } as const;

/** `p`, or 'timeout' once `ms` have passed. */
export const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve('timeout'), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });

/** MQTT.js's `servers` entry for a broker URL (failover tries them in turn). */
export function serverOf(url: string): { host: string; port: number; protocol: 'mqtt' | 'mqtts' | 'ws' | 'wss' } {
  const u = new URL(url);
  const protocol = u.protocol.replace(':', '');
  const tls = protocol === 'mqtts' || protocol === 'ssl' || protocol === 'tls' || protocol === 'wss';
  const web = protocol === 'ws' || protocol === 'wss';
  return {
    host: u.hostname,
    port: Number(u.port) || (web ? (tls ? 443 : 80) : tls ? 8883 : 1883),
    protocol: (web ? protocol : tls ? 'mqtts' : 'mqtt') as 'mqtt' | 'mqtts' | 'ws' | 'wss',
  };
}

/**
 * Resolves at the client's first connection; rejects once every broker was tried once without one, or at once when
 * a broker refuses the connection (credentials, ACL): a wrong URL or password should fail at start-up, not retry.
 */
function firstConnection(client: MqttClient, brokers: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let failed = 0;
    let last: Error | null = null;
    const done = (e: Error | null) => {
      client.off('connect', onConnect);
      client.off('error', onError);
      client.off('close', onClose);
      if (!e) return resolve();
      client.end(true);
      reject(e);
    };
    const onConnect = () => done(null);
    const onError = (e: Error & { code?: unknown }) => {
      last = e;
      if (typeof e.code === 'number') done(e); // a CONNACK refusal
    };
    const onClose = () => {
      if (++failed >= brokers) done(last ?? new Error("Couldn't connect to server"));
    };
    client.on('connect', onConnect);
    client.on('error', onError);
    client.on('close', onClose);
  });
}

/** The controller id of a table: `ctl-<tableId>`, cut to the contract's 64 characters. */
export const controllerIdOf = (tableId: string): string => `ctl-${tableId}`.slice(0, 64);

/** How to connect one table controller: everything of a table simulator's options but the dealing. */
export interface ControllerLinkOptions {
  /** mqtt://host:port, mqtts://, ws://, wss://; several for failover (tried in turn on each reconnection). */
  readonly broker: string | readonly string[];
  readonly tableId: string;
  readonly root?: string; // topic root; default 'baccarat'
  readonly controllerId?: string; // default ctl-<tableId>; also the MQTT client id
  readonly version?: string; // reported in the controller status; default SIMULATOR_VERSION
  /** Extra MQTT.js options (username, password, protocolVersion, reconnectPeriod: 0 …); they win over ours. */
  readonly mqtt?: IClientOptions;
  /** The reconnect back-off's first and largest ceiling, in ms; default {@link CONTROLLER_BACKOFF}. */
  readonly backoff?: { readonly minMs: number; readonly maxMs: number };
  readonly random?: () => number; // the back-off's jitter; default Math.random, `() => 1` for none
  readonly now?: () => string; // RFC 3339 clock; default the real one
  /**
   * The table open or closed as the controller knows it as it connects (a keypad, from its journal): its first
   * online status says it already, rather than a second status right after when the messages it republishes say it.
   * Default: unknown until a message it publishes says it.
   */
  readonly tableOpen?: boolean;
  /** The controller's key: every message it publishes (its status and last will too) is signed with it. */
  readonly signingKey?: SigningKey;
  readonly onError?: (error: Error) => void; // MQTT client errors (the client reconnects by itself)
  /** Told every controller status before it is published (the last will before the connection): its payload. */
  readonly onStatus?: (status: ControllerStatus) => void;
  /** Told once as the link drops, and once it is back (with how long it was away), for the log. */
  readonly onLink?: (change: LinkChange) => void;
}

/** The link dropped (the client reconnects by itself), or it is back after `awayMs`; `broker` as a URL. */
export type LinkChange =
  | { readonly kind: 'lost'; readonly broker: string }
  | { readonly kind: 'back'; readonly broker: string; readonly awayMs: number };

/** Whether a message says the table is open or closed: a table-open or table-closed event, a snapshot's tableOpen. */
export function tableOpenOf(m: Outgoing): boolean | undefined {
  if (m.kind === 'shoe') return m.payload.tableOpen;
  if (m.kind !== 'event') return undefined;
  return m.payload.type === 'table-open' ? true : m.payload.type === 'table-closed' ? false : undefined;
}

/** The broker the client is (or was last) connected to: with failover, the one of the list it is on now. */
const brokerOf = (client: MqttClient): string =>
  `${client.options.protocol ?? 'mqtt'}://${client.options.hostname ?? client.options.host ?? ''}:${client.options.port ?? ''}`;

/**
 * One table controller's connection, as the contract asks: a persistent session under the controller id, the
 * retained `online` status with an `offline` last will, QoS 1, failover and jittered back-off, every message signed
 * with the controller's key; after each reconnection it says `online` again and republishes its last snapshot.
 * Its `online` status says whether the table is open (`tableOpen`) once a message it published said so, and is
 * republished as that changes: the table's open state before any shoe is otherwise only in non-retained events. Its
 * `offline` status as it stops says it too; its last will cannot (fixed at connect time).
 * The simulator deals through it, and so does the dealer's keypad (`keypad/`).
 */
export interface ControllerLink {
  readonly tableId: string;
  readonly controllerId: string;
  readonly client: MqttClient;
  /** The topic of each kind of controller message. */
  readonly topicOf: (kind: ControllerKind) => string;
  /** The signer for the messenger (`createMessenger({ sign })`), when the controller signs. */
  readonly sign: Signer | undefined;
  /** Publishes one message (QoS 1, retained as its kind says) and waits for its acknowledgement. */
  readonly publish: (message: Outgoing) => Promise<void>;
  /** Publishes the controller status again (`online`), e.g. when another client's `offline` overwrote it. */
  readonly sayOnline: () => Promise<void>;
  /** Publishes the offline status (retained) when connected, then disconnects. Safe to call twice. */
  readonly stop: () => Promise<void>;
  /** Drops the connection for good without a word: no offline status, no reconnection (another took over). */
  readonly abandon: () => void;
}

/**
 * Connects one table controller. Resolves once connected and `online` is published; rejects if the broker cannot be
 * reached (no retry at start-up: a wrong URL should fail at once).
 * @throws TypeError for an invalid table id, controller id or topic root.
 */
export async function connectController(options: ControllerLinkOptions): Promise<ControllerLink> {
  const { tableId, version = SIMULATOR_VERSION, now = isoNow } = options;
  const controllerId = options.controllerId ?? controllerIdOf(tableId);
  if (!isId(tableId)) throw new TypeError(`invalid table id ${JSON.stringify(tableId)}`);
  if (!isId(controllerId)) throw new TypeError(`invalid controller id ${JSON.stringify(controllerId)}`);
  const t = topics(options.root ?? DEFAULT_ROOT);
  const topicByKind: { readonly [K in ControllerKind]: string } = {
    hand: t.tableHand(tableId),
    event: t.tableEvent(tableId),
    shoe: t.tableShoe(tableId),
    controllerStatus: t.controllerStatus(tableId),
  };
  const topicOf = (kind: ControllerKind): string => topicByKind[kind];

  const brokers = typeof options.broker === 'string' ? [options.broker] : [...options.broker];
  const first = brokers[0];
  if (first === undefined) throw new TypeError('no broker given');
  const key = options.signingKey;
  const signed = (m: Outgoing): Outgoing =>
    key ? ({ ...m, text: JSON.stringify(signPayload(key, topicOf(m.kind), m.payload)) } as Outgoing) : m;
  // The table open or closed as the controller last said it (a table-open or table-closed event, a snapshot's
  // tableOpen), once it did: every later online status carries it, so a board that connects when no shoe (so no
  // retained snapshot) says it still learns it, and so does the offline status said as it stops (a keypad that
  // closed its table and stopped leaves it closed on a board that starts later). The will, fixed now, never does.
  let tableOpen = options.tableOpen;
  // Each connection's own id, in its statuses and its will (drawn again before each attempt, below): a board then
  // tells the will of this connection from an earlier one's read off the broker and published again.
  let connection = randomBytes(9).toString('base64url');
  const status = (state: 'online' | 'offline' | 'will'): Outgoing => {
    const said = state === 'will' ? 'offline' : state;
    const open = state === 'will' ? undefined : tableOpen;
    const m = controllerStatusMessage(said, controllerId, version, now(), open, connection);
    if (m.kind === 'controllerStatus') options.onStatus?.(m.payload);
    return signed(m);
  };
  const will = status('will');
  const v5 = options.mqtt?.protocolVersion === 5;
  const client = connect(first, {
    clientId: controllerId,
    clean: false, // the contract asks publishers for a persistent session
    ...(v5 && { properties: { sessionExpiryInterval: 600 } }),
    will: { topic: topicOf('controllerStatus'), payload: Buffer.from(will.text), qos: 1, retain: true },
    reconnectPeriod: (options.backoff ?? CONTROLLER_BACKOFF).minMs,
    // Failover: MQTT.js tries the next server of the list on each reconnection (a single URL keeps its path).
    ...(brokers.length > 1 && { servers: brokers.map(serverOf) }),
    ...options.mqtt,
  });
  // The boards' back-off with full jitter: a floor of controllers that lost their broker comes back spread out.
  reconnectWithJitter(client, { ...(options.backoff ?? CONTROLLER_BACKOFF), random: options.random ?? Math.random });
  // A new connection, a new will: MQTT.js emits 'reconnect' just before each attempt and sends options.will with it.
  client.on('reconnect', () => {
    connection = randomBytes(9).toString('base64url');
    if (client.options.will)
      client.options.will = { ...client.options.will, payload: Buffer.from(status('will').text) };
  });
  await firstConnection(client, brokers.length);
  client.on('error', (e) => options.onError?.(e));

  let snapshot: Outgoing | null = null; // the last snapshot published (or on its way)
  const send = (m: Outgoing): Promise<unknown> => {
    const spec = TOPIC_SPECS[m.kind];
    return client.publishAsync(topicOf(m.kind), m.text, { qos: spec.qos, retain: spec.retain });
  };
  const publish = async (message: Outgoing): Promise<void> => {
    if (message.kind === 'shoe') snapshot = message;
    const sent = send(message);
    const open = tableOpenOf(message);
    if (open === undefined || open === tableOpen) {
      await sent;
      return;
    }
    // The table opened or closed: the retained status says so too, right after the message that said it (MQTT.js
    // sends in the order of the calls), so a board never reads the status ahead of the event.
    tableOpen = open;
    await Promise.all([sent, send(status('online'))]);
  };
  await publish(status('online'));
  // After a reconnection the broker may have published the will: say online again. It may be another broker of a
  // bridged pair, which lost what the dead one had not yet passed on: republish the snapshot, the table's truth.
  let lostAt: number | null = null; // when the link dropped, until it is back
  let broker = brokerOf(client);
  client.on('connect', () => {
    void publish(status('online')).catch(() => undefined);
    if (snapshot) void publish(snapshot).catch(() => undefined);
    broker = brokerOf(client);
    if (lostAt !== null) options.onLink?.({ kind: 'back', broker, awayMs: Date.now() - lostAt });
    lostAt = null;
  });
  // Said once as the link drops, not at each failed attempt (those are errors of their own), nor at a stop.
  client.on('close', () => {
    if (lostAt !== null || stopping) return;
    lostAt = Date.now();
    options.onLink?.({ kind: 'lost', broker });
  });

  let stopping: Promise<void> | null = null;
  return {
    tableId,
    controllerId,
    client,
    topicOf,
    sign: key && ((kind: ControllerKind, payload: object) => signatureOf(key, topicOf(kind), payload)),
    publish,
    sayOnline: () => publish(status('online')),
    stop: () =>
      (stopping ??= (async () => {
        // Disconnected, or the offline status not acknowledged: drop the connection, the broker publishes the will.
        const said = client.connected
          ? await withTimeout(publish(status('offline')), STOP_TIMEOUT_MS).catch(() => 'failed' as const)
          : 'disconnected';
        await client.endAsync(said !== undefined);
      })()),
    abandon: () => {
      stopping ??= Promise.resolve();
      client.end(true);
    },
  };
}
