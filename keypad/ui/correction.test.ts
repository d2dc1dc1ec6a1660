import { describe, expect, test } from 'vitest';
import type { HandView, KeyedResult } from '../protocol';
import { asRecorded, exhaustedInCorrection, recordedEntry } from './correction';
import { sidesOf } from './correction-cards';

const result = (o: Partial<KeyedResult> = {}): KeyedResult => ({
  outcome: 'player',
  playerPoints: 7,
  bankerPoints: 4,
  playerPair: false,
  bankerPair: false,
  natural: false,
  ...o,
});
// Hand 2 of the screens test: P A♥ 2♠ 4♥ (7), B 2♦ 3♣ 9♣ (4): both third cards.
const SIX: HandView = { no: 2, result: result(), cards: { player: ['AH', '2S', '4H'], banker: ['2D', '3C', '9C'] } };
const FIVE: HandView = {
  no: 3,
  result: result({ playerPoints: 6, bankerPoints: 7, outcome: 'banker' }),
  cards: { player: ['KH', '3S', '3D'], banker: ['4C', '3H'] },
};
const NATURAL: HandView = {
  no: 4,
  result: result({ outcome: 'banker', playerPoints: 6, bankerPoints: 9, natural: true }),
  cards: { player: ['9H', '7S'], banker: ['KD', '9C'] },
};
const KEYED: HandView = { no: 5, result: result() };

describe("a supervisor's correction starts from the hand as recorded", () => {
  test.each([
    ['both third cards', SIX, ['AH', '2D', '2S', '3C', '4H', '9C']],
    ["the Player's third only", FIVE, ['KH', '4C', '3S', '3H', '3D']],
    ['a natural', NATURAL, ['9H', 'KD', '7S', '9C']],
    ['a hand keyed without cards', KEYED, []],
  ] as const)('%s: its cards in dealing order', (_what, hand, entry) => {
    expect(recordedEntry(hand)).toEqual(entry);
  });

  test.each([
    ['the cards as recorded', SIX, 'cards', ['AH', '2D', '2S', '3C', '4H', '9C'], null, true],
    ['the last card taken back', SIX, 'cards', ['AH', '2D', '2S', '3C', '4H'], null, false],
    ['the last card changed', SIX, 'cards', ['AH', '2D', '2S', '3C', '4H', '8C'], null, false],
    ['cards keyed for a hand recorded without', KEYED, 'cards', ['9H', 'KD', '7S', '9C'], null, false],
    ['the first card changed', SIX, 'cards', ['8H', '2D', '2S', '3C', '4H', '9C'], null, false],
    ['nothing keyed at the outcome pad yet', SIX, 'outcome', [], null, true],
    ['the outcome as recorded', SIX, 'outcome', [], result(), true],
    ['a pair added', SIX, 'outcome', [], result({ playerPair: true }), false],
    ['other points', SIX, 'outcome', [], result({ bankerPoints: 3 }), false],
  ] as const)('%s: as recorded %s', (_what, hand, keying, cards, keyed, same) => {
    expect(asRecorded(hand, keying, { cards: sidesOf(cards), result: keyed })).toBe(same);
  });
});

describe("the cards a correction's grid disables", () => {
  const recorded = { player: ['2S', '2S', '3H'], banker: ['2S', '2S', '5H'] };
  test.each([
    ['as recorded: no more of a used-up card', recorded, ['2S']],
    ["one of the hand's own copies taken out: it may be keyed again", { ...recorded, player: ['2S', '3H'] }, []],
    ['a card the hand never held', { ...recorded, player: ['2S', '2S', '4H'] }, ['2S']],
  ] as const)('%s', (_, now, disabled) => {
    expect(exhaustedInCorrection(['2S'], recorded, now)).toEqual(disabled);
  });
});
