import { describe, expect, it } from 'vitest';
import { score } from './format';

describe('score: a result’s points, the winner’s first, as the hand strip and the supervisor’s list both say them', () => {
  it.each([
    [{ playerPoints: 5, bankerPoints: 8 }, '8–5'], // Banker wins
    [{ playerPoints: 9, bankerPoints: 2 }, '9–2'], // Player wins
    [{ playerPoints: 6, bankerPoints: 6 }, '6–6'], // a tie
  ])('%o → %s', (r, text) => expect(score(r)).toBe(text));
});
