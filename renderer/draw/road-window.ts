/**
 * Which part of a road is shown, and on how many lines ("strips"): pure, from the core's cells. A road that does
 * not fit scrolls by whole streaks, and a road drawn on two lines breaks between whole streaks, the way text wraps
 * between words: a streak's dragon tail always stays with its head, so no tail mark ever shows without the
 * circle it belongs to (issue 13). The window never feeds back into the roads (ROADS.md §3.7).
 *
 * ```ts
 * const w = roadWindow(map.bigRoad.cells, lastCol(map.bigRoad.cells), 24, 2); // { from: 0, starts: [0, 22], … }
 * stripSize(w, 1, 41.6, 6);  // the RoadSize of the second line: columns 22 to 45
 * ```
 * @packageDocumentation
 */
import { TILE, type RoadSize } from './marks';

/** A cell as the window needs it: its display column and, for roads drawn by streaks, where its streak starts. */
export interface WindowCell {
  readonly col: number;
  readonly streakStart?: number;
}

/** The visible part of a road. */
export interface RoadWindow {
  /** Columns per strip. */
  readonly cols: number;
  /** The first column shown: the start of a streak (or column 0). Streaks that start left of it are not shown. */
  readonly from: number;
  /** First column of each strip (`starts[0] === from`), and one past its last column. */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

/**
 * The window of a road `cols` columns wide on `strips` lines that shows its newest columns (up to `lastCol`, ask
 * cells included): from column 0 while everything fits, else from the earliest streak start that lets the rest
 * fit. Each further line starts at the last "clean" streak start that fits on the line before (no earlier streak
 * of the window reaches that column), else where the line before is full. Cells without `streakStart` (the bead
 * plate) scroll by whole columns.
 */
export function roadWindow(cells: readonly WindowCell[], lastCol: number, cols: number, strips = 1): RoadWindow {
  cols = Math.max(1, Math.floor(cols));
  strips = Math.max(1, Math.floor(strips));
  const width = lastCol + 1;
  // Streak starts and how far right each streak reaches (its dragon tail's end).
  const reach = new Map<number, number>();
  let byColumn = false;
  for (const c of cells) {
    if (c.streakStart === undefined) {
      byColumn = true;
      break;
    }
    const r = reach.get(c.streakStart);
    if (r === undefined || c.col > r) reach.set(c.streakStart, c.col);
  }
  const wrap = (from: number): number[] => {
    const starts = [from];
    for (let k = 1; k < strips; k++) {
      const prev = starts[k - 1]!;
      const limit = prev + cols;
      if (width <= limit || byColumn) {
        starts.push(limit);
        continue;
      }
      // The last clean start in (prev, limit]: every streak of the window that starts before it ends before it.
      let best = -1;
      let furthest = -1;
      for (const s of streakStarts) {
        if (s < from) continue;
        if (s > limit) break;
        if (s > prev && furthest < s) best = s;
        furthest = Math.max(furthest, reach.get(s)!);
      }
      starts.push(best > prev ? best : limit);
    }
    return starts;
  };
  const streakStarts = [...reach.keys()].sort((a, b) => a - b);
  const fits = (starts: number[]) => width <= starts[starts.length - 1]! + cols;
  let starts = wrap(0);
  if (!fits(starts)) {
    const candidates = byColumn ? [Math.max(0, width - cols * strips)] : streakStarts.filter((s) => s > 0 && s < width);
    let found = false;
    for (const c of candidates) {
      starts = wrap(c);
      if (fits(starts)) {
        found = true;
        break;
      }
    }
    if (!found) starts = wrap(Math.max(0, width - cols)); // one streak wider than the road: its newest columns
  }
  const ends = starts.map((s, k) => Math.min(s + cols, starts[k + 1] ?? s + cols));
  return { cols, from: starts[0]!, starts, ends };
}

/** The {@link RoadSize} of strip `k` of a window, for the layout functions. */
export function stripSize(w: RoadWindow, k: number, cell: number, rows: number): RoadSize {
  const offset = w.starts[k]!;
  return { cell, rows, cols: w.ends[k]! - offset, offset, from: w.from };
}

/**
 * The tiles (marks.ts, `TILE` columns each) that hold a column in view up to `last`, on any strip: none for the
 * empty columns further ahead (a 4K board shows a hundred columns of each derived road), so that an <svg> is there
 * only for marks. `last` reaches the would-be marks' columns and the one after the results: the tile the next hand
 * draws in is there before it.
 */
export function tilesInUse(w: RoadWindow, last: number): number[] {
  const tiles = new Set<number>();
  w.starts.forEach((start, k) => {
    const end = Math.min(w.ends[k] ?? start + w.cols, last + 1);
    for (let t = Math.floor(start / TILE); t * TILE < end; t++) tiles.add(t);
  });
  return [...tiles].sort((a, b) => a - b);
}
