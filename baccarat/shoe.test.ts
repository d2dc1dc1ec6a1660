import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseCard } from './cards';
import type { Card, Outcome, Result, RoadHand } from './types';
import {
  addHand,
  announceVoidHand,
  burn,
  closeBetting,
  closeTable,
  correctHand,
  cutCardDrawn,
  withdrawCutCard,
  endShoe,
  isOnRoads,
  isShoeComplete,
  isShoeHand,
  lastCoup,
  lastCoupState,
  newShoe,
  nextHandNo,
  openBetting,
  openTable,
  roadHands,
  shoeHands,
  voidRound,
  type NewShoeOptions,
  type Shoe,
} from './shoe';

const H = (outcome: Outcome, extra: Partial<RoadHand> = {}): RoadHand => ({
  outcome,
  playerPair: false,
  bankerPair: false,
  natural: false,
  ...extra,
});
const LETTER: Record<string, Outcome> = { B: 'banker', P: 'player', T: 'tie' };

function unwrap<T>(r: Result<T, string>): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}
const start = (opts?: NewShoeOptions): Shoe => unwrap(newShoe('S1', opts));
/** Adds one hand per letter of `text` (B, P, T), numbered on from the shoe. */
const play = (shoe: Shoe, text: string): Shoe =>
  [...text].reduce((s, c) => unwrap(addHand(s, { no: nextHandNo(s), hand: H(LETTER[c]!) })), shoe);
const outcomes = (hands: readonly RoadHand[]): string =>
  hands.map((h) => ({ banker: 'B', player: 'P', tie: 'T' })[h.outcome]).join('');
const errorOf = (r: Result<unknown, string>): string => (r.ok ? '(accepted)' : r.error);
/** Voids the round being dealt (rules 12.5, 12.6): no result, no hand number used up. */
const voidDealt = (shoe: Shoe, reason = 'cards misplaced (12.6)'): Shoe => unwrap(voidRound(shoe, { reason }));
const nos = (shoe: Shoe): number[] => shoe.rounds.map((r) => r.no);
const AT = '2025-04-12T21:03:00Z';

describe('newShoe', () => {
  test('starts empty, shuffling, cut card in the stack, table open', () => {
    const s = start({ decks: 8, at: AT });
    expect(s).toMatchObject({ id: 'S1', decks: 8, startedAt: AT, rounds: [], burn: null, phase: 'shuffling' });
    expect(s).toMatchObject({ cutCard: { drawn: false }, pendingVoidHand: null, tableOpen: true });
    expect(nextHandNo(s)).toBe(1);
    expect(isShoeComplete(s)).toBe(false);
  });
  test.each<[string, string, NewShoeOptions, RegExp]>([
    ['empty id', '', {}, /shoe id/],
    ['3 decks', 'S', { decks: 3 }, /decks \(3\).*4 to 8/],
    ['9 decks', 'S', { decks: 9 }, /decks \(9\)/],
    ['half a deck', 'S', { decks: 6.5 }, /decks \(6.5\)/],
    ['bad time', 'S', { at: 'yesterday' }, /at \(yesterday\)/],
    ['shoe number 0', 'S', { no: 0 }, /shoe number \(0\)/],
  ])('refuses %s', (_, id, opts, message) => {
    expect(errorOf(newShoe(id, opts))).toMatch(message);
  });
});

describe('addHand', () => {
  test('appends consecutive hands and moves to idle', () => {
    const s = play(unwrap(closeBetting(start())), 'BPT');
    expect(s.rounds.map((r) => r.no)).toEqual([1, 2, 3]);
    expect(s.phase).toBe('idle');
    expect(outcomes(roadHands(s))).toBe('BPT');
  });
  const two = play(start(), 'BP');
  test.each<[string, Shoe, Parameters<typeof addHand>[1], RegExp]>([
    ['a duplicate number', two, { no: 2, hand: H('tie') }, /hand 2 is already recorded in shoe S1 \(duplicate/],
    ['a gap', two, { no: 4, hand: H('tie') }, /hand 4 is out of sequence in shoe S1: expected hand 3/],
    ['hand 0', start(), { no: 0, hand: H('tie') }, /hand number 0/],
    ['hand 1.5', start(), { no: 1.5, hand: H('tie') }, /hand number 1.5/],
    ['an unknown outcome', two, { no: 3, hand: H('dragon' as Outcome) }, /hand 3: outcome "dragon" is unknown/],
    [
      'points against the outcome',
      two,
      { no: 3, hand: H('banker', { playerPoints: 7, bankerPoints: 2 }) },
      /disagrees/,
    ],
    ['points above 9', two, { no: 3, hand: H('banker', { bankerPoints: 10 as 9 }) }, /bankerPoints \(10\)/],
    ['a missing pair flag', two, { no: 3, hand: { outcome: 'tie', natural: false } as RoadHand }, /playerPair/],
    [
      'one card a side',
      two,
      { no: 3, hand: H('tie'), cards: { player: [{ rank: 'A', suit: 'S' }], banker: [] } },
      /cards/,
    ],
    ['a bad time', two, { no: 3, hand: H('tie'), at: '12/04/2025' }, /at \(12\/04\/2025\)/],
    ['an ended shoe', unwrap(endShoe(two)), { no: 3, hand: H('tie') }, /shoe S1 has ended: hand 3 refused/],
    ['a closed table', unwrap(closeTable(two)), { no: 3, hand: H('tie') }, /table is closed/],
  ])('refuses %s', (_, shoe, hand, message) => {
    expect(errorOf(addHand(shoe, hand))).toMatch(message);
  });
  const sevenThenVoid = voidDealt(play(start(), 'BPBPBPB')); // round 8 voided without a result
  test.each<[string, Shoe, number, RegExp | null]>([
    // after round 8 is voided the next hand reuses 8 (the wire's round-void: "The next hand reuses the number")
    ['hand 8 after voided round 8', sevenThenVoid, 8, null],
    ['hand 9 after voided round 8', sevenThenVoid, 9, /hand 9 is out of sequence in shoe S1: expected hand 8/],
    ['hand 7 after voided round 8', sevenThenVoid, 7, /hand 7 is already recorded/],
    ['hand 8 after two voided rounds', voidDealt(sevenThenVoid), 8, null],
    ['hand 9 after two voided rounds', voidDealt(sevenThenVoid), 9, /expected hand 8/],
  ])('numbers by results: %s', (_, shoe, no, message) => {
    const r = addHand(shoe, { no, hand: H('tie') });
    if (message) expect(errorOf(r)).toMatch(message);
    else expect(shoeHands(unwrap(r)).map((h) => h.no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
  test('keeps cards and time', () => {
    const cards = {
      player: [
        { rank: 'K', suit: 'S' },
        { rank: '9', suit: 'H' },
      ],
      banker: [
        { rank: '2', suit: 'D' },
        { rank: '3', suit: 'C' },
      ],
    } as const;
    const s = unwrap(addHand(start(), { no: 1, hand: H('player', { natural: true }), cards, at: AT }));
    expect(s.rounds[0]).toEqual({ no: 1, hand: H('player', { natural: true }), cards, at: AT });
  });
});

describe('correctHand', () => {
  const s = play(start(), 'BPB');
  test('replaces hand N, keeps the previous, and the roads follow', () => {
    const c = unwrap(correctHand(s, 2, H('tie'), { by: 'inspector 7', at: AT }));
    expect(outcomes(roadHands(c))).toBe('BTB');
    expect(c.rounds[1]).toMatchObject({
      no: 2,
      hand: H('tie'),
      corrected: { by: 'inspector 7', at: AT, previous: H('player') },
    });
    expect(outcomes(roadHands(s))).toBe('BPB'); // the original is untouched
  });
  test('chains repeated corrections and moves old cards into the record', () => {
    const cards = {
      player: [
        { rank: '4', suit: 'S' },
        { rank: '4', suit: 'H' },
      ],
      banker: [
        { rank: '2', suit: 'D' },
        { rank: '3', suit: 'C' },
      ],
    } as const;
    const once = unwrap(correctHand(s, 1, H('player'), { by: 'a', at: AT }));
    const twice = unwrap(correctHand(once, 1, H('player', { playerPair: true }), { by: 'b', at: AT, cards }));
    const r = twice.rounds[0]!;
    expect(isShoeHand(r) && r.cards).toEqual(cards);
    expect(isShoeHand(r) && r.corrected).toEqual({
      by: 'b',
      at: AT,
      previous: H('player'),
      earlier: { by: 'a', at: AT, previous: H('banker') },
    });
    const thrice = unwrap(correctHand(twice, 1, H('banker'), { by: 'c', at: AT }));
    const r3 = thrice.rounds[0]!;
    expect(isShoeHand(r3) && r3.cards).toBeFalsy();
    expect(isShoeHand(r3) && r3.corrected?.previousCards).toEqual(cards);
  });
  test('is allowed after the shoe has ended', () => {
    expect(correctHand(unwrap(endShoe(s)), 3, H('tie'), { by: 'a', at: AT }).ok).toBe(true);
  });
  test('finds hand N by its number past voided rounds', () => {
    const v = play(voidDealt(voidDealt(s)), 'P'); // rounds 1, 2, 3, void 4, void 4, 4
    const c = unwrap(correctHand(v, 4, H('tie'), { by: 'a', at: AT }));
    expect(nos(c)).toEqual([1, 2, 3, 4, 4, 4]);
    expect(c.rounds[5]).toMatchObject({ no: 4, hand: H('tie'), corrected: { previous: H('player') } });
    expect(outcomes(roadHands(c))).toBe('BPBT');
  });
  const voided = unwrap(voidRound(s, { no: 2, reason: 'misdeal' }));
  test.each<[string, Shoe, number, RoadHand, { by: string; at: string }, RegExp]>([
    ['an unknown hand', s, 4, H('tie'), { by: 'a', at: AT }, /there is no hand 4 in shoe S1 to correct/],
    ['hand 0', s, 0, H('tie'), { by: 'a', at: AT }, /no hand 0/],
    ['a hand voided afterwards', voided, 2, H('tie'), { by: 'a', at: AT }, /round 2 of shoe S1 is void \(misdeal\)/],
    [
      'a round voided without a result',
      voidDealt(s, 'not enough cards (12.5)'),
      4,
      H('tie'),
      { by: 'a', at: AT },
      /there is no hand 4 in shoe S1 to correct: round 4 was void \(not enough cards \(12.5\)\) and has no result/,
    ],
    ['no change', s, 2, H('player'), { by: 'a', at: AT }, /changes nothing/],
    ['no author', s, 2, H('tie'), { by: ' ', at: AT }, /by is required/],
    ['a bad time', s, 2, H('tie'), { by: 'a', at: 'now' }, /at \(now\)/],
  ])('refuses %s', (_, shoe, no, hand, opts, message) => {
    expect(errorOf(correctHand(shoe, no, hand, opts))).toMatch(message);
  });
});

describe('voidRound (rules 12.5, 12.6)', () => {
  const s = play(start(), 'BP');
  test('the round being dealt is void without a result: its number is reused, it never reaches the roads', () => {
    const v = unwrap(voidRound(unwrap(closeBetting(s)), { reason: 'cards misplaced (12.6)', at: AT }));
    expect(v.rounds[2]).toEqual({ no: 3, voided: { reason: 'cards misplaced (12.6)', at: AT } });
    expect(v.phase).toBe('idle');
    expect(nextHandNo(v)).toBe(3);
    expect(errorOf(addHand(v, { no: 4, hand: H('tie') }))).toMatch(/out of sequence in shoe S1: expected hand 3/);
    const next = play(v, 'T');
    expect(nos(next)).toEqual([1, 2, 3, 3]);
    expect(outcomes(roadHands(next))).toBe('BPT');
    expect(shoeHands(next).map((h) => h.no)).toEqual([1, 2, 3]);
    expect(nextHandNo(next)).toBe(4);
  });
  test("the round being dealt keeps the cards dealt before it was voided (rule 12.6: the discard rack's)", () => {
    const cards = ['KS', '2H', 'KS'].map((c) => unwrap(parseCard(c)));
    const v = unwrap(voidRound(unwrap(closeBetting(s)), { reason: 'cards misplaced (12.6)', cards }));
    expect(v.rounds[2]).toEqual({ no: 3, voided: { reason: 'cards misplaced (12.6)' }, cards });
    expect(unwrap(voidRound(s, { reason: 'misdeal', cards: [] })).rounds[2]).toEqual({
      no: 3,
      voided: { reason: 'misdeal' },
    });
    expect(errorOf(voidRound(s, { no: 2, reason: 'misdeal', cards }))).toMatch(/cards go with the round being dealt/);
    const bad = [{ rank: 'Z', suit: 'S' }] as unknown as Card[];
    expect(errorOf(voidRound(s, { reason: 'misdeal', cards: bad }))).toMatch(/not a card/);
  });
  test('two voided rounds in a row share a number; no = the next hand number names the round being dealt', () => {
    const once = voidDealt(s);
    const twice = unwrap(voidRound(once, { no: 3, reason: 'not enough cards (12.5)' }));
    expect(twice.rounds.slice(2)).toEqual([
      { no: 3, voided: { reason: 'cards misplaced (12.6)' } },
      { no: 3, voided: { reason: 'not enough cards (12.5)' } },
    ]);
    expect(nos(play(twice, 'B'))).toEqual([1, 2, 3, 3, 3]);
    expect(roadHands(twice, { voidHandsOnRoads: true })).toHaveLength(2);
  });
  test('voiding hand N afterwards targets the hand, not an earlier voided round with the same number', () => {
    const v = unwrap(voidRound(play(voidDealt(s), 'T'), { no: 3, reason: 'foreign card' }));
    expect(v.rounds.slice(2)).toEqual([
      { no: 3, voided: { reason: 'cards misplaced (12.6)' } },
      { no: 3, hand: H('tie'), voided: { reason: 'foreign card' } },
    ]);
    expect(nextHandNo(v)).toBe(4); // a hand voided afterwards keeps its number
    expect(outcomes(roadHands(v))).toBe('BP');
  });
  test('a recorded hand declared void afterwards is kept but leaves the roads', () => {
    const v = unwrap(voidRound(s, { no: 1, reason: 'foreign card' }));
    expect(v.rounds[0]).toEqual({ no: 1, hand: H('banker'), voided: { reason: 'foreign card' } });
    expect(outcomes(roadHands(v))).toBe('P');
  });
  test('after the fact is allowed in an ended shoe, the round in progress is not', () => {
    const ended = unwrap(endShoe(s));
    expect(voidRound(ended, { no: 2, reason: 'x' }).ok).toBe(true);
    expect(errorOf(voidRound(ended, { reason: 'x' }))).toMatch(/has ended: no round 3 to void/);
    expect(errorOf(voidRound(ended, { no: 3, reason: 'x' }))).toMatch(/has ended: no round 3 to void/);
  });
  test.each<[string, Shoe, Parameters<typeof voidRound>[1], RegExp]>([
    ['no reason', s, { reason: '' }, /a reason is required/],
    [
      'a hand twice',
      unwrap(voidRound(s, { no: 2, reason: 'x' })),
      { no: 2, reason: 'y' },
      /hand 2 of shoe S1 is already void \(x\)/,
    ],
    [
      'a number beyond the next',
      s,
      { no: 4, reason: 'x' },
      /there is no hand 4 in shoe S1 to void: hands 1 to 2 are recorded and round 3 is the one being dealt or next/,
    ],
    ['a number in an empty shoe', start(), { no: 2, reason: 'x' }, /no hand 2 .*: no hand is recorded and round 1/],
    ['hand 0', s, { no: 0, reason: 'x' }, /there is no hand 0/],
    ['hand 1.5', s, { no: 1.5, reason: 'x' }, /there is no hand 1.5/],
    ['a bad time', s, { reason: 'x', at: 'soon' }, /at \(soon\)/],
  ])('refuses %s', (_, shoe, opts, message) => {
    expect(errorOf(voidRound(shoe, opts))).toMatch(message);
  });
});

describe('void hands: "No bets this hand" (12.1 to 12.3) and no-bet coups (8.3)', () => {
  const s = unwrap(announceVoidHand(play(start(), 'BP'), 'first card face up (12.3)'));
  test('the next hand added is a void hand; off the roads by default, on with the setting', () => {
    const v = play(s, 'TB');
    expect(v.rounds[2]).toMatchObject({
      no: 3,
      voidHand: { kind: 'noBetsThisHand', reason: 'first card face up (12.3)' },
    });
    expect(v.pendingVoidHand).toBeNull();
    expect(v.rounds[3]).not.toHaveProperty('voidHand');
    expect(outcomes(roadHands(v))).toBe('BPB');
    expect(outcomes(roadHands(v, { voidHandsOnRoads: true }))).toBe('BPTB');
  });
  test('a hand can carry its own void-hand mark', () => {
    const v = unwrap(
      addHand(start(), { no: 1, hand: H('tie'), voidHand: { kind: 'noBetCoup', reason: 'patron request' } }),
    );
    expect(roadHands(v)).toEqual([]);
  });
  test('no betting while a void hand is announced; a second announcement is refused', () => {
    expect(errorOf(openBetting(s))).toMatch(/round 3 of shoe S1 is a void hand: no bets/);
    expect(errorOf(announceVoidHand(s, 'again'))).toMatch(/hand 3 of shoe S1 is already announced/);
  });
  test('voiding the announced round clears the announcement', () => {
    expect(unwrap(voidRound(s, { reason: 'x' })).pendingVoidHand).toBeNull();
  });
  test("no-bet coups have no cap: 3 at a patron's request (rule 8.3), more as the pit boss permits (house 3.3 B, 4.3, 5.1.6)", () => {
    let t = start();
    for (let i = 0; i < 7; i++) t = play(unwrap(announceVoidHand(t, 'no bets', 'noBetCoup')), 'B');
    t = unwrap(addHand(t, { no: 8, hand: H('tie'), voidHand: { kind: 'noBetCoup', reason: 'x' } }));
    expect(t.rounds.filter((r) => isShoeHand(r) && r.voidHand?.kind === 'noBetCoup')).toHaveLength(8);
    expect(roadHands(t)).toEqual([]);
    t = play(t, 'P');
    expect(outcomes(roadHands(t))).toBe('P');
  });
  test("a shoe keeps the controller's number for it", () => {
    expect(start({ no: 12 }).no).toBe(12);
  });
  test('refuses an empty reason or an unknown kind', () => {
    expect(errorOf(announceVoidHand(start(), ''))).toMatch(/needs a reason/);
    expect(errorOf(announceVoidHand(start(), 'x', 'free' as 'noBetCoup'))).toMatch(/kind "free" is unknown/);
  });
});

describe('cut card and last coup (rule 11.2)', () => {
  const ten = play(start(), 'BPBPBPBPBP');
  test('(a) drawn as the first card of round 11: round 11 is the last coup, complete after it', () => {
    const a = unwrap(cutCardDrawn(ten, { firstCardOfRound: true }));
    expect(lastCoupState(a)).toEqual({
      case: 'a',
      drawnInRound: 11,
      lastRound: 11,
      announced: true,
      isLastRound: true,
    });
    expect(lastCoup(a)).toBe(true);
    const done = play(a, 'B');
    expect(isShoeComplete(done)).toBe(true);
    expect(lastCoupState(done)).toMatchObject({ announced: true, isLastRound: false });
    expect(errorOf(addHand(done, { no: 12, hand: H('tie') }))).toMatch(
      /shoe S1 is complete: round 11 was the last coup \(rule 11.2\): hand 12 refused/,
    );
    expect(errorOf(openBetting(done))).toMatch(/complete/);
  });
  test('(b) drawn later in round 11: round 11 completes, "Last coup" announced, round 12 is the last', () => {
    const b = unwrap(cutCardDrawn(ten, { firstCardOfRound: false }));
    expect(lastCoupState(b)).toEqual({
      case: 'b',
      drawnInRound: 11,
      lastRound: 12,
      announced: false,
      isLastRound: false,
    });
    const eleven = play(b, 'P');
    expect(lastCoupState(eleven)).toEqual({
      case: 'b',
      drawnInRound: 11,
      lastRound: 12,
      announced: true,
      isLastRound: true,
    });
    expect(isShoeComplete(eleven)).toBe(false);
    const twelve = play(eleven, 'T');
    expect(isShoeComplete(twelve)).toBe(true);
    expect(lastCoup(twelve)).toBe(false);
    expect(errorOf(addHand(twelve, { no: 13, hand: H('tie') }))).toMatch(/round 12 was the last coup/);
  });
  test.each<[string, boolean, number, number, boolean]>([
    // case, firstCardOfRound, reported hand number, lastRound, complete at once
    ['(a) reported after its result', true, 10, 10, true],
    ['(b) reported after its result', false, 10, 11, false],
    ['(a) naming the round being dealt', true, 11, 11, false],
  ])('%s', (_, firstCardOfRound, handNo, lastRound, complete) => {
    const s = unwrap(cutCardDrawn(ten, { firstCardOfRound, handNo }));
    expect(lastCoupState(s)).toMatchObject({ drawnInRound: handNo, lastRound });
    expect(isShoeComplete(s)).toBe(complete);
    expect(lastCoup(s)).toBe(!complete);
  });
  test.each([
    ['(a), its last coup not dealt yet', true, ''],
    ['(a), its last coup dealt: the shoe complete', true, 'B'],
    ['(b), its last coup announced', false, 'P'],
  ])('withdrawn (reported by mistake) %s: the shoe goes on as before it', (_, firstCardOfRound, after) => {
    const cut = play(unwrap(cutCardDrawn(ten, { firstCardOfRound })), after);
    const back = unwrap(withdrawCutCard(cut));
    expect(back).toEqual({ ...cut, cutCard: { drawn: false } });
    expect(lastCoupState(back)).toMatchObject({ case: null, lastRound: null, announced: false, isLastRound: false });
    expect(isShoeComplete(back)).toBe(false);
    expect(nos(play(back, 'BP')).slice(-2)).toEqual([nos(back).length + 1, nos(back).length + 2]);
  });
  test('withdrawn: refused with no cut card out, or once the shoe has ended', () => {
    expect(errorOf(withdrawCutCard(ten))).toMatch(/no cut card is out in shoe S1/);
    const ended = unwrap(endShoe(unwrap(cutCardDrawn(ten, { firstCardOfRound: true }))));
    expect(errorOf(withdrawCutCard(ended))).toMatch(/shoe S1 has ended: its cut card stands/);
  });
  test('the cut card is recorded by hand number and by round', () => {
    const s = unwrap(cutCardDrawn(voidDealt(ten), { firstCardOfRound: false }));
    expect(s.cutCard).toEqual({ drawn: true, handNo: 11, roundIndex: 11, firstCardOfRound: false });
  });
  test('(a) a voided last coup still completes the shoe, and its number is never dealt', () => {
    const a = unwrap(cutCardDrawn(ten, { firstCardOfRound: true }));
    const done = unwrap(voidRound(a, { reason: 'not enough cards (12.5)' }));
    expect(isShoeComplete(done)).toBe(true);
    expect(lastCoupState(done)).toMatchObject({ drawnInRound: 11, lastRound: 11, isLastRound: false });
    expect(errorOf(addHand(done, { no: 11, hand: H('tie') }))).toMatch(/round 11 was the last coup/);
    expect(errorOf(voidRound(done, { reason: 'x' }))).toMatch(/complete/);
  });
  test('(a) after a voided round: the round reusing its number is the last coup', () => {
    const a = unwrap(cutCardDrawn(voidDealt(ten), { firstCardOfRound: true }));
    expect(lastCoupState(a)).toMatchObject({ drawnInRound: 11, lastRound: 11, isLastRound: true });
    const done = play(a, 'B');
    expect(nos(done).slice(-2)).toEqual([11, 11]);
    expect(isShoeComplete(done)).toBe(true);
  });
  test('(b) the round of the cut card voided: it still counts as done, the next round (same number) is last', () => {
    const b = unwrap(cutCardDrawn(ten, { firstCardOfRound: false }));
    expect(lastCoupState(b)).toMatchObject({ announced: false, lastRound: 12 }); // assumes round 11 has a result
    const v = voidDealt(b, 'misdeal');
    expect(lastCoupState(v)).toEqual({
      case: 'b',
      drawnInRound: 11,
      lastRound: 11,
      announced: true,
      isLastRound: true,
    });
    expect(isShoeComplete(v)).toBe(false);
    const done = play(v, 'P');
    expect(isShoeComplete(done)).toBe(true);
    expect(shoeHands(done).at(-1)?.no).toBe(11);
    expect(errorOf(addHand(done, { no: 12, hand: H('tie') }))).toMatch(/round 11 was the last coup/);
  });
  test('(b) the last coup voided also completes the shoe', () => {
    const b = play(unwrap(cutCardDrawn(ten, { firstCardOfRound: false })), 'B');
    const done = voidDealt(b, 'not enough cards (12.5)');
    expect(isShoeComplete(done)).toBe(true);
    expect(lastCoupState(done)).toMatchObject({ lastRound: 12, isLastRound: false });
    expect(nextHandNo(done)).toBe(12);
  });
  test('endShoe before the last coup completes the shoe early', () => {
    const b = unwrap(endShoe(unwrap(cutCardDrawn(ten, { firstCardOfRound: false })), AT));
    expect(b).toMatchObject({ phase: 'ended', endedAt: AT });
    expect(isShoeComplete(b)).toBe(true);
    expect(lastCoup(b)).toBe(false);
  });
  test.each<[string, Shoe, Parameters<typeof cutCardDrawn>[1], RegExp]>([
    [
      'a second cut card',
      unwrap(cutCardDrawn(ten, { firstCardOfRound: false })),
      { firstCardOfRound: true },
      /already drawn in round 11/,
    ],
    [
      'a round far back',
      ten,
      { firstCardOfRound: true, handNo: 5 },
      /cut card reported in round 5, but shoe S1 is at round 11 \(or 10 just done\)/,
    ],
    ['a round ahead', ten, { firstCardOfRound: true, handNo: 12 }, /round 12/],
    [
      'the hand before a voided round',
      voidDealt(ten),
      { firstCardOfRound: true, handNo: 10 },
      /cut card reported in round 10, but shoe S1 is at round 11$/,
    ],
    ['an ended shoe', unwrap(endShoe(ten)), { firstCardOfRound: true }, /has ended/],
  ])('refuses %s', (_, shoe, opts, message) => {
    expect(errorOf(cutCardDrawn(shoe, opts))).toMatch(message);
  });
});

describe('burn (rules 7.7, 7.9, 12.7)', () => {
  test.each<[string, '7' | 'K' | 'A' | '10', number | undefined, number, number]>([
    ['a king burns 10', 'K', undefined, 10, 10],
    ['a ten burns 10', '10', undefined, 10, 10],
    ['an ace burns 1', 'A', undefined, 1, 1],
    ['a 7 burns 7', '7', undefined, 7, 7],
    ['a miscount is recorded (12.7: play continues)', '7', 6, 6, 7],
  ])('%s', (_, rank, count, recorded, expected) => {
    expect(unwrap(burn(start(), { rank, suit: 'H' }, count)).burn).toEqual({
      card: { rank, suit: 'H' },
      count: recorded,
      expected,
    });
  });
  test.each<[string, Shoe, number | undefined, RegExp]>([
    ['after the first round', play(start(), 'B'), undefined, /before the first round \(rule 7.7\)/],
    ['twice', unwrap(burn(start(), { rank: '2', suit: 'S' })), undefined, /already burned \(2S\)/],
    ['a negative count', start(), -1, /burn count \(-1\)/],
    ['an ended shoe', unwrap(endShoe(start())), undefined, /has ended/],
  ])('refuses a burn %s', (_, shoe, count, message) => {
    expect(errorOf(burn(shoe, { rank: '5', suit: 'C' }, count))).toMatch(message);
  });
  test('refuses something that is not a card', () => {
    expect(errorOf(burn(start(), { rank: '1', suit: 'S' } as never))).toMatch(/is not a card/);
  });
});

describe('phase and table', () => {
  test('betting, dealing, result', () => {
    const betting = unwrap(openBetting(start()));
    expect(betting.phase).toBe('betting');
    expect(errorOf(openBetting(betting))).toMatch(/bets are already open for round 1/);
    const dealing = unwrap(closeBetting(betting));
    expect(dealing.phase).toBe('dealing');
    expect(errorOf(openBetting(dealing))).toMatch(/round 1 of shoe S1 is being dealt/);
    expect(errorOf(closeBetting(dealing))).toMatch(/already being dealt/);
    expect(errorOf(closeTable(dealing))).toMatch(/being dealt/);
    expect(play(dealing, 'B').phase).toBe('idle');
  });
  test('table closed and opened', () => {
    const closed = unwrap(closeTable(unwrap(openBetting(start()))));
    expect(closed).toMatchObject({ tableOpen: false, phase: 'idle' });
    expect(errorOf(closeTable(closed))).toMatch(/already closed/);
    expect(errorOf(openBetting(closed))).toMatch(/table is closed/);
    expect(errorOf(openTable(unwrap(openTable(closed))))).toMatch(/already open/);
    expect(start({ tableOpen: false }).tableOpen).toBe(false);
  });
  test('endShoe once', () => {
    expect(errorOf(endShoe(unwrap(endShoe(start()))))).toMatch(/shoe S1 has already ended/);
    expect(errorOf(endShoe(start(), 'later'))).toMatch(/at \(later\)/);
  });
});

// ---------------------------------------------------------------- properties

type Op =
  | { t: 'add'; offset: number; hand: RoadHand; voidHand: boolean }
  | { t: 'correct'; back: number; hand: RoadHand } // hand number counted back from the last round
  | { t: 'void'; back: number | undefined } // undefined (or -1: no = nextHandNo): the round being dealt
  | { t: 'announce'; noBetCoup: boolean }
  | { t: 'cut'; first: boolean; late: boolean }
  | { t: 'end' | 'burn' | 'openBetting' | 'closeBetting' | 'openTable' | 'closeTable' };

const handArb: fc.Arbitrary<RoadHand> = fc.record({
  outcome: fc.constantFrom<Outcome>('banker', 'player', 'tie'),
  playerPair: fc.boolean(),
  bankerPair: fc.boolean(),
  natural: fc.boolean(),
});
const backArb = fc.integer({ min: -1, max: 6 });
const simple = (t: 'end' | 'burn' | 'openBetting' | 'closeBetting' | 'openTable' | 'closeTable', weight: number) => ({
  weight,
  arbitrary: fc.constant<Op>({ t }),
});
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 80,
    arbitrary: fc.record({
      t: fc.constant('add' as const),
      offset: fc.constantFrom(0, 0, 0, 0, 0, 0, -1, 1, 2),
      hand: handArb,
      voidHand: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('correct' as const), back: backArb, hand: handArb }) },
  {
    weight: 5,
    arbitrary: fc.record({ t: fc.constant('void' as const), back: fc.option(backArb, { nil: undefined }) }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('announce' as const), noBetCoup: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cut' as const), first: fc.boolean(), late: fc.boolean() }) },
  simple('end', 1),
  simple('burn', 1),
  simple('openBetting', 2),
  simple('closeBetting', 2),
  simple('openTable', 2),
  simple('closeTable', 1),
);

function apply(s: Shoe, op: Op): Result<Shoe, string> {
  const next = nextHandNo(s);
  switch (op.t) {
    case 'add':
      return addHand(s, {
        no: next + op.offset,
        hand: op.hand,
        ...(op.voidHand && op.offset === 0 && next % 7 === 0 && { voidHand: { kind: 'noBetsThisHand', reason: 'x' } }),
      });
    case 'correct':
      return correctHand(s, next - 1 - op.back, op.hand, { by: 'inspector', at: AT });
    case 'void':
      return voidRound(s, { ...(op.back !== undefined && { no: next - 1 - op.back }), reason: 'irregularity' });
    case 'announce':
      return announceVoidHand(s, 'x', op.noBetCoup ? 'noBetCoup' : 'noBetsThisHand');
    case 'cut':
      return cutCardDrawn(s, { firstCardOfRound: op.first, ...(op.late && { handNo: next - 1 }) });
    case 'end':
      return endShoe(s);
    case 'burn':
      return burn(s, { rank: '9', suit: 'D' });
    case 'openBetting':
      return openBetting(s);
    case 'closeBetting':
      return closeBetting(s);
    case 'openTable':
      return openTable(s);
    case 'closeTable':
      return closeTable(s);
  }
}

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Runs the ops, checking at every step; returns the final shoe and a model of what was accepted. */
function run(ops: readonly Op[]) {
  let shoe = deepFreeze(start());
  // the accepted hands by number, and how many rounds were voided without a result
  const model = new Map<number, { voidHand: boolean; voided: boolean; hand: RoadHand }>();
  let voidedRounds = 0;
  let wasComplete = false;
  for (const op of ops) {
    const before = JSON.stringify(shoe);
    const r = apply(shoe, op);
    expect(JSON.stringify(shoe)).toBe(before); // a transition never mutates its input, accepted or refused
    if (!r.ok) {
      expect(r.error).toMatch(/\S/);
      continue;
    }
    expect(r.value).not.toBe(shoe);
    const prev = shoe;
    shoe = deepFreeze(r.value);
    if (wasComplete) expect(shoe.rounds.length).toBe(prev.rounds.length); // no round after the last coup
    if (op.t === 'add') {
      const added = shoe.rounds.at(-1)!;
      expect(added.no).toBe(nextHandNo(prev));
      model.set(added.no, { voidHand: isShoeHand(added) && !!added.voidHand, voided: false, hand: op.hand });
    }
    if (op.t === 'void') {
      const no = op.back === undefined ? nextHandNo(prev) : nextHandNo(prev) - 1 - op.back;
      if (no === nextHandNo(prev)) {
        voidedRounds++; // the round being dealt: no result, no number used up
        expect(shoe.rounds.at(-1)).toEqual({ no, voided: { reason: 'irregularity' } });
        expect(nextHandNo(shoe)).toBe(no);
      } else model.set(no, { ...model.get(no)!, voided: true }); // a recorded hand, afterwards
    }
    if (op.t === 'correct') {
      const no = nextHandNo(prev) - 1 - op.back;
      model.set(no, { ...model.get(no)!, hand: op.hand });
    }
    wasComplete ||= isShoeComplete(shoe);
    expect(isShoeComplete(shoe)).toBe(wasComplete); // completion is for good
    const { lastRound, drawnInRound } = lastCoupState(shoe);
    if (lastRound !== null) {
      for (const round of shoe.rounds) expect(round.no).toBeLessThanOrEqual(lastRound); // never past the last coup
      if (isShoeComplete(shoe) && shoe.phase !== 'ended') expect(shoe.rounds.at(-1)?.no).toBe(lastRound);
    }
    if (shoe.cutCard.drawn) {
      expect(drawnInRound).toBe(shoe.cutCard.handNo);
      const drawnIn = shoe.rounds[shoe.cutCard.roundIndex];
      expect(drawnIn?.no ?? nextHandNo(shoe)).toBe(shoe.cutCard.handNo); // the number that round has or will have
    }
  }
  return { shoe, model, voidedRounds };
}

describe('properties of any sequence of transitions', () => {
  const opsArb = fc.array(opArb, { maxLength: 150, size: 'large' });
  test('hands are numbered 1, 2, 3 … with no gaps; a voided round carries the number the next hand reuses', () => {
    fc.assert(
      fc.property(opsArb, (ops) => {
        const { shoe, model, voidedRounds } = run(ops);
        const hands = shoeHands(shoe);
        expect(hands.map((h) => h.no)).toEqual(hands.map((_, i) => i + 1));
        expect([...model.keys()]).toEqual(hands.map((h) => h.no));
        expect(nextHandNo(shoe)).toBe(hands.length + 1);
        expect(shoe.rounds.filter((r) => !isShoeHand(r))).toHaveLength(voidedRounds);
        shoe.rounds.forEach((r, i) => {
          if (isShoeHand(r)) return;
          const following = shoe.rounds.slice(i + 1).find(isShoeHand);
          expect(r.no).toBe(following?.no ?? nextHandNo(shoe));
        });
      }),
    );
  });
  test('roadHands = accepted hands − voided afterwards − void hands (per setting), corrections applied', () => {
    fc.assert(
      fc.property(opsArb, (ops) => {
        const { shoe, model } = run(ops);
        const expected = (withVoidHands: boolean) =>
          [...model.values()].filter((m) => !m.voided && (withVoidHands || !m.voidHand)).map((m) => m.hand);
        for (const voidHandsOnRoads of [false, true]) {
          expect(roadHands(shoe, { voidHandsOnRoads })).toEqual(expected(voidHandsOnRoads));
          for (const r of shoe.rounds)
            if (!isShoeHand(r) || r.voided) expect(isOnRoads(r, { voidHandsOnRoads })).toBe(false); // never on roads
        }
        const hands = shoeHands(shoe);
        const voidedAfter = hands.filter((h) => h.voided).length;
        const voidHands = hands.filter((h) => !h.voided && h.voidHand).length;
        expect(roadHands(shoe)).toHaveLength(hands.length - voidedAfter - voidHands);
        expect(roadHands(shoe, { voidHandsOnRoads: true })).toHaveLength(hands.length - voidedAfter);
      }),
    );
  });
  test('a correction shows on the roads at the same place, every other hand unchanged', () => {
    fc.assert(
      fc.property(fc.array(handArb, { minLength: 1, maxLength: 60 }), fc.nat(), handArb, (hands, pick, fix) => {
        const shoe = hands.reduce((s, hand, i) => unwrap(addHand(s, { no: i + 1, hand })), start());
        const no = (pick % hands.length) + 1;
        const r = correctHand(shoe, no, fix, { by: 'i', at: AT });
        if (!r.ok) {
          expect(fix).toEqual(hands[no - 1]); // refused only when it changes nothing
          return;
        }
        const after = roadHands(r.value);
        expect(after[no - 1]).toBe(fix);
        after.forEach((h, i) => {
          if (i !== no - 1) expect(h).toBe(roadHands(shoe)[i]);
        });
      }),
    );
  });
});
