/**
 * The board's journal: every message the state accepted, appended to a file as it is applied, so that a board
 * killed at any moment (even `kill -9`) comes back with exactly the same board by replaying it through the same
 * reducer. One record a line, `<crc32 hex> <json>`: a torn or corrupt record (the last write cut short) is
 * detected and skipped, and every record is checked like a message before it is trusted (`journal-records.ts`), so
 * a damaged, foreign or older record is skipped or migrated, never fatal. A journal written by a later version of
 * the board is set aside (renamed) and the board starts empty. At shoe end the journal is compacted to one record of
 * the whole state.
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
  statSync,
  fdatasync,
  fdatasyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { JOURNAL_VERSION, readRecord, type JournalRecord } from './journal-records';
import { applyMessage, type TableState } from './table-state';

export { JOURNAL_VERSION, type JournalRecord } from './journal-records';

const line = (r: JournalRecord): string => {
  const json = JSON.stringify(r);
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
};

/** The header record a journal of this version starts with. */
const header = (t: string): string => line({ t, journal: JOURNAL_VERSION });

/** Parses and checks one line: the record, or why it is skipped. */
function parseLine(text: string): JournalRecord | string {
  const space = text.indexOf(' ');
  if (space !== 8) return 'corrupt record (no checksum)';
  const json = text.slice(9);
  if (crc32(json).toString(16).padStart(8, '0') !== text.slice(0, 8)) return 'corrupt record (checksum)';
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return 'corrupt record (JSON)';
  }
  const r = readRecord(value);
  return r.ok ? r.value : `invalid record: ${r.error}`;
}

export interface Replayed {
  readonly state: TableState;
  readonly records: number;
  readonly skipped: readonly { readonly line: number; readonly reason: string }[];
  /** Where an unreadable journal (a later version's, or one that could not be read at all) was moved, if it was. */
  readonly setAside?: { readonly path: string; readonly reason: string };
}

/** Moves a journal the board cannot use out of the way, keeping it for inspection; the board starts empty. */
function setAside(path: string, empty: TableState, reason: string, now: Date): Replayed {
  const aside = `${path}.set-aside-${now.toISOString().replace(/[:.]/g, '-')}`;
  try {
    renameSync(path, aside);
  } catch {
    return { state: empty, records: 0, skipped: [], setAside: { path, reason: `${reason} (could not be moved)` } };
  }
  return { state: empty, records: 0, skipped: [], setAside: { path: aside, reason } };
}

/**
 * Rebuilds the state from a journal file (an absent file is an empty journal). Never throws: a record that cannot
 * be trusted is skipped with its reason; a journal of a later version, or one that cannot be read, is set aside.
 */
export function replayJournal(path: string, empty: TableState, now = new Date()): Replayed {
  if (!existsSync(path)) return { state: empty, records: 0, skipped: [] };
  let text: string;
  try {
    if (statSync(path).size > MAX_JOURNAL_BYTES)
      return setAside(path, empty, 'the journal is too large to replay', now);
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return setAside(path, empty, `the journal cannot be read: ${(e as Error).message}`, now);
  }
  const lines = text.split('\n');
  const torn = lines.pop(); // after the last newline: '' when the last write was whole
  const skipped: { line: number; reason: string }[] = [];
  let state = empty;
  let records = 0;
  for (const [i, l] of lines.entries()) {
    if (l === '') continue; // the newline a torn tail was closed with
    const r = parseLine(l);
    if (typeof r === 'string') {
      skipped.push({ line: i + 1, reason: r });
      continue;
    }
    if ('journal' in r) {
      if (r.journal > JOURNAL_VERSION)
        return setAside(path, empty, `written by a later version of the board (journal ${r.journal})`, now);
      continue;
    }
    records++;
    try {
      if ('state' in r) state = r.state.tableId === empty.tableId ? r.state : state;
      else {
        const a = applyMessage(state, r.m, r.t);
        if (a.effect === 'applied') state = a.state;
      }
    } catch (e) {
      skipped.push({ line: i + 1, reason: `record could not be applied: ${(e as Error).message}` });
    }
  }
  if (torn)
    skipped.push({ line: lines.length + 1, reason: `torn last record (${torn.length} bytes without a newline)` });
  return { state, records, skipped };
}

/** Larger than any journal a board writes (compacted every shoe): a bigger file is not ours to replay. */
const MAX_JOURNAL_BYTES = 256 * 1024 * 1024;

export interface Journal {
  readonly path: string;
  /** Appends a record; written to the OS before it returns (survives the process being killed). */
  append(record: JournalRecord): void;
  /**
   * Appends a message record from the message's own JSON text (as received, already validated), which spares
   * serialising it again: the line is the same as `append({ t, m: { kind, payload } })` would write.
   */
  appendMessage(t: string, kind: string, payloadJson: string): void;
  /** Replaces the journal with one state record, atomically (temp file, fsync, rename). */
  compact(state: TableState, t: string): void;
  /**
   * The same, without blocking: the state record is written and flushed off the event loop while appends go on
   * (to the old journal, which holds everything until the swap); the records that arrived meanwhile are copied
   * after the state record, then the new file replaces the old one. A crash at any point loses nothing.
   */
  compactAsync(state: TableState, t: string): Promise<void>;
  /** Flushes to the disk (survives power loss); called at close. */
  sync(): void;
  /** The same, off the event loop (the periodic flush: messages are not held up while the disk works). */
  syncAsync(): void;
  close(): void;
}

export function openJournal(path: string): Journal {
  mkdirSync(dirname(path), { recursive: true });
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  let fd = openSync(path, 'a');
  // A torn tail from a crash would glue itself to the next record: start the next record on a new line.
  if (text.length > 0 && !text.endsWith('\n')) writeSync(fd, '\n');
  if (text.length === 0) writeSync(fd, header(new Date().toISOString()));
  let dirty = false;
  // Records appended while an asynchronous compaction is asked for or running, one buffer per compaction, from the
  // moment it was asked for (not from when it starts), so that nothing written after the call can be lost.
  const meanwhile = new Set<string[]>();
  let next: { head: string; tail: string[] } | null = null; // asked for, not started: a newer one supersedes it
  let draining: Promise<void> | null = null;
  const swap = (tmp: string) => {
    renameSync(tmp, path);
    closeSync(fd);
    fd = openSync(path, 'a');
  };
  const runOne = async ({ head, tail }: { head: string; tail: string[] }) => {
    const tmp = `${path}.tmp`;
    try {
      const h = await open(tmp, 'w');
      try {
        await h.writeFile(head);
        await h.datasync();
      } finally {
        await h.close();
      }
      // From here on nothing awaits: no record can slip in between the copy and the swap.
      if (tail.length > 0) {
        const tfd = openSync(tmp, 'a');
        writeSync(tfd, tail.join(''));
        fdatasyncSync(tfd);
        closeSync(tfd);
      }
      swap(tmp);
    } finally {
      meanwhile.delete(tail);
    }
  };
  const drain = async () => {
    try {
      while (next) {
        const request = next;
        next = null;
        await runOne(request);
      }
    } finally {
      draining = null;
    }
  };
  let syncing = false;
  const write = (l: string) => {
    writeSync(fd, l);
    for (const tail of meanwhile) tail.push(l);
    dirty = true;
  };
  return {
    path,
    append(record) {
      write(line(record));
    },
    appendMessage(t, kind, payloadJson) {
      // A line must not break: JSON text may hold raw newlines between its tokens, so such text is re-serialised.
      if (/[\r\n]/.test(payloadJson)) {
        write(line({ t, m: { kind, payload: JSON.parse(payloadJson) } } as JournalRecord));
        return;
      }
      const json = `{"t":${JSON.stringify(t)},"m":{"kind":${JSON.stringify(kind)},"payload":${payloadJson.trim()}}}`;
      write(`${crc32(json).toString(16).padStart(8, '0')} ${json}\n`);
    },
    compactAsync(state, t) {
      if (next) meanwhile.delete(next.tail); // superseded before it started: the newer state covers it
      next = { head: header(t) + line({ t, state }), tail: [] };
      meanwhile.add(next.tail);
      draining ??= drain();
      return draining;
    },
    compact(state, t) {
      const tmp = `${path}.tmp`;
      const tfd = openSync(tmp, 'w');
      writeSync(tfd, header(t) + line({ t, state }));
      fdatasyncSync(tfd);
      closeSync(tfd);
      swap(tmp);
      dirty = false;
    },
    sync() {
      if (dirty) fdatasyncSync(fd);
      dirty = false;
    },
    syncAsync() {
      if (!dirty || syncing) return;
      dirty = false;
      syncing = true;
      // A compaction may swap the file meanwhile: the old descriptor's flush then fails harmlessly (EBADF), and
      // the new file was flushed by the compaction itself.
      fdatasync(fd, () => {
        syncing = false;
      });
    },
    close() {
      this.sync();
      closeSync(fd);
    },
  };
}
