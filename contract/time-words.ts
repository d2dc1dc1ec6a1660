/**
 * How long ago, and how long, in the plain words staff read on the console's page and in the command line's lists:
 * `just now`, `3 min ago`, `2 d ago`; `45 s`, `5 h 20 min`. Pure, and no DOM or Node: the page imports it too.
 *
 * ```ts
 * ago('2026-11-27T14:02:10Z', Date.parse('2026-11-27T14:05:10Z')); // '3 min ago'
 * duration(7500); // '2 h 5 min'
 * ```
 * @packageDocumentation
 */

/** `just now`, `4 min ago`, `3 h ago`, `2 d ago`; `—` for none (or a time that is not one). */
export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '—';
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (!Number.isFinite(s)) return '—';
  if (s < 45) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86_400)} d ago`;
}

/** A duration in seconds: `45 s`, `12 min`, `5 h 20 min`, `3 d 4 h`; `—` for none. */
export function duration(seconds: number | undefined): string {
  if (seconds === undefined) return '—';
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

/** An ISO 8601 time to the second, as staff read it in warnings and logs: `2026-11-27T08:41:10Z`. */
export const toSecond = (iso: string): string => iso.replace(/\.\d+Z$/, 'Z');
