/**
 * The dealer's keypad as pure transitions: each action of the dealer or a supervisor, checked by the rules core
 * (the shoe's transitions in `baccarat/shoe.ts`, the Table of Play), becomes a new state and the table steps that
 * the simulator's messenger turns into exactly the contract's messages. No I/O and no clock: the time of the action
 * comes in the context, so a journal of actions replays into the same state and the same messages.
 *
 * ```ts
 * let s = INITIAL_STATE;
 * const r = act(s, { type: 'open-table' }, { at: '2024-11-22T14:00:00Z', undoMs: 10_000 }); // ok: one table-open step
 * if (r.ok) s = r.value.state;
 * ```
 * The transitions that record or change a hand (a result, the undo's, a correction) are `keypad-results.ts`'s.
 * Decisions are written up in `docs/keypad.md`.
 * @packageDocumentation
 */
import { parseCard, parseCards } from '../baccarat/cards';
import {
  announceVoidHand,
  burn,
  burnCount,
  closeBetting,
  closeTable,
  cutCardDrawn,
  endShoe,
  lastCoupState,
  newShoe,
  nextHandNo,
  openBetting,
  openTable,
  shoeHands,
  voidRound,
  withdrawCutCard,
  type Shoe,
} from '../baccarat/shoe';
import { err, ok, type Result } from '../baccarat/types';
import type { VoidHandReason } from '../contract/schemas/hand';
import type { ControllerStep } from '../simulator/steps';
import type { Action } from './protocol';
import { dealingOrder, replacedAt } from './round-entry';
import {
  correction,
  done,
  redone,
  refuse,
  result,
  resultOf,
  type Acted,
  type Context,
  type Transition,
} from './keypad-results';
import {
  exhausted,
  INITIAL_STATE,
  recardRefusal,
  refusalOf,
  rekeyRefusal,
  REKEY_MS,
  seen,
  undoRefusal,
  type KeypadState,
} from './keypad-rules';

export {
  announcedReason,
  exhausted,
  inRound,
  INITIAL_STATE,
  recardRefusal,
  refusal,
  refusalOf,
  REKEY_MS,
  undoRefusal,
  type KeypadState,
  type Refusal,
} from './keypad-rules';
export { UNDO_BY, type Acted, type Context, type Refused, type Transition } from './keypad-results';

/** The largest shoe number (the contract's); the next is 1 again. */
export const MAX_SHOE_NO = 99_999;

/** Applies one action. A refused action returns why, and changes nothing. */
export function act(s: KeypadState, a: Action, ctx: Context): Acted {
  const why = refusalOf(s, a.type);
  if (why) return refuse(why.code, why.error);
  const r = apply(s, a, ctx);
  if (!r.ok) return r;
  // The undo is for the latest result only while nothing else has happened at the table since.
  const keepsLast = ['result', 'undo', 'cancel-undo', 'card', 'uncard', 'recard'].includes(a.type);
  return keepsLast || r.value.state.last === null ? r : ok({ ...r.value, state: { ...r.value.state, last: null } });
}

function apply(s: KeypadState, a: Action, ctx: Context): Acted {
  const { at } = ctx;
  /** A core transition of the shoe, then the steps it publishes. */
  const withShoe = (
    r: Result<Shoe, string>,
    steps: (shoe: Shoe) => ControllerStep[],
    patch: Partial<KeypadState> = {},
  ): Result<Transition, string> => (r.ok ? done({ ...s, ...patch, shoe: r.value }, steps(r.value)) : r);
  const shoe = s.shoe as Shoe; // present: refusal() checked it for every action that needs one
  const shoeId = shoe?.id;
  switch (a.type) {
    case 'open-table':
    case 'close-table': {
      const open = a.type === 'open-table';
      const next = shoe ? (open ? openTable(shoe) : closeTable(shoe)) : ok(null);
      if (!next.ok) return next;
      return done({ ...s, tableOpen: open, shoe: next.value }, [{ type: open ? 'table-open' : 'table-closed' }]);
    }
    case 'new-shoe': {
      const no = (s.shoeNo % MAX_SHOE_NO) + 1;
      const started = newShoe(a.shoeId, { no, decks: a.decks, at, tableOpen: s.tableOpen === true });
      if (!started.ok) return started;
      const step: ControllerStep = { type: 'shoe-start', shoeId: a.shoeId, shoeNo: no, decks: a.decks };
      return done({ ...INITIAL_STATE, tableOpen: s.tableOpen, shoeNo: no, shoe: started.value }, [step]);
    }
    case 'shuffle': {
      const cards = (shoe.decks ?? 8) * 52;
      // The keypad does not know where the cut was made, nor the cut card's depth: the event carries neither.
      return done({ ...s, shuffled: true }, [{ type: 'shuffle', shoeId, cards, cutAt: null, cutCardFromBack: 0 }]);
    }
    case 'burn': {
      const card = parseCard(a.card);
      if (!card.ok) return card;
      if (!Number.isInteger(a.count) || a.count < 1 || a.count > 10)
        return err(`the burn count must be 1 to 10 (rule 7.9 proposes ${burnCount(card.value)}), got ${a.count}`);
      if (exhausted(s).includes(card.value.rank + card.value.suit))
        return err(`${a.card}: every one of the shoe's ${shoe.decks} was seen`);
      return withShoe(burn(shoe, card.value, a.count), () => [
        { type: 'burn', shoeId, card: card.value, count: a.count, burned: [] },
      ]);
    }
    case 'no-bet-coup':
    case 'void-hand': {
      const reason: VoidHandReason = a.type === 'no-bet-coup' ? 'no-bet-coup' : a.reason;
      const kind = a.type === 'no-bet-coup' ? 'noBetCoup' : 'noBetsThisHand';
      return withShoe(announceVoidHand(shoe, reason, kind), (next) => [
        { type: 'void-hand', shoeId, handNo: nextHandNo(next), reason },
      ]);
    }
    case 'bets-open':
      return withShoe(openBetting(shoe), (next) => [{ type: 'betting-open', shoeId, handNo: nextHandNo(next) }]);
    case 'no-more-bets':
      return withShoe(closeBetting(shoe), (next) => [{ type: 'no-more-bets', shoeId, handNo: nextHandNo(next) }]);
    case 'card': {
      const card = parseCard(a.card);
      if (!card.ok) return card;
      if (exhausted(s).includes(card.value.rank + card.value.suit))
        return refuse('not-of-set', `${a.card}: the shoe's ${shoe.decks} decks hold no more (a card not of the set?)`);
      return done({ ...s, entry: [...s.entry, card.value] });
    }
    case 'uncard':
      return done({ ...s, entry: s.entry.slice(0, -1) });
    case 'recard': {
      const card = parseCard(a.card);
      if (!card.ok) return card;
      const refused = recardRefusal(s, a.index, card.value);
      if (refused) return refused.code ? refuse(refused.code, refused.error) : err(refused.error);
      const entry = replacedAt(s.entry, a.index, card.value);
      return entry.ok ? done({ ...s, entry: entry.value }) : entry;
    }
    case 'cut-card': {
      if (a.firstCardOfRound && s.entry.length > 0)
        return refuse(
          'cut-card-late',
          'cards of this round were keyed before the cut card: it came out later in the round (rule 11.2 b)',
        );
      return withShoe(cutCardDrawn(shoe, { firstCardOfRound: a.firstCardOfRound }), (next) => {
        const last = lastCoupState(next);
        const handNo = nextHandNo(next);
        const lastCoupHandNo = last.lastRound ?? handNo;
        const steps: ControllerStep[] = [
          { type: 'cut-card', shoeId, handNo, firstCardOfRound: a.firstCardOfRound, lastCoupHandNo },
        ];
        if (a.firstCardOfRound) steps.push({ type: 'last-coup', shoeId, handNo });
        return steps;
      });
    }
    case 'result': {
      if (!s.redo) return result(s, a.keyed, ctx);
      const late = rekeyRefusal(s.redo, at, ctx.rekeyMs ?? REKEY_MS);
      return late ? refuse(late.code, late.error) : redone(s, s.redo, a.keyed, ctx);
    }
    case 'undo': {
      const last = s.last!;
      const after = Date.parse(at) - Date.parse(last.at);
      const expired = undoRefusal(s, at, ctx.undoMs);
      if (expired) return refuse(expired.code, expired.error);
      const hand = shoeHands(shoe).find((h) => h.no === last.handNo);
      if (!hand || hand.voided) return err(`hand ${last.handNo} cannot be undone`);
      const entry = hand.cards ? dealingOrder(hand.cards) : [];
      return done({ ...s, redo: { handNo: last.handNo, after, resultAt: last.at }, entry, last: null });
    }
    case 'cancel-undo':
      // Nothing changed: a stray tap on Undo (a double tap on Confirm lands there) must not use up the undo.
      return done({ ...s, redo: null, entry: [], last: s.redo && { handNo: s.redo.handNo, at: s.redo.resultAt } });
    case 'round-void': {
      const handNo = nextHandNo(shoe);
      const cards = s.entry;
      // The cards dealt go to the discard rack (rule 12.6): kept with the round, they stay used up.
      const voided = voidRound(shoe, { reason: a.reason, at, cards });
      if (!voided.ok) return voided;
      const steps: ControllerStep[] = [{ type: 'round-void', shoeId, handNo, reason: a.reason, cards }];
      let next = voided.value;
      // Rule 12.5: too few cards to complete a round ends the shoe; the cards are replaced or reshuffled.
      if (a.reason === 'insufficient-cards') {
        const ended = endShoe(next, at);
        if (!ended.ok) return ended;
        next = ended.value;
        steps.push({ type: 'shoe-end', shoeId, handCount: shoeHands(next).length, cardsLeft: 0 });
      }
      return done({ ...s, shoe: next, entry: [] }, steps);
    }
    case 'end-shoe':
      return withShoe(endShoe(shoe, at), (next) => [
        { type: 'shoe-end', shoeId, handCount: shoeHands(next).length, cardsLeft: cardsLeft(s) },
      ]);
    case 'correct': {
      const cards = a.cards === undefined ? ok([]) : parseCards([...a.cards]);
      if (!cards.ok) return cards;
      if (a.cards !== undefined && a.keyed !== undefined)
        return err('a correction has cards or a keyed result, not both');
      const r = resultOf(cards.value, a.keyed);
      if (!r.ok) return err(r.error); // the page sends a correction's coup whole: no race to word
      return correction(s, a.handNo, r.value, { by: a.by, at, note: a.note ?? 'corrected at the keypad' });
    }
    case 'withdraw-cut-card': {
      const cut = shoe.cutCard;
      return withShoe(withdrawCutCard(shoe), () =>
        cut.drawn
          ? [{ type: 'cut-card-withdrawn', shoeId, handNo: cut.handNo, by: a.by, ...(a.note && { note: a.note }) }]
          : [],
      );
    }
    case 'void-recorded': {
      // Another supervisor may have got there first: the hand voided already, or gone with the shoe.
      const hand = shoeHands(shoe).find((h) => h.no === a.handNo);
      if (!Number.isInteger(a.handNo) || a.handNo >= nextHandNo(shoe))
        return refuse(
          'hand-gone',
          `hand ${a.handNo} is not recorded: the round being dealt is voided with "round void"`,
        );
      const voided = withShoe(voidRound(shoe, { no: a.handNo, reason: a.reason, at }), () => [
        { type: 'hand-void', shoeId, handNo: a.handNo, reason: a.reason, by: a.by, ...(a.note && { note: a.note }) },
      ]);
      if (voided.ok || (hand && !hand.voided)) return voided;
      return refuse(hand ? 'hand-voided' : 'hand-gone', voided.error);
    }
  }
}

/** Cards not seen yet, for the shoe-end step's record (the keypad knows only what was keyed; the cut card aside). */
const cardsLeft = (s: KeypadState): number =>
  Math.max(
    0,
    (s.shoe?.decks ?? 8) * 52 - [...seen(s).values()].reduce((a, b) => a + b, 0) - (s.shoe?.burn?.count ?? 0),
  );
