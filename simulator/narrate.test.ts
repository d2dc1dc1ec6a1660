import { describe, expect, test } from 'vitest';
import { parseCards } from '../baccarat/cards';
import type { Card } from '../baccarat/types';
import { dealShoe, stackedShoe, type DealerOptions } from './dealer';
import { createNarrator } from './narrate';

const cards = (text: string): Card[] => {
  const r = parseCards(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
/** Burn 2S with two cards, then ten natural rounds, the cut card far enough not to matter. */
const STACK = `2S 7D 7C ${Array.from({ length: 10 }, () => '9H KS KD KC').join(' ')}`;
const linesOf = (options: DealerOptions): string[] => {
  const narrate = createNarrator();
  return [...dealShoe(stackedShoe(cards(STACK), 1000), { shoeId: 'S1', options })].flatMap((s) => narrate(s) ?? []);
};

describe('one line per notable step', () => {
  test('a plain shoe: start, burn, end with its tally', () => {
    expect(linesOf({})).toEqual([
      'shoe S1: start, 8 decks',
      'shoe S1: burn 2S face up, 2 face down (rules 7.7, 7.9)',
      'shoe S1: end, 10 hands (banker 0, player 10, tie 0), 0 cards left',
    ]);
  });

  test('a hand declared void afterwards, a foreign card, a card out of turn', () => {
    expect(linesOf({ irregularities: { voidAfter: 1 } })[2]).toBe(
      'shoe S1 hand 1: declared void after its result, a dealing error that cannot be reconstructed (rule 12.6, house rule 4.2)',
    );
    expect(linesOf({ irregularities: { foreignCard: 1 } })[2]).toBe(
      'shoe S1 round 1: void, a card not of the set found (tournament rule 5.1.1); 4 cards to the discard rack, the next round is hand 1 again',
    );
    expect(linesOf({ irregularities: { outOfTurn: 1 } })[2]).toBe(
      'shoe S1 hand 2: "No bets this hand", a card dealt out of turn (house rule 4.3)',
    );
  });
});
