/**
 * The journal as the bridge uses it: restored at start (records that cannot be trusted skipped, a journal of a later
 * version set aside), every accepted message appended as it is applied, flushed on a timer, compacted off the event
 * loop at each shoe's end (or when an operator replaces the board's state), and closed within a time limit. Beside
 * it, the tamper-evident history (history.ts), never compacted: the shoe's record, hash-chained.
 *
 * ```ts
 * const journal = new BoardJournal(path, 200, log);
 * const state = journal.restore(emptyTableState('T1'), new Date());
 * journal.record(msg, now, json, state);
 * ```
 * @packageDocumentation
 */
import type { Logger } from 'pino';
import type { Received } from './hands-ahead';
import { type History, type HistoryRecord, historyTail, openHistory, recordHash } from './history';
import { type Journal, openJournal, replayJournal } from './journal';
import { journalFileError, type JournalLock, lockJournal } from './journal-lock';
import { within } from './within';
import type { TableMessage, TableState } from './table-state';
import { RESULT_KINDS } from './table-types';

/** What goes into the history: results and signs (presence and snapshots that changed nothing do not). */
const HISTORY_KINDS: ReadonlySet<string> = new Set(['hand', 'event', 'shoe', 'signage', 'casinoSignage']);

/** A shoe's record at its end: the hash of its last record in the history, the chain's head then. */
export interface ShoeRecord {
  readonly shoeId: string;
  readonly digest: string;
}

/** A shoe's record found again in the history's tail: the hash of its shoe-end record. */
function shoeRecordIn(path: string, shoeId: string): ShoeRecord | null {
  const { lines } = historyTail(path);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!line.includes('"shoe-end"') || !line.includes(shoeId)) continue;
    try {
      const r = JSON.parse(line) as HistoryRecord;
      const p = r.payload as { type?: string; shoeId?: string };
      if (r.kind === 'event' && p.type === 'shoe-end' && p.shoeId === shoeId)
        return { shoeId, digest: recordHash(line) };
    } catch {
      // a damaged line: not this one
    }
  }
  return null;
}

/**
 * How the table's results were signed as the history ends: `signed`, the time of the first of the signed results (by
 * a key the board trusted) that end its tail; `unsigned`, the time of the first of the unsigned ones that end it
 * (the board showed results unverified from then: `results-unverified` again after a restart). One of them is null,
 * both when the history has no result.
 */
export function resultsTailIn(path: string): { readonly signed: string | null; readonly unsigned: string | null } {
  const { lines } = historyTail(path);
  let since: string | null = null;
  let verified: boolean | null = null; // of the run that ends the tail
  for (let i = lines.length - 1; i >= 0; i--) {
    let r: HistoryRecord;
    try {
      r = JSON.parse(lines[i]!) as HistoryRecord;
    } catch {
      continue; // a damaged line: not a result
    }
    if (!RESULT_KINDS.has(r.kind)) continue;
    const v = r.verified === true;
    if (verified !== null && v !== verified) break;
    verified = v;
    since = typeof r.t === 'string' ? r.t : since;
  }
  return { signed: verified === true ? since : null, unsigned: verified === false ? since : null };
}

export class BoardJournal {
  private journal: Journal | null = null;
  private history: History | null = null;
  private lock: JournalLock | null = null;
  /** The record of the last shoe that ended, once known (at its end, or found again at start). */
  lastRecord: ShoeRecord | null = null;
  /** When the table's results were signed as the history ended at start ({@link resultsTailIn}); null: not signed. */
  signedSince: string | null = null;
  /** When they came unsigned, as it ended ({@link resultsTailIn}); null: signed, or none. */
  unsignedSince: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private compacting: Promise<void> | undefined;

  constructor(
    readonly path: string,
    private readonly syncIntervalMs: number,
    private readonly log: Logger,
    private readonly historyOf?: { readonly path: string; readonly tableId: string },
  ) {}

  /** The history's file, when the board keeps one. */
  get historyPath(): string | null {
    return this.historyOf?.path ?? null;
  }

  /**
   * Replays the journal onto `empty` and opens it for appending; returns the state it held. Throws
   * `JournalInUseError` (journal-lock.ts) while another live board process holds the journal: both would append.
   */
  restore(empty: TableState, now: Date): TableState {
    this.lock ??= lockJournal(this.path, now);
    const replayed = replayJournal(this.path, empty, now);
    if (replayed.setAside) this.log.error(replayed.setAside, 'journal set aside: the board starts empty');
    for (const s of replayed.skipped) this.log.warn({ line: s.line, reason: s.reason }, 'journal record skipped');
    this.log.info({ records: replayed.records, hands: replayed.state.shoe?.rounds.length ?? 0 }, 'journal replayed');
    try {
      this.journal = openJournal(this.path);
      if (this.historyOf) this.history = openHistory(this.historyOf.path, this.historyOf.tableId);
    } catch (e) {
      // Said in words (cli/main.ts), the lock given back: a board started once it is put right is not refused.
      const file = this.journal === null ? this.path : this.historyOf!.path; // the journal opened: its history failed
      this.journal?.close();
      this.journal = null;
      this.lock.release();
      this.lock = null;
      throw journalFileError(e, file);
    }
    if (this.historyOf) {
      const shoe = replayed.state.shoe;
      if (shoe?.phase === 'ended') this.lastRecord = shoeRecordIn(this.historyOf.path, shoe.id);
      const tail = resultsTailIn(this.historyOf.path);
      this.signedSince = tail.signed;
      this.unsignedSince = tail.unsigned;
    }
    if (this.syncIntervalMs > 0) this.timer = setInterval(() => this.journal?.syncAsync(), this.syncIntervalMs).unref();
    return replayed.state;
  }

  /**
   * Appends an accepted message (its text as received, when there is one) to the journal and the history; compacts
   * the journal when its shoe has ended, and then returns the shoe's record (its digest in the history).
   */
  record(
    msg: TableMessage,
    now: string,
    json: string | undefined,
    state: TableState,
    received?: Received,
  ): ShoeRecord | null {
    if (json === undefined) this.journal?.append({ t: now, m: msg });
    else this.journal?.appendMessage(now, msg.kind, json);
    let head: string | null = null;
    if (this.history && received && HISTORY_KINDS.has(msg.kind)) {
      const kid = (msg.payload as { sig?: { kid: string } }).sig?.kid;
      head = this.history.append({
        t: now,
        kind: msg.kind,
        topic: received.topic,
        verified: received.verified,
        ...(kid !== undefined && { kid }),
        payload: msg.payload,
      });
    }
    if (state.shoe?.phase === 'ended' && msg.kind === 'event' && msg.payload.type === 'shoe-end') {
      this.compact(state, now);
      if (head) this.lastRecord = { shoeId: state.shoe.id, digest: head };
      return this.lastRecord;
    }
    return null;
  }

  /** Replaces the journal with one record of `state`, off the event loop, after any compaction under way. */
  compact(state: TableState, now: string): void {
    this.compacting = this.journal?.compactAsync(state, now).catch((e: unknown) => {
      this.log.error({ err: e }, 'journal compaction failed; the journal keeps every record');
    });
  }

  /** Resolves once no compaction is under way. */
  async settled(): Promise<void> {
    await this.compacting;
  }

  /** Waits up to `limitMs` for a compaction under way, then flushes and closes. */
  async close(limitMs: number): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await within(this.compacting ?? Promise.resolve(), limitMs);
    this.journal?.close();
    this.journal = null;
    this.history?.close();
    this.history = null;
    this.lock?.release();
    this.lock = null;
  }
}
