/**
 * Since when a board is offline, in words that claim no more than is known. A board's last will is composed when it
 * connects, so its `timestamp` is that moment, not when the board went away; only an observer that saw the will
 * arrive knows that (to within the broker's keep-alive), and the board's last online status (re-stated every 30 s)
 * says when it was last seen. A goodbye the board published as it stopped is stamped then. Pure.
 *
 * ```ts
 * `offline ${offlineSince(status, { lastSeen, goneAt }, (iso) => iso)}`; // 'offline since about …, last seen …'
 * ```
 * @packageDocumentation
 */
import type { DisplayStatus } from '../contract/schemas';

/** What a live observer saw: the board's last online status, and when its will arrived. */
export interface SeenGoing {
  readonly lastSeen?: string; // the timestamp of its last online status
  readonly goneAt?: string; // when the observer received the will
}

type Offline = Extract<DisplayStatus, { state: 'offline' }>;

/**
 * The words after "offline": `since 14:02:10` (a goodbye), `since about 14:02:40, last seen 14:02:10` (seen going),
 * `since some time after 14:02:10, when it connected` (a will read later), `since 14:02:10 or later` (an older
 * board's status: a will or a goodbye, which it does not say).
 */
export function offlineSince(b: Offline, seen: SeenGoing, time: (iso: string) => string): string {
  if (b.will === false) return `since ${time(b.timestamp)}`;
  if (seen.goneAt !== undefined)
    return `since about ${time(seen.goneAt)}${seen.lastSeen !== undefined ? `, last seen ${time(seen.lastSeen)}` : ''}`;
  return b.will
    ? `since some time after ${time(b.timestamp)}, when it connected`
    : `since ${time(b.timestamp)} or later`;
}
