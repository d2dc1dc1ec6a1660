import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryLogger } from './log';
import { emptyTableState } from './table-state';
import { BoardJournal } from './board-journal';
import { JournalFolderError, JournalInUseError, journalFileError, lockJournal } from './journal-lock';

const journal = () => join(mkdtempSync(join(tmpdir(), 'bb-lock-')), 'T1.journal');
const holder = (pid: number, host = hostname()) =>
  `${JSON.stringify({ pid, host, since: '2026-11-27T00:25:06.235Z' })}\n`;
/** The pid of a process that has exited. */
const gonePid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('lockJournal: one board process per journal', () => {
  it('takes the lock beside the journal, and gives it back', () => {
    const j = journal();
    const lock = lockJournal(j);
    expect(lock.path).toBe(`${j}.lock`);
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('refuses while a live process of this machine holds it, naming it and what to do', () => {
    const j = journal();
    writeFileSync(`${j}.lock`, holder(process.ppid)); // the test runner's parent: alive
    expect(() => lockJournal(j)).toThrow(JournalInUseError);
    expect(() => lockJournal(j)).toThrow(
      `the journal ${j} is in use by another board (process ${process.ppid} on ${hostname()}, since 2026-11-27T00:25:06.235Z)`,
    );
    expect(readFileSync(`${j}.lock`, 'utf8')).toBe(holder(process.ppid)); // left as it was
  });

  it('refuses a lock held on another machine (a shared disk): its process cannot be checked', () => {
    const j = journal();
    writeFileSync(`${j}.lock`, holder(gonePid(), 'kiosk-7'));
    expect(() => lockJournal(j)).toThrow(/process \d+ on kiosk-7/);
  });

  it.each([
    ['left by a process that is gone (a crash, a power cut)', () => holder(gonePid())],
    ['torn (the crash came while it was written)', () => '{"pid":12'],
  ])('takes over a lock %s', (_, text) => {
    const j = journal();
    writeFileSync(`${j}.lock`, text());
    const lock = lockJournal(j);
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it("never takes away another process's lock when giving its own back", () => {
    const j = journal();
    const lock = lockJournal(j);
    writeFileSync(lock.path, holder(process.ppid)); // taken over meanwhile (by hand)
    lock.release();
    expect(readFileSync(lock.path, 'utf8')).toBe(holder(process.ppid));
  });

  it('a folder that cannot be made is said, naming it and the setting (found by hand: EEXIST and a stack trace)', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bb-lock-')), 'not-a-folder');
    writeFileSync(file, '');
    for (const dir of [file, join(file, 'below')]) {
      expect(() => lockJournal(join(dir, 'T1.journal'))).toThrow(JournalFolderError);
      expect(() => lockJournal(join(dir, 'T1.journal'))).toThrow(
        `cannot keep the journal in ${dir}: ${dir}, or a folder above it, is a file, not a folder. Set journal.dir`,
      );
    }
  });

  it("a journal file the board's user cannot write is said, with what to do (found by IT: a check run with sudo)", () => {
    const denied = Object.assign(new Error("EACCES: permission denied, open '/var/lib/bb/T1.journal'"), {
      code: 'EACCES',
      path: '/var/lib/bb/T1.journal',
    });
    const said = journalFileError(denied, '/var/lib/bb/T1.journal');
    expect(said).toBeInstanceOf(JournalFolderError);
    expect((said as Error).message).toMatch(/^cannot write \/var\/lib\/bb\/T1\.journal: permission denied\. /);
    expect((said as Error).message).toContain(`sudo -u ${userInfo().username} `); // the user the board runs as
    const other = new Error('something else');
    expect(journalFileError(other, '/var/lib/bb/T1.journal')).toBe(other);
  });

  it('a file of the journal that cannot be opened stops the board in words, its lock given back', () => {
    const j = journal();
    const history = j.replace(/\.journal$/, '.history');
    mkdirSync(history); // in the history's place: a folder (as root, permissions cannot be shown here)
    const board = new BoardJournal(j, 0, memoryLogger().logger, { path: history, tableId: 'T1' });
    expect(() => board.restore(emptyTableState('T1'), new Date())).toThrow(
      new JournalFolderError(`cannot write ${history}: it is a folder, not a file.`),
    );
    expect(existsSync(`${j}.lock`)).toBe(false); // a board started right after is not refused as a second one
  });
});
