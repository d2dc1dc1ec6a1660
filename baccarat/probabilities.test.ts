import { describe, expect, it } from 'vitest';
import { exactOutcomeProbabilities } from './probabilities';

/** Rounded to 6 decimals, as the published figures are. */
const six = (x: number): string => x.toFixed(6);

describe('exactOutcomeProbabilities', () => {
  it.each([
    // decks, banker, player, tie: the published exact figures (45.8597% / 44.6247% / 9.5156% for 8 decks)
    [8, '0.458597', '0.446247', '0.095156'],
    [6, '0.458653', '0.446279', '0.095069'],
  ])('%i decks: banker %s, player %s, tie %s', (decks, banker, player, tie) => {
    const p = exactOutcomeProbabilities(decks);
    expect([six(p.banker), six(p.player), six(p.tie)]).toEqual([banker, player, tie]);
  });

  it.each([1, 2, 4, 6, 8])('%i decks: the outcomes sum to 1 and banker > player > tie', (decks) => {
    const p = exactOutcomeProbabilities(decks);
    expect(p.banker + p.player + p.tie).toBeCloseTo(1, 12);
    expect(p.banker).toBeGreaterThan(p.player);
    expect(p.player).toBeGreaterThan(p.tie);
    expect(p.bankerWinsOnSix).toBeLessThan(p.banker);
    expect(p.natural).toBeGreaterThan(0.34);
    expect(p.natural).toBeLessThan(0.35);
  });

  it('8 decks: Banker wins on 6 (rule 5.11) 5.3864%, a pair 31/415, a perfect pair 7/415', () => {
    const p = exactOutcomeProbabilities(8);
    expect(six(p.bankerWinsOnSix)).toBe('0.053864');
    expect(p.pair).toBeCloseTo(31 / 415, 15);
    expect(p.perfectPair).toBeCloseTo(7 / 415, 15);
  });

  it('1 deck: no perfect pair is possible', () => {
    expect(exactOutcomeProbabilities(1).perfectPair).toBe(0);
  });

  it('defaults to 8 decks and memoises', () => {
    expect(exactOutcomeProbabilities()).toBe(exactOutcomeProbabilities(8));
  });

  it.each([0, -1, 2.5, Number.NaN])('decks %d throws a RangeError', (decks) => {
    expect(() => exactOutcomeProbabilities(decks)).toThrow(RangeError);
  });
});
