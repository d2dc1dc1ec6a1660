/**
 * Whether an online status may take a signing keypad's table over (its signature and freshness: `status-trust.ts`),
 * and what the keypad does with a take-over it refused (`table-holder.ts`'s `refuse-take-over`): it says online
 * again, logs why, and keeps the refusal for the dealer's header (`LinkView.takeOverRefused`). A flood of forged
 * statuses costs it little: it says online at most once a second (the last one after the flood, so the retained
 * status ends its own), and logs at most one line every 10 s, with how many it refused meanwhile.
 *
 * ```ts
 * const guard = new TakeOverGuard({ signingKey, trustKeys, topic, ours, log, now, sayOnline, changed });
 * guard.check(status); // { trusted: false, reason: 'unsigned' }
 * guard.refuse(status, 'unsigned');
 * guard.refused; // { controllerId, at, reason }
 * ```
 * @packageDocumentation
 */
import type { Logger } from 'pino';
import type { ControllerStatus } from '../contract/schemas/status';
import type { LinkView } from './protocol';
import { takeOverTrust, type TakeOverCheck, type TakeOverTrustOptions } from './status-trust';

/** At most one `online` again per this many ms, in a flood of forged statuses. */
export const REASSERT_MS = 1_000;
/** At most one warning per this many ms, in a flood. */
export const WARN_MS = 10_000;

export interface TakeOverGuardOptions extends TakeOverTrustOptions {
  readonly log: Logger;
  /** Publishes the keypad's online status again (when it serves the table). */
  readonly sayOnline: () => Promise<void>;
  readonly changed: () => void;
}

export class TakeOverGuard {
  private last: LinkView['takeOverRefused'];
  private reassert: NodeJS.Timeout | null = null;
  private reassertedAt = -Infinity;
  private warnedAt = -Infinity;
  private unlogged = 0;

  /** Whether a status is signed by a key the keypad trusts, and fresh: see `status-trust.ts`. */
  readonly check: (s: ControllerStatus) => TakeOverCheck;

  constructor(private readonly o: TakeOverGuardOptions) {
    this.check = takeOverTrust(o);
  }

  /** The last take-over refused, for the page. */
  get refused(): LinkView['takeOverRefused'] {
    return this.last;
  }

  /** An online no key the keypad trusts signed, after its own: refused. */
  refuse(s: ControllerStatus, reason: string): void {
    const now = this.o.now();
    this.last = { controllerId: s.controllerId, at: now.toISOString(), reason };
    this.sayOnlineSoon();
    this.unlogged++;
    if (Date.now() - this.warnedAt >= WARN_MS) {
      this.o.log.warn(
        { other: s, reason, refused: this.unlogged },
        `an online status not signed by a key this keypad trusts (${reason}) would take the table over: refused; ` +
          'this keypad keeps serving the table and says online again',
      );
      this.warnedAt = Date.now();
      this.unlogged = 0;
    }
    this.o.changed();
  }

  /** Says online again now, or once {@link REASSERT_MS} have passed since it last did (once for a whole burst). */
  private sayOnlineSoon(): void {
    if (this.reassert) return;
    const wait = Math.max(0, this.reassertedAt + REASSERT_MS - Date.now());
    this.reassert = setTimeout(() => {
      this.reassert = null;
      this.reassertedAt = Date.now();
      void this.o.sayOnline().catch(() => undefined);
    }, wait);
  }

  /** Stops a pending `online` (the keypad yields or stops). */
  stop(): void {
    if (this.reassert) clearTimeout(this.reassert);
    this.reassert = null;
  }
}
