/**
 * The append-only audit log of sign changes: JSON lines, one {@link AuditRecord} each, in
 * `<state dir>/console-audit.jsonl` by default. Only ever appended to (mode 0600); read back latest first.
 *
 * ```ts
 * const log = new AuditLog(defaultAuditPath());
 * await log.append(auditRecords(plan, 'alice', now, 'console'));
 * (await log.read(50))[0]; // the latest change
 * ```
 * @packageDocumentation
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { defaultConfig } from '../mqtt-bridge/config';
import type { AuditRecord } from './audit-record';

/** `<state dir>/console-audit.jsonl`: the state dir of the board's journal ($XDG_STATE_HOME/baccarat-board). */
export const defaultAuditPath = (): string => join(defaultConfig().journal.dir, 'console-audit.jsonl');

export class AuditLog {
  private queue: Promise<void> = Promise.resolve();

  constructor(readonly path: string) {}

  /** Appends the records, one line each, after any append still under way. */
  append(records: readonly AuditRecord[]): Promise<void> {
    if (records.length === 0) return this.queue;
    const text = records.map((r) => `${JSON.stringify(r)}\n`).join('');
    const next = this.queue.then(async () => {
      await mkdir(dirname(this.path), { recursive: true });
      await appendFile(this.path, text, { encoding: 'utf8', mode: 0o600, flag: 'a' });
    });
    this.queue = next.catch(() => undefined);
    return next;
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
      if (!line) continue;
      try {
        const r = JSON.parse(line) as AuditRecord;
        if (r.v === 1 && typeof r.at === 'string') out.push(r);
      } catch {
        // a torn last line after a crash: skip it
      }
    }
    return out;
  }
}
