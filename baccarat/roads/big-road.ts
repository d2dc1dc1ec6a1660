/**
 * The big road (ROADS.md §3): ties attach to the latest circle, leading ties sit on cell (0,0), streaks fall
 * down and turn into dragon tails. Incremental: each hand costs O(1).
 *
 * ```ts
 * const big = new BigRoad(DEFAULT_ROAD_OPTIONS);
 * big.add(hand, 0); // returns the change: a new circle, a tie on the last one, or nothing
 * big.cells;        // [{col, row, outcome, ties, logicalCol, logicalRow, …}] in the order added
 * ```
 * @packageDocumentation
 */
import type { RoadHand } from '../types';
import { Placer } from './grid';
import type { BigRoadCell, GridCell, RoadOptions } from './types';

/** What adding a hand did to the big road. */
export type BigRoadChange =
  | { readonly kind: 'circle'; readonly cell: BigRoadCell } // a new B/P circle
  | { readonly kind: 'tie'; readonly cell: BigRoadCell }; // a tie counted on an existing (or the slash-only) cell

export class BigRoad {
  /** Circles in the order they were added; a tie replaces the cell it is counted on with an updated copy. */
  readonly cells: BigRoadCell[] = [];
  /** Length of each logical column (streak), `L(c)` of ROADS.md. */
  readonly lengths: number[] = [];
  private placer: Placer;
  private startCol = 0; // display column where the current streak started

  constructor(readonly options: RoadOptions) {
    this.placer = new Placer(options.rows, options.tail);
  }

  clone(): BigRoad {
    const b = new BigRoad(this.options);
    b.cells.push(...this.cells);
    b.lengths.push(...this.lengths);
    b.placer = this.placer.clone();
    b.startCol = this.startCol;
    return b;
  }

  /** The latest circle (or the slash-only leading-tie cell), if any. */
  get last(): BigRoadCell | undefined {
    return this.cells[this.cells.length - 1];
  }

  /** Logical column of the latest B/P entry, or -1 before the first. */
  get lastCol(): number {
    return this.lengths.length - 1;
  }

  /** Adds the hand with bead index `index`. */
  add(hand: RoadHand, index: number): BigRoadChange {
    const last = this.last;
    if (hand.outcome === 'tie') {
      const cell: BigRoadCell = last
        ? { ...last, ties: last.ties + 1 }
        : {
            col: 0,
            row: 0,
            outcome: 'tie',
            ties: 1,
            logicalCol: 0,
            logicalRow: 0,
            index: -1,
            playerPair: false,
            bankerPair: false,
            natural: false,
            tail: false,
          };
      if (last) this.cells[this.cells.length - 1] = cell;
      else this.cells.push(cell);
      return { kind: 'tie', cell };
    }
    const leadingTies = last?.outcome === 'tie' ? last.ties : 0;
    const continues = last !== undefined && last.outcome === hand.outcome;
    let at: GridCell;
    let logicalCol: number;
    let logicalRow: number;
    if (continues) {
      at = this.placer.continue();
      logicalCol = this.lengths.length - 1;
      logicalRow = this.lengths[logicalCol]!;
      this.lengths[logicalCol] = logicalRow + 1;
    } else {
      at = this.placer.start();
      this.startCol = at.col;
      logicalCol = this.lengths.length;
      logicalRow = 0;
      this.lengths.push(1);
    }
    const cell: BigRoadCell = {
      col: at.col,
      row: at.row,
      outcome: hand.outcome,
      ties: leadingTies,
      logicalCol,
      logicalRow,
      index,
      playerPair: hand.playerPair,
      bankerPair: hand.bankerPair,
      natural: hand.natural,
      tail: at.col > this.startCol,
    };
    if (leadingTies > 0) this.cells[0] = cell; // the first circle takes over the slash-only cell (0,0)
    else this.cells.push(cell);
    return { kind: 'circle', cell };
  }

  /** Where the next circle would go if the next result were `outcome` (for the ask road). */
  peek(outcome: 'banker' | 'player'): GridCell & { logicalCol: number; logicalRow: number } {
    const lastCol = this.lastCol;
    const lastOutcome = lastCol < 0 ? null : this.lastOutcome;
    if (lastOutcome === outcome) {
      const at = this.placer.peekContinue();
      return { col: at.col, row: at.row, logicalCol: lastCol, logicalRow: this.lengths[lastCol]! };
    }
    const at = this.placer.peekStart();
    return { col: at.col, row: at.row, logicalCol: lastCol + 1, logicalRow: 0 };
  }

  private get lastOutcome(): 'banker' | 'player' | null {
    const o = this.last?.outcome;
    return o === 'banker' || o === 'player' ? o : null;
  }
}
