/**
 * The shapes the roads are drawn with, in px of a road's viewBox from its cell size: the big road's circle, the
 * derived roads' rings, dots and slashes, pair dots and the natural's star. Pure; laid out by layout-road.ts and
 * layout-ask.ts.
 * @packageDocumentation
 */
import { curveLinearClosed, line } from 'd3';
import type { GridCell } from '../../baccarat/roads/types';
import type { DerivedRoadName } from '../../baccarat/types';
import { centre, type Mark, type RoadSize } from './marks';

/** The glyph of each derived road (ROADS.md §4.6): rings, solid dots, slashes. */
export const DERIVED_GLYPH: { readonly [K in DerivedRoadName]: 'ring' | 'dot' | 'slash' } = {
  bigEyeBoy: 'ring',
  smallRoad: 'dot',
  cockroachPig: 'slash',
};

/**
 * A big-road circle's radius and stroke, in cells: 0.89 of a cell across, stroke included, so that the 40.5 to
 * 41.6 px cells of a 1080p board draw circles 36 to 37 px wide, the size issue 13 asks for to be read from 3 m.
 */
export const BIG_CIRCLE = { r: 0.395, sw: 0.1 } as const;
const path = line();
const closed = line().curve(curveLinearClosed);

/** Rounds to 1/100 px: stable markup, and nothing a screen can show is lost. */
export const r2 = (n: number): number => Math.round(n * 100) / 100;

/** A slash "/" through a cell, from bottom-left to top-right, `reach` of the cell from the centre. */
export function slash(cx: number, cy: number, cell: number, reach: number): string {
  const d = cell * reach;
  return path([
    [r2(cx - d), r2(cy + d)],
    [r2(cx + d), r2(cy - d)],
  ])!;
}

/** A five-pointed star (the natural mark), centred on (cx, cy) with outer radius `r`. */
export function star(cx: number, cy: number, r: number): string {
  const points: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    points.push([r2(cx + rr * Math.cos(a)), r2(cy + rr * Math.sin(a))]);
  }
  return closed(points)!;
}

/** Pair dots: banker pair red at the top-left, player pair blue at the bottom-right (ROADS.md §2, §3.4). */
export function pairDots(
  key: string,
  cx: number,
  cy: number,
  cell: number,
  c: { bankerPair: boolean; playerPair: boolean },
): Mark[] {
  const marks: Mark[] = [];
  const o = cell * 0.31;
  const r = r2(cell * 0.12);
  // Ringed in the paper's colour, wide enough to be seen from 3 m: a banker pair's red dot on a red bead still shows.
  const sw = r2(cell * 0.05);
  if (c.bankerPair)
    marks.push({ key: `${key}-bp`, tag: 'circle', cls: 'pair banker-pair', cx: r2(cx - o), cy: r2(cy - o), r, sw });
  if (c.playerPair)
    marks.push({ key: `${key}-pp`, tag: 'circle', cls: 'pair player-pair', cx: r2(cx + o), cy: r2(cy + o), r, sw });
  return marks;
}

/**
 * The derived roads' glyphs, in cells. A ring must read as a ring, not a dot, from 3 m (issue 13): its hole is
 * 0.57 of a cell across (9.4 px in the 16.5 px cell of a 1080p board; 6.5 arcminutes at 3 m on a 55-inch screen,
 * three times the 2′ detail a 20/40 eye resolves), its stroke 0.13 (2.1 px); a dot is solid, 0.76 across.
 */
export const DERIVED_MARK = { ringR: 0.35, ringSw: 0.13, dotR: 0.38, slashReach: 0.34, slashSw: 0.2 } as const;

export function derivedMark(
  key: string,
  cls: string,
  glyph: 'ring' | 'dot' | 'slash',
  size: RoadSize,
  cell: GridCell,
): Mark {
  const c = size.cell;
  const m = DERIVED_MARK;
  const [cx, cy] = centre(size, cell.col, cell.row);
  if (glyph === 'slash') return { key, tag: 'path', cls, d: slash(cx, cy, c, m.slashReach), sw: r2(c * m.slashSw) };
  if (glyph === 'ring')
    return { key, tag: 'circle', cls, cx: r2(cx), cy: r2(cy), r: r2(c * m.ringR), sw: r2(c * m.ringSw) };
  return { key, tag: 'circle', cls, cx: r2(cx), cy: r2(cy), r: r2(c * m.dotR) };
}
