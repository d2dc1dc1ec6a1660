/**
 * A floor in one process (issue 16): N table controllers (the simulator's publisher, each its own MQTT client with
 * failover and jittered back-off) dealing real shoes step by step, and M boards per table (the real bridge without
 * a browser, each its own MQTT client, session and journal). After every step a board is compared with its
 * controller's truth as the chaos harness does (`difference(shoe, snapshot)`). Used by e2e/fleet-failover.test.ts
 * and bench/fleet.bench.ts.
 *
 * ```ts
 * const fleet = await startFleet({ brokers: pair.urls, tables: 20, boardsPerTable: 2, seed: 'ci' });
 * await fleet.deal();                         // one step at every table, acknowledged
 * await fleet.untilCurrent(10_000);           // ms until every board shows its table's truth
 * ```
 */
import { rmSync } from 'node:fs';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import pino from 'pino';
import { shoeHands } from '../../baccarat/shoe';
import { makeCasinoSignage, makeTableSignage } from '../../contract/mqtt';
import type { ShoeSnapshot } from '../../contract/schemas';
import { topics } from '../../contract/topics';
import { Bridge } from '../../mqtt-bridge/bridge';
import { defaultConfig } from '../../mqtt-bridge/config';
import { simulateTable } from '../../simulator/dealer';
import { startTableSimulator, type TableSimulator } from '../../simulator/publisher';
import { difference } from './chaos';
import { tempDir } from './lifecycle';
import { casino, signage } from './table-messages';

const T = topics('baccarat');

export interface FleetOptions {
  readonly brokers: readonly string[]; // every board and controller gets them all (failover in turn)
  readonly tables: number;
  readonly boardsPerTable: number;
  readonly seed: string;
  readonly jitter?: boolean; // default true; false: every client waits exactly its back-off (random () => 1)
  readonly backoff?: { readonly minMs: number; readonly maxMs: number }; // default the product's 1 s → 30 s
  readonly signs?: boolean; // publish a table sign per table and the casino sign, retained (default true)
}

/** One MQTT client's connection history, in performance.now() ms. */
export interface ClientTrace {
  readonly attempts: number[]; // each reconnection attempt (MQTT.js `reconnect`)
  readonly connects: number[]; // each CONNACK
  bytesIn: number; // MQTT packets received (remaining length + fixed header)
}

export interface FleetBoard {
  readonly tableId: string;
  readonly bridge: Bridge;
  readonly trace: ClientTrace;
  backwards: string[]; // the board went back to fewer hands of a shoe, or to a shoe it had left
}

export interface Fleet {
  readonly controllers: readonly TableSimulator[];
  readonly controllerTraces: readonly ClientTrace[];
  readonly boards: readonly FleetBoard[];
  readonly signRevision: number;
  /** One step at every table; resolves once every controller has its step acknowledged (and waits again). */
  deal(): Promise<void>;
  /** The table's truth: the controller's last snapshot. */
  truth(tableId: string): ShoeSnapshot | null;
  /** Why a board is not current (not connected, out of step, not its table's truth, signs not intact), or null. */
  lag(board: FleetBoard): string | null;
  /** Polls until every board is current: the ms it took, or null after `timeoutMs` (see {@link lagging}). */
  untilCurrent(timeoutMs: number): Promise<number | null>;
  lagging(): { displayId: string; why: string }[];
  stop(): Promise<void>;
}

const trace = (): ClientTrace => ({ attempts: [], connects: [], bytesIn: 0 });

function instrument(client: MqttClient, t: ClientTrace): void {
  client.on('reconnect', () => t.attempts.push(performance.now()));
  client.on('connect', () => t.connects.push(performance.now()));
  client.on('packetreceive', (p) => (t.bytesIn += (p.length ?? 0) + 2));
}

/** Parks a controller between steps: its `sleep` waits for {@link Gate.release}, whatever the step's pace. */
class Gate {
  private wake: (() => void) | null = null;
  private parkedWaiters: (() => void)[] = [];
  readonly sleep = (_ms: number, signal: AbortSignal): Promise<void> =>
    new Promise((resolve) => {
      const go = () => {
        signal.removeEventListener('abort', go);
        this.wake = null;
        resolve();
      };
      this.wake = go;
      signal.addEventListener('abort', go, { once: true });
      for (const w of this.parkedWaiters.splice(0)) w();
    });
  /** Lets the controller deal its next step; resolves once it waits again (every publish acknowledged). */
  async release(done: Promise<void>): Promise<void> {
    const parked = new Promise<void>((r) => this.parkedWaiters.push(r));
    this.wake?.();
    await Promise.race([parked, done]);
  }
  parked(done: Promise<void>): Promise<void> {
    if (this.wake) return Promise.resolve();
    return Promise.race([new Promise<void>((r) => this.parkedWaiters.push(r)), done]);
  }
}

export async function startFleet(o: FleetOptions): Promise<Fleet> {
  const random = o.jitter === false ? () => 1 : Math.random;
  const backoff = o.backoff ?? { minMs: 1000, maxMs: 30_000 };
  const logger = pino({ level: 'silent' });
  const dir = tempDir('bb-fleet-');
  const tableIds = Array.from({ length: o.tables }, (_, i) => `F${String(i + 1).padStart(3, '0')}`);
  const signRevision = 7;

  if (o.signs ?? true) {
    const pit = await mqtt.connectAsync(o.brokers[0]!, { clientId: `pit-${o.seed}`, reconnectPeriod: 0 });
    await pit.publishAsync(T.casinoSignage(), makeCasinoSignage(casino(signRevision)), { qos: 1, retain: true });
    for (const tableId of tableIds)
      await pit.publishAsync(
        T.tableSignage(tableId),
        makeTableSignage(signage(signRevision, { tableName: `Table ${tableId}` })),
        { qos: 1, retain: true },
      );
    await pit.endAsync();
  }

  const gates = new Map<string, Gate>();
  const controllers: TableSimulator[] = [];
  const controllerTraces: ClientTrace[] = [];
  for (const tableId of tableIds) {
    const gate = new Gate();
    gates.set(tableId, gate);
    const sim = await startTableSimulator({
      broker: o.brokers,
      tableId,
      steps: simulateTable({ seed: `${o.seed}/${tableId}`, irregularities: 0.02 }),
      speed: 1,
      sleep: gate.sleep,
      backoff,
      random,
    });
    const t = trace();
    instrument(sim.client, t);
    controllers.push(sim);
    controllerTraces.push(t);
  }
  const simOf = new Map(controllers.map((s) => [s.tableId, s]));

  const boards: FleetBoard[] = [];
  const base = defaultConfig();
  for (const tableId of tableIds)
    for (let i = 1; i <= o.boardsPerTable; i++) {
      const displayId = `${tableId}-D${i}`;
      const t = trace();
      const connect = (opts: IClientOptions) => {
        const c = mqtt.connect(opts);
        instrument(c, t);
        return c;
      };
      const bridge = new Bridge(
        {
          ...base,
          tableId,
          displayId,
          mqtt: {
            ...base.mqtt,
            brokers: [...o.brokers],
            clientId: `board-${displayId}`,
            reconnectMinMs: backoff.minMs,
            reconnectMaxMs: backoff.maxMs,
          },
          journal: { dir: `${dir}/${displayId}`, syncIntervalMs: 0 }, // no fsync timers: one machine, 300 journals
        },
        { logger, random, connect },
      );
      const board: FleetBoard = { tableId, bridge, trace: t, backwards: [] };
      watchBackwards(board);
      boards.push(board);
    }
  await Promise.all(boards.map((b) => b.bridge.start()));
  await Promise.all(tableIds.map((id) => gates.get(id)!.parked(simOf.get(id)!.done)));

  const truth = (tableId: string) => simOf.get(tableId)?.messenger.snapshot() ?? null;
  const lag = (board: FleetBoard): string | null => {
    const b = board.bridge;
    if (!b.subscribed) return `not subscribed (${b.view().connection.state})`;
    if (b.step) return `out of step: ${b.step.code} ${b.step.reason}`;
    const why = difference(b.table.shoe, truth(board.tableId));
    if (why) return why;
    if (o.signs ?? true) {
      const v = b.view();
      if (v.signage?.revision !== signRevision || v.casino?.revision !== signRevision)
        return `signs at revisions ${v.signage?.revision}/${v.casino?.revision}, not ${signRevision}`;
      if (v.warnings.some((w) => w.code.includes('signage'))) return `sign warnings: ${JSON.stringify(v.warnings)}`;
    }
    return null;
  };
  const lagging = () =>
    boards.flatMap((b) => {
      const why = lag(b);
      return why ? [{ displayId: b.bridge.config.displayId, why }] : [];
    });
  return {
    controllers,
    controllerTraces,
    boards,
    signRevision,
    deal: async () => {
      await Promise.all(controllers.map((s) => gates.get(s.tableId)!.release(s.done)));
    },
    truth,
    lag,
    lagging,
    untilCurrent: async (timeoutMs) => {
      const t0 = performance.now();
      for (;;) {
        if (boards.every((b) => lag(b) === null)) return performance.now() - t0;
        if (performance.now() - t0 > timeoutMs) return null;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    stop: async () => {
      await Promise.all(boards.map((b) => b.bridge.stop()));
      await Promise.all(controllers.map((s) => s.stop()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Never backwards: a shoe the board has left never comes back, and a shoe's hands never decrease. */
function watchBackwards(board: FleetBoard): void {
  const left = new Set<string>();
  let shown: { id: string; hands: number } | null = null;
  board.bridge.on('view', (view) => {
    const s = view.shoe;
    if (!s) return;
    const hands = shoeHands(s).length;
    if (shown && shown.id !== s.id) {
      if (left.has(s.id)) board.backwards.push(`went back to shoe ${s.id}`);
      left.add(shown.id);
    } else if (shown && hands < shown.hands) board.backwards.push(`shoe ${s.id}: ${shown.hands} → ${hands} hands`);
    shown = { id: s.id, hands };
  });
}

/** The most events in any window of `windowMs` (a sliding window over sorted times). */
export function peakRate(times: readonly number[], windowMs: number): number {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < t.length; i++) {
    while (t[i]! - t[j]! >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}
