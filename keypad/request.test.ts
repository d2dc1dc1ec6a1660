import { describe, expect, test } from 'vitest';
import { parseActionRequest } from './request';

const keyed = {
  outcome: 'banker',
  playerPoints: 5,
  bankerPoints: 7,
  playerPair: false,
  bankerPair: false,
  natural: false,
};

describe("the page's requests", () => {
  test.each([
    [{ action: { type: 'card', card: '10H' } }],
    [{ action: { type: 'new-shoe', decks: 6 } }],
    [{ action: { type: 'result', keyed } }],
    [{ action: { type: 'result' } }],
    [{ action: { type: 'correct', handNo: 3, cards: ['9H', 'KD', '7S', '7C'] }, supervisor: 'Lee', code: '4821' }],
    [{ action: { type: 'void-recorded', handNo: 3, reason: 'cannot-reconstruct' }, supervisor: 'Lee', code: '4821' }],
  ])('taken: %j', (body) => expect(parseActionRequest(body)).toMatchObject({ ok: true, value: body }));

  test.each([
    [null, /action/],
    [{ action: { type: 'deal-a-winner' } }, /unknown action/],
    [{ action: { type: 'card', card: '11H' } }, /card/],
    [{ action: { type: 'card', card: '9H', extra: 1 } }, /unknown property/],
    [{ action: { type: 'new-shoe', decks: 3 } }, /decks/],
    [{ action: { type: 'burn', card: '9H', count: 0 } }, /count/],
    [{ action: { type: 'result', keyed: { ...keyed, playerPoints: 10 } } }, /keyed/],
    [{ action: { type: 'correct', handNo: 3, keyed } }, /supervisor/],
    [
      { action: { type: 'correct', handNo: 3, keyed, cards: ['9H', 'KD', '7S', '7C'] }, supervisor: 'L', code: '1' },
      /cards or the keyed/,
    ],
    [{ action: { type: 'bets-open' }, supervisor: 'Lee', code: '1' }, /no supervisor/],
    [{ action: { type: 'bets-open' }, x: 1 }, /unknown property/],
  ])('refused: %j', (body, why) => expect(parseActionRequest(body)).toMatchObject({ ok: false, error: why }));

  test.each([
    [{ action: { type: 'burn', card: '9H', count: 11 } }, "burn: 'count' must be a whole number from 1 to 10, not 11"],
    [{ action: { type: 'new-shoe', decks: 'six' } }, `new-shoe: 'decks' must be a whole number from 4 to 8, not "six"`],
    [{ action: { type: 'card', card: 'ZZ' } }, `card: 'card' must be a card, rank then suit (9H, 10S, KD), not "ZZ"`],
    [
      { action: { type: 'void-hand', reason: 'dealer-sneezed' } },
      /^void-hand: 'reason' must be one of first-card-face-up, .*, not "dealer-sneezed"$/,
    ],
  ])('a property refused says what it allows (it said only "is not valid"): %j', (body, said) =>
    expect(parseActionRequest(body)).toMatchObject({ ok: false, error: said }),
  );
});
