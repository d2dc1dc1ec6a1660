/**
 * Two Mosquitto brokers bridged both ways, the way a floor runs a pair (docs/deployment.md, "Floors of hundreds of
 * tables"): B holds one bridge to A that carries `baccarat/#` in both directions, QoS 1, as a bridge (try_private)
 * with a persistent session. Neither broker keeps a database: a broker that comes back is refilled from its peer by
 * the bridge (with persistence, Mosquitto 2.0.11 swaps the stale retained messages of the restarted one with the
 * fresh ones of the survivor; e2e/broker-pair.test.ts shows both).
 *
 * ```ts
 * const pair = await startBrokerPair();
 * pair.urls;                          // [A, B]: give both to every board and controller
 * await pair.a.kill(); await pair.a.restart(); await pair.bridgeUp();
 * ```
 */
import mqtt from 'mqtt';
import { startMosquitto, type Mosquitto, type MosquittoOptions } from './mosquitto';
import { untilRunningTime } from '../../mqtt-bridge/running-time';

/** The bridge section on B, to A at `address`: what docs/deployment.md gives for a pair, with test timings. */
export const pairBridge = (address: string, restartTimeout = '1 2'): string[] => [
  'connection floor-pair',
  `address ${address}`,
  'topic baccarat/# both 1',
  'try_private true',
  'cleansession false',
  'remote_clientid bridge-floor-pair',
  // Mosquitto's default is a jittered 5 to 30 s before the bridge retries; here 1 to 2 s (a constant `1` took 5 s).
  `restart_timeout ${restartTimeout}`,
];

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

export interface BrokerPair {
  readonly a: Mosquitto;
  readonly b: Mosquitto; // holds the bridge
  readonly urls: readonly [string, string];
  /** Resolves once the bridge is connected (B's notification says 1), with how long that took in ms. */
  bridgeUp(timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * Both brokers with `options` (default: no persistence, as a pair should run); `bridge` adds lines to B's bridge
 * section (its account on A: `remote_username`, `remote_password`).
 */
export async function startBrokerPair(
  options: Pick<MosquittoOptions, 'persistence' | 'autosaveInterval' | 'autosaveOnChanges' | 'users' | 'acl'> & {
    readonly bridge?: readonly string[];
    readonly observer?: Credentials; // who reads the bridge's state on B, when B wants a user name
  } = {},
): Promise<BrokerPair> {
  const { bridge = [], observer, ...rest } = options;
  const o = { ...rest, persistence: options.persistence ?? false };
  const a = await startMosquitto(o);
  const b = await startMosquitto({ ...o, extra: [...pairBridge(`127.0.0.1:${a.port}`), ...bridge] });
  const bridgeUp = async (timeoutMs = 30_000): Promise<number> => {
    const t0 = performance.now();
    for (;;) {
      if (b.running()) {
        const state = await bridgeState(b.url, observer).catch(() => null);
        if (state === '1') return performance.now() - t0;
      }
      if (performance.now() - t0 > timeoutMs) throw new Error(`the bridge is not up after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  await bridgeUp();
  return {
    a,
    b,
    urls: [a.url, b.url],
    bridgeUp,
    close: async () => {
      await Promise.all([a.close(), b.close()]);
    },
  };
}

/** The bridge's state as B announces it (retained, `$SYS/broker/connection/<remote_clientid>/state`). */
async function bridgeState(url: string, as?: Credentials): Promise<string | null> {
  const c = await mqtt.connectAsync(url, { ...as, reconnectPeriod: 0, connectTimeout: 2000 });
  let state: string | null = null;
  c.on('message', (_t, payload) => (state = payload.toString()));
  await c.subscribeAsync('$SYS/broker/connection/bridge-floor-pair/state', { qos: 1 });
  await new Promise((r) => setTimeout(r, 50));
  await c.endAsync(true);
  return state;
}

/** Every retained message under `filters` on a broker, by topic (empty payloads left out). */
export async function retainedOn(
  url: string,
  filters: readonly string[],
  waitMs = 500,
  as?: Credentials,
): Promise<Map<string, string>> {
  const c = await mqtt.connectAsync(url, { ...as, reconnectPeriod: 0 });
  const got = new Map<string, string>();
  c.on('message', (topic, payload, packet) => {
    if (packet.retain && payload.length > 0) got.set(topic, payload.toString('utf8'));
  });
  await c.subscribeAsync([...filters], { qos: 1 });
  await untilRunningTime(waitMs, () => false); // running time: a stall does not cut it short
  await c.endAsync(true);
  return got;
}
