/**
 * Messages refused for their signature (`bad-signature`: unsigned while `trust.requireSignatures` is on, or signed
 * by a key that does not verify). The board refuses each and carries on, but a run of them means someone publishes
 * on the table's topics (or the controller signs with a key the board does not trust): staff and IT are told, as the
 * staff warning `forged-results` on the board's staff line and in its status, with how many and since when, until
 * none has come for a quiet period (5 min).
 *
 * ```ts
 * const forged = new ForgedResults({ now, log, changed });
 * forged.refused('baccarat/tables/T1/hand', 'an unsigned hand: signatures are required');
 * forged.warnings; // [{ code: 'forged-results', detail: '1 message on this table's topics refused …', since }]
 * ```
 * @packageDocumentation
 */
import type { Logger } from 'pino';
import type { StaffWarning } from '../contract/kiosk';
import { toSecond } from '../contract/time-words';
import { warningDetail } from './warning-detail';

/** How long without a refusal before the warning ends, in ms. */
export const FORGED_QUIET_MS = 5 * 60_000;

export interface ForgedResultsOptions {
  readonly now: () => Date;
  readonly log: Pick<Logger, 'error' | 'info'>;
  /** The warning came, changed or went. */
  readonly changed: () => void;
  readonly quietMs?: number; // default FORGED_QUIET_MS
}

export class ForgedResults {
  private count = 0;
  private unsigned = 0; // of them, unsigned (not signed by a key that does not verify)
  private since: string | null = null;
  private last = 0; // ms since the epoch: the last refusal
  private lastReason = '';
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly o: ForgedResultsOptions) {}

  /** A message refused for its signature. */
  refused(topic: string, reason: string): void {
    const now = this.o.now();
    if (this.since === null) {
      this.since = now.toISOString();
      this.o.log.error(
        { topic, reason },
        "a message on this table's topics was refused for its signature: someone may publish as its controller or the pit",
      );
    }
    this.count++;
    if (reason.startsWith('an unsigned ')) this.unsigned++;
    this.last = now.getTime();
    this.lastReason = reason;
    this.arm();
    this.o.changed();
  }

  /** The staff warning while refusals keep coming, else none. */
  get warnings(): readonly StaffWarning[] {
    if (this.since === null) return [];
    const n = this.count === 1 ? '1 message' : `${this.count} messages`;
    // Unsigned ones may be staff's own, sent without a key: said, so that a slip is not taken for an attack alone (a
    // fleet command sent without --signing-key read as forged, found by casino IT). Within the detail's 300 characters.
    const of =
      this.unsigned === 0 ? '' : this.unsigned === this.count ? 'all unsigned; ' : `${this.unsigned} unsigned; `;
    const staff = this.unsigned === 0 ? '' : ", or staff sent it without the pit's key (--signing-key)";
    const text =
      `${n} on this table's topics refused for their signature since ${toSecond(this.since)} (${of}last: ` +
      `${this.lastReason}): someone publishes as its controller or the pit, or signs with a key not trusted ` +
      `(trust.*)${staff}`;
    return [
      {
        code: 'forged-results',
        detail: warningDetail(text),
        since: this.since,
      },
    ];
  }

  /** The board stops. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Checks again when the quiet period would be over. */
  private arm(): void {
    this.stop();
    const left = this.last + this.quietMs() - this.o.now().getTime();
    this.timer = setTimeout(() => this.expire(), Math.max(0, left));
    this.timer.unref?.();
  }

  private expire(): void {
    if (this.o.now().getTime() - this.last < this.quietMs()) return this.arm();
    this.timer = null;
    this.o.log.info(
      { refused: this.count, since: this.since },
      'no message refused for its signature for %d min',
      Math.round(this.quietMs() / 60_000),
    );
    this.count = 0;
    this.unsigned = 0;
    this.since = null;
    this.o.changed();
  }

  private quietMs(): number {
    return this.o.quietMs ?? FORGED_QUIET_MS;
  }
}
