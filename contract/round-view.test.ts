/**
 * The round's phase a board shows patrons: from the shoe's state as the table's events left it, and nothing where the
 * board cannot be sure (a controller that never opens bets, a closed table, a board out of step or cut off).
 */
import { describe, expect, test } from 'vitest';
import { addHand, announceVoidHand, closeBetting, endShoe, newShoe, openBetting, type Shoe } from '../baccarat/shoe';
import type { RoadHand } from '../baccarat/types';
import type { RoundView } from './kiosk';
import { roundView } from './round-view';

const H: RoadHand = { outcome: 'banker', playerPair: false, bankerPair: false, natural: false };
const unwrap = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
/** Shoe S1 with `hands` results, then the steps given. */
function shoe(hands: number, ...steps: ((s: Shoe) => Shoe)[]): Shoe {
  let s = unwrap(newShoe('S1', { decks: 8, at: '2026-11-22T10:00:00.000Z' }));
  for (let no = 1; no <= hands; no++) s = unwrap(addHand(s, { no, hand: H }));
  return steps.reduce((x, f) => f(x), s);
}
const open = (s: Shoe) => unwrap(openBetting(s));
const close = (s: Shoe) => unwrap(closeBetting(s));
const result = (s: Shoe) => unwrap(addHand(s, { no: s.rounds.length + 1, hand: H }));
const voidHand = (s: Shoe) => unwrap(announceVoidHand(s, 'first-card-face-up', 'noBetsThisHand'));
const CURRENT = { tableOpen: true, current: true };

describe('the round phase, from the table events', () => {
  test.each<[string, Shoe, RoundView | null]>([
    ['a new shoe, not yet dealt', shoe(0), null],
    ['bets open for the first round', shoe(0, open), { phase: 'betsOpen', hand: 1 }],
    ['no more bets', shoe(0, open, close), { phase: 'noMoreBets', hand: 1 }],
    ['the result ends the round', shoe(0, open, close, result), null],
    ['bets open for round 31', shoe(30, open), { phase: 'betsOpen', hand: 31 }],
    // A controller that never publishes betting-open: no "Bets open" is guessed between rounds.
    ['no betting-open: between rounds', shoe(30), null],
    ['no betting-open: "No more bets" still shows', shoe(30, close), { phase: 'noMoreBets', hand: 31 }],
    ['no betting-open: the result ends it', shoe(30, close, result), null],
    // A void hand: nobody may bet, so there are no bets to open or close; it is simply dealt.
    ['a void hand announced', shoe(12, voidHand), null],
    ['a void hand dealt', shoe(12, voidHand, close), { phase: 'dealing', hand: 13 }],
    ['the shoe has ended', shoe(40, (s) => unwrap(endShoe(s))), null],
    ['the table closed mid-round', { ...shoe(5, open, close), tableOpen: false }, null],
  ])('%s', (_, s, want) => {
    expect(roundView(s, CURRENT)).toEqual(want);
  });

  test.each<[string, Shoe | null, { tableOpen: boolean; current: boolean }]>([
    ['no shoe yet', null, CURRENT],
    ['the signs say the table is closed', shoe(3, open), { tableOpen: false, current: true }],
    [
      'the board is not current (out of step, link or controller lost)',
      shoe(3, open),
      { tableOpen: true, current: false },
    ],
  ])('nothing when %s', (_, s, ctx) => {
    expect(roundView(s, ctx)).toBeNull();
  });
});
