/**
 * A dealer's actions for keypad tests, with no browser: taken on a running keypad (`act`), or folded into the
 * keypad's pure state (`stateAfter`); cards from their short names, and the way every test table begins a shoe.
 *
 * ```ts
 * await act(kp, ...SHOE_START, { type: 'bets-open' }, { type: 'no-more-bets' }, ...cards('2S KC 3D KD'));
 * const s = stateAfter([{ type: 'open-table' }], AT);
 * ```
 * @packageDocumentation
 */
import type { Keypad } from '../../keypad/keypad';
import { act as reduce, INITIAL_STATE, type KeypadState } from '../../keypad/keypad-state';
import type { Action, DealerAction } from '../../keypad/protocol';

/** Cards by their short names, space-separated: `cards('2S KC 3D')`. */
export const cards = (text: string): DealerAction[] => text.split(' ').map((card) => ({ type: 'card', card }));

/** A whole round keyed by its cards: bets open, no more bets, the cards in dealing order, the result. */
export const round = (text: string): DealerAction[] => [
  { type: 'bets-open' },
  { type: 'no-more-bets' },
  ...cards(text),
  { type: 'result' },
];

/** Open the table, start an 8-deck shoe, shuffle, burn 7 (the 7 of hearts turned: rule 7.9). */
export const SHOE_START: readonly DealerAction[] = [
  { type: 'open-table' },
  { type: 'new-shoe', decks: 8 },
  { type: 'shuffle' },
  { type: 'burn', card: '7H', count: 7 },
];

/** Takes `actions` on the keypad directly (not through its page), in order; throws at the first it refuses. */
export async function act(kp: Keypad, ...actions: DealerAction[]): Promise<void> {
  for (const action of actions) {
    const r = await kp.request({ action });
    if (!r.ok) throw new Error(`${JSON.stringify(action)}: ${r.error}`);
  }
}

/** The keypad's state after `actions` from a new table, each at `at` (undo window 10 s); throws at a refusal. */
export function stateAfter(actions: readonly Action[], at: string): KeypadState {
  let s: KeypadState = INITIAL_STATE;
  for (const a of actions) {
    const r = reduce(s, a, { at, undoMs: 10_000 });
    if (!r.ok) throw new Error(`${a.type}: ${r.error}`);
    s = r.value.state;
  }
  return s;
}
