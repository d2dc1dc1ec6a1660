/**
 * What the keypad allows now: its state, and why an action cannot be taken in it (the rules core says most of it:
 * the shoe's phase, its last coup, a round being dealt). The view enables the page's buttons by it, and the
 * transitions (`keypad-state.ts`) refuse by it.
 *
 * ```ts
 * refusal(INITIAL_STATE, 'bets-open'); // 'no shoe: start a new shoe first'
 * ```
 * @packageDocumentation
 */
import { isShoeComplete, isShoeHand, shoeHands, type Shoe } from '../baccarat/shoe';
import { makeCard } from '../baccarat/cards';
import type { Card } from '../baccarat/types';
import type { VoidHandReason } from '../contract/schemas/hand';
import type { ActionType, RecardCode, StateCode } from './protocol';
import { nextSlot, replacedAt } from './round-entry';

/** The keypad's state: the table, the current shoe in the core's terms, and what the dealer is keying. */
export interface KeypadState {
  readonly tableOpen: boolean | null; // null until the dealer first opens or closes the table
  readonly shoeNo: number; // the number of the last shoe started (0 before the first); 1–99999, then round again
  readonly shoe: Shoe | null;
  readonly shuffled: boolean; // the current shoe's shuffle was announced
  readonly entry: readonly Card[]; // the round being dealt, card by card, in dealing order
  /** The latest result, which the dealer may undo until `at` + the undo window, as long as nothing else happened. */
  readonly last: { readonly handNo: number; readonly at: string } | null;
  /**
   * An undo in progress: the next result replaces hand `handNo`, taken back `after` ms after its result (at
   * `resultAt`). Cancelled, or keyed again the same, the undo is on offer again for the rest of its window.
   */
  readonly redo: { readonly handNo: number; readonly after: number; readonly resultAt: string } | null;
}

export const INITIAL_STATE: KeypadState = {
  tableOpen: null,
  shoeNo: 0,
  shoe: null,
  shuffled: false,
  entry: [],
  last: null,
  redo: null,
};

/** A round is being dealt: "No more bets" called, or a void hand announced for it. */
export const inRound = (s: KeypadState): boolean =>
  s.shoe !== null && (s.shoe.phase === 'dealing' || s.shoe.pendingVoidHand !== null);

/** The contract's void-hand reason of the round ahead, if one was announced. */
export const announced = (shoe: Shoe): VoidHandReason | null =>
  (shoe.pendingVoidHand?.reason as VoidHandReason) ?? null;

/**
 * How many times each card (by text) was seen in the shoe: the burn card, every hand's cards (void ones too), the
 * cards of rounds voided while dealt (to the discard rack, rule 12.6), the round's. A hand keyed again after an undo
 * is counted once, as keyed now: its recorded cards are the entry's until it is confirmed.
 */
export function seen(s: KeypadState): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (c: Card) => counts.set(c.rank + c.suit, (counts.get(c.rank + c.suit) ?? 0) + 1);
  if (s.shoe?.burn) add(s.shoe.burn.card);
  for (const r of s.shoe?.rounds ?? [])
    if (isShoeHand(r)) {
      if (r.no === s.redo?.handNo) continue;
      for (const c of [...(r.cards?.player ?? []), ...(r.cards?.banker ?? [])]) add(c);
    } else r.cards?.forEach(add);
  s.entry.forEach(add);
  return counts;
}

/** Cards keyed as many times as the shoe's decks hold them: a further one is not of the set. */
export function exhausted(s: KeypadState): string[] {
  const decks = s.shoe?.decks ?? 8;
  return [...seen(s)].filter(([, n]) => n >= decks).map(([c]) => c);
}

/**
 * Why an action cannot be taken now: the code the page says it by in the dealer's language, and the English for logs
 * and tools. The page disables what this refuses, so a dealer meets one only in a race (a second tablet).
 */
export interface Refusal {
  readonly code: StateCode;
  readonly error: string;
}

const refused = (code: StateCode, error: string): Refusal => ({ code, error });

/** Why an action of this type cannot be taken now, in English, or null when it can (see {@link refusalOf}). */
export const refusal = (s: KeypadState, type: ActionType): string | null => refusalOf(s, type)?.error ?? null;

/** Why an action of this type cannot be taken now, or null when it can (its own arguments are checked apart). */
export function refusalOf(s: KeypadState, type: ActionType): Refusal | null {
  const shoe = s.shoe;
  const redo = s.redo
    ? refused('rekeying', `hand ${s.redo.handNo} is being keyed again: confirm it or cancel the undo first`)
    : null;
  const round = inRound(s)
    ? refused('round-unfinished', 'a round is being dealt: confirm its result or void it first')
    : null;
  const noShoe = shoe ? null : refused('no-shoe', 'no shoe: start a new shoe first');
  const ended = shoe?.phase === 'ended' ? refused('shoe-ended', `shoe ${shoe.no ?? shoe.id} has ended`) : null;
  const tableClosed = s.tableOpen !== true ? refused('table-closed', 'the table is closed') : null;
  const dealt = shoe?.phase === 'dealing' ? refused('round-dealt', 'a round is being dealt') : null;
  const noRound = (error: string) => (inRound(s) ? null : refused('no-round', error));
  switch (type) {
    case 'open-table':
      return redo ?? (s.tableOpen === true ? refused('table-open', 'the table is open') : null);
    case 'close-table':
      return (
        redo ??
        round ??
        (s.tableOpen === false ? refused('table-closed', 'the table is closed') : null) ??
        (shoe?.phase === 'betting'
          ? refused('bets-open-round', 'bets are open: call "No more bets" and finish the round first')
          : null)
      );
    case 'new-shoe':
      return redo ?? (shoe && shoe.phase !== 'ended' ? refused('shoe-in-play', 'end the current shoe first') : null);
    case 'shuffle':
    case 'burn':
      return (
        noShoe ??
        ended ??
        redo ??
        round ??
        (shoe!.rounds.length > 0
          ? refused('shoe-begun', 'the shoe has begun: the shuffle and the burn come before its first round')
          : null) ??
        (shoe!.phase === 'betting' ? refused('bets-open', 'bets are open') : null) ??
        (type === 'shuffle' && s.shuffled ? refused('shuffled', 'the shuffle was announced') : null) ??
        // The shuffle, the cut, then the burn (rules 7.5-7.9): a shuffle after the burn told the boards "shuffling"
        // while the dealer was told the shoe was ready (found by a dealer).
        (shoe!.burn
          ? refused(
              'burned',
              type === 'shuffle' ? 'the shoe was burned: the shuffle comes before it' : 'the shoe was burned',
            )
          : null)
      );
    case 'no-bet-coup':
    case 'void-hand':
      return (
        noShoe ??
        redo ??
        tableClosed ??
        (shoe!.pendingVoidHand ? refused('void-announced', 'a void hand is already announced for this round') : null) ??
        dealt ??
        closed(shoe!)
      );
    case 'bets-open':
    case 'no-more-bets':
      return (
        noShoe ??
        redo ??
        tableClosed ??
        (shoe!.pendingVoidHand ? refused('void-round', 'this round is a void hand: no bets') : null) ??
        dealt ??
        (type === 'bets-open' && shoe!.phase === 'betting' ? refused('bets-open', 'bets are open') : null) ??
        closed(shoe!)
      );
    case 'card':
      return (
        (s.redo ? null : (noShoe ?? noRound('no round is being dealt: "No more bets" first'))) ??
        (nextSlot(s.entry) === null ? refused('coup-complete', 'the coup is complete: confirm its result') : null)
      );
    case 'uncard':
      return s.entry.length === 0 ? refused('no-card', 'no card to take back') : null;
    case 'recard':
      return s.entry.length === 0 ? refused('no-card', 'no card to replace') : null;
    case 'cut-card':
      return (
        noShoe ??
        redo ??
        noRound('the cut card comes out while a round is dealt') ??
        (shoe!.cutCard.drawn ? refused('cut-card-out', 'the cut card is already out') : null)
      );
    case 'result':
      return s.redo ? null : noRound('no round is being dealt');
    case 'undo':
      return redo ?? (s.last ? null : refused('no-result', 'there is no result to undo'));
    case 'cancel-undo':
      return s.redo ? null : refused('no-undo', 'no undo in progress');
    case 'round-void':
      return noShoe ?? redo ?? noRound('no round is being dealt');
    case 'end-shoe':
      return noShoe ?? ended ?? redo ?? round;
    case 'withdraw-cut-card':
      return (
        noShoe ??
        ended ??
        redo ??
        (shoe!.cutCard.drawn ? null : refused('no-cut-card', 'the cut card is not out: nothing to withdraw'))
      );
    case 'correct':
    case 'void-recorded':
      return (
        noShoe ??
        redo ??
        (shoeHands(shoe!).length === 0 ? refused('no-hand', 'no hand is recorded in this shoe') : null)
      );
  }
}

/** Why no further round may start: the last coup was recorded (rule 11.2), or the shoe ended. */
function closed(shoe: Shoe): Refusal | null {
  if (shoe.phase === 'ended') return refused('shoe-ended', `shoe ${shoe.no ?? shoe.id} has ended`);
  if (isShoeComplete(shoe))
    return refused('last-coup', 'the last coup was dealt (rule 11.2): no further round; end the shoe');
  return null;
}

/** The void-hand reason of the round ahead, for the view. */
export const announcedReason = (s: KeypadState): VoidHandReason | null => (s.shoe ? announced(s.shoe) : null);

/**
 * Why the latest result cannot be undone at `at` (the server's clock), with the code the page says it by: its undo
 * window passed. The page offers Undo until the window closes by its own clock, so a tap at the last moment (or a
 * late request) meets this. Null when it can, or when `refusal()` already says why not.
 */
export function undoRefusal(
  s: KeypadState,
  at: string,
  undoMs: number,
): { readonly code: 'undo-expired'; readonly error: string } | null {
  if (!s.last || Date.parse(at) - Date.parse(s.last.at) <= undoMs) return null;
  return {
    code: 'undo-expired',
    error: `the undo window of ${Math.round(undoMs / 1000)} s has passed: a supervisor corrects it`,
  };
}

/**
 * Why the keypad cannot key `keying` with this state: a shoe under way whose hands were keyed by their cards, and
 * `outcome` now. Its next hands would go to the boards and the record without cards, breaking the promise that every
 * hand of a cards-keyed shoe has its cards (rule 12.6's reconstruction, disputes; found by a dealer restarting the
 * keypad with another --keying mid-shoe). Null when it can (a new shoe may be keyed either way).
 */
export function keyingConflict(s: KeypadState, keying: 'cards' | 'outcome'): string | null {
  const shoe = s.shoe;
  if (keying !== 'outcome' || !shoe || shoe.phase === 'ended') return null;
  const carded = shoeHands(shoe).find((h) => h.cards !== undefined);
  if (!carded) return null;
  return (
    `shoe ${shoe.no ?? shoe.id} is being keyed by its cards (hand ${carded.no} has them): --keying outcome would ` +
    'record its next hands without cards. Keep --keying cards until the shoe ends (End shoe), then key the next ' +
    'one by outcome'
  );
}

/**
 * How long, from the undo, the dealer has to key the hand again and confirm it: a minute (a round's cards take
 * seconds). The undo window limits only when Undo may be tapped; without this, a hand held open could be changed
 * after the table had reacted to its result, published as the dealer's own correction with no supervisor (found by a
 * pit supervisor).
 */
export const REKEY_MS = 60_000;

/**
 * Why a hand undone at `redo` cannot be confirmed at `at`: keyed again later than `rekeyMs` after the undo. The
 * result first published stands; the dealer cancels the undo and a supervisor corrects it. Null when in time.
 */
export function rekeyRefusal(
  redo: { readonly handNo: number; readonly after: number; readonly resultAt: string },
  at: string,
  rekeyMs: number,
): { readonly code: 'undo-expired'; readonly error: string } | null {
  const since = Date.parse(at) - (Date.parse(redo.resultAt) + redo.after);
  if (since <= rekeyMs) return null;
  return {
    code: 'undo-expired',
    error:
      `hand ${redo.handNo} was undone ${Math.round(since / 1000)} s ago, more than the ${Math.round(rekeyMs / 1000)} s ` +
      'it may take to key it again: cancel the undo (its result stands) and a supervisor corrects it',
  };
}

/**
 * Why `card` cannot replace the round's card at `index` (dealing order), with the code the page says it by in the
 * dealer's language; null when it can. The same card again; a card the shoe's decks hold no more of; a card that
 * would change the third cards (Table of Play: take back the cards after it instead).
 */
export function recardRefusal(
  s: KeypadState,
  index: number,
  card: Card,
): { readonly code?: RecardCode; readonly error: string } | null {
  const text = makeCard(card);
  const old = s.entry[index];
  if (old && old.rank === card.rank && old.suit === card.suit)
    return { code: 'same-card', error: `${text} is that card already` };
  if (exhausted(s).includes(card.rank + card.suit))
    return {
      code: 'not-of-set',
      error: `${text}: the shoe's ${s.shoe?.decks ?? 8} decks hold no more (a card not of the set?)`,
    };
  const entry = replacedAt(s.entry, index, card);
  if (entry.ok) return null;
  return Number.isInteger(index) && index >= 0 && index < s.entry.length
    ? { code: 'third-cards', error: entry.error }
    : { error: entry.error };
}
