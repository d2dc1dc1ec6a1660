/**
 * Publishes a simulated table over MQTT, exactly as the contract says a table controller does: one MQTT.js client
 * per table, its retained `controller/status` online with an offline last will, hands and events at QoS 1, and
 * the retained shoe snapshot after every change. Steps are paced like a real table divided by `speed`; every
 * publish waits for its QoS 1 acknowledgement, so messages leave in order at any speed. Given several brokers (a
 * bridged pair) it fails over to the next on each reconnection, as boards do; it waits between attempts with the
 * boards' back-off and full jitter, and once reconnected says `online` and republishes its snapshot, so that the
 * broker it lands on has the table's truth at once (issue 16).
 *
 * ```ts
 * const sim = await startTableSimulator({ broker: 'mqtt://localhost', tableId: 'T1',
 *   steps: simulateTable({ seed: 'demo' }), speed: 10 });
 * process.once('SIGINT', () => void sim.stop());   // offline status, then disconnect
 * await sim.done;
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import {
  connectController,
  controllerVersion,
  SIMULATOR_VERSION,
  STOP_TIMEOUT_MS,
  withTimeout,
  type ControllerLinkOptions,
} from './controller-link';
import { createMessenger, isoNow, type Messenger } from './messages';
import type { Step } from './steps';
import { stepDelayMs } from './timing';

// The controller's connection is controller-link.ts's; those who connect one (the keypad) found it here.
export {
  connectController,
  controllerIdOf,
  controllerSoftware,
  controllerVersion,
  heldByAnother,
  serverOf,
  SIMULATOR_VERSION,
  tableOpenOf,
  type ControllerLink,
} from './controller-link';

/** A table simulator: a controller's connection ({@link ControllerLinkOptions}) and the steps it deals. */
export interface TableSimulatorOptions extends Omit<ControllerLinkOptions, 'onStatus' | 'tableOpen'> {
  readonly steps: Iterable<Step>; // e.g. simulateTable({ seed })
  /** 1 = real time; N = N× faster; 0 or Infinity = as fast as the broker acknowledges. Default 1. */
  readonly speed?: number;
  readonly seqStart?: number; // first event seq; default the clock in µs (Date.now() × 1000), rising across restarts
  /** False: a controller that never publishes `betting-open` nor `no-more-bets` (see the messenger). Default true. */
  readonly bettingEvents?: boolean;
  readonly onStep?: (step: Step) => void; // after the step's messages are acknowledged
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

/**
 * Connects one table controller and starts publishing its steps. Resolves once connected and `online` is
 * published; rejects if the broker cannot be reached (no retry at start-up: a wrong URL should fail at once).
 * @throws TypeError for an invalid table id, controller id or topic root.
 */
export async function startTableSimulator(options: TableSimulatorOptions): Promise<TableSimulator> {
  const { speed = 1, now = isoNow, sleep = abortableSleep } = options;
  const delayScale = speed > 0 && Number.isFinite(speed) ? 1 / speed : 0;
  const version = controllerVersion('simulator', options.version ?? SIMULATOR_VERSION);
  const link = await connectController({ ...options, version });
  const { tableId, controllerId, client, publish } = link;

  const messenger = createMessenger({
    controllerId,
    now,
    seqStart: options.seqStart ?? Date.now() * 1000,
    ...(options.bettingEvents !== undefined && { bettingEvents: options.bettingEvents }),
    ...(link.sign && { sign: link.sign }),
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
      await link.stop();
    })());

  return { tableId, controllerId, client, messenger, done, stop };
}
