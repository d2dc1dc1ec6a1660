import { describe, expect, test } from 'vitest';
import type { HandView, KeyedResult, Slot } from '../protocol';
import {
  checkCards,
  dealingOf,
  drawNotes,
  keyCard,
  replaceCard,
  sidesOf,
  takeBack,
  type DrawNote,
  type SidedCards,
} from './correction-cards';

const result: KeyedResult = {
  outcome: 'player',
  playerPoints: 7,
  bankerPoints: 4,
  playerPair: false,
  bankerPair: false,
  natural: false,
};
const recorded = (player: string[], banker: string[]): HandView => ({ no: 2, result, cards: { player, banker } });
// P A♥ 2♠ 4♥ (3, draws: 7), B 2♦ 3♣ 9♣ (5, draws on the Player's 4: 4): both third cards.
const SIX = recorded(['AH', '2S', '4H'], ['2D', '3C', '9C']);
// P 9♥ 7♠ (6, stands), B K♦ 5♣ 2♥ (5, draws with the Player standing): the Banker's third only.
const BANKER_THIRD = recorded(['9H', '7S'], ['KD', '5C', '2H']);
const KEYED: HandView = { no: 5, result };

const P = (index: 1 | 2 | 3): Slot => ({ side: 'player', index });
const B = (index: 1 | 2 | 3): Slot => ({ side: 'banker', index });
const sides = (h: HandView): SidedCards => h.cards!;

describe('a correction by cards, card by card where they lie', () => {
  test.each([
    ['both third cards', ['AH', '2D', '2S', '3C', '4H', '9C'], ['AH', '2S', '4H'], ['2D', '3C', '9C']],
    ["the Banker's third only", ['9H', 'KD', '7S', '5C', '2H'], ['9H', '7S'], ['KD', '5C', '2H']],
    ["the Player's third only", ['KH', '4C', '3S', '3H', '3D'], ['KH', '3S', '3D'], ['4C', '3H']],
    ['the first two cards', ['AH', '2D'], ['AH'], ['2D']],
  ])('%s: by hand from the dealing order, and back', (_what, dealing, player, banker) => {
    expect(sidesOf(dealing)).toEqual({ player, banker });
    expect(dealingOf(sidesOf(dealing))).toEqual(dealing);
  });

  // What the Table of Play (the core's playerDraws and bankerDraws) makes of the cards once one is replaced.
  test.each([
    ['as recorded', sides(SIX), null, [], { player: true, banker: true }, true],
    [
      'P1 6♠: a natural 8, neither third card dealt',
      replaceCard(sides(SIX), P(1), '6S'),
      null,
      [P(3), B(3)],
      { player: false, banker: false },
      false,
    ],
    [
      'P1 2♥: still both third cards',
      replaceCard(sides(SIX), P(1), '2H'),
      null,
      [],
      { player: true, banker: true },
      true,
    ],
    [
      'B2 4♣ against a standing 6: the Banker draws on 4',
      replaceCard(sides(BANKER_THIRD), B(2), '4C'),
      null,
      [],
      { player: false, banker: true },
      true,
    ],
    [
      "P2 5♠: the Player draws on 4, the Banker's waits for it",
      replaceCard(sides(BANKER_THIRD), P(2), '5S'),
      P(3),
      [],
      { player: true, banker: null },
      false,
    ],
    [
      '… and a K♠ to the Player: the Banker stands on 5 against a 0',
      keyCard(replaceCard(sides(BANKER_THIRD), P(2), '5S'), 'KS'),
      null,
      [B(3)],
      { player: true, banker: false },
      false,
    ],
    [
      'B3 taken back from a legal hand: due again',
      takeBack(sides(SIX)),
      B(3),
      [],
      { player: true, banker: true },
      false,
    ],
    ['three cards: the fourth is due', sidesOf(['AH', '2D', '2S']), B(2), [], { player: null, banker: null }, false],
  ] as const)('%s', (_what, cards, next, extra, draws, complete) => {
    const check = checkCards(cards);
    expect(check.next).toEqual(next);
    expect(check.extra).toEqual(extra);
    expect(check.draws).toEqual(draws);
    expect(check.complete).toBe(complete);
  });

  test('a replaced card stays where it lies; the others are untouched', () => {
    expect(replaceCard(sides(SIX), P(1), '6S')).toEqual({ player: ['6S', '2S', '4H'], banker: ['2D', '3C', '9C'] });
    expect(replaceCard(sides(SIX), B(3), 'KC')).toEqual({ player: ['AH', '2S', '4H'], banker: ['2D', '3C', 'KC'] });
    expect(replaceCard(sides(BANKER_THIRD), P(3), '5S')).toBe(sides(BANKER_THIRD)); // no card there
  });

  test('take back: a third card no longer dealt first (the Player’s before the Banker’s), else the last dealt', () => {
    const natural = replaceCard(sides(SIX), P(1), '6S');
    const once = takeBack(natural);
    expect(once).toEqual({ player: ['6S', '2S'], banker: ['2D', '3C', '9C'] });
    const twice = takeBack(once);
    expect(twice).toEqual({ player: ['6S', '2S'], banker: ['2D', '3C'] });
    expect(checkCards(twice).complete).toBe(true);
    expect(takeBack(sides(SIX))).toEqual({ player: ['AH', '2S', '4H'], banker: ['2D', '3C'] });
    expect(takeBack(takeBack(sides(SIX)))).toEqual({ player: ['AH', '2S'], banker: ['2D', '3C'] });
    expect(takeBack({ player: ['AH'], banker: [] })).toEqual({ player: [], banker: [] });
    expect(takeBack({ player: [], banker: [] })).toEqual({ player: [], banker: [] });
  });

  test('a card key goes to the slot due, and nowhere when none is', () => {
    expect(keyCard(takeBack(sides(SIX)), '8C')).toEqual({ player: ['AH', '2S', '4H'], banker: ['2D', '3C', '8C'] });
    expect(keyCard(sides(SIX), '8C')).toBe(sides(SIX));
    expect(keyCard(replaceCard(sides(SIX), P(1), '6S'), '8C')).toEqual(replaceCard(sides(SIX), P(1), '6S'));
  });

  const note = (
    side: 'player' | 'banker',
    draws: boolean,
    points: number,
    act: DrawNote['act'],
    changed: boolean | null = true,
    natural: DrawNote['natural'] = null,
  ) => ({ side, draws, points, act, changed, natural });
  const P8 = { side: 'player', points: 8 } as const; // the Player's natural 8: the coup ends
  test.each([
    ['as recorded: nothing to say', SIX, sides(SIX), []],
    ['a card that changes no third card', SIX, replaceCard(sides(SIX), P(1), '2H'), []],
    [
      'a natural where both drew: take both back',
      SIX,
      replaceCard(sides(SIX), P(1), '6S'),
      [note('player', false, 8, 'take-back', true, P8), note('banker', false, 5, 'take-back', true, P8)],
    ],
    [
      '… taken back: both now stand, unlike the record',
      SIX,
      takeBack(takeBack(replaceCard(sides(SIX), P(1), '6S'))),
      [note('player', false, 8, null, true, P8), note('banker', false, 5, null, true, P8)],
    ],
    [
      'the Player now draws: key its third (the Banker waits for it)',
      BANKER_THIRD,
      replaceCard(sides(BANKER_THIRD), P(2), '5S'),
      [note('player', true, 4, 'key')],
    ],
    [
      '… keyed: the Banker stands on 5 against a 0, take its third back',
      BANKER_THIRD,
      keyCard(replaceCard(sides(BANKER_THIRD), P(2), '5S'), 'KS'),
      [note('player', true, 4, null), note('banker', false, 5, 'take-back')],
    ],
    ['a third card taken back by the supervisor, still due: the slot says it', SIX, takeBack(sides(SIX)), []],
    [
      'a hand recorded without cards: only what to take back',
      KEYED,
      replaceCard(sidesOf(['AH', '2D', '2S', '3C', '4H', '9C']), P(1), '6S'),
      [note('player', false, 8, 'take-back', null, P8), note('banker', false, 5, 'take-back', null, P8)],
    ],
  ] as const)('%s', (_what, hand, cards, notes) => {
    expect(drawNotes(hand, cards)).toEqual(notes);
  });
});
