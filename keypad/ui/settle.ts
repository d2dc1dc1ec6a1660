/**
 * Whether a new view changed what lies under the dealer's finger, so that the page drops taps for a moment (the
 * second half of a double tap; see `keypad-app.ts`): another screen (round, between rounds, refused), or the same
 * screen in another phase of the shoe or with the table opened or closed, whose buttons change meaning in place. On
 * the screen between rounds, "No more bets" takes the place of "Bets open": a double tap on "Bets open" opened the
 * bets and closed them at once, before anyone could bet.
 *
 * ```ts
 * if (shown && changesUnderFinger(shown, next)) settle();
 * ```
 * @packageDocumentation
 */
import type { KeypadView } from '../protocol';

/** The screen a view shows: the round being keyed (or keyed again after an undo), between rounds, or refused. */
export const screenOf = (v: Pick<KeypadView, 'link' | 'round'>): string =>
  v.link.state === 'refused' ? 'refused' : v.round ? 'round' : 'between';

type Shown = Pick<KeypadView, 'link' | 'round' | 'tableOpen'> & {
  readonly shoe: Pick<NonNullable<KeypadView['shoe']>, 'id' | 'phase'> | null;
};

/** Whether `next` puts other buttons, or buttons of another meaning, where `shown` had its own. */
export function changesUnderFinger(shown: Shown, next: Shown): boolean {
  return (
    screenOf(shown) !== screenOf(next) ||
    shown.tableOpen !== next.tableOpen ||
    shown.shoe?.id !== next.shoe?.id ||
    shown.shoe?.phase !== next.shoe?.phase
  );
}
