/**
 * One board process per journal. Two processes on one table's journal and history (a kiosk running, and the same
 * configuration started again to check it) both append: the history then holds two records of one number, and its
 * chain, the shoe's tamper-evident record, reads as tampered with for good. So a board takes a lock file beside the
 * journal before it reads or writes either, and refuses to start while a live process of this machine holds it. A
 * lock left by a process that is gone (a crash, a power cut) is taken over.
 *
 * ```ts
 * const lock = lockJournal('/var/lib/baccarat-board/T1.journal'); // throws JournalInUseError if in use
 * lock.release();
 * ```
 * @packageDocumentation
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { dirname } from 'node:path';

/** Another live process holds the journal: the message says which, and what to do. */
export class JournalInUseError extends Error {
  override readonly name = 'JournalInUseError';
}

/**
 * The journal's folder cannot be made or written (a file in its place, a permission, a read-only disk): the message
 * names the folder, why, and the setting to change.
 */
export class JournalFolderError extends Error {
  override readonly name = 'JournalFolderError';
}

/** `e`, from making or writing in the journal's folder `dir`, as a {@link JournalFolderError}. */
function folderError(dir: string, e: unknown): JournalFolderError {
  const code = (e as NodeJS.ErrnoException).code;
  const why =
    code === 'EEXIST' || code === 'ENOTDIR'
      ? `${dir}, or a folder above it, is a file, not a folder`
      : code === 'EACCES' || code === 'EPERM'
        ? 'permission denied: the user the board runs as must be able to create and write it'
        : code === 'EROFS'
          ? 'the disk is read-only'
          : `${(e as Error).message}`;
  return new JournalFolderError(
    `cannot keep the journal in ${dir}: ${why}. Set journal.dir (or BACCARAT_JOURNAL_DIR) to a folder this user may write.`,
  );
}

/**
 * `e`, from opening `file` of the journal's folder (the journal, its history), as a {@link JournalFolderError} when
 * it is a permission or a read-only disk (found by IT: a configuration check run with sudo left the journal root's,
 * and the kiosk's board then stopped on a stack trace); else `e` itself.
 */
export function journalFileError(e: unknown, file: string): unknown {
  const err = e as NodeJS.ErrnoException;
  const path = err.path ?? file;
  if (err.code === 'EACCES' || err.code === 'EPERM') {
    const user = userInfo().username; // the user the board runs as: the kiosk's
    return new JournalFolderError(
      `cannot write ${path}: permission denied. It belongs to another user (a check run with sudo makes the ` +
        `journal root's): give it back to ${user} (sudo chown -R ${user}: on the journal's folder), and run checks ` +
        `as ${user} (sudo -u ${user} baccarat-board serve …).`,
    );
  }
  if (err.code === 'EROFS') return new JournalFolderError(`cannot write ${path}: the disk is read-only.`);
  if (err.code === 'EISDIR') return new JournalFolderError(`cannot write ${path}: it is a folder, not a file.`);
  return e;
}

/** Who holds a journal's lock, as written in the lock file. */
interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
}

export interface JournalLock {
  /** The lock file. */
  readonly path: string;
  /** Takes the lock file away, if it is still this process's. */
  release(): void;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // it exists, run by another user
  }
};

function holderOf(path: string): Holder | null {
  try {
    const h = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    return typeof h.pid === 'number' && typeof h.host === 'string' ? (h as Holder) : null;
  } catch {
    return null; // gone meanwhile, or torn by a crash while written: no one holds it
  }
}

/** Locks `journal` (its `.lock` beside it) for this process, or throws {@link JournalInUseError}. */
export function lockJournal(journal: string, now = new Date()): JournalLock {
  const path = `${journal}.lock`;
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (e) {
    throw folderError(dirname(path), e);
  }
  const me: Holder = { pid: process.pid, host: hostname(), since: now.toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      writeSync(fd, `${JSON.stringify(me)}\n`);
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw folderError(dirname(path), e);
      if (attempt > 0) throw e;
      const h = holderOf(path);
      if (h && h.pid !== process.pid && (h.host !== me.host || alive(h.pid)))
        throw new JournalInUseError(
          `the journal ${journal} is in use by another board (process ${h.pid} on ${h.host}, since ${h.since}). ` +
            `Stop that board first; a second board of the same table on this machine needs its own journal.dir. ` +
            `(If no such process runs, delete ${path}.)`,
        );
      unlinkSync(path); // left by a process that is gone: take it over
    }
  }
  return {
    path,
    release() {
      if (holderOf(path)?.pid === process.pid) unlinkSync(path);
    },
  };
}
