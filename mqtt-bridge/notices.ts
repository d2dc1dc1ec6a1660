/**
 * The notices of a table: kept in the state as they start and end with the table's events, and filtered for the
 * board by time (a transient notice, e.g. BURN or NEW SHOE, shows for a few seconds).
 *
 * ```ts
 * const notices = addNotice([], { kind: 'burn', since: now, burn: { card: 'KD', count: 10 }, transient: true });
 * activeNotices(notices, now, 8); // [the burn notice] for 8 seconds
 * ```
 * @packageDocumentation
 */
import type { Notice, NoticeKind } from '../contract/kiosk';

/** A notice as kept in the state: a transient one expires `noticeSeconds` after it started. */
export type StoredNotice = Notice & { readonly transient?: boolean };

/** Adds a notice, replacing one of the same kind. */
export function addNotice(notices: readonly StoredNotice[], notice: StoredNotice): readonly StoredNotice[] {
  return [...notices.filter((n) => n.kind !== notice.kind), notice];
}

/** Removes notices of the given kinds (the same array when there are none, so unchanged state stays identical). */
export function dropNotices(notices: readonly StoredNotice[], kinds: readonly NoticeKind[]): readonly StoredNotice[] {
  return notices.some((n) => kinds.includes(n.kind)) ? notices.filter((n) => !kinds.includes(n.kind)) : notices;
}

/** The notices to show at `now`, most important first. */
export function activeNotices(notices: readonly StoredNotice[], now: string, noticeSeconds: number): Notice[] {
  const t = Date.parse(now);
  return notices
    .filter((n) => !n.transient || t - Date.parse(n.since) < noticeSeconds * 1000)
    .map(({ transient: _t, ...n }) => n)
    .sort((a, b) => PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind));
}

/** When a transient notice next expires (ms since the epoch), so the host can push one more view then. */
export function nextExpiry(notices: readonly StoredNotice[], now: string, noticeSeconds: number): number | null {
  const t = Date.parse(now);
  let next: number | null = null;
  for (const n of notices) {
    if (!n.transient) continue;
    const end = Date.parse(n.since) + noticeSeconds * 1000;
    if (end > t && (next === null || end < next)) next = end;
  }
  return next;
}

const PRIORITY: readonly NoticeKind[] = [
  'tableClosed',
  'roundVoid',
  'noBetsThisHand',
  'noBetCoup',
  'lastCoup',
  'shoeEnd',
  'corrected',
  'shuffle',
  'burn',
  'newShoe',
];
