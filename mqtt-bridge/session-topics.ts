/**
 * The topics a board's persistent session holds on each broker, as the board last subscribed them: kept beside its
 * journal, so that a board moved to another table (same display id, so same client id and same session) unsubscribes
 * its old table's topics, which the broker would otherwise keep sending it, and queueing for it while it is away, for
 * as long as the session lives. Only topics this board itself subscribed are ever unsubscribed: a topic another
 * program left in the session (two boards with one display id) is dropped as it comes and never touched.
 *
 * ```ts
 * const record = new SessionTopics(sessionTopicsPath(dir, 'baccarat-board-d1'), log);
 * const stale = record.stale('mqtt://a:1883', wanted);     // on a connection with its session present
 * record.subscribed('mqtt://a:1883', wanted, stillStale);  // once the broker granted them (and took the old away)
 * ```
 * @packageDocumentation
 */
import { join } from 'node:path';
import type { Logger } from 'pino';
import { readRecord, writeRecord } from './small-file';

/** Per broker URL, the topics the board's session there holds as far as the board knows. */
export type SessionTopicsRecord = Readonly<Record<string, readonly string[]>>;

/** The record's file for a client id, in the board's journal folder; a client id's odd characters made safe. */
export const sessionTopicsPath = (dir: string, clientId: string): string =>
  join(dir, `${clientId.replace(/[^A-Za-z0-9._-]/g, '_')}.session-topics.json`);

/** The record in a file's text; anything else (no file, damaged, foreign) is an empty record and why. */
export function parseSessionTopics(text: string): { readonly record: SessionTopicsRecord; readonly error?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { record: {}, error: 'not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { record: {}, error: 'not an object' };
  const record: Record<string, string[]> = {};
  for (const [broker, topics] of Object.entries(value)) {
    if (!Array.isArray(topics) || !topics.every((t): t is string => typeof t === 'string' && t.length > 0))
      return { record: {}, error: `the topics of ${broker} are not a list of topics` };
    record[broker] = topics;
  }
  return { record };
}

/** The topics the session on `broker` holds that the board no longer wants: its earlier table's. */
export function staleTopics(record: SessionTopicsRecord, broker: string, wanted: readonly string[]): string[] {
  const keep = new Set(wanted);
  return (record[broker] ?? []).filter((t) => !keep.has(t));
}

/** The record once the board's session on `broker` holds `wanted`, and `stale` if they could not be taken away yet. */
export function withSubscribed(
  record: SessionTopicsRecord,
  broker: string,
  wanted: readonly string[],
  stale: readonly string[] = [],
): SessionTopicsRecord {
  return { ...record, [broker]: [...new Set([...wanted, ...stale])].sort() };
}

/** The record on disk: read once, rewritten (atomically) when it changes. Never throws: a failure is logged. */
export class SessionTopics {
  private record: SessionTopicsRecord;

  constructor(
    private readonly path: string,
    private readonly log: Logger,
  ) {
    this.record = this.read();
  }

  /** The topics to take away from the session on `broker` (call when a connection finds its session present). */
  stale(broker: string, wanted: readonly string[]): string[] {
    return staleTopics(this.record, broker, wanted);
  }

  /** The session on `broker` holds `wanted`, and still `stale` (an unsubscription not yet confirmed). */
  subscribed(broker: string, wanted: readonly string[], stale: readonly string[] = []): void {
    const next = withSubscribed(this.record, broker, wanted, stale);
    if (JSON.stringify(next) === JSON.stringify(this.record)) return;
    this.record = next;
    const error = writeRecord(this.path, `${JSON.stringify(next, null, 2)}\n`);
    if (error)
      this.log.warn(
        { err: error, path: this.path },
        'cannot save the topics its session holds: moved to another table later, it cannot take its old ones away',
      );
  }

  private read(): SessionTopicsRecord {
    const file = readRecord(this.path);
    if ('missing' in file) return {};
    if ('error' in file) {
      this.log.warn({ err: file.error, path: this.path }, 'cannot read the topics its session holds');
      return {};
    }
    const { record, error } = parseSessionTopics(file.text);
    if (error)
      this.log.warn({ path: this.path, reason: error }, 'the record of the topics its session holds is unreadable');
    return record;
  }
}
