/**
 * The board's journal: every message the state accepted, appended to a file as it is applied, so that a board
 * killed at any moment (even `kill -9`) comes back with exactly the same board by replaying it through the same
 * reducer. One record a line, `<crc32 hex> <json>`: a torn or corrupt record (the last write cut short) is
 * detected and skipped. At shoe end the journal is compacted to one record of the whole state.
 *
 * ```ts
 * const j = openJournal('/var/lib/baccarat-board/T1.journal');
 * const { state, skipped } = replayJournal(j.path, emptyTableState('T1'));
 * j.append({ t: now, m: message });
 * ```
 * @packageDocumentation
 */
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { applyMessage, type TableMessage, type TableState } from './table-state';

/** One journal record: a message applied at time `t`, or the whole state (after compaction). */
export type JournalRecord =
  { readonly t: string; readonly m: TableMessage } | { readonly t: string; readonly state: TableState };

const line = (r: JournalRecord): string => {
  const json = JSON.stringify(r);
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
};

/** Parses one line; null when torn or corrupt. */
function parseLine(text: string): JournalRecord | null {
  const space = text.indexOf(' ');
  if (space !== 8) return null;
  const json = text.slice(9);
  if (crc32(json).toString(16).padStart(8, '0') !== text.slice(0, 8)) return null;
  try {
    return JSON.parse(json) as JournalRecord;
  } catch {
    return null;
  }
}

export interface Replayed {
  readonly state: TableState;
  readonly records: number;
  readonly skipped: readonly { readonly line: number; readonly reason: string }[];
}

/** Rebuilds the state from a journal file (an absent file is an empty journal). */
export function replayJournal(path: string, empty: TableState): Replayed {
  if (!existsSync(path)) return { state: empty, records: 0, skipped: [] };
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const torn = lines.pop(); // after the last newline: '' when the last write was whole
  const skipped: { line: number; reason: string }[] = [];
  let state = empty;
  let records = 0;
  lines.forEach((l, i) => {
    const r = parseLine(l);
    if (!r) return skipped.push({ line: i + 1, reason: 'corrupt record (checksum or JSON)' });
    records++;
    if ('state' in r) state = r.state;
    else {
      const a = applyMessage(state, r.m, r.t);
      if (a.effect === 'applied') state = a.state;
    }
    return undefined;
  });
  if (torn)
    skipped.push({ line: lines.length + 1, reason: `torn last record (${torn.length} bytes without a newline)` });
  return { state, records, skipped };
}

export interface Journal {
  readonly path: string;
  /** Appends a record; written to the OS before it returns (survives the process being killed). */
  append(record: JournalRecord): void;
  /** Replaces the journal with one state record, atomically (temp file, fsync, rename). */
  compact(state: TableState, t: string): void;
  /** Flushes to the disk (survives power loss); called on a timer and at close. */
  sync(): void;
  close(): void;
}

export function openJournal(path: string): Journal {
  mkdirSync(dirname(path), { recursive: true });
  let fd = openSync(path, 'a');
  // A torn tail from a crash would glue itself to the next record: start the next record on a new line.
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (text.length > 0 && !text.endsWith('\n')) writeSync(fd, '\n');
  let dirty = false;
  return {
    path,
    append(record) {
      writeSync(fd, line(record));
      dirty = true;
    },
    compact(state, t) {
      const tmp = `${path}.tmp`;
      const tfd = openSync(tmp, 'w');
      writeSync(tfd, line({ t, state }));
      fdatasyncSync(tfd);
      closeSync(tfd);
      renameSync(tmp, path);
      closeSync(fd);
      fd = openSync(path, 'a');
      dirty = false;
    },
    sync() {
      if (dirty) fdatasyncSync(fd);
      dirty = false;
    },
    close() {
      this.sync();
      closeSync(fd);
    },
  };
}
