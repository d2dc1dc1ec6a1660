import { describe, expect, it } from 'vitest';
import { parseShoe } from '../../baccarat/notation';
import { roadmap } from '../../baccarat/roads/roadmap';
import { layoutGrid } from './layout-grid';
import { layoutBeadPlate, layoutBigRoad, layoutDerivedRoad } from './layout-road';
import { allMarks, lastCol, roadSize, scrollX, TILE, type Mark } from './marks';

const map = (s: string) => {
  const r = parseShoe(s);
  if (!r.ok) throw new Error(r.error);
  return roadmap(r.value);
};
const EXAMPLE_A = 'BBPPPBTBPPBBBBBBBBP';
const HANZI = { banker: '庄', player: '閒', tie: '和' };
const count = (marks: Mark[], cls: string) => marks.filter((m) => m.cls.split(' ').includes(cls)).length;
const size = (cols: number, last = -1) => roadSize({ cell: 20, rows: 6, cols }, last);

describe('roadSize', () => {
  it('starts at column 0 while everything fits, then keeps the newest columns in view', () => {
    expect(size(10, 4).offset).toBe(0);
    expect(size(10, 9).offset).toBe(0);
    expect(size(10, 10).offset).toBe(1);
    expect(size(10, 25).offset).toBe(16);
  });
  it('shows at least one column', () => expect(size(0, 3).cols).toBe(1));
});

describe('layoutBeadPlate', () => {
  it('draws every hand of Example A as a bead with its label, six to a column', () => {
    const m = map(EXAMPLE_A);
    const marks = allMarks(layoutBeadPlate(m.beadPlate, size(20), { labels: HANZI }));
    expect(count(marks, 'bead')).toBe(19);
    expect(count(marks, 'bead-label')).toBe(19);
    const first = marks.find((x) => x.key === 'b0');
    expect(first).toMatchObject({ tag: 'circle', cx: 10, cy: 10 });
    const seventh = marks.find((x) => x.key === 'b6');
    expect(seventh).toMatchObject({ cx: 30, cy: 10 }); // column 1, row 0
    expect(
      marks
        .filter((x) => x.tag === 'text')
        .map((x) => (x.tag === 'text' ? x.text : ''))
        .slice(0, 6),
    ).toEqual(['庄', '庄', '閒', '閒', '閒', '庄']);
  });

  it('puts a banker pair dot top-left, a player pair dot bottom-right, and a star on a natural', () => {
    const marks = allMarks(layoutBeadPlate(map('B^_*').beadPlate, size(5), { labels: HANZI }));
    const bp = marks.find((x) => x.cls.includes('banker-pair'));
    const pp = marks.find((x) => x.cls.includes('player-pair'));
    expect(bp && bp.tag === 'circle' && bp.cx < 10 && bp.cy < 10).toBe(true);
    expect(pp && pp.tag === 'circle' && pp.cx > 10 && pp.cy > 10).toBe(true);
    expect(count(marks, 'natural')).toBe(1);
  });

  it('labels with the winning points (the tie points on a tie) or letters', () => {
    const m = map('B(3-8) P(9-2) T(6-6)');
    const points = allMarks(layoutBeadPlate(m.beadPlate, size(5), { labels: 'points' }));
    expect(points.filter((x) => x.tag === 'text').map((x) => (x.tag === 'text' ? x.text : ''))).toEqual([
      '8',
      '9',
      '6',
    ]);
  });

  it('scrolls a whole column at a time: the oldest column leaves, beads never re-flow', () => {
    const m = map('B'.repeat(6 * 5 + 1)); // 31 hands: columns 0..5
    const marks = allMarks(layoutBeadPlate(m.beadPlate, size(4, lastCol(m.beadPlate)), { labels: HANZI }));
    expect(count(marks, 'bead')).toBe(6 * 3 + 1); // columns 2..5
    const window = size(4, lastCol(m.beadPlate));
    // hand 13 (column 2) at the left, top, once the marks' group is shifted by scrollX
    expect(marks.find((x) => x.key === 'b12')).toMatchObject({ cx: 50, cy: 10 });
    expect(50 + scrollX(window)).toBe(10);
  });

  it('marks the newest bead fresh', () => {
    const marks = allMarks(layoutBeadPlate(map('BPB').beadPlate, size(5), { labels: HANZI, fresh: 2 }));
    expect(marks.filter((x) => x.cls.includes('fresh')).map((x) => x.key)).toEqual(['b2']);
  });
});

describe('layoutBigRoad', () => {
  it('draws Example A: 18 circles, one tie slash, the dragon tail along row 5', () => {
    const m = map(EXAMPLE_A);
    const marks = allMarks(layoutBigRoad(m.bigRoad.cells, size(20)));
    expect(count(marks, 'circle')).toBe(18);
    expect(count(marks, 'tie-slash')).toBe(1);
    expect(count(marks, 'tie-count')).toBe(0);
    expect(count(marks, 'tail')).toBe(2);
    const tail = marks.filter((x) => x.cls.includes('tail'));
    expect(tail.map((x) => (x.tag === 'circle' ? [x.cx, x.cy] : null))).toEqual([
      [110, 110],
      [130, 110],
    ]);
  });

  it('draws leading ties as a slash with its count in cell (0,0), and no circle for a shoe of ties', () => {
    const marks = allMarks(layoutBigRoad(map('TTT').bigRoad.cells, size(5)));
    expect(count(marks, 'circle')).toBe(0);
    expect(count(marks, 'tie-slash')).toBe(1);
    expect(marks.find((x) => x.cls === 'tie-count')).toMatchObject({ text: '3', x: 10, y: 10 });
  });

  it('writes the tie count from 2 ties on', () => {
    const marks = allMarks(layoutBigRoad(map('BTPTT').bigRoad.cells, size(5)));
    expect(marks.filter((x) => x.cls === 'tie-count').map((x) => (x.tag === 'text' ? x.text : ''))).toEqual(['2']);
    expect(count(marks, 'tie-slash')).toBe(2);
  });

  it('writes a tie count as large as patrons’ words at 1080p (28 px), inside the circle’s hole, ten ties too', () => {
    const cell = 40.5; // a 1080p board's big-road cell, the smallest (e2e/whole-shoe.test.ts)
    const at = (shoe: string) =>
      allMarks(layoutBigRoad(map(shoe).bigRoad.cells, roadSize({ cell, rows: 6, cols: 5 }, -1))).find(
        (x) => x.cls === 'tie-count',
      );
    const two = at('BTT');
    expect(two?.tag === 'text' && two.size).toBeGreaterThanOrEqual(28);
    // The hole inside the ring: 0.69 of a cell. Noto Sans Bold's figures are 0.57 em wide and 0.71 em tall.
    const hole = 2 * (0.395 - 0.1 / 2) * cell;
    for (const [shoe, figures] of [
      ['BTT', 1],
      [`B${'T'.repeat(10)}`, 2],
    ] as const) {
      const m = at(shoe);
      if (m?.tag !== 'text') throw new Error(`${shoe}: no tie count`);
      expect(m.text).toHaveLength(figures);
      expect(m.size * 0.57 * figures, `${m.text}: width`).toBeLessThanOrEqual(hole);
      expect(m.size * 0.71, `${m.text}: height`).toBeLessThanOrEqual(hole);
    }
  });

  it('writes B / P in the circles for the colour-blind theme', () => {
    const marks = allMarks(layoutBigRoad(map('BP').bigRoad.cells, size(5), { letters: true }));
    expect(marks.filter((x) => x.cls.startsWith('circle-label')).map((x) => (x.tag === 'text' ? x.text : ''))).toEqual([
      'B',
      'P',
    ]);
  });

  it('adds the would-be circles of the ask roads where the next Banker and Player would go', () => {
    const m = map('BBP');
    const marks = allMarks(layoutBigRoad(m.bigRoad.cells, size(6), { ask: m.ask(), askKey: '3' }));
    const mark = (side: string) => marks.find((x) => x.key === `ask-${side}`);
    const frame = (side: string) => marks.find((x) => x.key === `ask-${side}-f`);
    expect(mark('banker')).toMatchObject({ cx: 50, cy: 10 }); // a new column (2,0)
    expect(mark('player')).toMatchObject({ cx: 30, cy: 30 }); // continues column 1 at row 1
    // Each in a dashed frame around its cell (cell 20: 0.44 of it each side of the centre), never a result's look.
    expect(frame('banker')).toMatchObject({ tag: 'path', d: 'M41.2 1.2H58.8V18.8H41.2Z' });
    expect(frame('banker')!.cls).toContain('ask-frame');
    expect(frame('player')).toMatchObject({ tag: 'path', d: 'M21.2 21.2H38.8V38.8H21.2Z' });
  });

  it('keeps each would-be mark from hand to hand and alternates its blink animation, so that it blinks anew', () => {
    const m = map('BBP');
    const runs = ['3', '4', '5', '10', '11'].map((askKey) =>
      allMarks(layoutBigRoad(m.bigRoad.cells, size(6), { ask: m.ask(), askKey }))
        .filter((x) => x.cls.startsWith('ask '))
        .map((x) => `${x.key} ${x.cls.split(' ')[2]}`),
    );
    const run = (r: string) => [`ask-banker-f ${r}`, `ask-banker ${r}`, `ask-player-f ${r}`, `ask-player ${r}`];
    expect(runs).toEqual([run('ask-b'), run('ask-a'), run('ask-b'), run('ask-a'), run('ask-b')]);
  });
});

describe('layoutDerivedRoad', () => {
  it('draws Example A: 15 big-eye rings, 12 small-road dots, 10 cockroach slashes', () => {
    const m = map(EXAMPLE_A);
    const eye = allMarks(layoutDerivedRoad('bigEyeBoy', m.bigEyeBoy.cells, size(30)));
    const small = allMarks(layoutDerivedRoad('smallRoad', m.smallRoad.cells, size(30)));
    const roach = allMarks(layoutDerivedRoad('cockroachPig', m.cockroachPig.cells, size(30)));
    expect(count(eye, 'ring')).toBe(15);
    expect(count(small, 'dot')).toBe(12);
    expect(count(roach, 'slash')).toBe(10);
    expect(eye.map((x) => (x.cls.includes('red') ? 'R' : 'B')).join('')).toBe('RBBRBRRRBRRRRRB');
    expect(roach.every((x) => x.tag === 'path' && /^M[\d.]+,[\d.]+L[\d.]+,[\d.]+$/.test(x.d))).toBe(true);
  });

  it('blinks the would-be marks only where the road would produce one', () => {
    const m = map('BP');
    const eye = allMarks(layoutDerivedRoad('bigEyeBoy', m.bigEyeBoy.cells, size(5), { ask: m.ask(), askKey: '2' }));
    const small = allMarks(layoutDerivedRoad('smallRoad', m.smallRoad.cells, size(5), { ask: m.ask(), askKey: '2' }));
    expect(eye.map((x) => x.cls)).toEqual([
      'ask ask-banker ask-a ask-frame',
      'ask ask-banker ask-a ring red',
      'ask ask-player ask-a ask-frame',
      'ask ask-player ask-a ring blue',
    ]);
    expect(small).toEqual([]);
  });
});

describe('tiles: the marks of each 8 columns apart, the would-be marks apart', () => {
  // A long dragon whose tail runs right along the bottom, then a Player: its new streak starts left of the tail.
  const DRAGON = 'B'.repeat(18) + 'PB'.repeat(5) + 'P';
  const keyCol = (key: string) => Number(/^[a-z](\d+)/.exec(key)![1]);

  it('puts every result mark in the tile of its column, and the would-be marks apart', () => {
    const m = map(DRAGON);
    const big = layoutBigRoad(m.bigRoad.cells, size(40), { ask: m.ask(), askKey: '1' });
    expect(TILE).toBe(8);
    expect(big.tiles).toHaveLength(2); // columns 0-7, 8-12
    big.tiles.forEach((tile, t) => {
      expect(tile.length).toBeGreaterThan(0);
      for (const x of tile) expect([x.key, Math.floor(keyCol(x.key) / TILE)]).toEqual([x.key, t]);
    });
    expect(big.ask.map((x) => x.cls.split(' ')[1])).toEqual(['ask-banker', 'ask-banker', 'ask-player', 'ask-player']);
    // Grouped, not changed: the tail's cells and the streaks under it are the same marks as the core placed them.
    expect(allMarks(big).filter((x) => x.cls.startsWith('circle'))).toHaveLength(m.bigRoad.cells.length);
  });

  it('splits the bead plate and the derived roads the same way, leaving out what the window does not show', () => {
    const m = map(EXAMPLE_A + EXAMPLE_A + EXAMPLE_A); // 57 hands: bead columns 0-9
    const beads = layoutBeadPlate(m.beadPlate, size(40), { labels: HANZI });
    expect(beads.tiles.map((tile) => count(tile, 'bead'))).toEqual([48, 9]);
    const scrolled = layoutBeadPlate(m.beadPlate, size(2, lastCol(m.beadPlate)), { labels: HANZI }); // columns 8-9
    // No marks left of the window: tile 0 holds none (a hole in the list, which nothing draws).
    expect(Array.from(scrolled.tiles, (tile?: Mark[]) => (tile ? count(tile, 'bead') : 'none'))).toEqual(['none', 9]);
    const eye = layoutDerivedRoad('bigEyeBoy', m.bigEyeBoy.cells, size(60));
    eye.tiles.forEach((tile, t) => {
      for (const x of tile) expect(Math.floor(keyCol(x.key) / TILE)).toBe(t);
    });
    expect(eye.tiles.flat()).toHaveLength(m.bigEyeBoy.cells.length);
  });
});

describe('layoutGrid', () => {
  it('draws the inner lines of the window', () => {
    expect(layoutGrid({ cell: 10, rows: 2, cols: 2, offset: 0 })).toBe('M10,0L10,20M0,10L20,10');
  });
});
