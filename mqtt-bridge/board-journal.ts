/**
 * The journal as the bridge uses it: restored at start (records that cannot be trusted skipped, a journal of a later
 * version set aside), every accepted message appended as it is applied, flushed on a timer, compacted off the event
 * loop at each shoe's end (or when an operator replaces the board's state), and closed within a time limit.
 *
 * ```ts
 * const journal = new BoardJournal(path, 200, log);
 * const state = journal.restore(emptyTableState('T1'), new Date());
 * journal.record(msg, now, json, state);
 * ```
 * @packageDocumentation
 */
import type { Logger } from 'pino';
import { type Journal, openJournal, replayJournal } from './journal';
import { within } from './within';
import type { TableMessage, TableState } from './table-state';

export class BoardJournal {
  private journal: Journal | null = null;
  private timer: NodeJS.Timeout | null = null;
  private compacting: Promise<void> | undefined;

  constructor(
    readonly path: string,
    private readonly syncIntervalMs: number,
    private readonly log: Logger,
  ) {}

  /** Replays the journal onto `empty` and opens it for appending; returns the state it held. */
  restore(empty: TableState, now: Date): TableState {
    const replayed = replayJournal(this.path, empty, now);
    if (replayed.setAside) this.log.error(replayed.setAside, 'journal set aside: the board starts empty');
    for (const s of replayed.skipped) this.log.warn({ line: s.line, reason: s.reason }, 'journal record skipped');
    this.log.info({ records: replayed.records, hands: replayed.state.shoe?.rounds.length ?? 0 }, 'journal replayed');
    this.journal = openJournal(this.path);
    if (this.syncIntervalMs > 0) this.timer = setInterval(() => this.journal?.syncAsync(), this.syncIntervalMs).unref();
    return replayed.state;
  }

  /** Appends an accepted message (its text as received, when there is one); compacts when its shoe has ended. */
  record(msg: TableMessage, now: string, json: string | undefined, state: TableState): void {
    if (json === undefined) this.journal?.append({ t: now, m: msg });
    else this.journal?.appendMessage(now, msg.kind, json);
    if (state.shoe?.phase === 'ended' && msg.kind === 'event' && msg.payload.type === 'shoe-end')
      this.compact(state, now);
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
  }
}
