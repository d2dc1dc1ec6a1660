/**
 * A log file with a size cap (issue 17, item 4): `board.log` is renamed `board.log.1` when the next line would take
 * it past `maxBytes`, `.1` becomes `.2` and so on, and at most `maxFiles` files are kept, so the logs never take
 * more than about `maxBytes × maxFiles` of the disk the journal shares. A file that cannot be written (a full disk,
 * a missing permission) never throws: one line on standard error says so, lines are dropped and counted, and the
 * file is tried again every `retryMs`; the count is written first once it can be.
 *
 * ```ts
 * const file = new RotatingFile({ file: '/var/log/baccarat-board/board.log', maxBytes: 10 * 2 ** 20, maxFiles: 5 });
 * const logger = pino({}, file); // a pino DestinationStream
 * ```
 *
 * Writes are synchronous, one `write(2)` per line, like the journal's: a board logs a few lines a minute (rejected
 * messages are sampled, see rejection-log.ts), and a line written is on the disk's way even if the process is
 * killed the next moment.
 * @packageDocumentation
 */
import * as nodeFs from 'node:fs';
import { dirname } from 'node:path';

/** The file operations used, injectable for tests. */
export type FileOps = Pick<
  typeof nodeFs,
  'openSync' | 'writeSync' | 'closeSync' | 'fstatSync' | 'renameSync' | 'unlinkSync' | 'mkdirSync'
>;

export interface RotatingFileOptions {
  readonly file: string;
  readonly maxBytes: number; // one file's cap, in bytes
  readonly maxFiles: number; // files kept, the live one included (5: board.log and board.log.1 … .4)
  readonly retryMs?: number; // after a failure, how long until the file is tried again, in ms (default 30 000)
  readonly now?: () => number; // in ms
  readonly fs?: FileOps;
  /** Told once per failure (and once when rotation has to start the file over); default: standard error. */
  readonly report?: (message: string) => void;
}

const errorText = (e: unknown): string =>
  e instanceof Error ? ((e as NodeJS.ErrnoException).code ?? e.message) : String(e);

const isMissing = (e: unknown): boolean => (e as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export class RotatingFile {
  private readonly fs: FileOps;
  private readonly now: () => number;
  private readonly retryMs: number;
  private readonly report: (message: string) => void;
  private fd: number | null = null;
  private size = 0;
  private failed = false; // since the last failure, until a line is written again
  private retryAt = 0;
  private dropped = 0;
  private partial = false; // a write failed part-way: the file may end inside a line
  private rotationReported = false;

  constructor(private readonly options: RotatingFileOptions) {
    this.fs = options.fs ?? nodeFs;
    this.now = options.now ?? Date.now;
    this.retryMs = options.retryMs ?? 30_000;
    this.report = options.report ?? ((m) => void process.stderr.write(`${m}\n`));
  }

  /** Lines dropped since the file last failed. */
  get droppedLines(): number {
    return this.dropped;
  }

  /** Appends one line (pino passes each record with its newline). Never throws. */
  write(line: string): void {
    try {
      if (this.fd === null && !this.open()) return void this.dropped++;
      let text = line;
      if (this.dropped > 0 || this.partial) {
        const note = JSON.stringify({
          level: 40,
          time: this.now(),
          msg: 'log lines dropped: the log file could not be written',
          dropped: this.dropped,
        });
        text = `${this.partial ? '\n' : ''}${note}\n${line}`;
      }
      const bytes = Buffer.from(text, 'utf8');
      if (this.size > 0 && this.size + bytes.length > this.options.maxBytes) {
        this.rotate();
        if (this.fd === null) return void this.dropped++;
      }
      this.writeAll(bytes);
      this.size += bytes.length;
      this.dropped = 0;
      this.partial = false;
      this.failed = false;
    } catch (e) {
      this.dropped++;
      this.fail(e);
    }
  }

  /** Closes the file. Later writes open it again. */
  close(): void {
    this.closeFd();
  }

  private writeAll(bytes: Buffer): void {
    let done = 0;
    try {
      while (done < bytes.length) done += this.fs.writeSync(this.fd!, bytes, done, bytes.length - done);
    } catch (e) {
      if (done > 0) this.partial = true;
      this.size += done;
      throw e;
    }
  }

  /** Opens the live file for appending, unless a failure is too recent. True when open. */
  private open(force = false): boolean {
    if (!force && this.failed && this.now() < this.retryAt) return false;
    try {
      this.fs.mkdirSync(dirname(this.options.file), { recursive: true });
      const fd = this.fs.openSync(this.options.file, 'a', 0o640);
      this.fd = fd;
      this.size = this.fs.fstatSync(fd).size;
      return true;
    } catch (e) {
      this.fail(e);
      return false;
    }
  }

  /** board.log → board.log.1 → … → board.log.{maxFiles - 1}; the oldest goes. Then a new board.log. */
  private rotate(): void {
    const { file, maxFiles } = this.options;
    this.closeFd();
    try {
      // Files past the cap, left by an earlier configuration that kept more.
      for (let i = Math.max(1, maxFiles); i < maxFiles + 100; i++) {
        try {
          this.fs.unlinkSync(`${file}.${i}`);
        } catch (e) {
          if (isMissing(e)) break;
          throw e;
        }
      }
      if (maxFiles <= 1) this.fs.closeSync(this.fs.openSync(file, 'w', 0o640));
      for (let i = maxFiles - 1; i >= 1; i--) {
        try {
          this.fs.renameSync(i === 1 ? file : `${file}.${i - 1}`, `${file}.${i}`);
        } catch (e) {
          if (!isMissing(e)) throw e;
        }
      }
    } catch (e) {
      // Could not rotate (a read-only directory…): start the live file over rather than let it grow past its cap.
      if (!this.rotationReported)
        this.say(
          `baccarat-board: cannot rotate the log file ${file} (${errorText(e)}): starting it over to keep within log.maxBytes`,
        );
      this.rotationReported = true;
      try {
        this.fs.closeSync(this.fs.openSync(file, 'w', 0o640));
      } catch {
        // open() below reports it
      }
    }
    this.open(true);
  }

  private fail(e: unknown): void {
    this.closeFd();
    this.retryAt = this.now() + this.retryMs;
    if (this.failed) return;
    this.failed = true;
    this.say(
      `baccarat-board: cannot write the log file ${this.options.file} (${errorText(e)}): log lines are dropped ` +
        `until it can be written again (tried every ${Math.round(this.retryMs / 1000)} s)`,
    );
  }

  private say(message: string): void {
    try {
      this.report(message);
    } catch {
      // nowhere left to say it
    }
  }

  private closeFd(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    try {
      this.fs.closeSync(fd);
    } catch {
      // already gone
    }
  }
}
