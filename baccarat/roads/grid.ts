/**
 * Placement on a 6-row road grid with dragon tails (ROADS.md §3.5, §3.6), shared by the big road and the
 * three derived roads. Incremental and allocation-free: occupancy is one bit mask per display column.
 *
 * ```ts
 * const g = new Placer(6, 'stay');
 * g.start();    // g.col, g.row = 0, 0: a new streak
 * g.continue(); // g.col, g.row = 0, 1: the streak goes on
 * ```
 * @packageDocumentation
 */
import type { TailMode } from '../types';
import type { GridCell } from './types';

/** Places streaks on the grid: `start()` for the first entry of a streak, `continue()` for each later one. */
export class Placer {
  private occupied: number[] = []; // bit `row` of occupied[col] is set when (col, row) holds a mark
  private prevStart = -1; // display column where the previous streak started
  private x = 0;
  private y = 0;
  private turned = false;

  constructor(
    readonly rows: number,
    readonly tail: TailMode,
  ) {
    if (!Number.isInteger(rows) || rows < 1 || rows > 30) throw new RangeError(`rows must be 1..30, got ${rows}`);
  }

  /** A copy that places independently from here on. */
  clone(): Placer {
    const p = new Placer(this.rows, this.tail);
    p.occupied = this.occupied.slice();
    p.prevStart = this.prevStart;
    p.x = this.x;
    p.y = this.y;
    p.turned = this.turned;
    return p;
  }

  /** Where the first entry of a new streak would go: the top of the column right of the previous start. */
  peekStart(): GridCell {
    let s = this.prevStart + 1;
    while (this.isOccupied(s, 0)) s++; // only after a tail has run along row 0 (§3.6)
    return { col: s, row: 0 };
  }

  /** Where the next entry of the current streak would go: below, or right along a dragon tail. */
  peekContinue(): GridCell & { readonly tail: boolean } {
    const { x, y } = this;
    if ((this.tail === 'drop' || !this.turned) && y + 1 < this.rows && !this.isOccupied(x, y + 1)) {
      return { col: x, row: y + 1, tail: false };
    }
    return { col: x + 1, row: y, tail: true };
  }

  /** Places the first entry of a new streak; the position is then in `col` and `row`. */
  start(): void {
    let s = this.prevStart + 1;
    while (this.isOccupied(s, 0)) s++; // only after a tail has run along row 0 (§3.6)
    this.prevStart = s;
    this.turned = false;
    this.place(s, 0);
  }

  /** Places the next entry of the current streak; `turned` tells whether it has run into a dragon tail. */
  continue(): void {
    const x = this.x;
    const below = this.y + 1;
    const occupied = this.occupied;
    if ((!this.turned || this.tail === 'drop') && below < this.rows && ((occupied[x]! >>> below) & 1) === 0) {
      occupied[x] = occupied[x]! | (1 << below); // column x exists: the entry above is in it
      this.y = below;
    } else {
      this.turned = true;
      this.place(x + 1, this.y);
    }
  }

  /** Column of the last entry placed. */
  get col(): number {
    return this.x;
  }

  /** Row of the last entry placed. */
  get row(): number {
    return this.y;
  }

  /** Display column where the current streak started. */
  get streakStart(): number {
    return this.prevStart;
  }

  /** Whether a mark sits at (col, row). */
  isOccupied(col: number, row: number): boolean {
    const occupied = this.occupied;
    // Bounds first: an out-of-bounds array read is a slow path in V8, and new columns are read all the time.
    return col < occupied.length && ((occupied[col]! >>> row) & 1) === 1;
  }

  /** Number of display columns in use. */
  get width(): number {
    return this.occupied.length;
  }

  private place(col: number, row: number): void {
    const occupied = this.occupied;
    while (occupied.length <= col) occupied.push(0);
    occupied[col] = occupied[col]! | (1 << row);
    this.x = col;
    this.y = row;
  }
}
