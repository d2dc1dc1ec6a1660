/**
 * The bridge's public types: the events it emits (`view`, `command`, `rejected`), what it is given (the logger, and
 * the clock, the MQTT.js connect and the timings that tests inject), and the counters it keeps for monitoring.
 * `bridge.ts` re-exports them.
 *
 * ```ts
 * const deps: BridgeDeps = { logger, version: '1.2.3', now: () => clock.now() };
 * const listener: BridgeEvents['view'] = (view) => show(view);
 * ```
 * @packageDocumentation
 */
import type { IClientOptions, MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { TableView } from '../contract/kiosk';
import type { DisplayCommand } from '../contract/schemas';
import type { RejectionLogOptions } from './rejection-log';
import type { ResyncOptions } from './resyncs';

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
  readonly unheardAfterMs?: number; // how long the table may go unheard after a reconnection (default 20 s), for tests
  readonly instance?: string; // what the board's statuses say it is (default: drawn at random), for tests
  readonly noScreenGraceMs?: number; // browser mode: how long without a page before `no-screen` (default 30 s)
  readonly forgedQuietMs?: number; // how long without a forged message before `forged-results` ends (default 5 min)
}

/** Counters for the display status and for monitoring. */
export interface BridgeCounters {
  received: number;
  applied: number;
  duplicates: number;
  rejected: number;
  resyncs: number;
}
