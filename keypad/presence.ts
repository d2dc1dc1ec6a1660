/**
 * The controller statuses a keypad published, by their timestamps, kept beside its journal: how a keypad knows its
 * own presence on the broker, across runs (a keypad restarted after a crash finds its own `online` still retained,
 * and is not refused by it), and in this run (what comes after its own `online` on the status topic).
 *
 * ```ts
 * const presence = new PresenceRecord(journalPath); // reads <journal>.presence
 * presence.add(status);                             // before the status is published
 * presence.ours(retained);                          // published by this keypad, in any run
 * ```
 * @packageDocumentation
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { ControllerStatus } from '../contract/schemas/status';

/** How many timestamps are kept. */
const KEPT = 20;

export class PresenceRecord {
  private readonly path: string;
  private stamps: string[];
  readonly thisRun = new Set<string>();

  constructor(journalPath: string) {
    this.path = `${journalPath}.presence`;
    try {
      this.stamps = (JSON.parse(readFileSync(this.path, 'utf8')) as { statuses: string[] }).statuses.slice(-KEPT);
    } catch {
      this.stamps = [];
    }
  }

  /** Whether a status is one this keypad (this journal) published, in this run or an earlier one. */
  ours(s: ControllerStatus): boolean {
    return this.stamps.includes(s.timestamp);
  }

  /** Records a status before it is published (the last will before the connection). */
  add(s: ControllerStatus): void {
    this.thisRun.add(s.timestamp);
    this.stamps = [...this.stamps, s.timestamp].slice(-KEPT);
    // Atomically: a keypad killed mid-write must still know its own status when it comes back.
    writeFileSync(`${this.path}.tmp`, JSON.stringify({ statuses: this.stamps }));
    renameSync(`${this.path}.tmp`, this.path);
  }
}
