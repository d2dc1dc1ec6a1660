/**
 * Placement on a 6-row road grid with dragon tails (ROADS.md §3.5, §3.6), shared by the big road and the
 * three derived roads. Incremental and allocation-free: occupancy is one bit mask per display column.
 *
 * ```ts
 * const g = new Placer(6, 'stay');
 * g.start();    // {col: 0, row: 0}: a new streak
 * g.continue(); // {col: 0, row: 1}: the streak goes on
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

  /** Places the first entry of a new streak. */
  start(): GridCell {
    const cell = this.peekStart();
    this.prevStart = cell.col;
    this.turned = false;
    this.place(cell.col, cell.row);
    return cell;
  }

  /** Places the next entry of the current streak; `tail` tells that it turned right. */
  continue(): GridCell & { readonly tail: boolean } {
    const cell = this.peekContinue();
    if (cell.tail) this.turned = true;
    this.place(cell.col, cell.row);
    return cell;
  }

  /** Whether a mark sits at (col, row). */
  isOccupied(col: number, row: number): boolean {
    return (((this.occupied[col] ?? 0) >>> row) & 1) === 1;
  }

  /** Number of display columns in use. */
  get width(): number {
    return this.occupied.length;
  }

  private place(col: number, row: number): void {
    while (this.occupied.length <= col) this.occupied.push(0);
    this.occupied[col] = (this.occupied[col] ?? 0) | (1 << row);
    this.x = col;
    this.y = row;
  }
}
