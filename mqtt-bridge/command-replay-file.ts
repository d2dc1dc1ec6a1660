/**
 * What a board remembers of the signed commands it carried out (command-replay.ts), kept beside its journal so that a
 * restart does not forget them: a genuine command captured off the broker within its 5 minutes, sent again after the
 * board restarted, would otherwise be carried out a second time (a `resync` with `replace` taking the board back to
 * an older snapshot). Small (at most 1,024 request ids, those of the last few minutes), rewritten atomically when a
 * command is carried out, which is rare. Never throws: a file it cannot read or write is logged, and the board goes
 * on with what it has in memory.
 *
 * ```ts
 * const file = new CommandReplayFile(commandReplayPath(dir, clientId), log);
 * const replays = new CommandReplays(file.read());
 * file.save(replays.remembered()); // after each command carried out
 * ```
 * @packageDocumentation
 */
import { join } from 'node:path';
import type { Logger } from 'pino';
import { MAX_REMEMBERED_COMMANDS } from './command-replay';
import { readRecord, writeRecord } from './small-file';

/** The file for a board's client id, in its journal folder; a client id's odd characters made safe. */
export const commandReplayPath = (dir: string, clientId: string): string =>
  join(dir, `${clientId.replace(/[^A-Za-z0-9._-]/g, '_')}.commands-done.json`);

/** The request ids and times in a file's text (`[[id, ms], …]`); anything else is none, and why. */
export function parseCommandsDone(text: string): { readonly done: [string, number][]; readonly error?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { done: [], error: 'not JSON' };
  }
  if (!Array.isArray(value)) return { done: [], error: 'not a list' };
  const done: [string, number][] = [];
  for (const entry of value.slice(-MAX_REMEMBERED_COMMANDS)) {
    if (!Array.isArray(entry) || entry.length !== 2) return { done: [], error: 'an entry is not [request id, time]' };
    const [id, at] = entry as unknown[];
    if (typeof id !== 'string' || id.length === 0 || typeof at !== 'number' || !Number.isFinite(at))
      return { done: [], error: 'an entry is not [request id, time]' };
    done.push([id, at]);
  }
  return { done };
}

export class CommandReplayFile {
  constructor(
    private readonly path: string,
    private readonly log: Logger,
  ) {}

  /** What the board carried out before it (re)started; none if there is no file, or it cannot be read. */
  read(): [string, number][] {
    const file = readRecord(this.path);
    if ('missing' in file) return [];
    if ('error' in file) {
      this.log.warn({ err: file.error, path: this.path }, 'cannot read the signed commands carried out');
      return [];
    }
    const { done, error } = parseCommandsDone(file.text);
    if (error)
      this.log.warn(
        { path: this.path, reason: error },
        'the record of the signed commands carried out is unreadable: a command sent again within its 5 minutes ' +
          'of one carried out before this start would be carried out again',
      );
    return done;
  }

  /** Keeps `done` (atomically: a board stopped mid-write keeps the last whole record). */
  save(done: readonly (readonly [string, number])[]): void {
    const error = writeRecord(this.path, `${JSON.stringify(done)}\n`);
    if (error)
      this.log.warn(
        { err: error, path: this.path },
        'cannot save the signed commands carried out: after a restart, one sent again within its 5 minutes would be ' +
          'carried out again',
      );
  }
}
