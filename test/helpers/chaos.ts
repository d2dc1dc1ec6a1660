/**
 * The chaos table's harness: a table controller (the simulator's messenger, publishing through its own MQTT
 * client) dealing real shoes into a real broker, with faults injected between its steps, and a real board (the
 * bridge) watched after every step: it must equal the controller's truth, or say it is out of step, within 2 s, and
 * be back in step within 2 s of the next valid message. Used by e2e/chaos-table.test.ts and the fleet bench.
 *
 * ```ts
 * const report = await runChaos({ broker, bridge, steps, seed: 'chaos-1' });
 * report.frozen; // 0
 * ```
 */
import mqtt, { type MqttClient } from 'mqtt';
import { isShoeHand, shoeHands, type Shoe } from '../../baccarat/shoe';
import type { ShoeSnapshot } from '../../contract/schemas';
import { TOPIC_SPECS, topics } from '../../contract/topics';
import type { Bridge } from '../../mqtt-bridge/bridge';
import { createMessenger, type Outgoing } from '../../simulator/messages';
import { createRng } from '../../simulator/prng';
import type { Step } from '../../simulator/steps';
import type { Mosquitto } from './mosquitto';

/** What can go wrong between two steps of a table, as brokers, networks and controllers do. */
export const FAULTS = [
  'drop-one', // one hand or event of the step never reaches the board (its snapshot does)
  'drop-all', // the whole step is lost on its way to the board, snapshot included
  'duplicate', // every message of the step is delivered twice (QoS 1: at least once)
  'stale-snapshot', // a broker restored from a backup brings back an older snapshot of this shoe, retained
  'old-shoe-snapshot', // a second controller left the snapshot of a shoe long gone, retained
  'clear-retained', // an operator (or a restore) deletes the retained snapshot and signs
  'controller-restart', // the controller restarts: its last hand sent again with a new time, its snapshot again
  'broker-restart', // the broker restarted cleanly (persistence on: sessions and retained kept)
  'broker-crash', // the broker killed (SIGKILL: nothing saved since it started) and started again
] as const;
export type Fault = (typeof FAULTS)[number];

export interface ChaosOptions {
  readonly broker: Mosquitto;
  readonly bridge: Bridge;
  readonly tableId: string;
  readonly steps: Iterable<Step>;
  readonly seed: string;
  /** Probability of a fault before a step (default 0.08); every kind happens at least once per 60 steps. */
  readonly faultRate?: number;
  /** Shoes (by number, from 1) dealt by a controller that sends no betting events. */
  readonly silentShoes?: readonly number[];
  /** Called after every step once the board has settled (for checks of the caller's own). */
  readonly afterStep?: (step: Step, ctx: { snapshot: ShoeSnapshot | null; shoeNo: number }) => Promise<void> | void;
  readonly limitMs?: number; // how long the board may take to agree or say it is out of step (default 2000)
}

export interface ChaosReport {
  shoes: number;
  steps: number;
  faults: Record<Fault, number>;
  episodes: number; // times the board went out of step
  worstOutOfStepMs: number; // longest time out of step, from falling out to back in step
  worstSettleMs: number; // longest time after a step until the board agreed or said it was out of step
  frozen: { step: number; type: string; why: string }[]; // the board neither agreed nor said so in time
  backwards: string[]; // the board moved back (an older shoe, fewer hands) or was moved by a stale message
}

const PHASE_ENDED = (s: Shoe | null) => s?.phase === 'ended';

/** The first way the board's shoe differs from the controller's snapshot, or null when it shows exactly that. */
export function difference(shoe: Shoe | null, snap: ShoeSnapshot | null): string | null {
  if (!snap) return null;
  if (!shoe) return `no shoe; the table is in shoe ${snap.shoeId}`;
  if (shoe.id !== snap.shoeId) return `shoe ${shoe.id}; the table is in shoe ${snap.shoeId}`;
  const hands = shoeHands(shoe);
  if (hands.length !== snap.hands.length) return `${hands.length} hands; the table has ${snap.hands.length}`;
  for (const [i, h] of snap.hands.entries()) {
    const b = hands[i]!;
    const same =
      b.hand.outcome === h.outcome &&
      b.hand.playerPoints === h.playerPoints &&
      b.hand.bankerPoints === h.bankerPoints &&
      b.hand.playerPair === h.playerPair &&
      b.hand.bankerPair === h.bankerPair &&
      b.hand.natural === h.natural &&
      !!b.voidHand === !!h.voidHand &&
      !!b.voided === !!h.voided;
    if (!same) return `hand ${h.handNo} differs`;
  }
  const voided = shoe.rounds.filter((r) => !isShoeHand(r)).map((r) => r.no);
  const theirs = snap.voidedRounds.map((r) => r.handNo).sort((a, b) => a - b);
  if (voided.join() !== theirs.join()) return `voided rounds ${voided.join()}; the table has ${theirs.join()}`;
  const cut = shoe.cutCard.drawn ? shoe.cutCard.handNo : null;
  if (cut !== (snap.cutCard?.handNo ?? null)) return `cut card ${cut}; the table has ${snap.cutCard?.handNo ?? null}`;
  if (!!shoe.burn !== !!snap.burn) return `burn ${!!shoe.burn}; the table has ${!!snap.burn}`;
  if (PHASE_ENDED(shoe) !== (snap.phase === 'ended')) return `phase ${shoe.phase}; the table is ${snap.phase}`;
  return null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `ok` returns a value other than undefined, or `ms` passes (then undefined). */
async function poll<T>(ok: () => T | undefined, ms: number): Promise<T | undefined> {
  const end = performance.now() + ms;
  for (;;) {
    const v = ok();
    if (v !== undefined || performance.now() > end) return v;
    await sleep(5);
  }
}

export async function runChaos(o: ChaosOptions): Promise<ChaosReport> {
  const t = topics('baccarat');
  const limit = o.limitMs ?? 2000;
  const rng = createRng(`${o.seed}:faults`);
  const controllerId = `ctl-${o.tableId}`;
  const messenger = createMessenger({ controllerId, seqStart: Date.now() * 1000 });
  const connect = () =>
    mqtt.connectAsync(o.broker.url, { clientId: controllerId, clean: false, reconnectPeriod: 100 }, false);
  let ctl: MqttClient = await connect();
  const topicOf = (m: Outgoing) =>
    m.kind === 'hand'
      ? t.tableHand(o.tableId)
      : m.kind === 'event'
        ? t.tableEvent(o.tableId)
        : m.kind === 'shoe'
          ? t.tableShoe(o.tableId)
          : t.controllerStatus(o.tableId);
  const send = (m: Outgoing, text = m.text) =>
    ctl.publishAsync(topicOf(m), text, { qos: 1, retain: TOPIC_SPECS[m.kind].retain });
  const report: ChaosReport = {
    shoes: 0,
    steps: 0,
    faults: Object.fromEntries(FAULTS.map((f) => [f, 0])) as Record<Fault, number>,
    episodes: 0,
    worstOutOfStepMs: 0,
    worstSettleMs: 0,
    frozen: [],
    backwards: [],
  };
  // Never backwards: a shoe the board has left never comes back, and a shoe's hands never decrease.
  const left = new Set<string>();
  let shown: { id: string; hands: number } | null = null;
  const watch = (view: { shoe: Shoe | null }) => {
    const s = view.shoe;
    if (!s) return;
    const hands = shoeHands(s).length;
    if (shown && shown.id !== s.id) {
      if (left.has(s.id)) report.backwards.push(`went back to shoe ${s.id}`);
      left.add(shown.id);
    } else if (shown && hands < shown.hands)
      report.backwards.push(`shoe ${s.id} went from ${shown.hands} to ${hands} hands`);
    shown = { id: s.id, hands };
  };
  o.bridge.on('view', watch);
  /**
   * After a message the board must ignore (stale, cleared): it changes nothing and raises nothing; the board still
   * shows `truth`, the table as it was before this step.
   */
  const unmoved = async (what: string, received: number, truth: ShoeSnapshot | null) => {
    await poll(() => (bridge.counters.received > received ? true : undefined), limit);
    await sleep(20);
    const why = bridge.step ? `out of step: ${bridge.step.reason}` : difference(bridge.table.shoe, truth);
    if (why) report.backwards.push(`${what} moved the board: ${why}`);
  };
  const snapshots: ShoeSnapshot[] = []; // every snapshot the controller published, for stale copies
  let lastHand: Outgoing | null = null;
  let outSince: number | null = null; // when the board went out of step (performance.now())
  let shoeNo = 0;
  let next = 0; // the fault kind due next, so that every kind comes up
  const bridge = o.bridge;

  const settle = async (step: Step, deferred: boolean): Promise<void> => {
    const truth = messenger.snapshot();
    const t0 = performance.now();
    const verdict = await poll(() => {
      // Out of step, or not connected: either way the board says it is not current (staff and patrons see it).
      if (bridge.step || bridge.view().connection.state !== 'connected') return 'out';
      return difference(bridge.table.shoe, truth) === null ? 'in' : undefined;
    }, limit);
    const ms = performance.now() - t0;
    if (verdict === 'out') {
      if (outSince === null) {
        outSince = t0;
        report.episodes++;
      }
      // Back in step within the limit of the next valid message: checked after the next step.
    } else if (verdict === 'in') {
      if (outSince !== null) report.worstOutOfStepMs = Math.max(report.worstOutOfStepMs, performance.now() - outSince);
      outSince = null;
    } else if (!deferred) {
      report.frozen.push({ step: report.steps, type: step.type, why: difference(bridge.table.shoe, truth) ?? '?' });
    }
    if (verdict !== undefined) report.worstSettleMs = Math.max(report.worstSettleMs, ms);
  };

  for (const step of o.steps) {
    if (step.type === 'shoe-start') {
      shoeNo = step.shoeNo;
      report.shoes++;
    }
    const silent = o.silentShoes?.includes(shoeNo) ?? false;
    const before = messenger.snapshot(); // the table as the board should show it now, before this step
    const settled = outSince === null && !bridge.step && difference(bridge.table.shoe, before) === null;
    let messages = messenger
      .messagesFor(step)
      .filter((m) => !(silent && m.kind === 'event' && /"type":"(betting-open|no-more-bets)"/.test(m.text)));
    let fault: Fault | null = null;
    if (messages.length > 0 && rng.next() < (o.faultRate ?? 0.08)) fault = FAULTS[next++ % FAULTS.length]!;
    let deferred = false;
    switch (fault) {
      case 'drop-one': {
        const i = messages.findIndex((m) => m.kind !== 'shoe');
        if (i >= 0) messages = messages.filter((_, j) => j !== i);
        break;
      }
      case 'drop-all':
        // Lost on the way (a broker that died before it stored them): the next step's snapshot says it all.
        messages = [];
        deferred = true;
        break;
      case 'duplicate':
        messages = [...messages, ...messages];
        break;
      case 'stale-snapshot': {
        // An older snapshot of the shoe shown, published before this step's messages: the board must keep its own.
        const shorter = (x: ShoeSnapshot) => x.shoeId === before?.shoeId && x.hands.length < before.hands.length;
        const mine = snapshots.filter(shorter);
        const old = mine[Math.max(0, mine.length - 3)];
        if (old) {
          const received = bridge.counters.received;
          await ctl.publishAsync(t.tableShoe(o.tableId), JSON.stringify(old), { qos: 1, retain: true });
          if (settled) await unmoved('a stale snapshot', received, before);
        }
        break;
      }
      case 'old-shoe-snapshot': {
        // A second controller's snapshot of a shoe long gone: another controller id, an early seq, an old start.
        const old = snapshots.find((x) => x.shoeId !== before?.shoeId && x.hands.length > 0);
        if (old) {
          const received = bridge.counters.received;
          const stale = { ...old, controllerId: 'ctl-old', seq: 1 };
          await ctl.publishAsync(t.tableShoe(o.tableId), JSON.stringify(stale), { qos: 1, retain: true });
          if (settled) await unmoved('the snapshot of an old shoe', received, before);
        }
        break;
      }
      case 'clear-retained': {
        const received = bridge.counters.received;
        await ctl.publishAsync(t.tableShoe(o.tableId), '', { qos: 1, retain: true });
        await ctl.publishAsync(t.tableSignage(o.tableId), '', { qos: 1, retain: true });
        if (settled) await unmoved('clearing the retained messages', received + 1, before);
        break;
      }
      case 'controller-restart': {
        await ctl.endAsync();
        ctl = await connect();
        if (lastHand)
          await send(
            lastHand,
            lastHand.text.replace(/"timestamp":"[^"]+"/, `"timestamp":"${new Date().toISOString()}"`),
          );
        const current = messenger.snapshot();
        if (current) await ctl.publishAsync(t.tableShoe(o.tableId), JSON.stringify(current), { qos: 1, retain: true });
        break;
      }
      case 'broker-restart':
        await o.broker.restart();
        break;
      case 'broker-crash':
        await o.broker.kill();
        await o.broker.restart();
        break;
      case null:
        break;
    }
    if (fault) report.faults[fault]++;
    for (const m of messages) {
      await send(m);
      if (m.kind === 'hand') lastHand = m;
    }
    const now = messenger.snapshot();
    if (now && now !== snapshots.at(-1)) snapshots.push(now);
    report.steps++;
    if (messages.length > 0 || fault !== null) await settle(step, deferred);
    await o.afterStep?.(step, { snapshot: messenger.snapshot(), shoeNo });
  }
  await ctl.endAsync();
  o.bridge.off('view', watch);
  return report;
}
