/**
 * A hand message applied to the table state. Hands are keyed by shoe and number: a repeat of a hand the board has
 * (the same result, whatever its timestamp) is ignored; a different result for a known number is refused (a
 * correction event changes a result); a number beyond the next is a gap; a shoe the board has left is stale.
 *
 * ```ts
 * const r = applyHand(state, msg, now); // Applied: 'applied' | 'duplicate' | 'rejected' | 'resync'
 * ```
 * @packageDocumentation
 */
import {
  addHand,
  closeBetting,
  nextHandNo,
  sameHand,
  shoeHands,
  type Correction,
  type NewShoeHand,
  type Shoe,
  type ShoeHand,
} from '../baccarat/shoe';
import type { Result } from '../baccarat/types';
import type { HandMessage } from '../contract/schemas';
import { applied, duplicate, rejected, resync, withShoe, type Applied, type TableState } from './table-types';
import { wireHand } from './wire';

/** Whether a reported hand is the one recorded: the same result and kind (its time may differ, its cards if any not). */
function sameReport(have: ShoeHand, got: NewShoeHand): boolean {
  if (!sameHand(have.hand, got.hand) || !!have.voidHand !== !!got.voidHand) return false;
  if (!have.cards || !got.cards) return true;
  const text = (h: NonNullable<ShoeHand['cards']>) => JSON.stringify(h);
  return text(have.cards) === text(got.cards);
}

/** Whether `got` is the result the hand had before one of its corrections (a late repeat of the original). */
function earlierResult(have: ShoeHand, got: NewShoeHand): boolean {
  for (let c: Correction | undefined = have.corrected; c; c = c.earlier)
    if (c.previous && sameHand(c.previous, got.hand)) return true;
  return false;
}

/** A hand may arrive while bets are still open (a controller without a "no more bets" step). */
function addHandKeepingPhase(shoe: Shoe, hand: NewShoeHand): Result<Shoe> {
  const dealing = shoe.phase === 'betting' ? closeBetting(shoe) : { ok: true as const, value: shoe };
  return dealing.ok ? addHand(dealing.value, hand) : dealing;
}

export function applyHand(state: TableState, msg: HandMessage, now: string): Applied {
  const shoe = state.shoe;
  const key = `hand ${msg.handNo} of shoe ${msg.shoeId}`;
  if (state.pastShoes.includes(msg.shoeId)) return duplicate(`${key}, a shoe the board has left`, 'stale');
  if (!shoe || shoe.id !== msg.shoeId) return resync(`${key}, which this board has not seen start`);
  const hand = wireHand(msg);
  if (!hand.ok) return rejected(hand.error);
  const existing = shoeHands(shoe).find((h) => h.no === msg.handNo);
  if (existing) {
    if (sameReport(existing, hand.value)) return duplicate(`${key} already recorded`);
    if (existing.voided) return duplicate(`${key} was declared void since; the repeat is ignored`);
    if (earlierResult(existing, hand.value))
      return duplicate(`${key} was corrected since; the earlier result is ignored`, 'stale');
    return rejected(`${key} is already recorded with another result; send a correction`);
  }
  const expected = nextHandNo(shoe);
  if (msg.handNo > expected) return resync(`hand ${msg.handNo} arrived but hand ${expected} is next: a gap`);
  const next = addHandKeepingPhase(shoe, hand.value);
  if (!next.ok) return rejected(next.error);
  return applied({
    ...withShoe(state, next.value, now),
    lastResultAt: msg.timestamp,
    change: { kind: 'hand', hand: msg.handNo },
  });
}
