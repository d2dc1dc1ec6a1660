import { describe, expect, it } from 'vitest';
import { parseShoe } from '../../baccarat/notation';
import { roadmap } from '../../baccarat/roads/roadmap';
import { layoutBigRoad } from './layout-road';
import { allMarks, lastCol } from './marks';
import { roadWindow, stripSize, tilesInUse, type RoadWindow } from './road-window';

const map = (s: string) => {
  const r = parseShoe(s);
  if (!r.ok) throw new Error(r.error);
  return roadmap(r.value);
};
/** ROADS.md Example C: three nested dragon tails; columns 1..5 are under tails, 6 is the first clean start. */
const EXAMPLE_C = 'BBBBBBBBPPPPPPPPPBPPPPPPPBPPBBBBBB';

describe('roadWindow', () => {
  it('shows everything from column 0 while it fits, on one line or two', () => {
    const cells = map('BPBPBP').bigRoad.cells;
    expect(roadWindow(cells, lastCol(cells), 10)).toEqual({ cols: 10, from: 0, starts: [0], ends: [10] });
    expect(roadWindow(cells, lastCol(cells), 10, 2)).toEqual({ cols: 10, from: 0, starts: [0, 10], ends: [10, 20] });
  });

  it('scrolls by whole streaks: the window starts where a streak starts, and tails of earlier streaks are hidden', () => {
    const cells = map(EXAMPLE_C).bigRoad.cells; // display columns 0..9
    const w = roadWindow(cells, lastCol(cells), 7);
    // 7 columns would start at column 3, under the P tail of column 1 (row 4) and the B tail (row 5, to column 2):
    // column 3 is a streak start, and the marks of the streaks that start left of it are not drawn.
    expect(w.from).toBe(3);
    const marks = allMarks(layoutBigRoad(cells, stripSize(w, 0, 10, 6)));
    const shown = cells.filter((c) => c.col >= 3 && c.streakStart >= 3);
    expect(marks.filter((m) => m.cls.startsWith('circle'))).toHaveLength(shown.length);
    // No tail mark of column 1's P dragon (row 4, columns 3..5) is drawn.
    expect(marks.some((m) => m.key === 'c3-4' || m.key === 'c4-4' || m.key === 'c5-4')).toBe(false);
  });

  it('wraps onto a second line between whole streaks, never inside a dragon tail', () => {
    const cells = map(EXAMPLE_C).bigRoad.cells;
    // 6 columns a line: a break at 6 is clean (every earlier tail ends at column 5 or before).
    expect(roadWindow(cells, lastCol(cells), 6, 2)).toMatchObject({ from: 0, starts: [0, 6], ends: [6, 12] });
    // 5 columns a line: the tails reach column 5, so the first line ends before column 1's streak… none is clean
    // in 1..5, so the line breaks where it is full; the second line then holds 5..9.
    expect(roadWindow(cells, lastCol(cells), 5, 2)).toMatchObject({ from: 0, starts: [0, 5], ends: [5, 10] });
    // A clean start earlier than the line's end is taken: a B dragon of 9 from column 2 to 5, a P under its tail.
    const dragon = map('BBPPBBBBBBBBBP').bigRoad.cells; // streak starts 0, 1, 2, 3
    const w = roadWindow(dragon, lastCol(dragon), 5, 2);
    expect(w.starts).toEqual([0, 2]); // the dragon (columns 2..5) goes whole onto the second line
    expect(w.ends).toEqual([2, 7]);
  });

  it('scrolls a wrapped road when both lines are full, still by whole streaks', () => {
    const cells = map('BP'.repeat(15)).bigRoad.cells; // 30 columns of one circle
    const w = roadWindow(cells, lastCol(cells), 12, 2);
    expect(w).toMatchObject({ from: 6, starts: [6, 18], ends: [18, 30] });
  });

  it('scrolls the bead plate by whole columns', () => {
    const beads = map('B'.repeat(31)).beadPlate; // columns 0..5
    expect(roadWindow(beads, lastCol(beads), 4)).toMatchObject({ from: 2, starts: [2], ends: [6] });
  });

  it('keeps the newest columns of a streak wider than the road', () => {
    const cells = map('P' + 'B'.repeat(20)).bigRoad.cells; // a B dragon from column 1 to 15
    const w = roadWindow(cells, lastCol(cells), 6);
    expect(w.starts[0]).toBe(10);
  });
});

describe('tilesInUse', () => {
  const one = (from: number, cols: number): RoadWindow => ({ cols, from, starts: [from], ends: [from + cols] });
  it.each([
    ['an empty road', one(0, 30), -1, []],
    ['columns 0-6', one(0, 30), 6, [0]],
    ['up to column 8: a second tile', one(0, 30), 8, [0, 1]],
    ['no tile past the window, however far ahead', one(0, 12), 40, [0, 1]],
    ['scrolled to column 13: from the tile it is in', one(13, 12), 20, [1, 2]],
    ['two lines: each line its tiles', { cols: 10, from: 0, starts: [0, 17], ends: [10, 27] }, 26, [0, 1, 2, 3]],
  ] as const)('%s', (_, w, last, tiles) => {
    expect(tilesInUse(w, last)).toEqual(tiles);
  });
});
