/**
 * Who corrected a hand, as a correction's `by` says it: a supervisor's name or id as a person gave it, shown as
 * written, or a code that stands for no person's name and is shown in words of the screen's language. Free of the
 * schemas (no TypeBox), so that the board and the keypad page import it without them.
 *
 * ```ts
 * by === DEALER_UNDO_BY ? t.correctedByDealerUndo : t.correctedBy(by);
 * ```
 * @packageDocumentation
 */

/** The `by` of the correction a dealer's undo becomes (the last result keyed again, within its undo window). */
export const DEALER_UNDO_BY = 'dealer (undo)';
