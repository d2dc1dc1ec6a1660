import { describe, expect, test } from 'vitest';
import { makeCard, parseCards } from '../baccarat/cards';
import { shoeHands } from '../baccarat/shoe';
import type { Coup } from '../baccarat/table-of-play';
import type { Card } from '../baccarat/types';
import { chaosTableOptions } from '../simulator/chaos';
import { simulateTable, type TableOptions } from '../simulator/dealer';
import { createMessenger } from '../simulator/messages';
import type { ControllerStep, Step } from '../simulator/steps';
import { act, exhausted, INITIAL_STATE, refusal, REKEY_MS, UNDO_BY, type KeypadState } from './keypad-state';
import type { Action, KeyedResult } from './protocol';
import { dealingOrder } from './round-entry';

const AT = '2024-11-22T14:00:00.000Z';
const CTX = { at: AT, undoMs: 10_000 };
const later = (ms: number) => ({ ...CTX, at: new Date(Date.parse(AT) + ms).toISOString() });

/** Applies actions in turn; a refused one fails the test with its reason. */
function run(actions: readonly Action[], s: KeypadState = INITIAL_STATE, ctx = CTX) {
  const steps: ControllerStep[] = [];
  for (const a of actions) {
    const r = act(s, a, ctx);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error}`);
    s = r.value.state;
    steps.push(...r.value.steps);
  }
  return { state: s, steps };
}

const sides = (coup: Coup) => ({ player: coup.player.cards, banker: coup.banker.cards });
const cards = (text: string): Action[] => text.split(' ').map((card) => ({ type: 'card', card }));
const OPENED: Action[] = [{ type: 'open-table' }, { type: 'new-shoe', decks: 8, shoeId: 'S1' }];
const DEALING: Action[] = [...OPENED, { type: 'bets-open' }, { type: 'no-more-bets' }];

/**
 * What a dealer keys at the keypad for each step of a simulated table: its cards one by one and the result, or the
 * result as keyed (a mis-keyed one), the cut card, void hands and rounds, corrections and the shoe's end.
 */
function dealerActions(step: Step, s: KeypadState): Action[] {
  switch (step.type) {
    case 'table-open':
      return [{ type: 'open-table' }];
    case 'table-closed':
      return [{ type: 'close-table' }];
    case 'shoe-start':
      return [{ type: 'new-shoe', decks: step.decks, shoeId: step.shoeId }];
    case 'shuffle':
      return [{ type: 'shuffle' }];
    case 'burn':
      return [{ type: 'burn', card: makeCard(step.card), count: step.count }];
    case 'betting-open':
      return [{ type: 'bets-open' }];
    case 'no-more-bets':
      return [{ type: 'no-more-bets' }];
    case 'void-hand':
      return step.reason === 'no-bet-coup' ? [{ type: 'no-bet-coup' }] : [{ type: 'void-hand', reason: step.reason }];
    case 'cut-card':
      return [{ type: 'cut-card', firstCardOfRound: step.firstCardOfRound }];
    case 'last-coup':
      return [];
    case 'hand':
      if (step.keyed) return [{ type: 'result', keyed: step.keyed as KeyedResult }];
      return [
        ...dealingOrder(sides(step.coup)).map((c): Action => ({ type: 'card', card: makeCard(c) })),
        { type: 'result' },
      ];
    case 'correction':
      return [
        {
          type: 'correct',
          handNo: step.handNo,
          cards: dealingOrder(sides(step.coup)).map((c) => makeCard(c)),
          note: step.note,
          by: step.by,
        },
      ];
    case 'round-void':
      return [{ type: 'round-void', reason: step.reason }];
    case 'hand-void':
      return [
        {
          type: 'void-recorded',
          handNo: step.handNo,
          reason: step.reason,
          by: step.by ?? 'supervisor',
          ...(step.note !== undefined && { note: step.note }),
        },
      ];
    case 'shoe-end':
      return s.shoe?.phase === 'ended' ? [] : [{ type: 'end-shoe' }]; // rule 12.5 already ended it
  }
}

/** The messages of a simulated table, and those of a keypad keyed as its dealer would: they must be the same. */
function keyedLikeTheTable(options: TableOptions) {
  const table = createMessenger({ controllerId: 'ctl-T1', seqStart: 100, now: () => AT });
  const keypad = createMessenger({ controllerId: 'ctl-T1', seqStart: 100, now: () => AT });
  const expected: string[] = [];
  const got: string[] = [];
  let s = INITIAL_STATE;
  for (const step of simulateTable(options)) {
    expected.push(...table.messagesFor(step).map((m) => m.text));
    for (const a of dealerActions(step, s)) {
      const r = act(s, a, CTX);
      if (!r.ok) throw new Error(`${step.type} → ${JSON.stringify(a)}: ${r.error}`);
      s = r.value.state;
      for (const k of r.value.steps) got.push(...keypad.messagesFor(k).map((m) => m.text));
    }
  }
  return { expected, got, state: s };
}

describe('a keypad keyed as the dealer of a simulated table publishes exactly what the table does', () => {
  test.each([
    ['two plain shoes with no-bet coups', { seed: 'kp-1', shoes: 2, noBetCoups: 4 }],
    [
      'irregularities at 5 %: void hands, corrections, hands voided after, foreign cards, run-outs',
      { seed: 'kp-2', shoes: 3, irregularities: 0.05 },
    ],
    ['the chaos table', chaosTableOptions('kp-chaos')],
    ['cut card case a', { seed: 'kp-a', shoes: 2, cutCardCase: 'a', decks: 4 }],
    ['cut card case b', { seed: 'kp-b', shoes: 2, cutCardCase: 'b', decks: 6 }],
  ] as const)('%s', (_, options) => {
    const { expected, got } = keyedLikeTheTable(options as TableOptions);
    expect(got.length).toBeGreaterThan(100);
    expect(got).toEqual(expected);
  });
});

describe('keying by cards', () => {
  test('the Table of Play says which card is next, and refuses one it would not deal', () => {
    // Player 9H 7S = 6 stands, Banker KD 7C = 7 stands: complete after four cards.
    const { state } = run([...DEALING, ...cards('9H KD 7S 7C')]);
    expect(refusal(state, 'card')).toMatch(/complete/);
    expect(act(state, { type: 'card', card: '2D' }, CTX)).toMatchObject({ ok: false });
    // Player 2 draws; its third card 8 makes Banker 3 stand (Table 2).
    const third = run([...DEALING, ...cards('AH 2D AS AC 8D')]).state;
    expect(refusal(third, 'card')).toMatch(/complete/);
  });

  /** A four-deck shoe, its first round being dealt. */
  const FOUR_DECKS = [
    { type: 'open-table' },
    { type: 'new-shoe', decks: 4, shoeId: 'S1' },
    { type: 'bets-open' },
    { type: 'no-more-bets' },
  ] as Action[];

  test('a card the shoe no longer holds (every deck of it seen) cannot be keyed', () => {
    const { state } = run([...FOUR_DECKS, ...cards('9S 9S 9S 9S')]);
    expect(exhausted(state)).toEqual(['9S']);
    const { state: next } = run([{ type: 'result' }, { type: 'bets-open' }, { type: 'no-more-bets' }], state);
    expect(act(next, { type: 'card', card: '9S' }, CTX)).toMatchObject({ ok: false, error: /no more/ });
  });

  test("a voided round's cards went to the discard rack (rule 12.6): still used up, and not counted as left", () => {
    // Two nines of spades dealt, then the round voided (a misplaced card that cannot be put right).
    const { state, steps } = run([
      ...FOUR_DECKS,
      ...cards('9S 9S'),
      { type: 'round-void', reason: 'cannot-reconstruct' },
    ]);
    expect(steps.at(-1)).toMatchObject({
      type: 'round-void',
      cards: [
        { rank: '9', suit: 'S' },
        { rank: '9', suit: 'S' },
      ],
    });
    expect(state.entry).toEqual([]);
    expect(exhausted(state)).toEqual([]);
    // Player 9S KH, Banker 9S KD: a natural tie, complete after four cards.
    const { state: two } = run([{ type: 'bets-open' }, { type: 'no-more-bets' }, ...cards('9S 9S KH KD')], state);
    expect(exhausted(two)).toEqual(['9S']); // 2 voided + 2 now: the four decks' four
    const { state: three } = run([{ type: 'result' }, { type: 'bets-open' }, { type: 'no-more-bets' }], two);
    expect(act(three, { type: 'card', card: '9S' }, CTX)).toMatchObject({ ok: false, error: /no more/ });
    // At the shoe's end, the cards left leave out the discarded ones: 208 − 6 (no burn keyed here).
    const ended = run([{ type: 'result' }, { type: 'end-shoe' }], two).steps.at(-1);
    expect(ended).toMatchObject({ type: 'shoe-end', cardsLeft: 4 * 52 - 6 });
  });

  // Found by a dealer: a supervisor's correction keyed a fifth 2♠ of four decks, and the boards took it.
  test("a correction cannot key a card the shoe holds no more of; the hand's own copies may be moved or kept", () => {
    // Player 2S 2S 3H, Banker 2S 2S 5H: every 2♠ of the four decks out (Banker 9 – 7).
    const { state } = run([...FOUR_DECKS, ...cards('2S 2S 2S 2S 3H 5H'), { type: 'result' }]);
    expect(exhausted(state)).toEqual(['2S']);
    const correct = (text: string) =>
      act(state, { type: 'correct', handNo: 1, cards: text.split(' '), by: 'Lee', note: 'test' }, CTX);
    expect(correct('2S 2S 2S 2S 2S 5H')).toMatchObject({ ok: false, code: 'not-of-set', error: /^2S: .*hold no more/ });
    expect(correct('2S 2S 2S 2S 4H 5H')).toMatchObject({ ok: true }); // its own four 2♠ kept: not one more
    expect(correct('2S 2S 2S 2S 3H 6H')).toMatchObject({ ok: true });
    // A hand keyed again after an undo holds its cards once: its every 2♠ again is no card too many (the CI's
    // whole-shoe run was refused "KH: … hold no more" on a hand keyed again).
    // Player 2S 2S 3H, Banker 2S KD 5H (a tie, 7 – 7), keyed again with the fourth 2♠ for the 5♥ (Player 7 – 4).
    const three = run([...FOUR_DECKS, ...cards('2S 2S 2S KD 3H 5H'), { type: 'result' }]).state;
    const again = run([{ type: 'undo' }, { type: 'uncard' }, ...cards('2S'), { type: 'result' }], three);
    expect(again.steps.at(-1)).toMatchObject({ type: 'correction', handNo: 1 });
  });

  test('a card taken back before the result publishes nothing', () => {
    const { state, steps } = run([...DEALING, ...cards('9H KD 7S 2C'), { type: 'uncard' }, ...cards('7C')]);
    expect(steps.map((x) => x.type)).toEqual(['table-open', 'shoe-start', 'betting-open', 'no-more-bets']);
    expect(state.entry.map((c) => makeCard(c))).toEqual(['9H', 'KD', '7S', '7C']);
  });
});

describe('keying the outcome', () => {
  const keyed = (k: Partial<KeyedResult>): Action => ({
    type: 'result',
    keyed: {
      outcome: 'banker',
      playerPoints: 5,
      bankerPoints: 7,
      playerPair: false,
      bankerPair: false,
      natural: false,
      ...k,
    },
  });

  test('only what the Table of Play allows', () => {
    const { state } = run(DEALING);
    expect(act(state, keyed({ outcome: 'player' }), CTX)).toMatchObject({ ok: false }); // 5–7 is a banker win
    expect(act(state, keyed({ natural: true }), CTX)).toMatchObject({ ok: false }); // a natural needs an 8 or 9
    const r = act(state, keyed({ bankerPoints: 8, natural: true, playerPair: true, playerPoints: 4 }), CTX);
    expect(r).toMatchObject({ ok: true });
    expect(act(state, keyed({ bankerPoints: 8, natural: true, playerPair: true, playerPoints: 5 }), CTX)).toMatchObject(
      { ok: false },
    );
  });

  test('a no-bet coup keyed by outcome is a void hand, as many as the pit boss permits', () => {
    const coup: Action[] = [{ type: 'no-bet-coup' }, keyed({})];
    const { steps, state } = run([...OPENED, ...coup, ...coup, ...coup, ...coup, ...coup]);
    const hands = steps.filter((x) => x.type === 'keyed-hand');
    expect(hands).toHaveLength(5);
    expect(hands.every((h) => h.type === 'keyed-hand' && h.voidHand === 'no-bet-coup')).toBe(true);
    expect(shoeHands(state.shoe!).map((h) => h.voidHand?.kind)).toEqual(Array(5).fill('noBetCoup'));
  });
});

describe('the cut card (rule 11.2) and the end of the shoe', () => {
  test('(a) first card of the round: that round is the last; then no further round, only the end', () => {
    const { state, steps } = run([
      ...DEALING,
      { type: 'cut-card', firstCardOfRound: true },
      ...cards('9H KD 7S 7C'),
      { type: 'result' },
    ]);
    expect(steps.filter((x) => x.type === 'cut-card' || x.type === 'last-coup')).toEqual([
      { type: 'cut-card', shoeId: 'S1', handNo: 1, firstCardOfRound: true, lastCoupHandNo: 1 },
      { type: 'last-coup', shoeId: 'S1', handNo: 1 },
    ]);
    for (const t of ['bets-open', 'no-more-bets', 'no-bet-coup'] as const)
      expect(refusal(state, t)).toMatch(/last coup/);
    expect(run([{ type: 'end-shoe' }], state).steps).toMatchObject([{ type: 'shoe-end', handCount: 1 }]);
  });

  test('(b) later in the round: it completes, one more round, then no further', () => {
    const cut: Action = { type: 'cut-card', firstCardOfRound: false };
    const { state, steps } = run([...DEALING, ...cards('9H KD'), cut, ...cards('7S 7C'), { type: 'result' }]);
    expect(steps.at(-1)).toEqual({ type: 'last-coup', shoeId: 'S1', handNo: 2 });
    const last = run(
      [{ type: 'bets-open' }, { type: 'no-more-bets' }, ...cards('9H KD 7S 7C'), { type: 'result' }],
      state,
    );
    expect(refusal(last.state, 'bets-open')).toMatch(/last coup/);
  });

  test('(a) is refused once cards of the round were keyed', () => {
    const { state } = run([...DEALING, ...cards('9H')]);
    expect(act(state, { type: 'cut-card', firstCardOfRound: true }, CTX)).toMatchObject({
      ok: false,
      error: /11\.2 b/,
    });
  });

  test('a cut card keyed by mistake: a supervisor withdraws it, named; the shoe goes on past the old last coup', () => {
    const withdraw: Action = { type: 'withdraw-cut-card', by: 'Lee', note: 'pressed by mistake' };
    const { state } = run([
      ...DEALING,
      { type: 'cut-card', firstCardOfRound: true },
      ...cards('9H KD 7S 7C'),
      { type: 'result' },
    ]);
    expect(refusal(state, 'bets-open')).toMatch(/last coup/);
    const back = run([withdraw], state);
    expect(back.steps).toEqual([
      { type: 'cut-card-withdrawn', shoeId: 'S1', handNo: 1, by: 'Lee', note: 'pressed by mistake' },
    ]);
    expect(back.state.shoe?.cutCard).toEqual({ drawn: false });
    const more = run(
      [{ type: 'bets-open' }, { type: 'no-more-bets' }, ...cards('9S 8C 2D KD'), { type: 'result' }],
      back.state,
    );
    expect(more.steps.at(-1)).toMatchObject({ handNo: 2 });
    // Withdrawn, it is not out: nothing to withdraw; the shoe ended, its cut card stands.
    expect(act(back.state, withdraw, CTX)).toMatchObject({ ok: false, code: 'no-cut-card' });
    const ended = run([{ type: 'end-shoe' }], state).state;
    expect(act(ended, withdraw, CTX)).toMatchObject({ ok: false, code: 'shoe-ended' });
    expect(refusal(INITIAL_STATE, 'withdraw-cut-card')).toMatch(/no shoe/);
  });

  test('insufficient cards (rule 12.5): the round is void and the shoe ends', () => {
    const { state, steps } = run([...DEALING, ...cards('9H KD'), { type: 'round-void', reason: 'insufficient-cards' }]);
    expect(steps.slice(-2).map((x) => x.type)).toEqual(['round-void', 'shoe-end']);
    expect(state.shoe?.phase).toBe('ended');
  });
});

describe('undo: the last result, for a few seconds, before anything else', () => {
  const first = [...DEALING, ...cards('9H KD 7S 7C'), { type: 'result' }] as Action[];

  test('keyed again within the window: a correction of that hand by the dealer', () => {
    const { state } = run(first);
    const u = run([{ type: 'undo' }], state, later(4_000));
    expect(u.state.entry.map((c) => makeCard(c))).toEqual(['9H', 'KD', '7S', '7C']); // pre-filled
    const r = run([{ type: 'uncard' }, ...cards('8C'), { type: 'result' }], u.state, later(6_000));
    expect(r.steps).toMatchObject([{ type: 'correction', handNo: 1, by: UNDO_BY, note: /4 s after the result/ }]);
    expect(refusal(r.state, 'undo')).not.toBeNull(); // once
    expect(shoeHands(r.state.shoe!)[0]?.hand).toMatchObject({ outcome: 'banker', bankerPoints: 8 });
  });

  // Found by a pit supervisor: the undo window limited only the tap on Undo; a hand held open could be changed long
  // after, as the dealer's own correction. A minute from the undo to key it again; later, a supervisor's.
  test('keyed again more than a minute after the undo: refused, the result stands, the undo can be cancelled', () => {
    const { state } = run(first);
    const u = run([{ type: 'undo' }, { type: 'uncard' }, ...cards('8C')], state, later(4_000)).state;
    expect(act(u, { type: 'result' }, later(4_000 + REKEY_MS))).toMatchObject({ ok: true });
    const late = act(u, { type: 'result' }, later(4_001 + REKEY_MS));
    expect(late).toMatchObject({ ok: false, code: 'undo-expired', error: /hand 1 was undone 60 s ago.*supervisor/ });
    const back = run([{ type: 'cancel-undo' }], u, later(5_000 + REKEY_MS)).state;
    expect(shoeHands(back.shoe!)[0]?.hand).toMatchObject({ outcome: 'banker', bankerPoints: 7 }); // as published
    // A journal replayed (rekeyMs: Infinity) takes what was recorded then, whatever its times.
    expect(act(u, { type: 'result' }, { ...later(3_600_000), rekeyMs: Infinity })).toMatchObject({ ok: true });
  });

  // A tester: to fix the Player's 1st card, the dealer took back all four cards and keyed them again.
  test('a wrong card replaced where it lies, when every card keeps its slot (Table of Play)', () => {
    const { state } = run(first);
    const u = run([{ type: 'undo' }, { type: 'recard', index: 0, card: 'KH' }], state, later(2_000));
    expect(u.state.entry.map((c) => makeCard(c))).toEqual(['KH', 'KD', '7S', '7C']);
    const r = run([{ type: 'result' }], u.state, later(3_000));
    expect(r.steps).toMatchObject([{ type: 'correction', handNo: 1, by: UNDO_BY }]);
    expect(shoeHands(r.state.shoe!)[0]?.hand).toMatchObject({ outcome: 'tie', playerPoints: 7, bankerPoints: 7 });
    // P 9H 7S (6) stands; B KD 7C (7) stands. 9H → 8D: P 5 draws, so a card is newly due: fine, it is the next.
    const due = run([{ type: 'undo' }, { type: 'recard', index: 0, card: '8D' }], state, later(2_000)).state;
    expect(due.entry).toHaveLength(4);
    expect(refusal(due, 'card')).toBeNull();
  });

  test('a hand keyed again counts its cards once: a card of it is not taken for the shoe used up', () => {
    // A four-deck shoe: P 9S 9S (8), B KD 7C (7), two of the four 9S. Undone, the entry holds them again.
    const four = [{ type: 'open-table' }, { type: 'new-shoe', decks: 4, shoeId: 'S1' }] as Action[];
    const nines = [{ type: 'bets-open' }, { type: 'no-more-bets' }, ...cards('9S KD 9S 7C'), { type: 'result' }];
    const u = run([{ type: 'undo' }], run([...four, ...nines] as Action[]).state, later(1_000)).state;
    expect(exhausted(u)).toEqual([]);
    // The Banker's 1st card was a third 9S: replaced where it lies (P 8 natural, B 9S 7C = 6).
    const r = run([{ type: 'recard', index: 1, card: '9S' }, { type: 'result' }], u, later(2_000));
    expect(r.steps).toMatchObject([{ type: 'correction', handNo: 1, by: UNDO_BY }]);
    expect(exhausted(r.state)).toEqual([]); // three of four
  });

  test('a replacement that moves or drops a third card is refused: take back the cards after it', () => {
    // P 2H 3S (5) draws 4C; B KD 7C (7) stands. Replacing P's 2nd with 6S makes P 8, a natural: no third card.
    const drew = [...DEALING, ...cards('2H KD 3S 7C 4C'), { type: 'result' }] as Action[];
    const u = run([{ type: 'undo' }], run(drew).state, later(1_000)).state;
    expect(act(u, { type: 'recard', index: 2, card: '6S' }, later(2_000))).toMatchObject({
      ok: false,
      error: /third cards/,
    });
    // The third card itself can be replaced: it keeps its slot.
    expect(act(u, { type: 'recard', index: 4, card: '5C' }, later(2_000)).ok).toBe(true);
    expect(act(u, { type: 'recard', index: 5, card: '5C' }, later(2_000))).toMatchObject({ ok: false });
    // Mid-round too, before the result: the same rule.
    const mid = run([...DEALING, ...cards('2H KD 3S')]).state;
    expect(run([{ type: 'recard', index: 1, card: '9D' }], mid).state.entry.map((c) => makeCard(c))).toEqual([
      '2H',
      '9D',
      '3S',
    ]);
  });

  test('keyed again the same: nothing published', () => {
    const { state } = run(first);
    const r = run([{ type: 'undo' }, { type: 'result' }], state, later(1_000));
    expect(r.steps).toEqual([]);
    expect(r.state.redo).toBeNull();
    expect(refusal(r.state, 'undo')).toBeNull(); // nothing changed: the undo is still on offer
  });

  test('an undo cancelled (a stray tap: a double tap on Confirm lands on Undo) leaves the undo on offer', () => {
    const { state } = run(first);
    const cancelled = run([{ type: 'undo' }, { type: 'cancel-undo' }], state, later(1_000)).state;
    expect(cancelled).toMatchObject({ redo: null, entry: [], last: state.last });
    const u = run([{ type: 'undo' }, { type: 'uncard' }, ...cards('8C'), { type: 'result' }], cancelled, later(5_000));
    expect(u.steps).toMatchObject([{ type: 'correction', handNo: 1, by: UNDO_BY, note: /5 s after the result/ }]);
    // Still within the result's own window, not a new one from the cancel.
    expect(act(cancelled, { type: 'undo' }, later(10_001))).toMatchObject({ ok: false, error: /supervisor/ });
  });

  test('after the window, or after anything else, it is a supervisor correction', () => {
    const { state } = run(first);
    expect(act(state, { type: 'undo' }, later(10_001))).toMatchObject({ ok: false, error: /supervisor/ });
    const opened = run([{ type: 'bets-open' }], state).state;
    expect(refusal(opened, 'undo')).toMatch(/no result/);
  });

  test('while an undo is open, the table waits: no bets, no new round', () => {
    const { state } = run([...first, { type: 'undo' }], INITIAL_STATE);
    for (const t of ['bets-open', 'no-bet-coup', 'end-shoe', 'close-table', 'correct'] as const)
      expect(refusal(state, t)).toMatch(/keyed again/);
    expect(run([{ type: 'cancel-undo' }], state).state).toMatchObject({ redo: null, entry: [] });
  });
});

describe('supervisor corrections and voids', () => {
  test('a hand keyed with cards corrected by outcome loses its cards; a voided hand cannot be corrected', () => {
    const { state } = run([...DEALING, ...cards('9H KD 7S 7C'), { type: 'result' }]);
    const keyed: KeyedResult = {
      outcome: 'player',
      playerPoints: 6,
      bankerPoints: 2,
      playerPair: false,
      bankerPair: false,
      natural: false,
    };
    const c = run([{ type: 'correct', handNo: 1, keyed, by: 'Lee' }], state);
    expect(c.steps).toMatchObject([{ type: 'keyed-correction', by: 'Lee', keyed }]);
    expect(shoeHands(c.state.shoe!)[0]?.cards).toBeUndefined();
    const v = run(
      [{ type: 'void-recorded', handNo: 1, reason: 'cannot-reconstruct', by: 'Lee', note: 'cards dropped' }],
      c.state,
    );
    // Who declared it void, and why (rule 12.6): the shoe record keeps both, as it does a correction's.
    expect(v.steps).toEqual([
      { type: 'hand-void', shoeId: 'S1', handNo: 1, reason: 'cannot-reconstruct', by: 'Lee', note: 'cards dropped' },
    ]);
    expect(
      act(v.state, { type: 'correct', handNo: 1, keyed: { ...keyed, playerPoints: 7 }, by: 'Lee' }, CTX),
    ).toMatchObject({ ok: false });
  });

  test('a correction by cards must be a complete coup', () => {
    const { state } = run([...DEALING, ...cards('9H KD 7S 7C'), { type: 'result' }]);
    expect(act(state, { type: 'correct', handNo: 1, cards: ['9H', 'KD', '2S', '7C'], by: 'Lee' }, CTX)).toMatchObject({
      ok: false,
    });
    const cards5 = (parseCards('9H KD 2S 7C 5D') as { value: Card[] }).value;
    expect(
      run([{ type: 'correct', handNo: 1, cards: cards5.map((c) => makeCard(c)), by: 'Lee' }], state).steps,
    ).toHaveLength(1);
  });
});
