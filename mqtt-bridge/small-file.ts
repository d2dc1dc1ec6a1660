/**
 * The small records a board keeps beside its journal (session-topics.ts, command-replay-file.ts): read whole at
 * start, rewritten whole and atomically (a temporary file renamed over the old one, so a board stopped mid-write keeps
 * the last whole record). Neither throws: what fails is said to the caller, which logs it in its own words.
 *
 * ```ts
 * const text = readRecord(path); // { text } | { missing: true } | { error }
 * const error = writeRecord(path, `${JSON.stringify(record)}\n`); // undefined, or why not
 * ```
 * @packageDocumentation
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The record's text; `missing` when there is no file (a first start); else why it could not be read. */
export function readRecord(path: string): { text: string } | { missing: true } | { error: string } {
  try {
    return { text: readFileSync(path, 'utf8') };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { missing: true };
    return { error: (e as Error).message };
  }
}

/** Replaces the record with `text`, atomically; undefined when written, else why not. */
export function writeRecord(path: string, text: string): string | undefined {
  try {
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, path);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}
