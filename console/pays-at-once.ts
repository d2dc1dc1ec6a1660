/**
 * A sign change made while the table's round is dealt: which of its keys change what that round pays at once (only
 * the variant and the commission wait for a round, `from-hand`), in words for a warning. One rule for every tool that
 * changes signs (`signage` now; the console's review next).
 *
 * ```ts
 * paysChangedNow({ tiePays: 9 }, shoePosition(snapshot)); // 'round 4 is being dealt (…): tie-pays changes …' or null
 * ```
 * @packageDocumentation
 */
import type { ShoePosition } from './shoe-position';
import type { SignEdits } from './sign-keys';

/** The keys that change what a round pays at once: only the variant and commission wait for a round (from-hand). */
const PAYS_AT_ONCE = [
  ['tiePays', 'tie-pays'],
  ['sideBets', 'side-bets'],
  ['ppScale', 'pp-scale'],
] as const;

/**
 * Why a change made while the table's round is dealt ("No more bets" called) deserves a second look: what it pays
 * changes at once, for the wagers already on that round too (a floor manager's report: tie-pays=9 mid-round paid
 * 9 to 1 on that round). It is still published; null when nothing such is changed, or no round is dealt.
 */
export function paysChangedNow(edits: SignEdits, shoe: ShoePosition | null): string | null {
  if (shoe?.phase !== 'dealing') return null;
  const keys = PAYS_AT_ONCE.filter(([k]) => edits[k] !== undefined).map(([, word]) => word);
  if (keys.length === 0) return null;
  return (
    `round ${shoe.nextHand ?? '?'} is being dealt ("No more bets" was called): ${keys.join(', ')} ` +
    `${keys.length === 1 ? 'changes' : 'change'} what it pays at once, for the wagers already on it too. ` +
    'Made between rounds (after its result), no wager placed is caught by it.'
  );
}
