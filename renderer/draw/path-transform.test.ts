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
  it('draws the rank and small suit in one corner, the same turned in the other, and a large suit in the middle', () => {
    const d = cardInkPath({ rank: 'A', suit: 'D' });
    const points = [...d.matchAll(/[ML]([\d.-]+) ([\d.-]+)/g)].map((m) => [+m[1]!, +m[2]!] as const);
    const inBox = (x0: number, y0: number, x1: number, y1: number) =>
      points.filter(([x, y]) => x >= x0 && x <= x1 && y >= y0 && y <= y1).length;
    expect(inBox(20, 20, 72, 76)).toBeGreaterThan(3); // the A, top left
    expect(inBox(178, 274, 230, 330)).toBeGreaterThan(3); // the A turned, bottom right
    expect(points).toContainEqual([125, 125]); // the large diamond's top point (50, 0) at (75, 125)
    expect(points).toContainEqual([125, 225]); // and its bottom point
    expect(points).toContainEqual([44, 92]); // the small diamond's top point (50, 0) at 0.36 from (26, 92)
    expect(points).toContainEqual([206, 258]); // the same, turned about (125, 175)
    expect(points.every(([x, y]) => x >= 0 && x <= 250 && y >= 0 && y <= 350)).toBe(true);
    expect(cardInkPath({ rank: 'A', suit: 'D' })).toBe(d); // kept
  });
});

/** The numbers of path data, in order. */
function parse(d: string): number[] {
  return [...d.matchAll(/[-+]?(?:\d+\.?\d*|\.\d+)/g)].map((m) => Number(m[0]));
}
