/**
 * The board's tamper-evident history: every message it took from its table and its pit, as received (signature
 * included), one JSON record a line, each carrying the SHA-256 of the line before it. Unlike the journal it is never
 * compacted: it is the shoe's record. An edit, a deletion or a reordering breaks the chain at the record after it,
 * and the last record's hash (a shoe's digest, shown at shoe end) pins the end of it.
 *
 * ```ts
 * const history = openHistory('/var/lib/baccarat-board/T1.history', 'T1');
 * history.append({ t, kind: 'hand', topic, payload, verified: true, kid });   // returns the record's hash
 * verifyHistory(readFileSync(path, 'utf8'), 'T1');                           // { ok: true, records, head } | { ok: false, … }
 * ```
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** One entry of the history, as written (before `n` and `prev`). */
export interface HistoryEntry {
  readonly t: string; // ISO 8601: when the board took it
  readonly kind: string; // the message kind: hand, event, shoe, signage, casinoSignage
  readonly topic: string;
  readonly verified: boolean; // signed by a key the board trusts
  readonly kid?: string; // the signing key, when signed
  readonly payload: unknown; // the message as received
}

/** A record: the entry, its place (`n`, from 0) and the hash of the record before it. */
export type HistoryRecord = HistoryEntry & { readonly n: number; readonly prev: string };

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The `prev` of the first record: the hash of the chain's name and its table, so two tables' chains never mix. */
export const genesis = (tableId: string): string => sha256(`baccarat-board/history/v1\n${tableId}`);

/** The hash that the next record carries as `prev`: of the line's text, without its newline. */
export const recordHash = sha256;

export interface History {
  readonly path: string;
  /** Appends an entry and returns its record's hash (the chain's new head). */
  append(entry: HistoryEntry): string;
  /** The chain's head: the hash of the last record (the genesis when empty). */
  head(): string;
  close(): void;
}

/** The last `bytes` of a file as text, cut to whole lines (the history grows for ever: never read it all). */
export function historyTail(
  path: string,
  bytes = 1 << 20,
): { readonly lines: string[]; readonly endsWithNewline: boolean } {
  if (!existsSync(path)) return { lines: [], endsWithNewline: true };
  const size = statSync(path).size;
  const start = Math.max(0, size - bytes);
  const buf = Buffer.alloc(size - start);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, buf, 0, buf.length, start);
  } finally {
    closeSync(fd);
  }
  const text = buf.toString('utf8');
  const lines = text.split('\n');
  if (start > 0) lines.shift(); // a line cut by the start of the window
  const endsWithNewline = text.endsWith('\n') || text.length === 0;
  return { lines: lines.filter((l) => l !== ''), endsWithNewline };
}

/** Opens (or creates) a table's history, continuing its chain from its last record. */
export function openHistory(path: string, tableId: string): History {
  mkdirSync(dirname(path), { recursive: true });
  let n = 0;
  let prev = genesis(tableId);
  const { lines, endsWithNewline } = historyTail(path, 64 * 1024);
  const last = lines.at(-1);
  if (last !== undefined) {
    try {
      n = (JSON.parse(last) as HistoryRecord).n + 1;
    } catch {
      n = -1; // a damaged last line: verify will name it; the chain goes on from it, numbered after it
    }
    prev = recordHash(last);
  }
  if (n < 0) {
    const all = readFileSync(path, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    n = all.length;
  }
  if (!endsWithNewline) {
    const fd = openSync(path, 'a');
    writeSync(fd, '\n');
    closeSync(fd);
  }
  const fd = openSync(path, 'a');
  return {
    path,
    append(entry) {
      const line = JSON.stringify({ n, ...entry, prev });
      writeSync(fd, `${line}\n`);
      n++;
      prev = recordHash(line);
      return prev;
    },
    head: () => prev,
    close: () => closeSync(fd),
  };
}

/** What {@link verifyHistory} found. */
export type HistoryCheck =
  | { readonly ok: true; readonly records: number; readonly head: string }
  | {
      readonly ok: false;
      readonly records: number;
      readonly line: number;
      readonly record: number;
      readonly problem: string;
      /** The first record does not start this table's chain: another table's history, or the wrong table id. */
      readonly otherChain?: true;
    };

/** The tables a history's records name in their topics (`…/tables/T12/hand`), in order of appearance. */
export function tablesNamed(text: string, maxLines = 1000): string[] {
  const found = new Set<string>();
  for (const line of text.split('\n').slice(0, maxLines)) {
    const m = /"topic":"(?:[^"\\]|\\.)*?\/tables\/([A-Za-z0-9_-]{1,64})\//.exec(line);
    if (m) found.add(m[1]!);
  }
  return [...found];
}

/** The table whose chain the history's first record starts, among `candidates`; null when none. */
export function chainTable(text: string, candidates: readonly string[]): string | null {
  const first = text.slice(0, text.indexOf('\n') < 0 ? undefined : text.indexOf('\n'));
  let prev: unknown;
  try {
    prev = (JSON.parse(first) as { prev?: unknown }).prev;
  } catch {
    return null;
  }
  return candidates.find((t) => genesis(t) === prev) ?? null;
}

/** A line read as a record (a number and the link before it), or null: damaged, or not a history's line. */
function recordOf(line: string): Pick<HistoryRecord, 'n' | 'prev'> | null {
  try {
    const r = JSON.parse(line) as Partial<HistoryRecord> | null;
    return typeof r === 'object' && r !== null && Number.isInteger(r.n) && typeof r.prev === 'string'
      ? { n: r.n!, prev: r.prev }
      : null;
  } catch {
    return null;
  }
}

/**
 * Record `i` is not where it should be, record `found` is: deleted, or moved further down (two records swapped were
 * called a deletion, found by casino IT).
 */
function missingOrMoved(lines: readonly string[], i: number, found: number): string {
  const at = lines.findIndex((line, k) => k > i && recordOf(line)?.n === i);
  return at < 0
    ? `record ${i} is missing (this is record ${found})`
    : `record ${i} is out of order: it is on line ${at + 1}, and record ${found} in its place (records moved)`;
}

/** Whether any line of `text` is a history record (a damaged history has some; another file, none). */
export function holdsRecords(text: string): boolean {
  return text.split('\n').some((line) => recordOf(line) !== null);
}

/**
 * Checks a history's chain: every line a record, numbered 0, 1, 2 … in order, each carrying the hash of the line
 * before it. The first bad record is named: an edited record is the one whose successor's link no longer matches
 * it; a deleted one leaves its number missing; a moved one is out of order. With `head`, the last record's hash must
 * be it (the digest shown at a shoe's end, or published), which pins the end of the chain too.
 */
export function verifyHistory(text: string, tableId: string, head?: string): HistoryCheck {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  let prev = genesis(tableId);
  const bad = (i: number, record: number, problem: string): Extract<HistoryCheck, { ok: false }> => ({
    ok: false,
    records: i,
    line: i + 1,
    record,
    problem,
  });
  for (const [i, line] of lines.entries()) {
    let r: HistoryRecord;
    try {
      r = JSON.parse(line) as HistoryRecord;
    } catch {
      return bad(i, i, 'not a record (damaged or cut short)');
    }
    if (typeof r !== 'object' || r === null || !Number.isInteger(r.n)) return bad(i, i, 'not a record (no number)');
    if (r.n !== i) return bad(i, i, r.n > i ? missingOrMoved(lines, i, r.n) : `record ${r.n} is out of order`);
    if (r.prev !== prev)
      return i === 0
        ? { ...bad(i, 0, `record 0 does not start the chain of table ${tableId}`), otherChain: true }
        : bad(i - 1, i - 1, `record ${i - 1} was altered: record ${i} carries another hash for it`);
    prev = recordHash(line);
  }
  if (head !== undefined && head !== prev)
    return lines.length === 0
      ? bad(0, 0, 'the history is empty')
      : bad(
          lines.length - 1,
          lines.length - 1,
          `the last record's hash is not ${head}: it was altered or records were added`,
        );
  return { ok: true, records: lines.length, head: prev };
}
