/**
 * The big road (ROADS.md §3): ties attach to the latest circle, leading ties sit on cell (0,0), streaks fall
 * down and turn into dragon tails. Incremental: each hand costs O(1).
 *
 * ```ts
 * const big = new BigRoad(DEFAULT_ROAD_OPTIONS);
 * big.add(hand, 0); // the cell drawn: a new circle, or the cell a tie is counted on
 * big.cells;        // [{col, row, outcome, ties, logicalCol, logicalRow, …}] in the order added
 * ```
 * @packageDocumentation
 */
import type { RoadHand } from '../types';
import { Placer } from './grid';
import type { BigRoadCell, GridCell, RoadOptions } from './types';

export class BigRoad {
  /** Circles in the order they were added; a tie replaces the cell it is counted on with an updated copy. */
  readonly cells: BigRoadCell[] = [];
  /** Length of each logical column (streak), `L(c)` of ROADS.md. */
  readonly lengths: number[] = [];
  private placer: Placer;

  constructor(readonly options: RoadOptions) {
    this.placer = new Placer(options.rows, options.tail);
  }

  clone(): BigRoad {
    const b = new BigRoad(this.options);
    b.cells.push(...this.cells);
    b.lengths.push(...this.lengths);
    b.placer = this.placer.clone();
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

  /**
   * Adds the hand with bead index `index` and returns the cell it drew: a new circle for Banker or Player, or,
   * for a tie, the updated copy of the cell the tie is counted on.
   */
  add(hand: RoadHand, index: number): BigRoadCell {
    const cells = this.cells;
    const n = cells.length;
    const last = n > 0 ? cells[n - 1] : undefined; // no out-of-bounds read: a slow path in V8
    if (hand.outcome === 'tie') {
      if (last) return (cells[n - 1] = withTies(last, last.ties + 1));
      const slash: BigRoadCell = {
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
        streakStart: 0,
      };
      cells.push(slash);
      return slash;
    }
    const placer = this.placer;
    const lengths = this.lengths;
    const leadingTies = last !== undefined && last.outcome === 'tie' ? last.ties : 0;
    let logicalCol = lengths.length - 1;
    let logicalRow = 0;
    if (last !== undefined && last.outcome === hand.outcome) {
      placer.continue();
      logicalRow = lengths[logicalCol]!;
      lengths[logicalCol] = logicalRow + 1;
    } else {
      placer.start();
      logicalCol++;
      lengths.push(1);
    }
    const cell: BigRoadCell = {
      col: placer.col,
      row: placer.row,
      outcome: hand.outcome,
      ties: leadingTies,
      logicalCol,
      logicalRow,
      index,
      playerPair: hand.playerPair,
      bankerPair: hand.bankerPair,
      natural: hand.natural,
      tail: placer.col > placer.streakStart,
      streakStart: placer.streakStart,
    };
    if (leadingTies > 0)
      cells[0] = cell; // the first circle takes over the slash-only cell (0,0)
    else cells.push(cell);
    return cell;
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

/** A copy of `c` with another tie count (written out: an object spread is several times slower here). */
function withTies(c: BigRoadCell, ties: number): BigRoadCell {
  return {
    col: c.col,
    row: c.row,
    outcome: c.outcome,
    ties,
    logicalCol: c.logicalCol,
    logicalRow: c.logicalRow,
    index: c.index,
    playerPair: c.playerPair,
    bankerPair: c.bankerPair,
    natural: c.natural,
    tail: c.tail,
    streakStart: c.streakStart,
  };
}
