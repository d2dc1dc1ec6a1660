/**
 * Every road of a shoe, kept up to date one hand at a time: bead plate, big road, the three derived roads, the
 * ask roads and the statistics. `roadmap(hands)` builds it from scratch; `add(hand)` extends it in O(1).
 *
 * ```ts
 * const map = roadmap(parseShoe('BBPT').value);
 * map.add({ outcome: 'player', playerPair: false, bankerPair: false, natural: false });
 * map.bigEyeBoy.cells; map.ask(); map.stats();
 * ```
 * @packageDocumentation
 */
import type { Colour, RoadHand, TailMode } from '../types';
import { ask } from './ask';
import { BigRoad } from './big-road';
import { DerivedRoad } from './derived-road';
import { StatsCounter } from './stats';
import {
  type Ask,
  type BeadCell,
  type BigRoadCell,
  DEFAULT_ROAD_OPTIONS,
  type DerivedCell,
  type RoadOptions,
  type Stats,
} from './types';

/** What one added hand changed, for highlighting it on the board. */
export interface RoadmapChange {
  readonly bead: BeadCell;
  /** A new circle, or (for a tie) the cell the tie is now counted on. */
  readonly bigRoad: { readonly kind: 'circle' | 'tie'; readonly cell: BigRoadCell };
  readonly bigEyeBoy: DerivedCell | null;
  readonly smallRoad: DerivedCell | null;
  readonly cockroachPig: DerivedCell | null;
}

/** All roads of one shoe. Mutable and incremental, like a chessops position: `clone()` before sharing a copy. */
/** How the derived roads lay out their own dragon tails: always the canonical rule (ROADS.md §3.5, §4.6). */
export const DERIVED_TAIL: TailMode = 'stay';

export class Roadmap {
  /** Every hand, ties included, as beads in the order played. */
  readonly beadPlate: BeadCell[];
  readonly bigRoad: BigRoad;
  readonly bigEyeBoy: DerivedRoad;
  readonly smallRoad: DerivedRoad;
  readonly cockroachPig: DerivedRoad;
  private readonly counter: StatsCounter;
  private beadRow: number; // where the next bead goes
  private beadCol: number;

  /** An empty roadmap, or (with `from`) an independent copy of another. */
  constructor(
    readonly options: RoadOptions = DEFAULT_ROAD_OPTIONS,
    from?: Roadmap,
  ) {
    this.beadPlate = from ? from.beadPlate.slice() : [];
    this.bigRoad = from ? from.bigRoad.clone() : new BigRoad(options);
    // The tail setting is the big road's display variant (ROADS.md §3.5); the derived roads always lay out their own
    // tails by the canonical rule, whatever it says, so that one board's cockroach pig matches another's.
    this.bigEyeBoy = from ? from.bigEyeBoy.clone() : new DerivedRoad(1, options.rows, DERIVED_TAIL);
    this.smallRoad = from ? from.smallRoad.clone() : new DerivedRoad(2, options.rows, DERIVED_TAIL);
    this.cockroachPig = from ? from.cockroachPig.clone() : new DerivedRoad(3, options.rows, DERIVED_TAIL);
    this.counter = from ? from.counter.clone() : new StatsCounter();
    this.beadRow = from ? from.beadRow : 0;
    this.beadCol = from ? from.beadCol : 0;
  }

  /** An independent copy. */
  clone(): Roadmap {
    return new Roadmap(this.options, this);
  }

  /** Number of hands on the roads (beads), ties included. */
  get hands(): number {
    return this.beadPlate.length;
  }

  /** Adds the next hand of the shoe and says what changed. */
  add(hand: RoadHand): RoadmapChange {
    const before = [this.bigEyeBoy.cells.length, this.smallRoad.cells.length, this.cockroachPig.cells.length];
    const cell = this.push(hand);
    const added = (road: DerivedRoad, n: number) => road.cells[n] ?? null;
    return {
      bead: this.beadPlate[this.beadPlate.length - 1]!,
      bigRoad: { kind: hand.outcome === 'tie' ? 'tie' : 'circle', cell },
      bigEyeBoy: added(this.bigEyeBoy, before[0]!),
      smallRoad: added(this.smallRoad, before[1]!),
      cockroachPig: added(this.cockroachPig, before[2]!),
    };
  }

  /** Adds the next hand without a change record: the fast path of `roadmap()`. @internal */
  push(hand: RoadHand): BigRoadCell {
    const index = this.beadPlate.length;
    // Beads fill a column top to bottom, then the next: counters rather than a division and a modulo per hand.
    const row = this.beadRow;
    const col = this.beadCol;
    if (row + 1 === this.options.rows) {
      this.beadRow = 0;
      this.beadCol = col + 1;
    } else this.beadRow = row + 1;
    const bead: BeadCell = {
      col,
      row,
      index,
      outcome: hand.outcome,
      playerPair: hand.playerPair,
      bankerPair: hand.bankerPair,
      natural: hand.natural,
      playerPoints: hand.playerPoints,
      bankerPoints: hand.bankerPoints,
    };
    this.beadPlate.push(bead);
    const cell = this.bigRoad.add(hand, index);
    this.counter.add(hand);
    if (hand.outcome !== 'tie') {
      const lengths = this.bigRoad.lengths;
      this.bigEyeBoy.add(lengths, cell.logicalCol, cell.logicalRow);
      this.smallRoad.add(lengths, cell.logicalCol, cell.logicalRow);
      this.cockroachPig.add(lengths, cell.logicalCol, cell.logicalRow);
    }
    return cell;
  }

  /** The ask roads: what each road would get if the next result were Banker, or Player (ROADS.md §5). */
  ask(): Ask {
    return ask(this.bigRoad, [this.bigEyeBoy, this.smallRoad, this.cockroachPig]);
  }

  /** The statistics of ROADS.md §6. */
  stats(): Stats {
    return this.counter.stats(this.bigRoad.lengths, this.bigRoad.last);
  }
}

/** Builds every road of a shoe from its hands, in order. */
export function roadmap(hands: Iterable<RoadHand>, options: RoadOptions = DEFAULT_ROAD_OPTIONS): Roadmap {
  const map = new Roadmap(options);
  if (Array.isArray(hands)) for (let i = 0; i < hands.length; i++) map.push(hands[i] as RoadHand);
  else for (const hand of hands) map.push(hand);
  return map;
}

/** The colours of a derived road as a string of R and B (as written in ROADS.md), for tests and logs. */
export function makeColours(cells: readonly { readonly colour: Colour }[]): string {
  let s = '';
  for (const c of cells) s += c.colour === 'red' ? 'R' : 'B';
  return s;
}
