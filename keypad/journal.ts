/**
 * The keypad's journal: every action the keypad took, with its time, written and flushed to the disk before any of
 * its messages leaves; so a keypad killed at any moment (`kill -9`, a power cut) replays it into exactly the state
 * and the messages it had, `seq` included, and republishes its snapshot. One record a line, `<crc32 hex> <json>`,
 * as the board's journal (`mqtt-bridge/journal.ts`): a torn or damaged line is skipped with its reason. It starts
 * with a header: the first event's `seq`, and what the table carries from shoe to shoe (open or closed, the last
 * shoe's number). At each new shoe it is compacted: a new header, then that shoe's records.
 *
 * ```ts
 * const j = openKeypadJournal(path, 'T1', () => ({ keypad: 1, t, tableId: 'T1', seqStart, tableOpen: null, shoeNo: 0, revision: 0 }));
 * for (const r of j.records) replay(r);
 * j.append({ t: new Date().toISOString(), a: { type: 'bets-open' } });
 * ```
 * @packageDocumentation
 */
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import type { ShoeSnapshot } from '../contract/schemas/shoe';
import type { Action } from './protocol';

/** The journal's format; a later one is set aside, never misread. */
export const KEYPAD_JOURNAL_VERSION = 1;

/** The first record: where the replay starts. */
export interface JournalHeader {
  readonly keypad: typeof KEYPAD_JOURNAL_VERSION;
  readonly t: string; // when it was written
  readonly tableId: string;
  readonly seqStart: number; // the seq of the first event after the header
  readonly tableOpen: boolean | null; // the table before the first record (null: never opened nor closed)
  readonly shoeNo: number; // the last shoe's number before the first record
  /**
   * The deck count of the table's last shoe when a new journal did not carry it on (the broker's record): offered for
   * the keypad's first shoe, as the count of the shoe before is once the keypad has had one.
   */
  readonly decks?: number;
  readonly revision: number; // actions taken before the first record (the view's revision counts on from it)
  /**
   * The table's shoe this keypad carried on when it started on a new journal (`adopt.ts`): its retained snapshot, as
   * read then. The records that follow are that shoe's; `seqStart` is above the snapshot's `seq`.
   */
  readonly adopted?: ShoeSnapshot;
}

/** One action, as taken at time `t`. */
export interface ActionRecord {
  readonly t: string;
  readonly a: Action;
}

export interface KeypadJournal {
  readonly path: string;
  /** The header: as read at opening, then as last rewritten. */
  readonly header: JournalHeader;
  /** The records after the header, as read at opening. */
  readonly records: readonly ActionRecord[];
  /** Lines that could not be trusted, with why (a torn last write, a damaged line). */
  readonly skipped: readonly { readonly line: number; readonly reason: string }[];
  /** Where an unusable journal (another table's, a later version's, no header) was moved, if one was. */
  readonly setAside: string | null;
  /** Appends a record, flushed to the disk before it returns. */
  append(record: ActionRecord): void;
  /** Replaces the journal, atomically, with a new header and these records (a new shoe). */
  rewrite(header: JournalHeader, records: readonly ActionRecord[]): void;
  close(): void;
}

const line = (value: object): string => {
  const json = JSON.stringify(value);
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
};

/** A line's JSON, or why it is not trusted. */
function parseLine(text: string): unknown {
  if (text.indexOf(' ') !== 8) return new Error('no checksum');
  const json = text.slice(9);
  if (crc32(json).toString(16).padStart(8, '0') !== text.slice(0, 8)) return new Error('checksum mismatch');
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return new Error('not JSON');
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function readHeader(v: unknown, tableId: string): JournalHeader | string {
  if (!isObject(v) || !('keypad' in v)) return 'no header';
  if (v.keypad !== KEYPAD_JOURNAL_VERSION) return `written by another version of the keypad (${String(v.keypad)})`;
  if (v.tableId !== tableId) return `the journal of table ${String(v.tableId)}, not ${tableId}`;
  if (
    typeof v.seqStart !== 'number' ||
    typeof v.shoeNo !== 'number' ||
    typeof v.revision !== 'number' ||
    typeof v.t !== 'string' ||
    (v.decks !== undefined && typeof v.decks !== 'number')
  )
    return 'a damaged header';
  return v as unknown as JournalHeader;
}

const isRecord = (v: unknown): v is ActionRecord =>
  isObject(v) && typeof v.t === 'string' && isObject(v.a) && typeof v.a.type === 'string';

/** Writes a whole file atomically: a temp file flushed, renamed over, and the folder flushed. */
function writeAtomically(path: string, text: string): void {
  const tmp = `${path}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, text);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  const dir = openSync(dirname(path), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/**
 * Opens (or creates) the journal of `tableId` at `path`. A new journal gets the header `fresh()` returns. One that
 * cannot be used is moved aside (`<path>.set-aside-<time>`) and a new one started: the keypad then starts as new,
 * and says so.
 */
export function openKeypadJournal(path: string, tableId: string, fresh: () => JournalHeader): KeypadJournal {
  mkdirSync(dirname(path), { recursive: true });
  let header: JournalHeader | null = null;
  let setAside: string | null = null;
  const records: ActionRecord[] = [];
  const skipped: { line: number; reason: string }[] = [];
  if (existsSync(path)) {
    const lines = readFileSync(path, 'utf8').split('\n');
    const torn = lines.pop();
    let problem: string | null = null;
    for (const [i, text] of lines.entries()) {
      if (text === '') continue;
      const v = parseLine(text);
      if (v instanceof Error) {
        skipped.push({ line: i + 1, reason: v.message });
        continue;
      }
      if (header === null) {
        const h = readHeader(v, tableId);
        if (typeof h === 'string') {
          problem = h;
          break;
        }
        header = h;
      } else if (isRecord(v)) records.push(v);
      else skipped.push({ line: i + 1, reason: 'not an action record' });
    }
    if (torn) skipped.push({ line: lines.length + 1, reason: `torn last record (${torn.length} bytes)` });
    if (problem !== null || header === null) {
      setAside = `${path}.set-aside-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(path, setAside);
      header = null;
      records.length = 0;
    }
  }
  if (header === null) {
    header = fresh();
    writeAtomically(path, line(header));
  } else if (skipped.length > 0) {
    // Rewritten without the lines it skipped, so that a torn tail never glues itself to the next record.
    writeAtomically(path, [header, ...records].map(line).join(''));
  }
  let fd = openSync(path, 'a');
  let current = header;
  return {
    path,
    get header() {
      return current;
    },
    records,
    skipped,
    setAside,
    append(record) {
      writeSync(fd, line(record));
      fdatasyncSync(fd);
    },
    rewrite(h, rs) {
      writeAtomically(path, [h, ...rs].map(line).join(''));
      current = h;
      closeSync(fd);
      fd = openSync(path, 'a');
    },
    close() {
      closeSync(fd);
    },
  };
}
