/**
 * Steps to wire messages: each {@link Step} becomes the contract's hand or event payload, followed by the
 * retained shoe snapshot that reflects it. Every payload is serialised with the contract's `makeMessage` (which
 * validates it: a contract change breaks the simulator's tests, not the field) and every hand is checked with the
 * core's `checkResult` first. Pure apart from the injected clock.
 *
 * ```ts
 * const m = createMessenger({ controllerId: 'ctl-T1', seqStart: Date.now() * 1000 });
 * for (const step of simulateTable({ seed: 1, shoes: 1 })) for (const out of m.messagesFor(step)) send(out);
 * ```
 * @packageDocumentation
 */
import { makeMessage } from '../contract/mqtt';
import type { Signature } from '../contract/schemas/common';
import type { TableEvent } from '../contract/schemas/event';
import type { ShoePhase, ShoeSnapshot } from '../contract/schemas/shoe';
import type { ConnectionState, ControllerStatus } from '../contract/schemas/status';
import type { PayloadByKind } from '../contract/schemas/index';
import { cardText, checked, handMessage, keyedHandMessage } from './hand-message';
import type { ControllerStep } from './steps';

// The hand messages themselves are hand-message.ts's; those who check or build them alone found them here.
export { checkHandMessage, handMessage } from './hand-message';

/** The kinds of message a table controller publishes. */
export type ControllerKind = 'hand' | 'event' | 'shoe' | 'controllerStatus';

/** One message ready to publish: its kind (which names the topic, QoS and retain flag), payload and JSON text. */
export type Outgoing = {
  readonly [K in ControllerKind]: { readonly kind: K; readonly payload: PayloadByKind[K]; readonly text: string };
}[ControllerKind];

const unsignedOut = <K extends ControllerKind>(kind: K, payload: PayloadByKind[K]): Outgoing =>
  ({ kind, payload, text: makeMessage(kind, payload) }) as Outgoing;

/** The current time as RFC 3339, the contract's timestamp form. */
export const isoNow = (): string => new Date().toISOString();

/**
 * A controller status payload (`online`, or `offline` for the last will and a clean stop). `tableOpen`, when the
 * controller knows it, goes in an `online` status only: the will is fixed at connect time, and a controller going
 * away says nothing about its table.
 */
export function controllerStatusMessage(
  state: ConnectionState,
  controllerId: string,
  version: string,
  timestamp: string,
  tableOpen?: boolean,
  connection?: string,
): Outgoing {
  const status: ControllerStatus = {
    v: 1,
    state,
    controllerId,
    version,
    timestamp,
    ...(tableOpen !== undefined && { tableOpen }),
    ...(connection !== undefined && { connection }),
  };
  return unsignedOut('controllerStatus', status);
}

export interface MessengerOptions {
  readonly controllerId: string;
  /** The first event's seq. Seq must rise across restarts too: seed it from the clock (the publisher does). */
  readonly seqStart?: number;
  readonly now?: () => string; // RFC 3339 time of each message; default the real clock
  /**
   * Whether `betting-open` and `no-more-bets` are published; default true. False is a controller that sends none
   * (the contract does not require them): their steps publish nothing, not even a snapshot, and the snapshot's phase
   * goes from `waiting` to `dealing` (a void hand announced, the cut card out) and back, never `betting`.
   */
  readonly bettingEvents?: boolean;
  /** Signs each message (the publisher's key, for the message's topic); default: unsigned. */
  readonly sign?: Signer;
  /**
   * Whether the table is open before the first step, for a controller that resumes from its own record (the
   * keypad's journal): the first shoe's snapshot then says so. Default: unknown until a table-open or table-closed.
   */
  readonly tableOpen?: boolean;
  /**
   * A shoe another controller of the table started, carried on from its retained snapshot (a spare keypad that took
   * the table over mid-shoe): the snapshot starts as this one, under this controller's id, and the table open or
   * closed as `tableOpen` says, else as it says. Its `seq` is the last event it reflects, so `seqStart` must be above it.
   */
  readonly resume?: ShoeSnapshot;
}

/** A controller's signature of a payload of a kind (it knows the topic of each kind). */
export type Signer = (kind: ControllerKind, payload: object) => Signature;

export interface Messenger {
  /** The messages of one step, in publishing order: the hand or event, then the snapshot when it changed. */
  readonly messagesFor: (step: ControllerStep) => Outgoing[];
  /** The current shoe snapshot, or null before the first shoe. */
  readonly snapshot: () => ShoeSnapshot | null;
  /** The current snapshot as a message to publish (signed when the controller signs), or null before a shoe. */
  readonly snapshotMessage: () => Outgoing | null;
}

const PHASE_AFTER: { readonly [T in ControllerStep['type']]?: ShoePhase } = {
  'shoe-start': 'shuffling',
  shuffle: 'shuffling',
  burn: 'shuffling',
  'betting-open': 'betting',
  'no-more-bets': 'dealing',
  'void-hand': 'dealing',
  'cut-card': 'dealing',
  hand: 'waiting',
  'keyed-hand': 'waiting',
  'round-void': 'waiting',
  'shoe-end': 'ended',
};

/** The snapshot without an optional property (a void hand's announcement once its round is over). */
const without = <K extends keyof ShoeSnapshot>(snap: ShoeSnapshot, key: K): ShoeSnapshot => {
  const { [key]: _dropped, ...rest } = snap;
  return rest as ShoeSnapshot;
};

/**
 * A messenger for one controller: it numbers events (`seq`), stamps times, and keeps the shoe snapshot that it
 * republishes after each change. The snapshot carries everything a board that saw every message knows, so a board
 * that rebuilds from it alone shows the same: hands with their corrections (`corrected`), void rounds, burn, cut
 * card, last coup, phase, the shoe's number and start, whether the table is open, a void hand announced for the
 * round being dealt, and the hands declared void afterwards (`voided`: a `hand-void` step is a `round-void` event
 * for a recorded hand). The `last-coup` step has no message of its own: the contract carries it in the cut-card
 * event and in the snapshot's `lastCoupHandNo`.
 */
export function createMessenger(options: MessengerOptions): Messenger {
  const { controllerId, now = isoNow, bettingEvents = true } = options;
  let seq = (options.seqStart ?? 0) - 1;
  let tableOpen = options.tableOpen ?? options.resume?.tableOpen; // from the last table-open / table-closed
  let snap: ShoeSnapshot | null = options.resume
    ? {
        ...without(options.resume, 'sig'),
        controllerId,
        timestamp: now(),
        ...(tableOpen !== undefined && { tableOpen }),
      }
    : null;

  const common = () => ({ v: 1 as const, seq: ++seq, controllerId, timestamp: now() });
  const { sign } = options;
  /** A message to publish, signed when the controller signs. */
  const out = <K extends ControllerKind>(kind: K, payload: PayloadByKind[K]): Outgoing =>
    sign ? unsignedOut(kind, { ...payload, sig: sign(kind, payload) }) : unsignedOut(kind, payload);
  /** The snapshot after `step`, from `next` (the snapshot with the step's change), republished. */
  const republish = (step: ControllerStep, next: ShoeSnapshot): Outgoing[] => {
    const phase = PHASE_AFTER[step.type] ?? next.phase;
    snap = { ...next, phase, seq, timestamp: now() };
    return [out('shoe', snap)];
  };
  const snapshotAfter = (step: ControllerStep, patch: Partial<ShoeSnapshot>): Outgoing[] =>
    snap ? republish(step, { ...snap, ...patch }) : [];
  /** The round being dealt is over (a result, or void): its void-hand announcement ends with it. */
  const roundOver = (step: ControllerStep, patch: Partial<ShoeSnapshot>): Outgoing[] =>
    snap ? republish(step, { ...without(snap, 'announcedVoidHand'), ...patch }) : [];
  const event = (e: TableEvent): Outgoing => out('event', e);

  const messagesFor = (step: ControllerStep): Outgoing[] => {
    switch (step.type) {
      case 'table-open':
      case 'table-closed': {
        tableOpen = step.type === 'table-open';
        const e = event({ ...common(), type: step.type, ...(snap && { shoeId: snap.shoeId }) });
        return [e, ...snapshotAfter(step, { tableOpen })];
      }
      case 'shoe-start': {
        const { shoeId, shoeNo, decks } = step;
        const payload: TableEvent = { ...common(), type: 'shoe-start', shoeId, decks, shoeNo };
        snap = {
          v: 1,
          controllerId,
          seq,
          shoeId,
          shoeNo,
          decks,
          startedAt: payload.timestamp,
          phase: 'shuffling',
          ...(tableOpen !== undefined && { tableOpen }),
          hands: [],
          voidedRounds: [],
          timestamp: now(),
        };
        return [event(payload), out('shoe', snap)];
      }
      case 'shuffle':
        return [event({ ...common(), type: 'shuffle', shoeId: step.shoeId }), ...snapshotAfter(step, {})];
      case 'burn': {
        const burn = { card: cardText(step.card), count: step.count };
        return [event({ ...common(), type: 'burn', shoeId: step.shoeId, burn }), ...snapshotAfter(step, { burn })];
      }
      case 'betting-open':
      case 'no-more-bets':
        if (!bettingEvents) return [];
        return [
          event({ ...common(), type: step.type, shoeId: step.shoeId, handNo: step.handNo }),
          ...snapshotAfter(step, {}),
        ];
      case 'void-hand': {
        const { shoeId, handNo, reason } = step;
        const e = event({ ...common(), type: 'void-hand', shoeId, handNo, reason });
        return [e, ...snapshotAfter(step, { announcedVoidHand: { handNo, reason } })];
      }
      case 'cut-card': {
        const { shoeId, handNo, firstCardOfRound, lastCoupHandNo } = step;
        const head = common();
        const e = event({ ...head, type: 'cut-card', shoeId, handNo, firstCardOfRound });
        const cutCard = { handNo, firstCardOfRound, timestamp: head.timestamp };
        return [e, ...snapshotAfter(step, { cutCard, lastCoupHandNo })];
      }
      case 'cut-card-withdrawn': {
        const { shoeId, handNo, by, note } = step;
        const e = event({ ...common(), type: step.type, shoeId, handNo, by, ...(note !== undefined && { note }) });
        return [e, ...(snap ? republish(step, without(without(snap, 'cutCard'), 'lastCoupHandNo')) : [])];
      }
      case 'last-coup':
        return [];
      case 'hand': {
        const time = now();
        const hand = checked(
          step.keyed
            ? keyedHandMessage(step.shoeId, step.handNo, step.keyed, time)
            : handMessage(step.shoeId, step.handNo, step.coup, time, step.voidHand),
        );
        return [out('hand', hand), ...roundOver(step, { hands: [...(snap?.hands ?? []), hand] })];
      }
      case 'keyed-hand': {
        const hand = checked(keyedHandMessage(step.shoeId, step.handNo, step.keyed, now(), step.voidHand));
        return [out('hand', hand), ...roundOver(step, { hands: [...(snap?.hands ?? []), hand] })];
      }
      case 'keyed-correction': {
        const { shoeId, handNo, by, note } = step;
        const original = snap?.hands[handNo - 1];
        const hand = checked(
          keyedHandMessage(shoeId, handNo, step.keyed, original?.timestamp ?? now(), original?.voidHand?.reason),
        );
        const payload: TableEvent = {
          ...common(),
          type: 'correction',
          shoeId,
          handNo,
          by,
          ...(note !== undefined && { note }),
          hand,
        };
        const corrected = { by, timestamp: payload.timestamp, ...(note !== undefined && { note }) };
        // The whole hand is replaced: cards of the result it corrects must not stay beside a result without any.
        const hands = (snap?.hands ?? []).map((h) => (h.handNo === handNo ? { ...hand, corrected } : h));
        return [event(payload), ...snapshotAfter(step, { hands })];
      }
      case 'correction': {
        const { shoeId, handNo, by, note } = step;
        const original = snap?.hands[handNo - 1];
        const hand = checked(
          handMessage(shoeId, handNo, step.coup, original?.timestamp ?? now(), original?.voidHand?.reason),
        );
        const payload: TableEvent = { ...common(), type: 'correction', shoeId, handNo, by, note, hand };
        const corrected = { by, timestamp: payload.timestamp, note };
        const hands = (snap?.hands ?? []).map((h) => (h.handNo === handNo ? { ...h, ...hand, corrected } : h));
        return [event(payload), ...snapshotAfter(step, { hands })];
      }
      case 'round-void': {
        const { shoeId, handNo, reason } = step;
        const payload: TableEvent = { ...common(), type: 'round-void', shoeId, handNo, reason };
        const voided = { handNo, reason, timestamp: payload.timestamp };
        // The round the cut card came out in (rule 11.2 b), voided: the round after it, the last coup, reuses its number.
        const cut = snap?.cutCard;
        const lastCoup =
          cut && !cut.firstCardOfRound && cut.handNo === handNo && snap?.lastCoupHandNo === handNo + 1
            ? { lastCoupHandNo: handNo }
            : {};
        return [
          event(payload),
          ...roundOver(step, { voidedRounds: [...(snap?.voidedRounds ?? []), voided], ...lastCoup }),
        ];
      }
      case 'hand-void': {
        const { shoeId, handNo, reason } = step;
        const who = {
          ...(step.by !== undefined && { by: step.by }),
          ...(step.note !== undefined && { note: step.note }),
        };
        const payload: TableEvent = { ...common(), type: 'round-void', shoeId, handNo, reason, ...who };
        const voided = { reason, timestamp: payload.timestamp, ...who };
        const hands = (snap?.hands ?? []).map((h) => (h.handNo === handNo ? { ...h, voided } : h));
        return [event(payload), ...snapshotAfter(step, { hands })];
      }
      case 'shoe-end': {
        const { shoeId, handCount } = step;
        return [event({ ...common(), type: 'shoe-end', shoeId, handCount }), ...snapshotAfter(step, {})];
      }
    }
  };
  return { messagesFor, snapshot: () => snap, snapshotMessage: () => (snap ? out('shoe', snap) : null) };
}
