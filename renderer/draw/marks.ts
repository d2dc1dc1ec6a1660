/**
 * The marks a road is drawn with: plain data (numbers and path strings), produced by the pure `layoutX()`
 * functions and drawn by `drawRoad()`. Pixels live here and nowhere in the rules core.
 *
 * ```ts
 * const size = roadSize({ cell: 24, rows: 6, cols: 20 }, lastCol(cells));
 * const { settled, newest } = layoutBigRoad(map.bigRoad.cells, size);   // RoadMarks: two Mark[]
 * ```
 * @packageDocumentation
 */

interface MarkBase {
  /** Stable identity for the keyed join: the same mark keeps its element from one view to the next. */
  readonly key: string;
  /** CSS classes: the mark's kind and meaning (`bead banker`, `ring red`, `tie-slash` …); colours come from CSS. */
  readonly cls: string;
}

export interface CircleMark extends MarkBase {
  readonly tag: 'circle';
  readonly cx: number; // in px of the road's viewBox
  readonly cy: number;
  readonly r: number;
  readonly sw?: number; // stroke width, in px (hollow glyphs)
}

export interface PathMark extends MarkBase {
  readonly tag: 'path';
  readonly d: string; // an SVG path, from d3-shape
  readonly sw?: number; // stroke width, in px
}

export interface TextMark extends MarkBase {
  readonly tag: 'text';
  readonly x: number; // centre, in px
  readonly y: number; // centre, in px (drawn with dominant-baseline: central)
  readonly size: number; // font size, in px
  readonly text: string;
}

export type Mark = CircleMark | PathMark | TextMark;

/** The visible window of a road (or of one of its strips): cell size, grid and the first visible column. */
export interface RoadSize {
  readonly cell: number; // edge of one grid cell, in px
  readonly rows: number; // 6
  readonly cols: number; // visible columns
  readonly offset: number; // first visible display column (scrolling never feeds back into the roads)
  /**
   * The first column of the whole window (of its first strip; `offset` when absent): a mark whose streak starts
   * left of it is not drawn, so no dragon tail shows without its head (see road-window.ts).
   */
  readonly from?: number;
  /** The first column of the newest layer (see {@link RoadMarks}); 0 when absent: every mark is in it. */
  readonly settled?: number;
}

/**
 * A road's marks in two layers, drawn one over the other (road-view.ts): the settled columns, left of the window's
 * `settled` column, and the newest, with the would-be marks. A hand changes the newest, so it repaints them alone:
 * Chromium repaints the whole `<svg>` a changed mark is in, and a late shoe has hundreds of marks.
 */
export interface RoadMarks {
  readonly settled: Mark[];
  readonly newest: Mark[];
}

/** The layer a mark of column `col` goes in. */
export const layerOf = (marks: RoadMarks, size: RoadSize, col: number): Mark[] =>
  col < (size.settled ?? 0) ? marks.settled : marks.newest;

/** Both layers' marks, the settled first: the road as one list (tests, snapshots, monitoring). */
export const allMarks = (marks: RoadMarks): Mark[] => [...marks.settled, ...marks.newest];

/** How many columns the settled layer takes at a time: it changes (and repaints) once in that many columns. */
export const SETTLE_STEP = 8;
/** The columns nearest the newest that stay in the newest layer: a hand may still change the column before its own. */
const NEWEST_KEPT = 2;

/** The first column of the newest layer of a road whose rightmost column in use is `lastColumn` (-1: none). */
export const settledBefore = (lastColumn: number): number =>
  Math.max(0, Math.floor((lastColumn - NEWEST_KEPT) / SETTLE_STEP) * SETTLE_STEP);

/**
 * The window that keeps the newest columns in view: shows `cols` columns ending at `lastCol` (the rightmost
 * column in use, ask cells included), or from column 0 while everything fits.
 */
export function roadSize(grid: { cell: number; rows: number; cols: number }, lastCol: number): RoadSize {
  const cols = Math.max(1, Math.floor(grid.cols));
  return { cell: grid.cell, rows: grid.rows, cols, offset: Math.max(0, lastCol + 1 - cols) };
}

/** The rightmost column of some cells, or -1 for none. */
export function lastCol(...lists: readonly (readonly { readonly col: number }[])[]): number {
  let max = -1;
  for (const list of lists) for (const c of list) if (c.col > max) max = c.col;
  return max;
}

/** Whether a cell is inside the visible window, and its streak (when it has one) starts inside it. */
export const visible = (size: RoadSize, col: number, streakStart = col): boolean =>
  col >= size.offset && col < size.offset + size.cols && streakStart >= (size.from ?? size.offset);

/**
 * Centre of a cell in px, in the road's own coordinates: column 0 at x = 0 whatever the scroll. The window is
 * scrolled by {@link scrollX} on the marks' group, so a scroll moves one transform instead of every mark (and a
 * mark keeps its coordinates for its whole life on the road).
 */
export function centre(size: RoadSize, col: number, row: number): [number, number] {
  return [(col + 0.5) * size.cell, (row + 0.5) * size.cell];
}

/** The horizontal shift, in px, that brings the first visible column to the left edge (0 or negative). */
export const scrollX = (size: RoadSize): number => (size.offset === 0 ? 0 : -size.offset * size.cell);
