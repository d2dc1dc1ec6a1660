/**
 * Times and counts for the console page, in plain words: `12:05:09`, `3 min ago`, `2 d 4 h`. Pure.
 * @packageDocumentation
 */
import { duration } from '../../contract/time-words';

/** Shared with the command line's lists (`fleet list`). */
export { ago, duration } from '../../contract/time-words';

/** `14:05:09` in the page's time zone; `—` for none. */
export function clock(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleTimeString('en-GB', { hour12: false });
}

/** `14:05` today, else `22 Nov 14:05`. */
export function when(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
  return new Date(now).toDateString() === d.toDateString()
    ? time
    : `${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`;
}

/** `14:02:10` today, else `22 Nov 14:02:10`: to the second, where the second is known. */
export function whenExact(iso: string, now = Date.now()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  return new Date(now).toDateString() === d.toDateString()
    ? time
    : `${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`;
}

/**
 * A message from the console's server with its times as the page shows times: `… at 2026-11-27T05:47:02.801Z`
 * reads `… at 05:47:02` (today, in the page's time zone; `22 Nov 05:47:02` on another day). The server's words
 * keep the full time, as its audit record does.
 */
export const withClockTimes = (message: string, now = Date.now()): string =>
  message.replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)/g, (iso) => whenExact(iso, now));

/** How long something has lasted since `iso`: `for 45 s`, `for 4 min`, `for 2 h 5 min`; `—` for none. */
export function lasting(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '—';
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  return Number.isFinite(s) ? `for ${duration(s)}` : '—';
}

/** A count and its noun, singular for one: `1 hand`, `18 hands`, `0 hands`. */
export const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
