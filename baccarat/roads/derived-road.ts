/**
 * The derived roads (ROADS.md §4): Big Eye Boy (k=1), Small Road (k=2), Cockroach Pig (k=3). Each big-road
 * entry adds at most one red or blue mark, computed from the *logical* streak lengths, never from display cells.
 *
 * ```ts
 * derivedColour([2, 3], 1, 1, 1); // 'red': the column one to the left has a cell beside row 1
 * const road = new DerivedRoad(1, 6, 'stay'); road.add([2, 3], 1, 1);
 * ```
 * @packageDocumentation
 */
import type { Colour, TailMode } from '../types';
import { Placer } from './grid';
import type { DerivedCell, GridCell } from './types';

/** Whether the big-road entry at logical (c, r) produces a mark on road k (§4.2). */
export function isEligible(c: number, r: number, k: number): boolean {
  return (c === k && r >= 1) || c >= k + 1;
}

/**
 * The colour road k gives the big-road entry at logical (c, r), with `lengths[i]` the length of logical column i
 * (§4.3). Only columns left of c are read, so the answer never changes later (causality). Returns `null` where the
 * entry is not eligible.
 */
export function derivedColour(lengths: ArrayLike<number>, c: number, r: number, k: number): Colour | null {
  if (!isEligible(c, r, k)) return null;
  if (r === 0) return lengths[c - 1] === lengths[c - 1 - k] ? 'red' : 'blue';
  const p = lengths[c - k] ?? 0;
  return r === p ? 'blue' : 'red'; // r < p: a cell beside it; r > p + 0: straight fall; r === p: none beside
}

/** One derived road, built incrementally. */
export class DerivedRoad {
  /** The marks in the order they were added. */
  readonly cells: DerivedCell[] = [];
  private placer: Placer;
  private last: Colour | null = null;

  constructor(
    readonly k: 1 | 2 | 3,
    rows: number,
    tail: TailMode,
  ) {
    this.placer = new Placer(rows, tail);
  }

  clone(): DerivedRoad {
    const d = new DerivedRoad(this.k, this.placer.rows, this.placer.tail);
    d.cells.push(...this.cells);
    d.placer = this.placer.clone();
    d.last = this.last;
    return d;
  }

  /** Adds the mark of the big-road entry at logical (c, r), if it gets one. */
  add(lengths: ArrayLike<number>, c: number, r: number): DerivedCell | null {
    // derivedColour(), inlined: this runs three times for every hand.
    const k = this.k;
    let colour: Colour;
    if (r === 0) {
      if (c < k + 1) return null;
      colour = lengths[c - 1] === lengths[c - 1 - k] ? 'red' : 'blue';
    } else {
      if (c < k) return null;
      colour = r === lengths[c - k] ? 'blue' : 'red';
    }
    const placer = this.placer;
    if (colour === this.last) placer.continue();
    else placer.start();
    this.last = colour;
    const cell: DerivedCell = {
      col: placer.col,
      row: placer.row,
      colour,
      sourceCol: c,
      sourceRow: r,
      streakStart: placer.streakStart,
    };
    this.cells.push(cell);
    return cell;
  }

  /** Where a mark of this colour would be drawn next (for the ask road), without placing it. */
  peek(colour: Colour): GridCell {
    const at = colour === this.last ? this.placer.peekContinue() : this.placer.peekStart();
    return { col: at.col, row: at.row };
  }

  /** Colour of the latest mark, or `null` before the first. */
  get lastColour(): Colour | null {
    return this.last;
  }
}
