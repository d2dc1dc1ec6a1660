import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { shoeProblem } from './shoe-check';
import { mergeShoe } from './shoe-merge';
import {
  addHand,
  announceVoidHand,
  burn,
  correctHand,
  cutCardDrawn,
  isShoeHand,
  newShoe,
  openBetting,
  roadHands,
  voidRound,
  type Shoe,
} from './shoe';
import type { Outcome, Result, RoadHand } from './types';

const unwrap = <T>(r: Result<T, string>): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const H = (o: Outcome): RoadHand => ({ outcome: o, playerPair: false, bankerPair: false, natural: false });
const LETTER = { B: 'banker', P: 'player', T: 'tie' } as const;
/** A shoe from letters: B P T a hand, v a round voided while dealt, x the last hand declared void afterwards. */
function build(text: string, start: Shoe = unwrap(newShoe('S1'))): Shoe {
  let s = start;
  for (const c of text) {
    const next = s.rounds.filter(isShoeHand).length + 1;
    if (c === 'v') s = unwrap(voidRound(s, { reason: 'insufficient-cards' }));
    else if (c === 'x') s = unwrap(voidRound(s, { no: next - 1, reason: 'cannot-reconstruct' }));
    else s = unwrap(addHand(s, { no: next, hand: H(LETTER[c as 'B']) }));
  }
  return s;
}
const roads = (s: Shoe) =>
  roadHands(s)
    .map((h) => h.outcome[0]!.toUpperCase())
    .join('');

describe('mergeShoe: a snapshot adds what the board lacks and never undoes what it has', () => {
  test.each<[string, string, string, boolean, string, number, string | null]>([
    // [case, board, snapshot, newer, roads after, rounds added, conflict]
    ['the same shoe again', 'BPB', 'BPB', false, 'BPB', 0, null],
    ['the hands the board missed', 'BP', 'BPBT', false, 'BPBT', 2, null],
    ['a stale snapshot with fewer hands', 'BPBT', 'BP', false, 'BPBT', 0, null],
    [
      'a newer snapshot with fewer hands: a conflict, the board keeps its hands',
      'BPBT',
      'BP',
      true,
      'BPBT',
      0,
      'the table',
    ],
    ['a voided round the board missed, then a hand', 'BP', 'BPvB', false, 'BPB', 2, null],
    ['a trailing voided round the board has already', 'BPv', 'BPvB', false, 'BPB', 1, null],
    ['a hand voided afterwards, from a newer snapshot', 'BPB', 'BPBx', true, 'BP', 0, null],
    ['a hand voided afterwards, from a stale one: not taken', 'BPB', 'BPBx', false, 'BPB', 0, null],
  ])('%s', (_, board, snap, newer, after, added, conflict) => {
    const m = mergeShoe(build(board), build(snap), { newer });
    expect(roads(m.shoe)).toBe(after);
    expect(m.added).toBe(added);
    if (conflict) expect(m.conflict).toMatch(conflict);
    else expect(m.conflict).toBeNull();
    expect(shoeProblem(m.shoe)).toBeNull();
  });

  test('a correction: newer snapshots bring it, older ones never revert it', () => {
    const board = build('BPB');
    const corrected = unwrap(correctHand(board, 2, H('tie'), { by: 'sup', at: '2026-11-22T10:00:00Z' }));
    const newer = mergeShoe(board, corrected, { newer: true });
    expect([roads(newer.shoe), newer.changed]).toEqual(['BTB', [2]]);
    expect(roads(mergeShoe(corrected, board, { newer: false }).shoe)).toBe('BTB');
  });

  test('burn, cut card and an announced void hand the board lacks are taken from any snapshot', () => {
    const board = build('BPB');
    const theirs = unwrap(
      announceVoidHand(
        unwrap(
          cutCardDrawn(build('BPB', unwrap(burn(unwrap(newShoe('S1')), { rank: '7', suit: 'H' }))), {
            firstCardOfRound: false,
          }),
        ),
        'first-card-face-up',
      ),
    );
    const m = mergeShoe(board, theirs, { newer: false });
    expect(m.shoe.burn?.card).toEqual({ rank: '7', suit: 'H' });
    expect(m.shoe.cutCard).toMatchObject({ drawn: true, handNo: 4 });
    expect(m.shoe.pendingVoidHand).toMatchObject({ reason: 'first-card-face-up' });
  });

  test.each([
    ['newer, rebuilt whole: the cut card was withdrawn; the board drops it', true, true, false],
    ['newer, rebuilt in part (it may have stopped before the cut card): the board keeps it', true, false, true],
    ['not newer: it never takes anything away', false, true, true],
  ])('a snapshot without the cut card the board has, %s', (_, newer, whole, kept) => {
    const board = unwrap(cutCardDrawn(build('BPB'), { firstCardOfRound: false }));
    const m = mergeShoe(board, build('BPBP'), { newer, whole });
    expect(m.shoe.cutCard.drawn).toBe(kept);
    expect(roads(m.shoe)).toBe('BPBP'); // the hand the board lacked, either way
  });

  test('nothing new: the very same shoe object, so nothing downstream redraws', () => {
    const board = unwrap(openBetting(build('BPB')));
    expect(mergeShoe(board, build('BPB'), { newer: false }).shoe).toBe(board);
    expect(mergeShoe(board, build('BP'), { newer: false }).shoe).toBe(board);
  });

  test('property: whatever the snapshot, the board never loses a hand, and the result is a valid shoe', () => {
    const shoeText = fc.stringMatching(/^[BPT][BPTv]{0,30}$/);
    fc.assert(
      fc.property(shoeText, shoeText, fc.boolean(), (a, b, newer) => {
        const board = build(a);
        const m = mergeShoe(board, build(b), { newer });
        expect(shoeProblem(m.shoe)).toBeNull();
        expect(m.shoe.rounds.filter(isShoeHand).length).toBeGreaterThanOrEqual(board.rounds.filter(isShoeHand).length);
        if (!newer) expect(roads(m.shoe).startsWith(roads(board))).toBe(true);
      }),
    );
  });
});

describe('shoeProblem: a stored shoe is trusted only when the transitions could have made it', () => {
  const good = build('BPvBx');
  test('a shoe the transitions made passes', () => expect(shoeProblem(good)).toBeNull());
  test.each<[string, unknown, RegExp]>([
    ['not an object', null, /not an object/],
    ['no id', { ...good, id: '' }, /shoe id/],
    ['a gap in the hand numbers', { ...good, rounds: good.rounds.filter((r) => r.no !== 2) }, /; 2 expected/],
    [
      'a hand with an unknown outcome',
      { ...good, rounds: [{ no: 1, hand: { ...H('banker'), outcome: 'x' } }] },
      /outcome/,
    ],
    ['a void round without a reason', { ...good, rounds: [{ no: 1, voided: {} }] }, /reason/],
    ['an unknown phase', { ...good, phase: 'party' }, /phase/],
    ['a cut card without its round', { ...good, cutCard: { drawn: true } }, /cutCard/],
    ['tableOpen missing', { ...good, tableOpen: undefined }, /tableOpen/],
  ])('%s is refused', (_, shoe, problem) => {
    expect(shoeProblem(shoe)).toMatch(problem);
  });
});
