/**
 * A signed display command is carried out once, and only while it is fresh. Its signature proves the pit wrote it,
 * not that the pit sends it now: anyone who may publish on the broker (and read the command topic) can send a
 * genuine `resync` with `replace` again, and the board would drop its shoe and show whatever the retained snapshot
 * says then (an older one, or none). So a board refuses a signed command stamped more than
 * {@link COMMAND_WINDOW_MS} from its own clock, either way, and ignores one whose `requestId` it has carried out
 * already (a replay, or the broker's redelivery).
 * Pure: the caller gives the time.
 *
 * ```ts
 * const replays = new CommandReplays(file.read()); // what it carried out before a restart (command-replay-file.ts)
 * replays.check(command, Date.now()); // null: carry it out (remembered); else { kind: 'stale' | 'again', reason }
 * file.save(replays.remembered());
 * ```
 * @packageDocumentation
 */
import type { DisplayCommand } from '../contract/schemas';

/** How far a signed command's `timestamp` may be from the board's clock, either way, in ms. */
export const COMMAND_WINDOW_MS = 5 * 60_000;
/** Why a command is not carried out: stamped outside the window (`stale`), or carried out already (`again`). */
export interface CommandRefusal {
  readonly kind: 'stale' | 'again';
  readonly reason: string;
}

/** The most request ids remembered (those older than the window are forgotten first: the window refuses them). */
export const MAX_REMEMBERED_COMMANDS = 1024;

export class CommandReplays {
  /** requestId → its command's time (ms since the epoch), oldest carried out first. */
  private readonly seen = new Map<string, number>();

  /** `remembered`: the request ids carried out before (a restart: command-replay-file.ts), with their commands' times. */
  constructor(
    remembered: Iterable<readonly [string, number]> = [],
    private readonly windowMs = COMMAND_WINDOW_MS,
    private readonly max = MAX_REMEMBERED_COMMANDS,
  ) {
    for (const [id, at] of remembered) this.seen.set(id, at);
  }

  /** The request ids remembered, oldest carried out first, with their commands' times: what a restart must keep. */
  remembered(): [string, number][] {
    return [...this.seen];
  }

  /**
   * Null when the command is fresh and new (it is then remembered); else why it is not carried out, in words for
   * staff. One carried out already may be the broker's redelivery (QoS 1) as much as a replay: the caller ignores it.
   */
  check(c: DisplayCommand, nowMs: number): CommandRefusal | null {
    const at = Date.parse(c.timestamp);
    const off = Math.round(Math.abs(at - nowMs) / 1000);
    const clock = new Date(nowMs).toISOString();
    const minutes = `${this.windowMs / 60_000} min`;
    if (!(Math.abs(at - nowMs) <= this.windowMs)) {
      const reason =
        `a signed ${c.command} command (request ${c.requestId}) stamped ${c.timestamp}, ${off} s ` +
        `${at < nowMs ? 'before' : 'after'} this board's clock (${clock}), more than ${minutes}: ` +
        `a replay, or the pit's clock or this board's is wrong`;
      return { kind: 'stale', reason };
    }
    if (this.seen.has(c.requestId)) {
      const reason = `a signed ${c.command} command (request ${c.requestId}) this board has carried out already`;
      return { kind: 'again', reason };
    }
    this.forget(nowMs);
    this.seen.set(c.requestId, at);
    return null;
  }

  /** Forgets what the window refuses anyway, then the oldest while there are too many. */
  private forget(nowMs: number): void {
    for (const [id, at] of this.seen) if (at < nowMs - this.windowMs) this.seen.delete(id);
    while (this.seen.size >= this.max) {
      const oldest = this.seen.keys().next().value;
      if (oldest === undefined) return;
      this.seen.delete(oldest);
    }
  }
}
