/**
 * Since when a board is offline, in words that claim no more than is known; shared by the console, `signage show`
 * and `fleet`. A board's last will is composed when it connects, so its `timestamp` is that moment, not when the
 * board went away. What says more:
 * - a goodbye the board published as it stopped (`will: false`), stamped then;
 * - an observer that saw the will arrive (to within the broker's keep-alive), with the board's last online status;
 * - the board's retained last-seen time (`{root}/displays/{id}/seen`, re-stated every 30 s), for whoever reads the
 *   broker later: taken only when it belongs to the will's connection (the same table, no older than the will).
 * Older boards publish neither `will` nor a last-seen time. And since when a board is *silent*: its status still says
 * online, but is too old to believe (its will never came: {@link isSilent}). Pure, and no validator: the console's page
 * imports it.
 *
 * ```ts
 * `offline ${offlineSince(status, { lastSeen: lastSeenOf(status, seen) }, (iso) => iso)}`;
 * // 'offline since some time after 2026-11-27T14:02:10.000Z (last seen)'
 * ```
 * @packageDocumentation
 */
import type { DisplaySeen, DisplayStatus } from './schemas/index';
import { RESTATE_SECONDS } from './schemas/seen';

/** What is known of a board's going beyond its status: when it was last seen, and when its will arrived. */
export interface SeenGoing {
  readonly lastSeen?: string; // its last online status seen live, or its retained last-seen time
  readonly goneAt?: string; // when the observer received the will, live
}

type Offline = Extract<DisplayStatus, { state: 'offline' }>;

/**
 * The retained last-seen time that tells when a board whose status is its last will went away: only one of the
 * will's own connection (the same table, and no older than the will's timestamp, which is when the board connected);
 * an older one dates from before that connection (its broker refused the newer ones) and says nothing of it.
 */
export function lastSeenOf(b: Offline, seen: DisplaySeen | null | undefined): string | undefined {
  if (!seen || b.will !== true || seen.displayId !== b.displayId || seen.tableId !== b.tableId) return undefined;
  return Date.parse(seen.timestamp) >= Date.parse(b.timestamp) ? seen.timestamp : undefined;
}

/** The later of two timestamps, either of which may be unknown. */
export function later(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/**
 * The words after "offline": `since 14:02:10` (a goodbye), `since about 14:02:40, last seen 14:02:10` (seen going),
 * `since some time after 14:02:10 (last seen)` (a will read later, with the board's last-seen time),
 * `since some time after 14:00:00, when it connected` (a will read later, nothing more known), `since 14:02:10 or
 * later` (an older board's status: a will or a goodbye, which it does not say). `time` writes a timestamp (with its
 * date where it is not today, for a page).
 */
export function offlineSince(b: Offline, seen: SeenGoing, time: (iso: string) => string): string {
  if (b.will === false) return `since ${time(b.timestamp)}`;
  if (seen.goneAt !== undefined)
    return `since about ${time(seen.goneAt)}${seen.lastSeen !== undefined ? `, last seen ${time(seen.lastSeen)}` : ''}`;
  if (b.will === true && seen.lastSeen !== undefined) return `since some time after ${time(seen.lastSeen)} (last seen)`;
  return b.will
    ? `since some time after ${time(b.timestamp)}, when it connected`
    : `since ${time(b.timestamp)} or later`;
}

/**
 * When a board was last seen alive, as far as is known, for a list of boards: an online board's status time (it
 * re-states it every 30 s), a goodbye's time, a will's last-seen time of its connection; else (a will without one,
 * an older board's offline status) its status time, after which it may well have been seen: `orLater`.
 */
export function lastSeenAt(b: DisplayStatus, seen: SeenGoing): { readonly at: string; readonly orLater: boolean } {
  if (b.state === 'online' || b.will === false) return { at: b.timestamp, orLater: false };
  if (seen.lastSeen !== undefined) return { at: seen.lastSeen, orLater: false };
  return { at: b.timestamp, orLater: true };
}

/**
 * How old, in seconds, an online status may be before it is no longer believed: three of the board's re-statements
 * (every {@link RESTATE_SECONDS} s, the contract's interval: a board does not choose it) missed in a row. A running
 * board is never this late (its status goes at QoS 1, and on reconnecting it publishes at once), and the margin
 * covers boards' clocks that differ by up to a minute (the console flags a board 2 s off its controller).
 */
export const SILENT_AFTER_SECONDS = 3 * RESTATE_SECONDS;

/**
 * Whether a board is silent at `now` (ms since the epoch): its status says online, but is more than
 * {@link SILENT_AFTER_SECONDS} old, so nothing has been heard from it since, though its last word was online. Its
 * last will never came: the broker restarted with its retained messages but without the will of a board that never
 * reconnected, or a bridged broker (a frozen board is offline, not silent: the broker's keep-alive fires its will).
 * Silent since its status's time. A status time that cannot be read is silent too: online only when a recent time
 * says so.
 */
export function isSilent(b: Pick<DisplayStatus, 'state' | 'timestamp'>, now: number): boolean {
  if (b.state !== 'online') return false;
  const age = now - Date.parse(b.timestamp);
  return !(age <= SILENT_AFTER_SECONDS * 1000);
}
