import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUITS, RANKS } from '../../baccarat/types';
import { RANK_PATH } from '../components/card-glyphs';
import { SUIT_PATH } from '../components/icons';
import { cardInkPath } from './card-ink';
import { thenMap, transformPath, type AxisMap } from './path-transform';

const ID: AxisMap = { sx: 1, sy: 1, tx: 0, ty: 0 };

describe('transformPath', () => {
  it.each([
    ['moves', 'M0 0L10 0', { sx: 1, sy: 1, tx: 5, ty: 7 }, 'M5 7L15 7'],
    ['scales', 'M1 2L3 4Z', { sx: 2, sy: 3, tx: 0, ty: 0 }, 'M2 6L6 12Z'],
    ['turns a half turn about (125, 175)', 'M0 0L250 350', { sx: -1, sy: -1, tx: 250, ty: 350 }, 'M250 350L0 0'],
    ['maps H by x and V by y', 'M0 0H10V20', { sx: 2, sy: 3, tx: 1, ty: 1 }, 'M1 1H21V61'],
    [
      'maps every point of C and Q',
      'M0 0C1 2 3 4 5 6Q7 8 9 10',
      { sx: 1, sy: 1, tx: 1, ty: 1 },
      'M1 1C2 3 4 5 6 7Q8 9 10 11',
    ],
    [
      'scales arc radii, keeps rotation and flags',
      'M0 0A22 22 0 1 0 4 0',
      { sx: 0.5, sy: 0.5, tx: 0, ty: 0 },
      'M0 0A11 11 0 1 0 2 0',
    ],
    [
      'flips an arc’s sweep in a mirror image',
      'M0 0A5 5 0 0 1 10 0',
      { sx: -1, sy: 1, tx: 0, ty: 0 },
      'M0 0A5 5 0 0 0 -10 0',
    ],
    [
      'keeps an arc’s sweep in a half turn',
      'M0 0A5 5 0 0 1 10 0',
      { sx: -1, sy: -1, tx: 0, ty: 0 },
      'M0 0A5 5 0 0 1 -10 0',
    ],
    ['reads numbers after M as lines, and compact numbers', 'M0 0 10 0 10-5.5', ID, 'M0 0L10 0L10 -5.5'],
    ['rounds to two decimals', 'M0.123 0.456', { sx: 0.36, sy: 0.36, tx: 0, ty: 0 }, 'M0.04 0.16'],
  ])('%s', (_what, d, m, want) => {
    expect(transformPath(d, m)).toBe(want);
  });

  it.each([
    ['relative commands', 'm0 0l10 0'],
    ['a missing number', 'M0 0L10'],
    ['a number before any command', '0 0L10 0'],
  ])('refuses %s', (_what, d) => {
    expect(() => transformPath(d, ID)).toThrow(/transformPath/);
  });

  it('composes maps in order: a then b is the same as b of a', () => {
    const map = fc.record({
      sx: fc.constantFrom(-1, -0.5, 0.36, 1, 2),
      sy: fc.constantFrom(-1, -0.5, 0.36, 1, 2),
      tx: fc.integer({ min: -300, max: 300 }),
      ty: fc.integer({ min: -300, max: 300 }),
    });
    fc.assert(
      fc.property(map, map, fc.constantFrom(...Object.values(SUIT_PATH)), (a, b, d) => {
        const once = parse(transformPath(d, thenMap(a, b)));
        const twice = parse(transformPath(transformPath(d, a), b));
        expect(once.length).toBe(twice.length);
        once.forEach((v, i) => expect(v).toBeCloseTo(twice[i]!, 1));
      }),
    );
  });

  it('reads every rank and suit the cards are drawn with', () => {
    for (const r of RANKS) expect(parse(transformPath(RANK_PATH[r], ID))).toEqual(parse(RANK_PATH[r]));
    for (const s of SUITS) expect(parse(transformPath(SUIT_PATH[s], ID))).toEqual(parse(SUIT_PATH[s]));
  });
});

describe('cardInkPath', () => {
  const points = (d: string) => [...d.matchAll(/[ML]([\d.-]+) ([\d.-]+)/g)].map((m) => [+m[1]!, +m[2]!] as const);
  it('draws a jumbo index: the rank large (capitals 140 of 350), upright, over a large suit', () => {
    const d = cardInkPath({ rank: 'A', suit: 'D' });
    const ys = points(d).map(([, y]) => y);
    // The A's apex (45.9, 23.8) and feet (…, 74) scaled 2.8 from y = 24 → 22: its capitals 140 units tall.
    expect(Math.min(...ys)).toBeCloseTo(21.4, 0);
    expect(points(d)).toContainEqual([125, 212]); // the diamond's top point (50, 0), at 1.05 from (72.5, 212)
    expect(points(d).every(([x, y]) => x >= 0 && x <= 250 && y >= 0 && y <= 350)).toBe(true);
    expect(cardInkPath({ rank: 'A', suit: 'D' })).toBe(d); // kept
  });

  it('lays a sideways card on its side, rank and suit upright beside each other', () => {
    const d = cardInkPath({ rank: '10', suit: 'S' }, true);
    expect(points(d).every(([x, y]) => x >= 0 && x <= 350 && y >= 0 && y <= 250)).toBe(true);
    expect(d).not.toBe(cardInkPath({ rank: '10', suit: 'S' }));
  });
});

/** The numbers of path data, in order. */
function parse(d: string): number[] {
  return [...d.matchAll(/[-+]?(?:\d+\.?\d*|\.\d+)/g)].map((m) => Number(m[0]));
}
