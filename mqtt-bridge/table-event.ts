/**
 * A table event applied to the table state. Events are deduplicated by what they do, not only by their `seq`: a
 * redelivery (a `seq` the board applied lately) is ignored at once, and an event whose effect the board already has
 * (bets open for the round already open, a burn already recorded, a correction already made …) changes nothing. So
 * one event with a wild `seq` (a forged value, a controller's clock that jumped) never blocks the ones after it,
 * and a replayed old one never undoes anything. Events of a shoe the board has left are stale.
 *
 * ```ts
 * const r = applyEvent(state, event, now); // Applied
 * ```
 * @packageDocumentation
 */
import { parseCard } from '../baccarat/cards';
import {
  announceVoidHand,
  burn,
  closeBetting,
  correctHand,
  cutCardDrawn,
  endShoe,
  isShoeHand,
  newShoe,
  nextHandNo,
  openBetting,
  sameHand,
  shoeHands,
  type Correction,
  type Shoe,
  voidRound,
  withdrawCutCard,
} from '../baccarat/shoe';
import type { Result } from '../baccarat/types';
import type { TableEvent } from '../contract/schemas';
import { shuffleNotice } from './notices';
import { settleTableOpen, tableOpenClosed } from './table-open';
import {
  applied,
  duplicate,
  recordSeq,
  rejected,
  resync,
  seenEvent,
  withShoe,
  type Applied,
  type TableState,
} from './table-types';
import { voidHandKind, wireHand } from './wire';

/** Whether `at` (an ISO time) is before the current shoe started: an event or snapshot from an earlier shoe. */
export const beforeCurrentShoe = (state: TableState, at: string): boolean => {
  const started = state.shoe?.startedAt;
  return started !== undefined && Date.parse(at) < Date.parse(started);
};

export function applyEvent(state: TableState, e: TableEvent, now: string): Applied {
  if (seenEvent(state, e.controllerId, e.seq))
    return duplicate(`event ${e.type} seq ${e.seq} from ${e.controllerId} already applied`);
  const seen = (s: TableState): TableState => recordSeq(s, e.controllerId, e.seq, true);
  const shoeId = 'shoeId' in e ? e.shoeId : undefined;
  if (shoeId !== undefined && state.pastShoes.includes(shoeId))
    return duplicate(`${e.type} for shoe ${shoeId}, a shoe the board has left`, 'stale');
  const shoe = state.shoe;
  if (e.type === 'table-open' || e.type === 'table-closed')
    return applied(seen(tableOpenClosed(state, e.type === 'table-open', now, e.timestamp, true)));
  if (e.type === 'shoe-start') {
    if (shoe && shoe.id === e.shoeId) return applied(seen(state));
    if (beforeCurrentShoe(state, e.timestamp))
      return duplicate(`shoe-start of shoe ${e.shoeId} is older than shoe ${shoe?.id ?? ''} on the board`, 'stale');
    const started = newShoe(e.shoeId, {
      decks: e.decks,
      ...(e.shoeNo !== undefined && { no: e.shoeNo }),
      at: e.timestamp,
      tableOpen: shoe?.tableOpen ?? state.controllerTableOpen ?? true,
    });
    if (!started.ok) return rejected(`shoe ${e.shoeId}: ${started.error}`);
    return applied(seen({ ...settleTableOpen(withShoe(state, started.value, now), now), change: { kind: 'reset' } }));
  }
  if (!shoe || shoe.id !== e.shoeId)
    return resync(`${e.type} for shoe ${e.shoeId}, which this board has not seen start`);
  const next = nextHandNo(shoe);
  const change = (r: Result<Shoe>, kind: 'notice' | 'correction' = 'notice', hand?: number): Applied =>
    r.ok
      ? applied(seen({ ...withShoe(state, r.value, now), change: { kind, ...(hand !== undefined && { hand }) } }))
      : rejected(`${e.type}: ${r.error}`);
  /** The board has this event's effect already (from the snapshot, or an earlier copy with another seq). */
  const already = duplicate;
  /** An event for round `no`: an earlier round is stale, a later one is a gap. */
  const round = (no: number, then: () => Applied): Applied =>
    no < next
      ? duplicate(`${e.type} for round ${no}, but round ${next} is next`, 'stale')
      : no > next
        ? resync(`${e.type} for round ${no}, but round ${next} is next: a gap`)
        : then();
  switch (e.type) {
    case 'shuffle':
      return applied(seen({ ...state, notices: shuffleNotice(state.notices, now), change: { kind: 'notice' } }));
    case 'burn': {
      const card = parseCard(e.burn.card);
      if (!card.ok) return rejected(`burn card: ${card.error}`);
      const b = shoe.burn;
      if (b && b.card.rank === card.value.rank && b.card.suit === card.value.suit && b.count === e.burn.count)
        return already(`shoe ${shoe.id} was burned with ${e.burn.card} already`);
      return change(burn(shoe, card.value, e.burn.count));
    }
    case 'betting-open':
      return round(e.handNo, () =>
        shoe.phase === 'betting' ? already(`bets are open for round ${next} already`) : change(openBetting(shoe)),
      );
    case 'no-more-bets':
      return round(e.handNo, () =>
        shoe.phase === 'dealing' ? already(`round ${next} is being dealt already`) : change(closeBetting(shoe)),
      );
    case 'void-hand':
      return round(e.handNo, () =>
        shoe.pendingVoidHand?.reason === e.reason
          ? already(`round ${next} is announced as a void hand already`)
          : change(announceVoidHand(shoe, e.reason, voidHandKind(e.reason))),
      );
    case 'cut-card': {
      const c = shoe.cutCard;
      if (c.drawn && c.handNo === e.handNo && c.firstCardOfRound === e.firstCardOfRound)
        return already(`the cut card of shoe ${shoe.id} is recorded already`);
      return change(cutCardDrawn(shoe, { firstCardOfRound: e.firstCardOfRound, handNo: e.handNo }));
    }
    case 'cut-card-withdrawn': {
      const c = shoe.cutCard;
      if (!c.drawn) return already(`the cut card of shoe ${shoe.id} is withdrawn already`);
      if (c.handNo !== e.handNo)
        return duplicate(
          `a withdrawal of the cut card of round ${e.handNo}, but it came out in round ${c.handNo}`,
          'stale',
        );
      return change(withdrawCutCard(shoe));
    }
    case 'round-void': {
      if (e.handNo > next) return resync(`round-void for round ${e.handNo}, but round ${next} is next: a gap`);
      const last = shoe.rounds.at(-1);
      const recorded = shoeHands(shoe).find((h) => h.no === e.handNo);
      const again =
        e.handNo === next
          ? last !== undefined && !isShoeHand(last) && last.no === next && last.voided.at === e.timestamp
          : recorded?.voided !== undefined;
      if (again) return already(`round ${e.handNo} of shoe ${shoe.id} is void already`);
      return change(voidRound(shoe, { no: e.handNo, reason: e.reason, at: e.timestamp }), 'correction', e.handNo);
    }
    case 'correction': {
      if (e.hand.handNo !== e.handNo || e.hand.shoeId !== e.shoeId)
        return rejected(`correction of hand ${e.handNo} carries hand ${e.hand.handNo} of shoe ${e.hand.shoeId}`);
      const hand = wireHand(e.hand);
      if (!hand.ok) return rejected(`correction: ${hand.error}`);
      const have = shoeHands(shoe).find((h) => h.no === e.handNo);
      if (have && madeAlready(have.corrected, e.by, e.timestamp))
        return duplicate(`the correction of hand ${e.handNo} by ${e.by} is applied already`, 'stale');
      if (have && sameHand(have.hand, hand.value.hand) && !hand.value.cards)
        return already(`hand ${e.handNo} already has the corrected result`);
      const { cards } = hand.value;
      const opts = {
        by: e.by,
        at: e.timestamp,
        ...(cards && { cards }),
        ...(e.note !== undefined && { note: e.note }),
      };
      return change(correctHand(shoe, e.handNo, hand.value.hand, opts), 'correction', e.handNo);
    }
    case 'shoe-end':
      return shoe.phase === 'ended' ? already(`shoe ${shoe.id} has ended already`) : change(endShoe(shoe, e.timestamp));
  }
}

/** Whether a correction by `by` at `at` is in the hand's chain of corrections (a redelivered or replayed one). */
function madeAlready(c: Correction | undefined, by: string, at: string): boolean {
  for (; c; c = c.earlier) if (c.by === by && c.at === at) return true;
  return false;
}
