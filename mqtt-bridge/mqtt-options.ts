/**
 * The board's MQTT.js options from its configuration: every broker of the list (MQTT.js tries the next one on each
 * reconnection), TLS, a persistent session, the board's last will; and the reconnect back-off with full jitter, so
 * that a floor of boards does not reconnect in the same instant after a broker restart.
 *
 * ```ts
 * const client = connect(clientOptions(config.mqtt, will));
 * client.options.reconnectPeriod = jittered(backoff, Math.random);
 * ```
 * @packageDocumentation
 */
import type { IClientOptions, ISubscriptionMap, MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { ConnectionRefusal, ConnectionView } from '../contract/kiosk';
import { boardSubscriptions } from '../contract/topics';
import { reconnectWithJitter } from './backoff';
import { within } from './within';
import type { Config } from './config';
import { tlsClientOptions } from './tls';

/** The port a URL names, else MQTT's: 8883 over TLS (mqtts, tls and ssl are one), else 1883. */
export const defaultPort = (u: URL): number => Number(u.port) || (/^(mqtts|tls|ssl):$/.test(u.protocol) ? 8883 : 1883);

/** The options of the board's client; `will` is published by the broker if the board goes away unannounced. */
export function clientOptions(
  m: Config['mqtt'],
  will: { readonly topic: string; readonly payload: string },
): IClientOptions {
  const urls = m.brokers.map((u) => new URL(u));
  const first = urls[0];
  if (!first) throw new Error('no broker configured');
  // A WebSocket broker's path (EMQX and HiveMQ serve MQTT on /mqtt). MQTT.js takes one for every server of the list;
  // the configuration refuses WebSocket URLs with different paths.
  const ws = urls.find((u) => /^wss?:$/.test(u.protocol) && u.pathname !== '/' && u.pathname !== '');
  return {
    ...(ws ? { path: ws.pathname + ws.search } : {}),
    protocolVersion: m.protocolVersion,
    clientId: m.clientId,
    clean: false,
    keepalive: m.keepaliveSeconds,
    reconnectPeriod: m.reconnectMinMs,
    connectTimeout: m.connectTimeoutMs,
    protocol: first.protocol.replace(':', '') as IClientOptions['protocol'],
    host: first.hostname,
    port: defaultPort(first),
    // Failover: MQTT.js tries the next server of the list on each reconnection.
    servers: urls.map((u) => ({
      host: u.hostname,
      port: defaultPort(u),
      protocol: u.protocol.replace(':', '') as 'mqtt' | 'mqtts',
    })),
    ...(m.username !== undefined ? { username: m.username } : {}),
    ...(m.password !== undefined ? { password: m.password } : {}),
    ...tlsClientOptions(m.tls),
    // MQTT 5 ends a session at disconnect unless it is given an expiry: keep it for a day.
    ...(m.protocolVersion === 5 ? { properties: { sessionExpiryInterval: 86_400 } } : {}),
    will: { topic: will.topic, payload: Buffer.from(will.payload), qos: 1, retain: true },
  };
}

// The back-off lives in ./backoff, shared with the console and the table controller.
export { jittered } from './backoff';

/** What the board's client reports to the bridge. */
export interface BoardClientHandlers {
  readonly log: Logger;
  readonly random: () => number; // for the jitter
  /** One message, handled before MQTT.js acknowledges it (QoS 1): a board killed in between gets it again. */
  readonly message: (topic: string, payload: Uint8Array) => void;
  /**
   * The board's own status topic, and what arrives on it (`retained`: sent as the board subscribed): how it hears of
   * another board publishing as its display id (display-id-guard.ts). Subscribed before the board publishes its own.
   */
  readonly own: { readonly statusTopic: string; readonly status: (payload: Uint8Array, retained: boolean) => void };
  /**
   * The topics the session on each broker holds as this board subscribed them (session-topics.ts): those it no
   * longer wants (a board moved to another table) are taken away when a connection finds its session present.
   */
  readonly session: {
    readonly stale: (broker: string, wanted: readonly string[]) => readonly string[];
    readonly subscribed: (broker: string, wanted: readonly string[], stale: readonly string[]) => void;
  };
  readonly connection: (state: ConnectionView['state'], broker: string | null) => void;
  /** An attempt failed: refused by the broker and why (`credentials`), or null (out of reach, timed out, …). */
  readonly failed?: (refused: ConnectionRefusal | null) => void;
  readonly subscribing: () => void; // connected; the board's subscriptions are on their way
  readonly subscribed: () => void; // the broker granted them: nothing published from now on is missed
}

/**
 * Connects the board's client: subscribes to the board's topics on every connection, and waits between attempts
 * with an exponential back-off from `reconnectMinMs` to `reconnectMaxMs`, each wait drawn with full jitter.
 */
export function startBoardClient(
  connect: (opts: IClientOptions) => MqttClient,
  config: Pick<Config, 'mqtt' | 'tableId' | 'displayId'>,
  will: { readonly topic: string; readonly payload: string },
  on: BoardClientHandlers,
): MqttClient {
  const m = config.mqtt;
  const client = connect(clientOptions(m, will));
  // Full jitter on every wait: a floor of boards that lost one broker comes back spread out, not at once. A refusal
  // (its credentials: CONNACK 4, 5, 134, 135) is retried too, so a password put right on the broker recovers by itself.
  reconnectWithJitter(client, { minMs: m.reconnectMinMs, maxMs: m.reconnectMaxMs, random: on.random });
  on.connection('connecting', null);
  const own = on.own;
  let ownRefused = false; // said once
  const wanted = boardSubscriptions(m.root, config.tableId, config.displayId).map((s) => s.topic);
  const strays = strayTopics(new Set(wanted), on.log);
  client.handleMessage = (packet, done) => {
    try {
      if (packet.topic === own.statusTopic) own.status(packet.payload as Buffer, packet.retain);
      else if (strays.stray(packet.topic)) return done();
      else on.message(packet.topic, packet.payload as Buffer);
    } catch (e) {
      on.log.error({ err: e, topic: packet.topic }, 'message handling failed');
    }
    done();
  };
  client.on('connect', (connack) => {
    const broker = `${client.options.protocol}://${client.options.host}:${client.options.port}`;
    on.connection('connected', broker);
    on.log.info({ broker, sessionPresent: connack.sessionPresent }, 'connected');
    // Apart, so that an ACL that does not let the board read it refuses this one only; `resubscribe`, so that the
    // broker sends the retained status again on every connection; before the board's own status is published.
    const map = { [own.statusTopic]: { qos: 1 as const }, resubscribe: true };
    client.subscribe(map as unknown as ISubscriptionMap, (error) => {
      if (!error || ownRefused) return;
      ownRefused = true;
      on.log.warn(
        { topic: own.statusTopic, err: error.message },
        "cannot read its own status topic: another board publishing as this display id goes unnoticed unless it takes this board's connection over; let this board's account read %s",
        own.statusTopic,
      );
    });
    // Its earlier table's topics, which a session kept since the board was moved: taken away, and not complained of
    // meanwhile (messages queued for them still come). Only topics this board subscribed: never another program's.
    let stale = connack.sessionPresent ? [...on.session.stale(broker, wanted)] : [];
    let granted = false;
    const save = () => {
      if (granted) on.session.subscribed(broker, wanted, stale);
    };
    if (stale.length > 0) {
      strays.expect(stale);
      const taking = stale;
      client.unsubscribe(taking, (error) => {
        if (error) {
          on.log.warn({ err: error.message, topics: taking }, 'cannot unsubscribe from its earlier table');
          return;
        }
        on.log.info({ topics: taking }, "unsubscribed from its earlier table's topics, which its session had kept");
        stale = [];
        save();
      });
    }
    // Before subscribing: on a reconnection MQTT.js already holds these topics and calls back at once.
    on.subscribing();
    client.subscribe(wanted, { qos: 1 }, (error) => {
      if (error) {
        on.log.error({ err: error }, 'subscribe failed');
        return;
      }
      granted = true;
      save();
      on.subscribed();
    });
  });
  client.on('offline', () => on.connection('reconnecting', null));
  client.on('reconnect', () => on.connection('reconnecting', null));
  client.on('close', () => on.connection('reconnecting', null));
  client.on('error', (e) => {
    if (client.disconnecting && (e as NodeJS.ErrnoException).code === 'ERR_STREAM_WRITE_AFTER_END') {
      // A message the broker sent as the board said goodbye: its acknowledgement finds the connection closed. The
      // broker keeps it for the board's session, so nothing is lost; a warning on every clean stop sent IT looking.
      on.log.debug({ err: e.message }, 'a message came as the board disconnected: the broker keeps it for next time');
      return;
    }
    on.log.warn({ err: e.message }, mqttErrorWords(e));
    on.failed?.(refusalOf(e));
  });
  return client;
}

/** CONNACK codes by which a broker refuses a client's credentials: MQTT 3.1.1's 4 and 5, MQTT 5's 134 and 135. */
const CREDENTIALS_REFUSED = new Set([4, 5, 134, 135]);

/** Why the broker refused the connection, from an MQTT client error (its CONNACK code); null for any other error. */
export function refusalOf(e: Error): ConnectionRefusal | null {
  const code = (e as Error & { code?: unknown }).code;
  return typeof code === 'number' && CREDENTIALS_REFUSED.has(code) ? 'credentials' : null;
}

/**
 * The log line of an MQTT client error: `mqtt error`, and where the broker refused the board's credentials, what to
 * check, so that IT looks at the account rather than the network.
 */
export function mqttErrorWords(e: Error): string {
  return refusalOf(e) === 'credentials'
    ? "mqtt error: the broker refused this board's user name or password: check mqtt.username (the display id) " +
        "and mqtt.password or BACCARAT_MQTT_PASSWORD against the broker's password file; retrying by itself"
    : 'mqtt error';
}

/**
 * Messages on topics the board does not subscribe to: its session on the broker carries subscriptions it did not
 * make (two boards with one client id share one session, or the board was moved to another table and its session
 * kept the old one's): another table's results would reach this board, each refused as not its table's. Dropped, and
 * each topic said once, unless expected (its own earlier table's, being unsubscribed). Another program's are never
 * unsubscribed: the other board may connect with that session again, and MQTT.js does not subscribe again to topics
 * it believes it holds.
 */
function strayTopics(wanted: ReadonlySet<string>, log: Logger) {
  const said = new Set<string>();
  return {
    /** Topics known to be strays, said otherwise: their messages are dropped without a word. */
    expect(topics: readonly string[]): void {
      for (const t of topics) said.add(t);
    },
    /** True for a message on a topic the board did not subscribe to. */
    stray(topic: string): boolean {
      if (wanted.has(topic)) return false;
      if (!said.has(topic)) {
        said.add(topic);
        log.warn(
          { topic },
          "a message on a topic this board does not subscribe to: its session on the broker carries a subscription it did not make (this board's, from an earlier table, or another program's with its client id); its messages are dropped",
        );
      }
      return true;
    },
  };
}

/**
 * Subscribes again to retained topics, so that the broker sends their retained messages again: the snapshot after a
 * gap, every retained topic for a fleet resync. Never unsubscribes first, so no live message is missed meanwhile.
 */
export function resubscribeRetained(
  client: MqttClient,
  config: Pick<Config, 'mqtt' | 'tableId' | 'displayId'>,
  which: 'snapshot' | 'all',
  log: Logger,
): void {
  if (!client.connected) return;
  const retained = new Set(which === 'all' ? ['shoe', 'signage', 'casinoSignage', 'controllerStatus'] : ['shoe']);
  const subs = boardSubscriptions(config.mqtt.root, config.tableId, config.displayId).filter((s) =>
    retained.has(s.kind),
  );
  // `resubscribe`: MQTT.js would otherwise skip topics it is subscribed to, and the broker would send nothing.
  // (MQTT.js reads it from the map at run time; its types do not declare it.)
  const map = Object.fromEntries(subs.map((s) => [s.topic, { qos: 1 as const }]));
  client.subscribe({ ...map, resubscribe: true } as unknown as ISubscriptionMap, (error) => {
    if (error) log.warn({ err: error.message }, 'resync subscription failed');
  });
}

/**
 * Says goodbye and disconnects within `limitMs` per step, whatever the broker does: the offline status (retained)
 * if connected, then a clean end, and if that does not come, the connection dropped (the broker sends the will).
 */
export async function closeClient(
  client: MqttClient,
  offline: { readonly topic: string; readonly payload: string },
  limitMs: number,
): Promise<void> {
  if (client.connected) {
    const said = client.publishAsync(offline.topic, offline.payload, { qos: 1, retain: true }).catch(() => undefined);
    await within(said, limitMs);
  }
  const ended = await within(
    client.endAsync().then(
      () => true,
      () => true,
    ),
    limitMs,
  );
  if (!ended) client.end(true);
}
