import * as fs from 'node:fs';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { loadConfig } from './config';
import { createLogger } from './log';
import { type FileOps, RotatingFile } from './rotating-file';

const tempDir = () => mkdtempSync(join(tmpdir(), 'bb-log-'));
const line = (i: number) => `${JSON.stringify({ i, msg: 'x'.repeat(80) })}\n`; // 99 or 100 bytes
const files = (dir: string) => readdirSync(dir).sort();
const linesOf = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('RotatingFile', () => {
  test('rotates at the size: no file passes maxBytes, and the newest lines are kept in order', () => {
    const dir = tempDir();
    const file = join(dir, 'board.log');
    const out = new RotatingFile({ file, maxBytes: 1000, maxFiles: 5 });
    for (let i = 0; i < 25; i++) out.write(line(i));
    out.close();
    expect(files(dir)).toEqual(['board.log', 'board.log.1', 'board.log.2']);
    for (const f of files(dir)) expect(statSync(join(dir, f)).size).toBeLessThanOrEqual(1000);
    const all = ['board.log.2', 'board.log.1', 'board.log'].flatMap((f) => linesOf(join(dir, f)).map((r) => r.i));
    expect(all).toEqual([...Array(25).keys()]);
    // 10 lines of 99-100 bytes fill a file: the 11th starts the next.
    expect(linesOf(join(dir, 'board.log.2'))).toHaveLength(10);
  });

  test('keeps at most maxFiles files, the oldest going first; strays past the cap are removed', () => {
    const dir = tempDir();
    const file = join(dir, 'board.log');
    writeFileSync(`${file}.3`, 'left by a configuration that kept 5\n');
    writeFileSync(`${file}.4`, 'left by a configuration that kept 5\n');
    const out = new RotatingFile({ file, maxBytes: 1000, maxFiles: 3 });
    for (let i = 0; i < 100; i++) out.write(line(i));
    out.close();
    expect(files(dir)).toEqual(['board.log', 'board.log.1', 'board.log.2']);
    expect(linesOf(join(dir, 'board.log')).at(-1)?.i).toBe(99);
    expect(linesOf(join(dir, 'board.log.2'))[0]?.i).toBe(70);
    const total = files(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
    expect(total).toBeLessThanOrEqual(3000);
  });

  test('maxFiles 1: the file starts over; an existing file over the cap is rotated at the first line', () => {
    const dir = tempDir();
    const file = join(dir, 'board.log');
    writeFileSync(file, 'y'.repeat(5000));
    const one = new RotatingFile({ file, maxBytes: 1000, maxFiles: 1 });
    one.write(line(0));
    expect(files(dir)).toEqual(['board.log']);
    expect(linesOf(file).map((r) => r.i)).toEqual([0]);
    for (let i = 1; i < 15; i++) one.write(line(i));
    one.close();
    expect(linesOf(file).map((r) => r.i)).toEqual([10, 11, 12, 13, 14]);
  });

  test('the directory is made when missing', () => {
    const dir = tempDir();
    const file = join(dir, 'a', 'b', 'board.log');
    const out = new RotatingFile({ file, maxBytes: 1000, maxFiles: 2 });
    out.write(line(0));
    out.close();
    expect(linesOf(file)).toHaveLength(1);
  });

  test.skipIf(!fs.existsSync('/dev/full') || !statSync('/dev/full').isCharacterDevice())(
    'a full disk (/dev/full, ENOSPC) does not throw: one line on stderr, lines dropped',
    () => {
      const said: string[] = [];
      const out = new RotatingFile({ file: '/dev/full', maxBytes: 1000, maxFiles: 2, report: (m) => said.push(m) });
      for (let i = 0; i < 50; i++) expect(() => out.write(line(i))).not.toThrow();
      out.close();
      expect(said).toEqual([expect.stringMatching(/cannot write the log file \/dev\/full \(ENOSPC\)/)]);
      expect(out.droppedLines).toBe(50);
    },
  );

  test('a file that cannot be opened (a directory) does not throw either', () => {
    const dir = tempDir();
    const file = join(dir, 'board.log');
    mkdirSync(file);
    const said: string[] = [];
    const out = new RotatingFile({ file, maxBytes: 1000, maxFiles: 2, report: (m) => said.push(m) });
    expect(() => out.write(line(0))).not.toThrow();
    expect(said).toEqual([expect.stringMatching(/cannot write the log file .*board\.log \(EISDIR\)/)]);
  });

  test('after a write failure: retried after retryMs; the count of dropped lines is written first', () => {
    const dir = tempDir();
    const file = join(dir, 'board.log');
    let full = false;
    let now = 0;
    const flaky: FileOps = {
      ...fs,
      writeSync: ((fd: number, buffer: Buffer, offset: number, length: number) => {
        if (full) {
          // Half the line makes it, then the disk is full: the next line must not be glued onto it.
          if (length > 10) return fs.writeSync(fd, buffer, offset, 10);
          throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        }
        return fs.writeSync(fd, buffer, offset, length);
      }) as FileOps['writeSync'],
    };
    const said: string[] = [];
    const out = new RotatingFile({
      file,
      maxBytes: 100_000,
      maxFiles: 2,
      retryMs: 30_000,
      now: () => now,
      fs: flaky,
      report: (m) => said.push(m),
    });
    out.write(line(0));
    full = true;
    for (let i = 1; i <= 5; i++) expect(() => out.write(line(i))).not.toThrow();
    expect(said).toHaveLength(1);
    full = false;
    now = 10_000;
    out.write(line(6)); // too soon: dropped without trying
    now = 30_000;
    out.write(line(7));
    out.close();
    const text = readFileSync(file, 'utf8');
    const whole = text.split('\n').filter((l) => l.startsWith('{') && l.endsWith('}'));
    expect(whole.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ i: 0 }),
      expect.objectContaining({ msg: 'log lines dropped: the log file could not be written', dropped: 6 }),
      expect.objectContaining({ i: 7 }),
    ]);
    expect(said).toHaveLength(1);
  });

  test('a report function that throws is swallowed too', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'board.log'));
    const out = new RotatingFile({
      file: join(dir, 'board.log'),
      maxBytes: 1000,
      maxFiles: 2,
      report: () => {
        throw new Error('EPIPE');
      },
    });
    expect(() => out.write(line(0))).not.toThrow();
  });
});

describe('createLogger with log.file', () => {
  test('pino lines go through the capped file, with the configured caps', () => {
    const dir = tempDir();
    const file = join(dir, 'board.log');
    const logger = createLogger({ level: 'info', file, maxBytes: 65_536, maxFiles: 2 });
    for (let i = 0; i < 2000; i++) logger.warn({ i, reason: 'r'.repeat(60) }, 'message rejected');
    expect(files(dir)).toEqual(['board.log', 'board.log.1']);
    expect(statSync(file).size).toBeLessThanOrEqual(65_536);
    expect(linesOf(file).at(-1)).toMatchObject({ app: 'baccarat-board', i: 1999, msg: 'message rejected' });
  });

  test('the defaults cap it at 5 files of 10 MiB', () => {
    const config = loadConfig({ file: null, env: {} });
    expect(config.ok && config.value.log).toEqual({ level: 'info', file: null, maxBytes: 10_485_760, maxFiles: 5 });
  });

  test('an unwritable log file does not stop the logger', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'board.log'));
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const logger = createLogger({ level: 'info', file: join(dir, 'board.log') });
      expect(() => logger.error('still running')).not.toThrow();
      expect(stderr.mock.calls.map(([text]) => String(text))).toEqual([
        expect.stringMatching(/^baccarat-board: cannot write the log file .*\(EISDIR\)/),
      ]);
    } finally {
      stderr.mockRestore();
    }
  });
});
