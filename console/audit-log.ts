/**
 * The append-only audit log of sign changes: JSON lines, one {@link AuditRecord} each, in
 * `<state dir>/console-audit.jsonl` by default. Only ever appended to (mode 0600), and each record once by its
 * `id`: a console appends what it publishes and what it receives on `{root}/pit/audit` (its own records come back
 * too, and a broker may deliver one twice after a restart), and two consoles may share a file, so every append
 * takes a lock file, reads what others appended since, and writes only the records it has not seen.
 *
 * ```ts
 * const log = new AuditLog(defaultAuditPath());
 * const written = await log.append(records); // the ones not already in the log
 * (await log.read(50))[0]; // the latest change
 * ```
 * @packageDocumentation
 */
import { appendFile, mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { defaultConfig } from '../mqtt-bridge/config';
import type { AuditRecord } from './audit-record';

/** `<state dir>/console-audit.jsonl`: the state dir of the board's journal ($XDG_STATE_HOME/baccarat-board). */
export const defaultAuditPath = (): string => join(defaultConfig().journal.dir, 'console-audit.jsonl');

const STALE_LOCK_MS = 10_000; // a lock older than this was left by a process that died holding it
const LOCK_WAIT_MS = 5_000;

/**
 * A record from a line, or null. Lines written before records had an id, a reason and an account (`user`, `via`)
 * are read as such: who is the name they carry, why is "(not recorded)".
 */
export function recordOfLine(line: string): AuditRecord | null {
  let r: Record<string, unknown>;
  try {
    r = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null; // a torn last line after a crash
  }
  if (typeof r !== 'object' || r === null || r.v !== 1 || typeof r.at !== 'string') return null;
  if (typeof r.id === 'string' && typeof r.who === 'object') return r as unknown as AuditRecord;
  if (typeof r.user !== 'string' || typeof r.summary !== 'string') return null;
  const { user, via, ...rest } = r;
  return {
    ...rest,
    id: `legacy-${String(r.at)}-${String(r.tableId ?? 'casino')}`,
    who: { account: user, via: via === 'cli' ? 'cli' : 'console' },
    reason: '(not recorded)',
    action: 'change',
    changes: Array.isArray(r.changes) ? r.changes : [],
    before: null,
    after: null,
  } as unknown as AuditRecord;
}

export class AuditLog {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly ids = new Set<string>();
  private offset = 0; // bytes of the file already read into `ids`

  constructor(readonly path: string) {}

  /**
   * Appends the records not yet in the log, one line each, after any append still under way; resolves with those
   * it wrote.
   */
  append(records: readonly AuditRecord[]): Promise<AuditRecord[]> {
    const next = this.queue.then(() => (records.length === 0 ? [] : this.locked(() => this.appendNow(records))));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Whether a record with this id is in the log (as far as this process has read it). */
  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** The records, latest first, at most `limit`; unreadable lines are skipped. A missing file is an empty log. */
  async read(limit = Infinity): Promise<AuditRecord[]> {
    await this.queue;
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    const out: AuditRecord[] = [];
    const lines = text.split('\n');
    for (let i = lines.length - 1; i >= 0 && out.length < limit; i--) {
      const line = lines[i]?.trim();
      const r = line ? recordOfLine(line) : null;
      if (r) out.push(r);
    }
    return out;
  }

  private async appendNow(records: readonly AuditRecord[]): Promise<AuditRecord[]> {
    await this.catchUp();
    const fresh: AuditRecord[] = [];
    for (const r of records)
      if (!this.ids.has(r.id)) {
        this.ids.add(r.id);
        fresh.push(r);
      }
    if (fresh.length === 0) return [];
    const text = fresh.map((r) => `${JSON.stringify(r)}\n`).join('');
    await appendFile(this.path, text, { encoding: 'utf8', mode: 0o600, flag: 'a' });
    this.offset += Buffer.byteLength(text);
    return fresh;
  }

  /** Reads the ids of whatever was appended since (by another console sharing the file). */
  private async catchUp(): Promise<void> {
    let size: number;
    try {
      size = (await stat(this.path)).size;
    } catch {
      return;
    }
    if (size < this.offset) this.offset = 0; // replaced or truncated: read it again from the start
    if (size === this.offset) return;
    const f = await open(this.path, 'r');
    try {
      const buf = Buffer.alloc(size - this.offset);
      await f.read(buf, 0, buf.length, this.offset);
      const end = buf.lastIndexOf(0x0a) + 1; // whole lines only: a line being written is read next time
      for (const line of buf.subarray(0, end).toString('utf8').split('\n')) {
        const r = line.trim() ? recordOfLine(line) : null;
        if (r) this.ids.add(r.id);
      }
      this.offset += end;
    } finally {
      await f.close();
    }
  }

  /** Runs `fn` holding `<log>.lock` (created exclusively; one left by a dead process is taken after 10 s). */
  private async locked<T>(fn: () => Promise<T>): Promise<T> {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    const lock = `${this.path}.lock`;
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        await (await open(lock, 'wx', 0o600)).close();
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        const age = await stat(lock).then(
          (s) => Date.now() - s.mtimeMs,
          () => 0,
        );
        if (age > STALE_LOCK_MS) await unlink(lock).catch(() => undefined);
        else if (Date.now() > deadline) throw new Error(`the audit log ${this.path} is locked (${lock})`, { cause: e });
        else await new Promise((r) => setTimeout(r, 10));
      }
    }
    try {
      return await fn();
    } finally {
      await unlink(lock).catch(() => undefined);
    }
  }
}
