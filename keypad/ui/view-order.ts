/**
 * Which of two views the page shows: the newer. A view comes two ways, pushed on the WebSocket after every change
 * and as the reply to the page's own request; a reply may arrive after a push made later (the outbox acknowledged
 * while the reply was on its way), and must not put back what the push replaced: a "2 to send" that is no longer so.
 * Of two views, the one of the higher `revision` (actions taken) is the newer; of one revision, the one of the higher
 * `serial` (every view made).
 *
 * ```ts
 * if (isNewer(shown, reply)) shown = reply;
 * ```
 * @packageDocumentation
 */
import type { KeypadView } from '../protocol';

/** Whether `next` is newer than `shown` (null: nothing shown yet). */
export function isNewer(
  shown: Pick<KeypadView, 'revision' | 'serial'> | null,
  next: Pick<KeypadView, 'revision' | 'serial'>,
): boolean {
  if (shown === null) return true;
  return next.revision !== shown.revision ? next.revision > shown.revision : next.serial > shown.serial;
}
