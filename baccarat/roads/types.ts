/**
 * The shapes every road produces: logical grid cells, never pixels (pixels belong to the renderer).
 * Rows and columns are 0-based, as in `shared/ROADS.md`.
 * @packageDocumentation
 */
import type { Colour, Outcome, Point, TailMode } from '../types';

/** Options of the road layout. */
export interface RoadOptions {
  /** Grid height of the bead plate, the big road and the derived roads (ROADS.md: 6). */
  readonly rows: number;
  /**
   * The big road's dragon-tail behaviour once the cell under an earlier tail frees up (ROADS.md §3.5): `stay` is
   * canonical. It governs the big road only: the derived roads always use `stay` for their own tails.
   */
  readonly tail: TailMode;
}

export const DEFAULT_ROAD_OPTIONS: RoadOptions = { rows: 6, tail: 'stay' };

/** A placed position on a 6-row road grid. */
export interface GridCell {
  readonly col: number;
  readonly row: number;
}

/** One bead of the bead plate: every hand, ties included, in the order played (ROADS.md §2). */
export interface BeadCell extends GridCell {
  /** Index of the hand on the roads (0-based, ties included). */
  readonly index: number;
  readonly outcome: Outcome;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  readonly natural: boolean;
  readonly playerPoints?: Point;
  readonly bankerPoints?: Point;
}

/**
 * One circle of the big road (ROADS.md §3). `outcome` is `tie` only for the slash-only cell (0,0) of a shoe that
 * has had ties and nothing else so far; `ties` counts the ties drawn through the cell (leading ties included on
 * cell (0,0)).
 */
export interface BigRoadCell extends GridCell {
  readonly outcome: Outcome;
  readonly ties: number;
  /** Logical streak (column) and position in it; derived roads read these, never display positions. */
  readonly logicalCol: number;
  readonly logicalRow: number;
  /** Index of the hand that placed the circle (on the bead plate), or -1 for the slash-only leading-tie cell. */
  readonly index: number;
  /** Pair dots and natural of the hand that placed the circle. A tie hand's pairs stay on the bead plate. */
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  readonly natural: boolean;
  /** Drawn to the right of its streak's start column: part of a dragon tail. */
  readonly tail: boolean;
  /**
   * Display column where its streak starts (its first circle's column): a display that scrolls or wraps by whole
   * streaks keeps a streak's dragon tail with its head.
   */
  readonly streakStart: number;
}

/** One mark of a derived road (ROADS.md §4): ring, dot or slash, red or blue. */
export interface DerivedCell extends GridCell {
  readonly colour: Colour;
  /** The big-road entry (logical column and row) that produced it. */
  readonly sourceCol: number;
  readonly sourceRow: number;
  /** Display column where its streak (a run of one colour) starts, as on the big road. */
  readonly streakStart: number;
}

/** What one road would get if the next result were Banker, or Player (ROADS.md §5). */
export interface AskPreview {
  /** The circle the big road would get, and where. */
  readonly bigRoad: GridCell & { readonly outcome: 'banker' | 'player' };
  /** The colour each derived road would get, or `null` where that road would not yet produce an entry. */
  readonly bigEyeBoy: Colour | null;
  readonly smallRoad: Colour | null;
  readonly cockroachPig: Colour | null;
  /** Where each derived road's would-be mark would be drawn, for blinking it in place; `null` as above. */
  readonly cells: {
    readonly bigEyeBoy: GridCell | null;
    readonly smallRoad: GridCell | null;
    readonly cockroachPig: GridCell | null;
  };
}

export interface Ask {
  readonly banker: AskPreview;
  readonly player: AskPreview;
}

/** A run of the same winner on the big road. */
export interface Streak {
  readonly outcome: 'banker' | 'player';
  readonly length: number;
}

/** The statistics of ROADS.md §6. Percentages are the renderer's job; the denominators are all here. */
export interface Stats {
  /** Hands on the roads, ties included (= number of beads). */
  readonly hands: number;
  readonly banker: number;
  readonly player: number;
  readonly tie: number;
  /** Hands with a banker pair / player pair, whatever the winner; a hand with both counts in both. */
  readonly bankerPair: number;
  readonly playerPair: number;
  /** Hands where either side had a two-card 8 or 9. */
  readonly natural: number;
  /** Banker wins with 6 points ("Super 6"), counted where the points are known. */
  readonly bankerSix: number;
  /** Big-road columns (streaks). */
  readonly columns: number;
  readonly currentStreak: Streak | null;
  readonly longestStreak: { readonly banker: number; readonly player: number };
}
