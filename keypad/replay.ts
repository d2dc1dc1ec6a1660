/**
 * From the keypad's journal to what it had: the state, and the simulator's messenger with the same `seq`, table
 * state, clock values and signatures as when each action was taken, so that the messages it makes again are the
 * messages it made. The keypad's run time (`keypad.ts`) makes every message through a {@link Stamped} messenger.
 *
 * ```ts
 * const stamped = stampedMessenger(journal.header, { controllerId: 'ctl-T1', tableId: 'T1' });
 * const { state, last, snapshot } = replay(journal, stamped);   // then publish `last`, and `snapshot`
 * ```
 * @packageDocumentation
 */
import { DEFAULT_ROOT, topics } from '../contract/topics';
import { signatureOf, type SigningKey } from '../mqtt-bridge/signing';
import { createMessenger, type ControllerKind, type Messenger, type Outgoing } from '../simulator/messages';
import type { ControllerStep } from '../simulator/steps';
import { adoptedState } from './adopt';
import type { JournalHeader, KeypadJournal } from './journal';
import { act, INITIAL_STATE, type KeypadState } from './keypad-state';

export interface StampedOptions {
  readonly controllerId: string;
  readonly tableId: string;
  readonly root?: string;
  readonly signingKey?: SigningKey;
}

/** The messenger, stamping each action's messages with the action's time, and the last event `seq` it made. */
export interface Stamped {
  readonly messenger: Messenger;
  /** The messages of one action's steps, each carrying `at`. */
  messagesOf(steps: readonly ControllerStep[], at: string): Outgoing[];
  /** The last event `seq` made (the header's start − 1 before any). */
  lastSeq(): number;
}

/** A messenger that carries on from a journal header: its first event gets the header's `seqStart`. */
export function stampedMessenger(h: JournalHeader, o: StampedOptions): Stamped {
  const key = o.signingKey;
  const t = topics(o.root ?? DEFAULT_ROOT);
  const topicOf: Record<ControllerKind, string> = {
    hand: t.tableHand(o.tableId),
    event: t.tableEvent(o.tableId),
    shoe: t.tableShoe(o.tableId),
    controllerStatus: t.controllerStatus(o.tableId),
  };
  let clock = h.t;
  let lastSeq = h.seqStart - 1;
  const messenger = createMessenger({
    controllerId: o.controllerId,
    seqStart: h.seqStart,
    now: () => clock,
    // Never opened nor closed (a journal of an older keypad), the table is closed, as the keypad says and acts.
    tableOpen: h.tableOpen ?? false,
    ...(h.adopted && { resume: h.adopted }),
    ...(key && { sign: (kind: ControllerKind, payload: object) => signatureOf(key, topicOf[kind], payload) }),
  });
  return {
    messenger,
    messagesOf(steps, at) {
      clock = at;
      const out = steps.flatMap((s) => messenger.messagesFor(s));
      for (const m of out) if (m.kind === 'event') lastSeq = Math.max(lastSeq, m.payload.seq);
      return out;
    },
    lastSeq: () => lastSeq,
  };
}

export interface Replayed {
  readonly state: KeypadState;
  /** Actions taken, ever: the header's count and the journal's records. */
  readonly revision: number;
  /** The messages of the last action that made any: published again, in case they never left. */
  readonly last: readonly Outgoing[];
  /** The last snapshot made: the table's truth, published again. */
  readonly snapshot: Outgoing | null;
  /** Records the transitions refused (a journal of another version's rules): skipped. */
  readonly refused: readonly { readonly t: string; readonly error: string }[];
}

/**
 * Replays a journal's records through the transitions and the stamped messenger. Time windows (the undo) were
 * checked when each action was taken: they are not checked again.
 */
export function replay(journal: Pick<KeypadJournal, 'header' | 'records'>, stamped: Stamped): Replayed {
  const h = journal.header;
  let state: KeypadState = { ...INITIAL_STATE, tableOpen: h.tableOpen, shoeNo: h.shoeNo };
  let snapshot: Outgoing | null = null;
  const refused: { t: string; error: string }[] = [];
  if (h.adopted) {
    // The shoe carried on: rebuilt as when it was adopted (the same snapshot, the same rules), and published as ours.
    const adopted = adoptedState(h.adopted, h.tableOpen ?? false);
    if ('state' in adopted) state = adopted.state;
    else refused.push({ t: h.t, error: `the shoe carried on: ${adopted.problem}` });
    snapshot = stamped.messenger.snapshotMessage();
  }
  let last: Outgoing[] = [];
  for (const r of journal.records) {
    const next = act(state, r.a, { at: r.t, undoMs: Infinity, rekeyMs: Infinity });
    if (!next.ok) {
      refused.push({ t: r.t, error: next.error });
      continue;
    }
    state = next.value.state;
    const out = stamped.messagesOf(next.value.steps, r.t);
    if (out.length > 0) last = out;
    snapshot = [...out].reverse().find((m) => m.kind === 'shoe') ?? snapshot;
  }
  return { state, revision: h.revision + journal.records.length, last, snapshot, refused };
}
