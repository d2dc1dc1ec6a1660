/**
 * What only the board's page knows of its own fit (`kiosk:fit`): whether the table sign's pit message is cut (to the
 * lines its board has room for, with an ellipsis) and whether the statistics gave their streak line to it. The host
 * takes it only once {@link parseFitReport} has checked it, and turns it into staff warnings (`pit-message-cut`,
 * `streaks-hidden`) in the board's status.
 *
 * ```ts
 * const r = parseFitReport(args[0]); // { ok: true, value: { messageCut: true, messageLines: 3, streaksHidden: false } }
 * ```
 * @packageDocumentation
 */
import { err, ok, type Result } from '../baccarat/types';

/** The board's fit, as its page last measured it (FitController: on a change of signs, language, screen, settings). */
export interface FitReport {
  readonly messageCut: boolean; // the pit message shows cut, with an ellipsis, not whole
  readonly messageLines?: number; // when cut: the lines it is cut to, 1 to 100
  readonly streaksHidden: boolean; // the statistics' streak line gave way to the message (a portrait board's footer)
}

/** The most lines a message can be cut to on any screen (a 280-character sign, one word a line). */
export const MAX_MESSAGE_LINES = 100;

const KEYS: ReadonlySet<string> = new Set(['messageCut', 'messageLines', 'streaksHidden']);

/** A board's `kiosk:fit` report, or why it is not one (for the host's log). Never throws. */
export function parseFitReport(value: unknown): Result<FitReport, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return err('not an object');
  const r = value as Record<string, unknown>;
  const unknown = Object.keys(r).find((k) => !KEYS.has(k));
  if (unknown !== undefined) return err(`unknown property ${JSON.stringify(unknown.slice(0, 40))}`);
  const { messageCut, messageLines, streaksHidden } = r;
  if (typeof messageCut !== 'boolean') return err('messageCut: expected a boolean');
  if (typeof streaksHidden !== 'boolean') return err('streaksHidden: expected a boolean');
  if (messageLines === undefined) return ok({ messageCut, streaksHidden });
  if (!messageCut) return err('messageLines: only for a message that is cut');
  if (typeof messageLines !== 'number' || !Number.isInteger(messageLines))
    return err('messageLines: expected an integer');
  if (messageLines < 1 || messageLines > MAX_MESSAGE_LINES)
    return err(`messageLines: expected 1 to ${MAX_MESSAGE_LINES}, got ${messageLines}`);
  return ok({ messageCut, messageLines, streaksHidden });
}

/**
 * One fit from the fits of every page that shows the board (browser mode: a board may be open in several windows, each
 * its own size): the message counts as cut if any page cuts it, to the fewest lines any shows; the streaks as hidden
 * if any page hid them. Staff are warned of the worst a patron may see, whichever page reported last. Null for none.
 */
export function combineFitReports(reports: Iterable<FitReport>): FitReport | null {
  let messageCut = false;
  let streaksHidden = false;
  let messageLines: number | undefined;
  let any = false;
  for (const r of reports) {
    any = true;
    messageCut ||= r.messageCut;
    streaksHidden ||= r.streaksHidden;
    if (r.messageCut && r.messageLines !== undefined)
      messageLines = Math.min(messageLines ?? r.messageLines, r.messageLines);
  }
  if (!any) return null;
  return messageLines === undefined ? { messageCut, streaksHidden } : { messageCut, messageLines, streaksHidden };
}
