/**
 * Whether a table is open, from two words of its controller that may disagree: what it last said live or in its
 * retained online status (`tableOpen`), and what its shoe's retained snapshot says (`tableOpen`). Both are retained,
 * and the broker can hold a snapshot from before a keypad restarted on a new journal (which closes its table at once
 * and knows no shoe, so leaves the old snapshot in place). Shared by the boards and the console, so both read a
 * table alike. Pure.
 *
 * The rule:
 * - one word alone, or two that agree, is taken;
 * - two that disagree: the one said later, by the controller's clock, wins when it is later by more than
 *   {@link OPEN_WORD_MARGIN_MS}. A stale status never closes a table whose newer shoe says open, and a stale
 *   snapshot never reopens a table the controller closed since;
 * - closer than that (equal times too, or a time that does not parse), a live word (an event: the controller
 *   speaking now, its snapshot a moment behind it) wins against a retained one;
 * - else they cannot be ordered: two controllers' clocks (the keypad before and after a replacement) may differ by
 *   that much. The table is taken as closed (the safe side: no patron is invited to bet), and `unsure` says so, for
 *   staff, until a later word settles it.
 *
 * ```ts
 * tableOpenVerdict({ open: false, at: status.timestamp }, { open: true, at: snapshot.timestamp });
 * // { open: false, by: 'newer' }, if the status is the later by more than 2 s
 * ```
 * @packageDocumentation
 */

/**
 * One word of the controller on its table: open or closed, and when it said it, by its own clock (RFC 3339);
 * `live` when it came in a live event (`table-open` / `table-closed`, never retained), not a retained message.
 */
export interface OpenWord {
  readonly open: boolean;
  readonly at: string;
  readonly live?: boolean;
}

/**
 * How much later, in ms, a word must be than one that contradicts it to win: more than two machines' clocks differ
 * under NTP, and less than a dealer takes to close and reopen a table.
 */
export const OPEN_WORD_MARGIN_MS = 2_000;

/**
 * The table open or closed, and why: `one` a single word, `agree` two that agree, `newer` the later of two that
 * disagree, `live` the live one of two that disagree too close in time to order, `unsure` two that disagree and
 * cannot be ordered (closed, and staff told).
 */
export type OpenVerdict =
  | { readonly open: boolean; readonly by: 'one' | 'agree' | 'newer' | 'live' }
  | { readonly open: false; readonly by: 'unsure' };

/** The table open or closed by two words of its controller (either may be absent); null when neither says. */
export function tableOpenVerdict(
  a: OpenWord | undefined,
  b: OpenWord | undefined,
  marginMs: number = OPEN_WORD_MARGIN_MS,
): OpenVerdict | null {
  if (!a || !b) {
    const only = a ?? b;
    return only ? { open: only.open, by: 'one' } : null;
  }
  if (a.open === b.open) return { open: a.open, by: 'agree' };
  const later = Date.parse(a.at) - Date.parse(b.at); // NaN when either does not parse: unsure
  if (later > marginMs) return { open: a.open, by: 'newer' };
  if (later < -marginMs) return { open: b.open, by: 'newer' };
  if (Boolean(a.live) !== Boolean(b.live)) return { open: a.live ? a.open : b.open, by: 'live' };
  return { open: false, by: 'unsure' };
}
