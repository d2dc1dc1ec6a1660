/**
 * The marks a road is drawn with: plain data (numbers and path strings), produced by the pure `layoutX()`
 * functions and drawn by `drawRoad()`. Pixels live here and nowhere in the rules core.
 *
 * ```ts
 * const size = roadSize({ cell: 24, rows: 6, cols: 20 }, lastCol(cells));
 * const { tiles, ask } = layoutBigRoad(map.bigRoad.cells, size);   // RoadMarks: Mark[] by tile of 8 columns
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
}

/** How many columns a tile of a road holds: columns 0-7 are tile 0, 8-15 tile 1, and so on. */
export const TILE = 8;

/**
 * A road's marks by tile, each tile drawn in an `<svg>` of its own, one over the other (road-view.ts), and the
 * would-be marks, over them all. A hand changes a tile or two, so it repaints them alone: Chromium repaints the whole
 * `<svg>` a changed mark is in, and a late shoe has hundreds of marks. A mark stays in its tile for life, so no hand
 * moves marks from one `<svg>` to another.
 */
export interface RoadMarks {
  /** The marks of columns `t * TILE` to `t * TILE + TILE - 1` at `tiles[t]`; none where the window shows none. */
  readonly tiles: Mark[][];
  readonly ask: Mark[];
}

/** The tile of column `col`, where its marks go. */
export const tileOf = (marks: RoadMarks, col: number): Mark[] => (marks.tiles[Math.floor(col / TILE)] ??= []);

/** Every tile's marks, in order, then the would-be marks: the road as one list (tests, snapshots, monitoring). */
export const allMarks = (marks: RoadMarks): Mark[] => [...marks.tiles.flat(), ...marks.ask];

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
