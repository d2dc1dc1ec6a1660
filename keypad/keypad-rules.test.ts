import { describe, expect, test } from 'vitest';
import { stateAfter } from '../test/helpers/keypad-actions';
import { act, refusalOf, type KeypadState } from './keypad-state';
import { STATE_CODES, type Action, type RefusalCode } from './protocol';

const AT = '2024-11-22T14:00:00.000Z';
const CTX = { at: AT, undoMs: 10_000 };
const at = (actions: readonly Action[]): KeypadState => stateAfter(actions, AT);
const cards = (text: string): Action[] => text.split(' ').map((card) => ({ type: 'card', card }));

const OPEN: Action[] = [{ type: 'open-table' }];
const SHOE: Action[] = [...OPEN, { type: 'new-shoe', decks: 8, shoeId: 'S1' }];
const READY: Action[] = [...SHOE, { type: 'shuffle' }, { type: 'burn', card: '7H', count: 7 }];
const BETTING: Action[] = [...READY, { type: 'bets-open' }];
const DEALING: Action[] = [...BETTING, { type: 'no-more-bets' }];
const DEALT: Action[] = [...DEALING, ...cards('9S KC KD 4S')]; // the Player's natural 9: the coup is complete
const RESULT: Action[] = [...DEALT, { type: 'result' }];
/** Hand 1 keyed without cards: the Player's natural 9 against the Banker's 4. */
const KEYED = {
  outcome: 'player',
  playerPoints: 9,
  bankerPoints: 4,
  playerPair: false,
  bankerPair: false,
  natural: true,
} as const;
const VOID_HAND: Action[] = [...READY, { type: 'void-hand', reason: 'first-card-face-up' }];
/** The cut card as the round's first card (rule 11.2 a): that round is the last coup. */
const LAST_COUP: Action[] = [...DEALING, { type: 'cut-card', firstCardOfRound: true }, ...cards('9S KC KD 4S')];

/**
 * Every state code, met as the second of two tablets racing meets it: the first tablet's action took the keypad on
 * (its page's buttons had not changed yet), then the second's tap. The English stays the server's, for logs and tools.
 */
const RACES: readonly (readonly [string, readonly Action[], Action, RefusalCode, string | RegExp])[] = [
  ['Undo on both', [...RESULT, { type: 'undo' }], { type: 'undo' }, 'rekeying', /^hand 1 is being keyed again/],
  [
    'No more bets, then Close table',
    DEALING,
    { type: 'close-table' },
    'round-unfinished',
    'a round is being dealt: confirm its result or void it first',
  ],
  ['No more bets on both', DEALING, { type: 'no-more-bets' }, 'round-dealt', 'a round is being dealt'],
  [
    'End shoe, then Bets open',
    [...READY, { type: 'end-shoe' }],
    { type: 'bets-open' },
    'shoe-ended',
    'shoe 1 has ended',
  ],
  ['End shoe on both', [...READY, { type: 'end-shoe' }], { type: 'end-shoe' }, 'shoe-ended', 'shoe 1 has ended'],
  [
    'New shoe on both',
    SHOE,
    { type: 'new-shoe', decks: 8, shoeId: 'S2' },
    'shoe-in-play',
    'end the current shoe first',
  ],
  ['a result, then Shuffle', RESULT, { type: 'shuffle' }, 'shoe-begun', /^the shoe has begun/],
  ['Open table on both', OPEN, { type: 'open-table' }, 'table-open', 'the table is open'],
  [
    'Close table on both',
    [...OPEN, { type: 'close-table' }],
    { type: 'close-table' },
    'table-closed',
    'the table is closed',
  ],
  [
    'Close table, then Bets open',
    [...READY, { type: 'close-table' }],
    { type: 'bets-open' },
    'table-closed',
    'the table is closed',
  ],
  ['Bets open on both', BETTING, { type: 'bets-open' }, 'bets-open', 'bets are open'],
  [
    'Bets open, then Burn',
    [...SHOE, { type: 'shuffle' }, { type: 'bets-open' }],
    { type: 'burn', card: '2S', count: 2 },
    'bets-open',
    'bets are open',
  ],
  [
    'Bets open, then Close table',
    BETTING,
    { type: 'close-table' },
    'bets-open-round',
    'bets are open: call "No more bets" and finish the round first',
  ],
  ['Shuffle on both', [...SHOE, { type: 'shuffle' }], { type: 'shuffle' }, 'shuffled', 'the shuffle was announced'],
  ['Burn on both', READY, { type: 'burn', card: '2S', count: 2 }, 'burned', 'the shoe was burned'],
  // Found by a dealer: a shuffle after the burn told the boards "shuffling" while the keypad said the shoe was ready.
  [
    'Shuffle after the burn',
    [...SHOE, { type: 'burn', card: '7H', count: 7 }],
    { type: 'shuffle' },
    'burned',
    'the shoe was burned: the shuffle comes before it',
  ],
  [
    'No bets this hand on both',
    VOID_HAND,
    { type: 'no-bet-coup' },
    'void-announced',
    'a void hand is already announced for this round',
  ],
  [
    'No bets this hand, then Bets open',
    VOID_HAND,
    { type: 'bets-open' },
    'void-round',
    'this round is a void hand: no bets',
  ],
  ['Confirm result on both', RESULT, { type: 'result' }, 'no-round', 'no round is being dealt'],
  [
    'Confirm result, then a card',
    RESULT,
    { type: 'card', card: '2S' },
    'no-round',
    'no round is being dealt: "No more bets" first',
  ],
  [
    'Round void, then Cut card',
    [...DEALING, { type: 'round-void', reason: 'cannot-reconstruct' }],
    { type: 'cut-card', firstCardOfRound: false },
    'no-round',
    'the cut card comes out while a round is dealt',
  ],
  [
    'the last card on both',
    DEALT,
    { type: 'card', card: '2S' },
    'coup-complete',
    'the coup is complete: confirm its result',
  ],
  [
    'Take back card, then Confirm result',
    [...DEALING, ...cards('9S KC KD')],
    { type: 'result' },
    'coup-incomplete',
    /^the coup is not complete/,
  ],
  [
    'the only card taken back, then replaced',
    DEALING,
    { type: 'recard', index: 0, card: '2S' },
    'no-card',
    'no card to replace',
  ],
  ['the last card taken back on both', DEALING, { type: 'uncard' }, 'no-card', 'no card to take back'],
  [
    'Cut card on both',
    [...DEALING, { type: 'cut-card', firstCardOfRound: false }],
    { type: 'cut-card', firstCardOfRound: false },
    'cut-card-out',
    'the cut card is already out',
  ],
  [
    'two supervisors withdrawing one cut card keyed by mistake',
    [...DEALING, { type: 'cut-card', firstCardOfRound: false }, { type: 'withdraw-cut-card', by: 'Lee' }],
    { type: 'withdraw-cut-card', by: 'Kim' },
    'no-cut-card',
    'the cut card is not out: nothing to withdraw',
  ],
  [
    'a card, then Cut card as the first',
    [...DEALING, ...cards('9S')],
    { type: 'cut-card', firstCardOfRound: true },
    'cut-card-late',
    /^cards of this round were keyed before the cut card/,
  ],
  [
    'Bets open, then Undo',
    [...RESULT, { type: 'bets-open' }],
    { type: 'undo' },
    'no-result',
    'there is no result to undo',
  ],
  ['Cancel undo on both', RESULT, { type: 'cancel-undo' }, 'no-undo', 'no undo in progress'],
  [
    'a new shoe, then a supervisor’s void',
    [...READY, { type: 'end-shoe' }, { type: 'new-shoe', decks: 8, shoeId: 'S2' }],
    { type: 'void-recorded', handNo: 1, reason: 'cannot-reconstruct', by: 'Lee' },
    'no-hand',
    'no hand is recorded in this shoe',
  ],
  [
    'the last coup confirmed, then Bets open',
    [...LAST_COUP, { type: 'result' }],
    { type: 'bets-open' },
    'last-coup',
    /^the last coup was dealt \(rule 11\.2\)/,
  ],
  [
    'a supervisor voided hand 1, then another corrects it',
    [...RESULT, { type: 'void-recorded', handNo: 1, reason: 'cannot-reconstruct', by: 'Lee' }],
    { type: 'void-recorded', handNo: 1, reason: 'cannot-reconstruct', by: 'Kim' },
    'hand-voided',
    /^hand 1 of shoe S1 is already void/,
  ],
  [
    'a new shoe with one hand, then a correction of hand 2',
    [
      ...RESULT,
      { type: 'end-shoe' },
      { type: 'new-shoe', decks: 8, shoeId: 'S2' },
      ...READY.slice(2),
      { type: 'bets-open' },
      { type: 'no-more-bets' },
      ...cards('9S KC KD 4S'),
      { type: 'result' },
    ],
    { type: 'correct', handNo: 2, keyed: KEYED, by: 'Kim' },
    'hand-gone',
    'there is no hand 2 in this shoe',
  ],
  [
    'the same void after a new shoe',
    [
      ...RESULT,
      { type: 'bets-open' },
      { type: 'no-more-bets' },
      ...cards('9S KC KD 4S'),
      { type: 'result' },
      { type: 'end-shoe' },
      { type: 'new-shoe', decks: 8, shoeId: 'S2' },
      ...READY.slice(2),
      { type: 'bets-open' },
      { type: 'no-more-bets' },
      ...cards('9S KC KD 4S'),
      { type: 'result' },
    ],
    { type: 'void-recorded', handNo: 2, reason: 'cannot-reconstruct', by: 'Kim' },
    'hand-gone',
    /^hand 2 is not recorded/,
  ],
  [
    'two supervisors correct hand 1 alike',
    [...RESULT, { type: 'correct', handNo: 1, cards: ['8S', 'KC', 'KD', '4S'], by: 'Lee' }],
    { type: 'correct', handNo: 1, cards: ['8S', 'KC', 'KD', '4S'], by: 'Kim' },
    'same-result',
    'hand 1 already has this result',
  ],
  ['Bets open before any shoe', OPEN, { type: 'bets-open' }, 'no-shoe', 'no shoe: start a new shoe first'],
];

describe('a refusal met by the second of two tablets racing has a code the page words, and the server’s English', () => {
  test.each(RACES)('%s: %s', (_, before, action, code, english) => {
    const s = at(before);
    const r = act(s, action, CTX);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(typeof english === 'string' ? new RegExp(`^${escape(english)}$`) : english);
    expect(refusalCodeOf(s, action, AT, CTX.undoMs)).toBe(code);
    // The state's refusals are the view's too: the page's button for it was off once the first tablet's view came.
    if ((STATE_CODES as readonly string[]).includes(code) && refusalOf(s, action.type))
      expect(refusalOf(s, action.type)).toEqual({ code, error: r.ok ? '' : r.error });
  });

  test('every state code is met in some race above', () => {
    expect(new Set(RACES.map(([, , , code]) => code))).toEqual(new Set(STATE_CODES));
  });

  test('a card none is left of (the other tablet keyed the last one) is refused as not of the set', () => {
    const s = at(DEALING);
    const oneDeck = { ...s, shoe: { ...s.shoe!, decks: 1 } } as KeypadState; // one 9♠ only
    const after = act(oneDeck, { type: 'card', card: '9S' }, CTX);
    expect(after.ok).toBe(true);
    if (!after.ok) return;
    const again = { type: 'card', card: '9S' } as const;
    expect(act(after.value.state, again, CTX)).toMatchObject({ ok: false, error: /hold no more/ });
    expect(refusalCodeOf(after.value.state, again, AT, CTX.undoMs)).toBe('not-of-set');
  });

  test('what only a page’s bug or a hand-made request sends has no code: said in English', () => {
    const s = at(READY);
    const burn = { type: 'burn', card: '2S', count: 11 } as const;
    expect(act(at(SHOE.concat({ type: 'shuffle' })), burn, CTX).ok).toBe(false);
    expect(refusalCodeOf(at(SHOE.concat({ type: 'shuffle' })), burn, AT, CTX.undoMs)).toBeUndefined();
    expect(refusalCodeOf(s, { type: 'card', card: 'ZZ' }, AT, CTX.undoMs)).toBe('no-round'); // the state says it first
  });
});

/** The code `act` refuses `action` with, if any. */
function refusalCodeOf(s: KeypadState, action: Action, at: string, undoMs: number): RefusalCode | undefined {
  const r = act(s, action, { at, undoMs });
  return r.ok ? undefined : r.code;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
