/**
 * From the wire to the core: a hand message becomes a checked shoe hand (its cards re-dealt by the Table of
 * Play), a retained snapshot becomes a Shoe rebuilt through the core's own transitions. Pure; never throws.
 *
 * ```ts
 * const hand = wireHand(msg);            // Result<NewShoeHand, string>
 * const shoe = shoeFromSnapshot(snap);   // Result<Shoe, string>
 * ```
 * @packageDocumentation
 */
import { parseCard } from '../baccarat/cards';
import {
  addHand,
  burn,
  cutCardDrawn,
  endShoe,
  type NewShoeHand,
  newShoe,
  openBetting,
  closeBetting,
  type Shoe,
  voidRound,
} from '../baccarat/shoe';
import { checkResult } from '../baccarat/result-check';
import { type Card, err, ok, type Result } from '../baccarat/types';
import type { HandMessage, ShoeSnapshot } from '../contract/schemas';

type HandBody = Omit<HandMessage, never>;

function cardsOf(texts: readonly string[], side: string): Result<Card[]> {
  const cards: Card[] = [];
  for (const [i, t] of texts.entries()) {
    const c = parseCard(t);
    if (!c.ok) return err(`${side} card ${i + 1}: ${c.error}`);
    cards.push(c.value);
  }
  return ok(cards);
}

/** A hand message (or a correction's hand) checked by the core and shaped as a shoe hand. */
export function wireHand(msg: HandBody): Result<NewShoeHand> {
  let cards: { player: Card[]; banker: Card[] } | undefined;
  if (msg.cards) {
    const player = cardsOf(msg.cards.player, 'player');
    if (!player.ok) return player;
    const banker = cardsOf(msg.cards.banker, 'banker');
    if (!banker.ok) return banker;
    cards = { player: player.value, banker: banker.value };
  }
  const checked = checkResult({
    outcome: msg.outcome,
    playerPoints: msg.playerPoints,
    bankerPoints: msg.bankerPoints,
    playerPair: msg.playerPair,
    bankerPair: msg.bankerPair,
    natural: msg.natural,
    ...(cards ? { cards } : {}),
  });
  if (!checked.ok) return err(`hand ${msg.handNo}: ${checked.error}`);
  const { coup: _coup, ...hand } = checked.value;
  return ok({
    no: msg.handNo,
    hand,
    ...(cards ? { cards } : {}),
    at: msg.timestamp,
    ...(msg.voidHand
      ? {
          voidHand: {
            kind: msg.voidHand.reason === 'no-bet-coup' ? ('noBetCoup' as const) : ('noBetsThisHand' as const),
            reason: msg.voidHand.reason,
          },
        }
      : {}),
  });
}

const then = (r: Result<Shoe>, f: (s: Shoe) => Result<Shoe>): Result<Shoe> => (r.ok ? f(r.value) : r);

/**
 * The shoe a retained snapshot describes, rebuilt through the core's transitions so that it obeys the same rules
 * as a shoe built message by message: every hand is checked, numbering and the cut card included.
 */
export function shoeFromSnapshot(snap: ShoeSnapshot): Result<Shoe> {
  let shoe = newShoe(snap.shoeId, { decks: snap.decks, at: snap.hands[0]?.timestamp ?? snap.timestamp });
  if (snap.burn) {
    const card = parseCard(snap.burn.card);
    if (!card.ok) return err(`snapshot burn: ${card.error}`);
    shoe = then(shoe, (s) => burn(s, card.value, snap.burn!.count));
  }
  const voided = [...snap.voidedRounds].sort((a, b) => a.handNo - b.handNo);
  let v = 0;
  for (const [i, h] of snap.hands.entries()) {
    if (h.shoeId !== snap.shoeId) return err(`snapshot hand ${i + 1} belongs to shoe ${h.shoeId}, not ${snap.shoeId}`);
    if (h.handNo !== i + 1) return err(`snapshot hand ${i + 1} is numbered ${h.handNo}`);
    while (v < voided.length && voided[v]!.handNo <= h.handNo) {
      const r = voided[v++]!;
      shoe = then(shoe, (s) => voidRound(s, { reason: r.reason, at: r.timestamp }));
    }
    if (snap.cutCard && snap.cutCard.handNo === h.handNo) {
      shoe = then(shoe, (s) => cutCardDrawn(s, { firstCardOfRound: snap.cutCard!.firstCardOfRound, handNo: h.handNo }));
    }
    const hand = wireHand(h);
    if (!hand.ok) return err(`snapshot ${hand.error}`);
    shoe = then(shoe, (s) => addHand(s, hand.value));
    if (!shoe.ok) return err(`snapshot hand ${h.handNo}: ${shoe.error}`);
  }
  const next = snap.hands.length + 1;
  while (v < voided.length) {
    const r = voided[v++]!;
    shoe = then(shoe, (s) => voidRound(s, { reason: r.reason, at: r.timestamp }));
  }
  if (snap.cutCard && snap.cutCard.handNo >= next) {
    shoe = then(shoe, (s) => cutCardDrawn(s, { firstCardOfRound: snap.cutCard!.firstCardOfRound, handNo: next }));
  }
  if (snap.phase === 'betting') shoe = then(shoe, openBetting);
  if (snap.phase === 'dealing') shoe = then(shoe, (s) => then(openBetting(s), closeBetting));
  if (snap.phase === 'ended') shoe = then(shoe, (s) => endShoe(s, snap.timestamp));
  return shoe.ok ? shoe : err(`snapshot: ${shoe.error}`);
}
