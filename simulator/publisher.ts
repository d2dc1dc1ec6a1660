/**
 * Publishes a simulated table over MQTT, exactly as the contract says a table controller does: one MQTT.js client
 * per table, its retained `controller/status` online with an offline last will, hands and events at QoS 1, and
 * the retained shoe snapshot after every change. Steps are paced like a real table divided by `speed`; every
 * publish waits for its QoS 1 acknowledgement, so messages leave in order at any speed.
 *
 * ```ts
 * const sim = await startTableSimulator({ broker: 'mqtt://localhost', tableId: 'T1',
 *   steps: simulateTable({ seed: 'demo' }), speed: 10 });
 * process.once('SIGINT', () => void sim.stop());   // offline status, then disconnect
 * await sim.done;
 * ```
 * @packageDocumentation
 */
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { isId } from '../contract/schemas/common';
import { DEFAULT_ROOT, TOPIC_SPECS, topics } from '../contract/topics';
import {
  controllerStatusMessage,
  createMessenger,
  isoNow,
  type ControllerKind,
  type Messenger,
  type Outgoing,
} from './messages';
import type { Step } from './steps';
import { stepDelayMs } from './timing';

/** The software version the controller reports in its status (the package's version; a test keeps them equal). */
export const SIMULATOR_VERSION = '0.1.0';

/** How long a clean stop waits for the last publish and the offline status before dropping the connection. */
const STOP_TIMEOUT_MS = 3_000;

export interface TableSimulatorOptions {
  readonly broker: string; // mqtt://host:port, mqtts://, ws://, wss://
  readonly tableId: string;
  readonly steps: Iterable<Step>; // e.g. simulateTable({ seed })
  readonly root?: string; // topic root; default 'baccarat'
  readonly controllerId?: string; // default ctl-<tableId>; also the MQTT client id
  /** 1 = real time; N = N× faster; 0 or Infinity = as fast as the broker acknowledges. Default 1. */
  readonly speed?: number;
  readonly version?: string; // reported in the controller status; default SIMULATOR_VERSION
  /** Extra MQTT.js options (username, password, protocolVersion, reconnectPeriod …); they win over ours. */
  readonly mqtt?: IClientOptions;
  readonly now?: () => string; // RFC 3339 clock; default the real one
  readonly seqStart?: number; // first event seq; default the clock in µs (Date.now() × 1000), rising across restarts
  /** False: a controller that never publishes `betting-open` nor `no-more-bets` (see the messenger). Default true. */
  readonly bettingEvents?: boolean;
  readonly onStep?: (step: Step) => void; // after the step's messages are acknowledged
  readonly onError?: (error: Error) => void; // MQTT client errors (the client reconnects by itself)
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>; // injectable for tests
}

export interface TableSimulator {
  readonly tableId: string;
  readonly controllerId: string;
  readonly client: MqttClient;
  readonly messenger: Messenger;
  /** Resolves when the steps run out or after {@link stop}; rejects if publishing fails. */
  readonly done: Promise<void>;
  /** Stops dealing, publishes the offline status (retained) and disconnects. Safe to call twice. */
  readonly stop: () => Promise<void>;
}

/** A sleep that ends early, without error, when `signal` aborts. */
export const abortableSleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve('timeout'), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });

/** The controller id of a table: `ctl-<tableId>`, cut to the contract's 64 characters. */
export const controllerIdOf = (tableId: string): string => `ctl-${tableId}`.slice(0, 64);

/**
 * Connects one table controller and starts publishing its steps. Resolves once connected and `online` is
 * published; rejects if the broker cannot be reached (no retry at start-up: a wrong URL should fail at once).
 * @throws TypeError for an invalid table id, controller id or topic root.
 */
export async function startTableSimulator(options: TableSimulatorOptions): Promise<TableSimulator> {
  const { tableId, speed = 1, version = SIMULATOR_VERSION, now = isoNow, sleep = abortableSleep } = options;
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
  const delayScale = speed > 0 && Number.isFinite(speed) ? 1 / speed : 0;

  const will = controllerStatusMessage('offline', controllerId, version, now());
  const v5 = options.mqtt?.protocolVersion === 5;
  const client = await connectAsync(
    options.broker,
    {
      clientId: controllerId,
      clean: false, // the contract asks publishers for a persistent session
      ...(v5 && { properties: { sessionExpiryInterval: 600 } }),
      will: { topic: topicOf('controllerStatus'), payload: Buffer.from(will.text), qos: 1, retain: true },
      ...options.mqtt,
    },
    false,
  );
  client.on('error', (e) => options.onError?.(e));

  const publish = async (message: Outgoing): Promise<void> => {
    const spec = TOPIC_SPECS[message.kind];
    await client.publishAsync(topicOf(message.kind), message.text, { qos: spec.qos, retain: spec.retain });
  };
  const status = (state: 'online' | 'offline') => controllerStatusMessage(state, controllerId, version, now());
  await publish(status('online'));
  // After a reconnection the broker may have published the will: say online again.
  client.on('connect', () => void publish(status('online')).catch(() => undefined));

  const messenger = createMessenger({
    controllerId,
    now,
    seqStart: options.seqStart ?? Date.now() * 1000,
    ...(options.bettingEvents !== undefined && { bettingEvents: options.bettingEvents }),
  });
  const abort = new AbortController();
  const run = async (): Promise<void> => {
    let previous: Step | null = null;
    for (const step of options.steps) {
      if (abort.signal.aborted) return;
      const ms = stepDelayMs(step, previous) * delayScale;
      if (ms > 0) await sleep(ms, abort.signal);
      if (abort.signal.aborted) return;
      for (const message of messenger.messagesFor(step)) await publish(message);
      options.onStep?.(step);
      previous = step;
    }
  };
  const done = run();

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      abort.abort();
      await withTimeout(
        done.catch(() => undefined),
        STOP_TIMEOUT_MS,
      );
      // Disconnected, or the offline status not acknowledged: drop the connection, the broker publishes the will.
      const said = client.connected
        ? await withTimeout(publish(status('offline')), STOP_TIMEOUT_MS).catch(() => 'failed' as const)
        : 'disconnected';
      await client.endAsync(said !== undefined);
    })());

  return { tableId, controllerId, client, messenger, done, stop };
}
