/**
 * How a board follows its table, message by message, without knowing MQTT: it applies each message to the table
 * state, journals what it took, keeps hands that arrived beyond a gap until the gap is filled, and keeps the
 * out-of-step state true: out of step when it cannot follow (a gap, a refused message, a snapshot that disagrees),
 * asking for the table's snapshot until a valid hand or snapshot brings it back in step. The bridge feeds it.
 *
 * ```ts
 * const f = new Follower({ tableId: 'T1', log, now, resync, journal, changed });
 * f.take(msg, now, topic, json);  // or f.refused('hand', 'bad-json: …') for a message the contract refused
 * f.step;                         // null, or { code: 'gap', reason, since }
 * ```
 * @packageDocumentation
 */
import type { Logger } from 'pino';
import type { OutOfStep, StaffWarning } from '../contract/kiosk';
import { SIGNER_OF } from '../contract/signed';
import { nextOutOfStep, type StepSignal } from './out-of-step';
import { HandsAhead, type Ahead, type Received } from './hands-ahead';
import { PendingReplace } from './pending-replace';
import { Resyncs, RESYNC_DEFAULTS, type ResyncOptions } from './resyncs';
import { TableSigning } from './table-signing';
import { RESULT_KINDS } from './table-types';
import { applyMessage, emptyTableState, type Applied, type TableMessage, type TableState } from './table-state';

export interface FollowerDeps {
  readonly tableId: string;
  readonly log: Logger;
  readonly now: () => string; // ISO 8601
  /** Ask the broker for the retained snapshot again (rate-limited here). */
  readonly resync: (reason: string) => void;
  /** Record an accepted message (the journal); `json` is its text as received. */
  readonly journal: (
    msg: TableMessage,
    t: string,
    json: string | undefined,
    state: TableState,
    received: Received,
  ) => void;
  /** A hand or the table's snapshot settled whether the board is in step (it heard its table). */
  readonly settled?: () => void;
  /** Something the board shows changed (state, out of step, warnings). */
  readonly changed: () => void;
  /** A message was rejected: counted and logged by the bridge. */
  readonly rejected: (topic: string, code: string, reason: string) => void;
  readonly resyncOptions?: Partial<ResyncOptions>;
  /** The board's state was replaced, not added to (a signed snapshot over unsigned results): the journal compacts. */
  readonly replaced?: (state: TableState, t: string) => void;
  /** Why a result taken unsigned is unverified, for staff (signatures are optional unless required). */
  readonly unsignedResults?: () => string;
}

/** "an event", "a hand". */
const article = (word: string): string => (/^[aeiou]/.test(word) ? 'an' : 'a');

/** A snapshot's stamp, for {@link Follower.settle}: null after a hand. */
const snapshotStamp = (msg: TableMessage): string | null => (msg.kind === 'shoe' ? msg.payload.timestamp : null);

const NO_TAIL = { signedSince: null, unsignedSince: null };

export class Follower {
  /** Duplicates ignored and messages applied, for monitoring. */
  readonly counts = { applied: 0, duplicates: 0 };
  private current: TableState;
  private outOfStep: OutOfStep | null = null;
  /** Signs ignored for a revision below the one shown, by topic kind, until a sign is taken again. */
  private readonly ignored = new Map<'signage' | 'casinoSignage', StaffWarning>();
  /** Whether the results shown are signed, and whether the table is held to signing. */
  private readonly signing: TableSigning;
  /** Hands that arrived ahead of a gap, applied once the resync has filled it. */
  private readonly ahead = new HandsAhead();
  private readonly resyncs: Resyncs;
  /** An operator's replace under way ({@link replaceWithSnapshot}): settled by the next snapshot, or its absence. */
  private readonly replacing = new PendingReplace();

  constructor(private readonly deps: FollowerDeps) {
    this.current = emptyTableState(deps.tableId);
    this.signing = new TableSigning(() => deps.unsignedResults?.() ?? 'results are not signed');
    this.resyncs = new Resyncs(deps.resync, { ...RESYNC_DEFAULTS, ...deps.resyncOptions });
  }

  get state(): TableState {
    return this.current;
  }

  /** Why the board is not current, or null when it follows its table. */
  get step(): OutOfStep | null {
    return this.outOfStep;
  }

  /** Warnings for staff that come from following: signs ignored for an older revision, unsigned results. */
  get warnings(): StaffWarning[] {
    const unverified = this.signing.warning;
    return [...this.ignored.values(), ...(unverified ? [unverified] : [])];
  }

  /** Resyncs run and coalesced, for monitoring. */
  get resyncCounts(): Resyncs['counts'] {
    return this.resyncs.counts;
  }

  /**
   * Starts from a restored state (the journal) without journaling it again; `signedSince` and `unsignedSince`: since
   * when the table's results were signed, or came unsigned, as the board's history ends (both null: none).
   */
  restore(state: TableState, tail: { signedSince: string | null; unsignedSince: string | null } = NO_TAIL): void {
    this.current = state;
    this.signing.reset(tail.signedSince, tail.unsignedSince);
  }

  /**
   * An operator asks the board to show exactly what the table's snapshot says (the fleet's `resync` with `replace`):
   * the next snapshot heard replaces its results, whatever they were (the one time it may move backwards). Until it
   * comes, and for good if it is refused or none comes within `waitMs`, the board keeps what it shows: it dropped its
   * shoe at once, and showed nothing where the broker held no snapshot it could take. Resolves null once replaced,
   * else why not. Unsigned results are taken again as the settings allow (the operator's word).
   */
  replaceWithSnapshot(waitMs: number): Promise<string | null> {
    this.signing.reset();
    return this.replacing.begin(waitMs);
  }

  stop(): void {
    this.resyncs.stop();
    this.replacing.settle('the board stopped');
  }

  /** A message of this table's result topics that the contract refused (unreadable, wrong shape, too large …). */
  refused(kind: string, reason: string): void {
    if (kind === 'shoe') this.replacing.kept(`was refused (${reason})`);
    if (RESULT_KINDS.has(kind))
      this.outOfStepBy('rejected', `${article(kind)} ${kind} message was refused: ${reason}`, kind);
  }

  /**
   * A validated message of this table: applied, journaled and shown, or why not. `verified`: signed by a key the
   * board trusts (a result taken unsigned makes the results unverified for staff, until a signed one).
   */
  take(msg: TableMessage, now: string, topic: string, json?: string, verified = true): Applied['effect'] {
    const byController = SIGNER_OF[msg.kind] === 'controller';
    const why = byController ? this.signing.refusal(msg.kind, verified) : null;
    if (why !== null) {
      this.deps.rejected(topic, 'bad-signature', why);
      if (msg.kind === 'shoe') this.replacing.kept(`was refused (${why})`);
      return 'rejected'; // not the table: never out of step over it
    }
    let result = applyMessage(this.current, msg, now);
    // A snapshot taken on none of the board's results: the one an operator's replace waits for, or a signed one over
    // results taken unsigned.
    let over: Applied | null = null;
    if (msg.kind === 'shoe' && this.replacing.active) {
      over = this.fresh(msg, now);
      if (over.effect === 'applied') this.replacing.settle(null);
      else this.replacing.kept(`was not taken (${over.reason})`);
    } else if (msg.kind === 'shoe' && verified && result.effect !== 'applied' && this.signing.showsUnsigned)
      over = this.overUnsigned(msg, now);
    if (over?.effect === 'applied') result = over;
    if (byController && result.effect === 'applied' && this.signing.taken(msg.kind, verified, now)) this.deps.changed();
    this.handle(msg, result, now, { topic, verified }, json);
    if (over?.effect === 'applied') this.deps.replaced?.(this.current, now);
    return result.effect;
  }

  /** A snapshot taken on none of the board's results: its signs and the controller's presence kept. */
  private fresh(msg: TableMessage, now: string): Applied {
    const { signage, casino, controller } = this.current;
    const r = applyMessage({ ...emptyTableState(this.deps.tableId), signage, casino, controller }, msg, now);
    if (r.effect === 'applied') this.ahead.clear();
    return r;
  }

  /**
   * A signed snapshot the rules would not take over a shoe the board took unsigned (before it knew the table signs):
   * the unsigned one may be made up to look newer than any real shoe (a later start, the highest seq), so the signed
   * one is taken in its place, on the board's results cleared (the signs and the controller's presence kept). Null:
   * not such a case.
   */
  private overUnsigned(msg: TableMessage & { kind: 'shoe' }, now: string): Applied | null {
    // The signs and the controller's presence are kept: a controller says online only when it connects.
    const shown = this.current.shoe?.id ?? null;
    const r = this.fresh(msg, now);
    if (r.effect !== 'applied') return null;
    this.deps.log.warn(
      { shoeId: msg.payload.shoeId, shown },
      "a signed snapshot replaces the table's results the board took unsigned",
    );
    return r;
  }

  private handle(msg: TableMessage, result: Applied, now: string, received: Received, json?: string): void {
    const log = this.deps.log;
    const { topic } = received;
    switch (result.effect) {
      case 'applied':
        this.commit(msg, result.state, now, received, json);
        if (msg.kind === 'signage' || msg.kind === 'casinoSignage') this.ignored.delete(msg.kind);
        this.drainAhead();
        if (msg.kind === 'hand' || msg.kind === 'shoe')
          this.settle(snapshotStamp(msg), result.outOfStep ? `the table's snapshot: ${result.outOfStep}` : null);
        this.deps.changed();
        return;
      case 'duplicate':
        this.counts.duplicates++;
        if (result.kind === 'older-signage' || result.kind === 'older-casino-signage')
          return this.ignoredSign(msg, result.reason, topic);
        log[result.kind === 'stale' ? 'info' : 'debug']({ topic, reason: result.reason }, 'duplicate ignored');
        if (result.kind === 'agrees') this.settle(snapshotStamp(msg), null);
        return;
      case 'rejected':
        this.deps.rejected(topic, 'rejected-by-rules', result.reason);
        if (RESULT_KINDS.has(msg.kind)) this.outOfStepBy('rejected', result.reason, msg.kind);
        return;
      case 'conflict':
        log.warn({ topic, reason: result.reason }, 'the table disagrees with the board');
        this.outOfStepBy('conflict', result.reason);
        return;
      case 'resync':
        log.warn({ topic, reason: result.reason }, 'gap');
        if (msg.kind === 'hand') this.ahead.keep(msg, now, received);
        this.outOfStepBy('gap', result.reason);
        return;
    }
  }

  /**
   * After a hand or snapshot (`snapshotAt`: its stamp) was taken: in step, unless hands still wait beyond a gap or the
   * snapshot was taken only in part. A snapshot also ends the wait for hands of shoes it did not bring (forged, or
   * long gone), and for hands of its shoe it lacks though made after them ({@link disowned}). Hands still waiting
   * after a snapshot are asked for again only as the retries back off: the snapshot just heard is the broker's
   * latest, and asking at once would bring the same one back, once a second, for as long as the gap lasts.
   */
  private settle(snapshotAt: string | null, problem: string | null): void {
    const shoeId = this.current.shoe?.id;
    if (snapshotAt !== null)
      this.ahead.afterSnapshot(shoeId, snapshotAt, this.deps.now(), (a) => this.disown(a, snapshotAt));
    const waiting = this.ahead.waitingIn(shoeId);
    if (problem) this.outOfStepBy('conflict', problem);
    else if (waiting) {
      const reason = `hand ${waiting.m.payload.handNo} waits for the hands before it`;
      if (snapshotAt === null) this.outOfStepBy('gap', reason);
      else {
        this.setStep({ kind: 'gap', reason });
        this.resyncs.keepTrying(reason);
      }
    } else this.setStep({ kind: 'in-step' });
    this.deps.settled?.();
  }

  /** A hand kept beyond a gap that the table's snapshot of `snapshotAt` disowns: set aside, and said. */
  private disown(a: Ahead, snapshotAt: string): void {
    this.deps.rejected(
      a.received.topic,
      'not-in-snapshot',
      `hand ${a.m.payload.handNo} of shoe ${a.m.payload.shoeId} is not in the table's snapshot of ${snapshotAt}, ` +
        `made or received after it: the table does not know it (forged, or lost by its controller); set aside`,
    );
  }

  /**
   * Out of step, and the table's snapshot asked for at once; but not after the snapshot itself (`from`: the kind of
   * message), a conflict or a refusal: asking again brings the same retained one back, so it is asked for as the
   * retries back off (a malformed retained snapshot was asked for once a second, for as long as it stayed).
   */
  private outOfStepBy(kind: 'gap' | 'rejected' | 'conflict', reason: string, from = ''): void {
    this.setStep({ kind, reason });
    if (kind !== 'conflict' && from !== 'shoe') this.resyncs.request(reason);
  }

  private setStep(signal: StepSignal): void {
    const before = this.outOfStep;
    const after = nextOutOfStep(before, signal, this.deps.now());
    // Still out of step, told again: the next retry is due (after a retry's answer was the same conflict, none was).
    if (after) this.resyncs.keepTrying(after.reason);
    if (after === before) return;
    this.outOfStep = after;
    if (after && !before) this.deps.log.warn({ code: after.code, reason: after.reason }, 'out of step with the table');
    else if (!after && before) this.deps.log.info({ since: before.since }, 'back in step with the table');
    if (!after) this.resyncs.inStep();
    this.deps.changed();
  }

  /** A sign below the revision shown: ignored, and said so to staff (the pit may have lost its retained signs). */
  private ignoredSign(msg: TableMessage, reason: string, topic: string): void {
    const kind = msg.kind === 'casinoSignage' ? 'casinoSignage' : 'signage';
    this.deps.log.warn({ topic, reason }, 'sign ignored');
    const code = kind === 'signage' ? 'signage-ignored' : 'casino-signage-ignored';
    this.ignored.set(kind, { code, detail: reason, since: this.deps.now() });
    this.deps.changed();
  }

  private commit(msg: TableMessage, state: TableState, now: string, received: Received, json?: string): void {
    this.deps.journal(msg, now, json, state, received);
    this.current = state;
    this.counts.applied++;
    const shoe = state.shoe;
    if (shoe?.phase === 'ended') this.ahead.dropShoe(shoe.id);
  }

  /** Applies hands kept from ahead of a gap, now that the gap may be filled. */
  private drainAhead(): void {
    this.ahead.drain(({ t, m, received }) => {
      const why = this.signing.refusal('hand kept beyond a gap', received.verified);
      if (why !== null) {
        // Kept before the board knew the table signs: a forgery now, as it would be now.
        this.deps.rejected(received.topic, 'bad-signature', why);
        return 'dropped';
      }
      const r = applyMessage(this.current, m, t);
      if (r.effect === 'resync') return 'wait';
      if (r.effect !== 'applied') return 'dropped';
      this.commit(m, r.state, t, received);
      return 'taken';
    });
  }
}
