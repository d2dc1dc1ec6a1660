/**
 * The keypad's transitions that record or change a hand: a round's result (the next hand, the undo window opening),
 * the result keyed again after an undo (a correction by the dealer, or nothing when it is the same), and a
 * correction of a recorded hand (a supervisor's, or the undo's). `keypad-state.ts` applies them with the rest; each
 * result is checked by the Table of Play first (its cards, or `checkResult` for a result keyed without cards).
 *
 * ```ts
 * const r = result(state, undefined, { at, undoMs: 10_000 }); // the round's cards as the next hand, or why not
 * ```
 * @packageDocumentation
 */
import { checkResult } from '../baccarat/result-check';
import {
  addHand,
  correctHand,
  isShoeHand,
  lastCoupState,
  nextHandNo,
  sameHand,
  shoeHands,
  type HandCards,
  type ShoeHand,
} from '../baccarat/shoe';
import type { Coup } from '../baccarat/table-of-play';
import { err, ok, type Card, type Result, type RoadHand } from '../baccarat/types';
import { DEALER_UNDO_BY } from '../contract/correction-by';
import type { ControllerStep } from '../simulator/steps';
import { announced, seen, type KeypadState } from './keypad-rules';
import type { KeyedResult, RefusalCode } from './protocol';
import { completeCoup, keyedOf, nextSlot } from './round-entry';

/** What a transition needs besides the state: the time of the action and the undo window. */
export interface Context {
  readonly at: string; // RFC 3339
  readonly undoMs: number; // how long the last result may be undone, in ms (Infinity when replaying a journal)
  readonly rekeyMs?: number; // how long an undone hand may take to be keyed again (REKEY_MS; Infinity replaying)
}

export interface Transition {
  readonly state: KeypadState;
  readonly steps: readonly ControllerStep[];
}

/** Who a dealer's undo is recorded as, in the correction event it becomes (a contract code, shown in words). */
export const UNDO_BY = DEALER_UNDO_BY;

export const done = (state: KeypadState, steps: ControllerStep[] = []): Result<Transition, string> =>
  ok({ state, steps });

/** A refused action: why, in English, and where a race can meet it, the code the page says it by. */
export type Refused = { readonly ok: false; readonly error: string; readonly code?: RefusalCode };
/** What an action comes to: its transition, or its refusal. */
export type Acted = { readonly ok: true; readonly value: Transition } | Refused;
export const refuse = (code: RefusalCode, error: string): Refused => ({ ok: false, error, code });

/** Checks a keyed result with the Table of Play (points, pairs and natural it can produce). */
function checkedKeyed(keyed: KeyedResult | undefined): Result<KeyedResult, string> {
  if (!keyed || typeof keyed !== 'object') return err('a result is needed');
  const r = checkResult(keyed);
  if (!r.ok) return err(`the Table of Play does not allow this result: ${r.error}`);
  return ok(keyedOf(r.value));
}

/** A result from cards (dealing order) or keyed: the coup, or the keyed result. */
export type NewResult = { readonly coup: Coup } | { readonly keyed: KeyedResult };

export function resultOf(
  cards: readonly Card[],
  keyed: KeyedResult | undefined,
): { readonly ok: true; readonly value: NewResult } | Refused {
  if (keyed !== undefined) {
    if (cards.length > 0) return err('cards were keyed for this round: confirm them, or take them back first');
    const k = checkedKeyed(keyed);
    return k.ok ? ok({ keyed: k.value }) : k;
  }
  const coup = completeCoup(cards);
  if (!coup) {
    const slot = nextSlot(cards);
    return slot
      ? refuse('coup-incomplete', `the coup is not complete: the ${slot.side}'s card ${slot.index} is next`)
      : err('no result');
  }
  return ok({ coup });
}

const roadHandOf = (r: NewResult): RoadHand => ('coup' in r ? keyedOf(r.coup) : r.keyed);
const cardsOf = (r: NewResult): HandCards | undefined =>
  'coup' in r ? { player: r.coup.player.cards, banker: r.coup.banker.cards } : undefined;

/** The round's result: the next hand, published at once (the undo window starts now). */
export function result(s: KeypadState, keyed: KeyedResult | undefined, ctx: Context): Acted {
  const shoe = s.shoe!;
  const r = resultOf(s.entry, keyed);
  if (!r.ok) return r;
  const handNo = nextHandNo(shoe);
  const voidHand = announced(shoe) ?? undefined;
  const cards = cardsOf(r.value);
  const added = addHand(shoe, { no: handNo, hand: roadHandOf(r.value), at: ctx.at, ...(cards && { cards }) });
  if (!added.ok) return added;
  const shoeId = shoe.id;
  const steps: ControllerStep[] = [
    'coup' in r.value
      ? { type: 'hand', shoeId, handNo, coup: r.value.coup, ...(voidHand && { voidHand }) }
      : { type: 'keyed-hand', shoeId, handNo, keyed: r.value.keyed, ...(voidHand && { voidHand }) },
  ];
  // Rule 11.2 (b): the round in which the cut card came out is complete: "Last coup", the next round is the last.
  const last = lastCoupState(added.value);
  if (last.case === 'b' && last.drawnInRound === handNo && last.lastRound !== null)
    steps.push({ type: 'last-coup', shoeId, handNo: last.lastRound });
  return done({ ...s, shoe: added.value, entry: [], last: { handNo, at: ctx.at } }, steps);
}

/** The result keyed again after an undo: a correction of that hand by the dealer, or nothing if it is the same. */
export function redone(
  s: KeypadState,
  redo: NonNullable<KeypadState['redo']>,
  keyed: KeyedResult | undefined,
  ctx: Context,
): Acted {
  const r = resultOf(s.entry, keyed);
  if (!r.ok) return r;
  const note = `undone by the dealer ${Math.max(1, Math.round(redo.after / 1000))} s after the result and keyed again`;
  const c = correction(s, redo.handNo, r.value, { by: UNDO_BY, at: ctx.at, note, unchangedOk: true });
  if (!c.ok) return err(c.error); // the dealer's own hand: no supervisor's race to word
  // Keyed again the same, nothing was published: the undo stays on offer for the rest of its window, as on a cancel.
  const last = c.value.steps.length === 0 ? { handNo: redo.handNo, at: redo.resultAt } : null;
  return ok({ ...c.value, state: { ...c.value.state, redo: null, entry: [], last } });
}

const isUnchanged = (before: ShoeHand, r: NewResult): boolean =>
  sameHand(before.hand, roadHandOf(r)) && JSON.stringify(before.cards) === JSON.stringify(cardsOf(r));

/**
 * Why hand `no` cannot be corrected to `r`, with the code the page says it by: no such hand with a result in the
 * shoe, or it has that result already. A supervisor meets either when another got there first (the hand corrected
 * alike, or voided, or the shoe ended and a new one started) while the panel was open. Null when it can.
 */
export function correctionRefusal(
  s: KeypadState,
  no: number,
  r: NewResult,
): { readonly code: 'hand-gone' | 'same-result'; readonly error: string } | null {
  const before = s.shoe && shoeHands(s.shoe).find((h): h is ShoeHand => isShoeHand(h) && h.no === no);
  if (!before) return { code: 'hand-gone', error: `there is no hand ${no} in this shoe` };
  return isUnchanged(before, r) ? { code: 'same-result', error: `hand ${no} already has this result` } : null;
}

/**
 * A card the corrected hand would hold one copy too many of: the shoe's decks hold no more of it, its other hands,
 * burn and rounds counted (found by a dealer: a correction keyed a fifth 2♠ of four decks, and the boards took it).
 */
function overTheSet(s: KeypadState, before: ShoeHand, cards: readonly Card[]): string | null {
  const counts = seen(s);
  const key = (c: Card) => c.rank + c.suit;
  // A hand keyed again after an undo is counted as keyed now (`seen`: its cards are the entry's, which these are);
  // any other hand's correction trades its recorded cards for these.
  if (s.redo?.handNo !== before.no) {
    for (const c of [...(before.cards?.player ?? []), ...(before.cards?.banker ?? [])])
      counts.set(key(c), (counts.get(key(c)) ?? 1) - 1);
    for (const c of cards) counts.set(key(c), (counts.get(key(c)) ?? 0) + 1);
  }
  const decks = s.shoe?.decks ?? 8;
  return cards.map(key).find((k) => (counts.get(k) ?? 0) > decks) ?? null;
}

/** A correction of hand `no` to `r`, by `by`: the core's correctHand, then the correction step. */
export function correction(
  s: KeypadState,
  no: number,
  r: NewResult,
  o: { readonly by: string; readonly at: string; readonly note: string; readonly unchangedOk?: boolean },
): Acted {
  const shoe = s.shoe!;
  const before = shoeHands(shoe).find((h): h is ShoeHand => isShoeHand(h) && h.no === no);
  const hand = roadHandOf(r);
  const cards = cardsOf(r);
  if (before && o.unchangedOk && isUnchanged(before, r)) return done(s);
  const refused = correctionRefusal(s, no, r);
  if (refused) return refuse(refused.code, refused.error);
  if (!before) return err(`there is no hand ${no} in this shoe`);
  if (o.by.trim() === '' || o.by.length > 64) return err('who corrects it must be named (1 to 64 characters)');
  const over = cards && overTheSet(s, before, [...cards.player, ...cards.banker]);
  if (over)
    return refuse('not-of-set', `${over}: the shoe's ${shoe.decks ?? 8} decks hold no more (a card not of the set?)`);
  // A result keyed without cards drops the cards of the one it corrects (the core keeps them in its record).
  const next = correctHand(shoe, no, hand, { by: o.by, at: o.at, note: o.note, ...(cards && { cards }) });
  if (!next.ok) return next;
  const shoeId = shoe.id;
  const note = o.note.slice(0, 200);
  const step: ControllerStep =
    'coup' in r
      ? { type: 'correction', shoeId, handNo: no, by: o.by, note, keyed: keyedOf(before.hand), coup: r.coup }
      : { type: 'keyed-correction', shoeId, handNo: no, by: o.by, note, keyed: r.keyed };
  return done({ ...s, shoe: next.value }, [step]);
}
