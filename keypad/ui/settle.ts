/**
 * Whether a new view changed what lies under the dealer's finger, so that the page drops taps for a moment (the
 * second half of a double tap; see `keypad-app.ts`): another screen (round, between rounds, refused), or the same
 * screen in another phase of the shoe or with the table opened or closed, whose buttons change meaning in place. On
 * the screen between rounds, "No more bets" takes the place of "Bets open": a double tap on "Bets open" opened the
 * bets and closed them at once, before anyone could bet.
 *
 * A card key tapped twice is the other bounce: a finger's second tap on the same key within {@link BOUNCE_MS} keyed
 * the card twice, and every slot after it shifted. A deliberate second identical card takes longer (the dealer reads
 * the next card first); another key is never dropped.
 *
 * ```ts
 * if (shown && changesUnderFinger(shown, next)) settle();
 * if (isBounce(lastKey, { card: '9C', at: Date.now() })) return; // the same card key again, 120 ms later
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

/** How soon after a card key's tap a tap on the same key is its bounce, and dropped, in ms. */
export const BOUNCE_MS = 200;

/** A card key's tap: the card, at the page's time in ms. */
export interface KeyTap {
  readonly card: string;
  readonly at: number;
}

/** Whether `tap` is the bounce of `last`: the same card key, within {@link BOUNCE_MS}. */
export const isBounce = (last: KeyTap | null, tap: KeyTap): boolean =>
  last !== null && last.card === tap.card && tap.at >= last.at && tap.at - last.at < BOUNCE_MS;
