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
  let fd = openSync(path, 'a');
  // A torn tail from a crash would glue itself to the next record: start the next record on a new line.
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (text.length > 0 && !text.endsWith('\n')) writeSync(fd, '\n');
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
      next = { head: line({ t, state }), tail: [] };
      meanwhile.add(next.tail);
      draining ??= drain();
      return draining;
    },
    compact(state, t) {
      const tmp = `${path}.tmp`;
      const tfd = openSync(tmp, 'w');
      writeSync(tfd, line({ t, state }));
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
