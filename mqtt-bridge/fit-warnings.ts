/**
 * Staff warnings from the board's own fit (`kiosk:fit`, checked by the host): the pit message cut, the statistics'
 * streak line given up for it. They go in the board's status, for the console, and not in the view: the board shows
 * the cut already, and a staff line under a message fitted to its room would take that room.
 *
 * ```ts
 * warnings = fitWarnings({ messageCut: true, messageLines: 3, streaksHidden: false }, warnings, now);
 * // [{ code: 'pit-message-cut', detail: 'the pit message is too long for this board, which shows it cut to 3 lines …', since }]
 * ```
 * @packageDocumentation
 */
import type { FitReport, StaffWarning } from '../contract/kiosk';

const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;

/** The words staff read ("Board D1: …" on the console), with what helps. */
export function fitDetail(code: 'pit-message-cut' | 'streaks-hidden', report: FitReport): string {
  if (code === 'streaks-hidden')
    return 'the statistics hide their streak line to make room for the pit message in the footer (the sign column has none left for it) — no message, or fewer side bets on the sign, brings the streaks back';
  const cut = report.messageLines === undefined ? 'cut' : `cut to ${lines(report.messageLines)}`;
  return `the pit message is too long for this board, which shows it ${cut} with an ellipsis — publish a shorter one to show it whole`;
}

/**
 * The warnings a report gives: each with the `since` it had in `before` while it lasts (a change of lines is the same
 * cut), else `now`.
 */
export function fitWarnings(report: FitReport, before: readonly StaffWarning[], now: string): StaffWarning[] {
  const out: StaffWarning[] = [];
  const add = (code: 'pit-message-cut' | 'streaks-hidden') =>
    out.push({ code, detail: fitDetail(code, report), since: before.find((w) => w.code === code)?.since ?? now });
  if (report.messageCut) add('pit-message-cut');
  if (report.streaksHidden) add('streaks-hidden');
  return out;
}
