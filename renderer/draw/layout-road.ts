/**
 * Pure geometry of the roads: logical cells in, marks (numbers and d3-shape path strings) out, by tile of 8 columns
 * and the would-be marks apart (marks.ts, `RoadMarks`). No DOM, so it is tested in Node and drawn by `drawRoad()`
 * anywhere.
 *
 * ```ts
 * const size = roadSize({ cell: 40, rows: 6, cols: 24 }, lastCol(map.bigRoad.cells));
 * layoutBigRoad(map.bigRoad.cells, size, { fresh: change?.bigRoad.cell ?? null });
 * ```
 * @packageDocumentation
 */
import type { AskPreview, BeadCell, BigRoadCell, DerivedCell, GridCell } from '../../baccarat/roads/types';
import type { DerivedRoadName } from '../../baccarat/types';
import { BIG_CIRCLE, DERIVED_GLYPH, derivedMark, pairDots, r2, slash, star } from './glyphs';
import { askMarks } from './layout-ask';
import { centre, type Mark, type RoadMarks, type RoadSize, tileOf, visible } from './marks';

/** What a bead says: the winner as a character or letter, or the winning points. */
export type BeadLabels = { readonly banker: string; readonly player: string; readonly tie: string } | 'points';

const LETTER = { banker: 'B', player: 'P', tie: 'T' } as const;

/**
 * The count of ties on a big-road cell (2 and more), in cells: 0.7 of one is 28 px on a 1080p board's 40.5 px cells,
 * the size of every other word patrons read (issue 13; at half a cell it was 21 px). Its figure, 0.5 of a cell tall,
 * sits inside the circle's hole (0.69 across). Two figures (ten ties and more) would cover the ring: they are drawn at
 * the half cell that leaves them inside it.
 */
const TIE_COUNT = { one: 0.7, two: 0.5 } as const;

/** Whether the newest result's fade-in runs (the default) or waits, the mark drawn dim (`fresh` alone). */
interface FreshOptions {
  readonly fading?: boolean;
}

/**
 * The highlight's classes of a mark: `fresh` for the newest result, and `fresh-in` once its fade-in runs (until then
 * it is drawn dim, as the fade's first frame: the frame that shows a result leaves the fade's start to the next,
 * road-view.ts); the result before keeps both while `held` (its fade long over); none otherwise.
 */
const highlight = (isFresh: boolean, isHeld: boolean, fading: boolean | undefined): string =>
  isFresh ? (fading === false ? ' fresh' : ' fresh fresh-in') : isHeld ? ' fresh fresh-in' : '';

/** A cell's marks as last laid out, and what they were laid out with. */
interface Laid {
  readonly cell: number;
  readonly fresh: string;
  readonly variant: unknown;
  readonly marks: readonly Mark[];
}

/**
 * The marks of one cell, laid out once and reused while the cell, the cell size, its highlight and the road's
 * `variant` (labels, letters) stay the same. The core's cells are values (a changed cell is a new object), so the
 * cell object is the key. A hand changes a cell or two of hundreds: reused marks are the very objects drawn last
 * time, which `drawRoad()` then skips at once.
 */
function laidOut<C extends object>(
  memo: WeakMap<C, Laid>,
  cellObject: C,
  cell: number,
  f: string, // its highlight's classes (highlight())
  variant: unknown,
  layout: () => Mark[],
): readonly Mark[] {
  const was = memo.get(cellObject);
  if (was !== undefined && was.cell === cell && was.fresh === f && was.variant === variant) return was.marks;
  const marks = layout();
  memo.set(cellObject, { cell, fresh: f, variant, marks });
  return marks;
}

const beadMemo = new WeakMap<BeadCell, Laid>();
const bigRoadMemo = new WeakMap<BigRoadCell, Laid>();
const derivedMemo = new WeakMap<DerivedCell, Laid>();

/** Options of {@link layoutBeadPlate}. */
export interface BeadPlateOptions extends FreshOptions {
  readonly labels: BeadLabels;
  readonly held?: number | null; // the bead before the newest, its classes kept a frame more (road-view.ts)
  readonly fresh?: number | null; // index of the newest bead, highlighted briefly
}

/** The bead plate: a solid disc per hand with its label, pair dots and a gold star for a natural. */
export function layoutBeadPlate(beads: readonly BeadCell[], size: RoadSize, opts: BeadPlateOptions): RoadMarks {
  const marks: RoadMarks = { tiles: [], ask: [] };
  const c = size.cell;
  for (const b of beads) {
    if (!visible(size, b.col)) continue;
    const f = highlight(b.index === opts.fresh, b.index === opts.held, opts.fading);
    tileOf(marks, b.col).push(...laidOut(beadMemo, b, c, f, opts.labels, () => beadMarks(b, c, size, f, opts.labels)));
  }
  return marks;
}

function beadMarks(b: BeadCell, c: number, size: RoadSize, f: string, labels: BeadLabels): Mark[] {
  const marks: Mark[] = [];
  const [cx, cy] = centre(size, b.col, b.row);
  const key = `b${b.index}`;
  marks.push({
    key,
    tag: 'circle',
    cls: `bead ${b.outcome}${f}`,
    cx: r2(cx),
    cy: r2(cy),
    r: r2(c * 0.43),
  });
  const points = b.outcome === 'player' ? b.playerPoints : b.bankerPoints;
  const text = labels === 'points' ? (points === undefined ? LETTER[b.outcome] : String(points)) : labels[b.outcome];
  marks.push({
    key: `${key}-l`,
    tag: 'text',
    cls: `bead-label ${b.outcome}`,
    x: r2(cx),
    y: r2(cy),
    size: r2(c * 0.5),
    text,
  });
  marks.push(...pairDots(key, cx, cy, c, b));
  if (b.natural)
    marks.push({ key: `${key}-n`, tag: 'path', cls: 'natural', d: star(cx + c * 0.31, cy - c * 0.31, c * 0.17) });
  return marks;
}

/** Options of {@link layoutBigRoad}. */
export interface BigRoadOptions extends FreshOptions {
  readonly fresh?: GridCell | null; // the cell the newest hand changed (a new circle, or a tie counted on it)
  readonly held?: GridCell | null; // the cell of the result before, its classes kept a frame more (road-view.ts)
  readonly letters?: boolean; // write B / P in the circles (the colour-blind theme: shape and letter carry it)
  readonly ask?: { readonly banker: AskPreview; readonly player: AskPreview } | null;
  readonly askKey?: string; // changes with every hand (the hand count), so the would-be marks blink anew
}

/** The big road: hollow circles, green tie slashes with their count from 2, pair dots, dragon tails as placed. */
export function layoutBigRoad(cells: readonly BigRoadCell[], size: RoadSize, opts: BigRoadOptions = {}): RoadMarks {
  const marks: RoadMarks = { tiles: [], ask: [] };
  const c = size.cell;
  const letters = opts.letters === true;
  for (const cell of cells) {
    if (!visible(size, cell.col, cell.streakStart)) continue;
    const at = (g: GridCell | null | undefined) => g?.col === cell.col && g.row === cell.row;
    const f = highlight(at(opts.fresh), at(opts.held), opts.fading);
    tileOf(marks, cell.col).push(
      ...laidOut(bigRoadMemo, cell, c, f, letters, () => bigRoadMarks(cell, c, size, f, letters)),
    );
  }
  if (opts.ask) marks.ask.push(...askMarks(size, opts.askKey ?? '', 'circle', opts.ask, (a) => a.bigRoad));
  return marks;
}

function bigRoadMarks(cell: BigRoadCell, c: number, size: RoadSize, f: string, letters: boolean): Mark[] {
  const marks: Mark[] = [];
  const [cx, cy] = centre(size, cell.col, cell.row);
  const key = `c${cell.col}-${cell.row}`;
  if (cell.outcome !== 'tie') {
    const tail = cell.tail ? ' tail' : '';
    marks.push({
      key,
      tag: 'circle',
      cls: `circle ${cell.outcome}${tail}${f}`,
      cx: r2(cx),
      cy: r2(cy),
      r: r2(c * BIG_CIRCLE.r),
      sw: r2(c * BIG_CIRCLE.sw),
    });
    if (letters) {
      const cls = `circle-label ${cell.outcome}`;
      marks.push({
        key: `${key}-l`,
        tag: 'text',
        cls,
        x: r2(cx),
        y: r2(cy),
        size: r2(c * 0.4),
        text: LETTER[cell.outcome],
      });
    }
  }
  if (cell.ties > 0) {
    marks.push({ key: `${key}-t`, tag: 'path', cls: `tie-slash${f}`, d: slash(cx, cy, c, 0.4), sw: r2(c * 0.1) });
    if (cell.ties >= 2) {
      const text = String(cell.ties);
      marks.push({
        key: `${key}-tc`,
        tag: 'text',
        cls: 'tie-count',
        x: r2(cx),
        y: r2(cy),
        size: r2(c * (text.length > 1 ? TIE_COUNT.two : TIE_COUNT.one)),
        text,
      });
    }
  }
  marks.push(...pairDots(key, cx, cy, c, cell));
  return marks;
}

/** Options of {@link layoutDerivedRoad}. */
export interface DerivedRoadOptions extends FreshOptions {
  readonly fresh?: number | null; // index of the newest mark in `cells`
  readonly held?: number | null; // the mark before the newest, its classes kept a frame more (road-view.ts)
  readonly ask?: { readonly banker: AskPreview; readonly player: AskPreview } | null;
  readonly askKey?: string;
}

/** One derived road: rings (big eye boy), dots (small road) or slashes (cockroach pig), red or blue. */
export function layoutDerivedRoad(
  road: DerivedRoadName,
  cells: readonly DerivedCell[],
  size: RoadSize,
  opts: DerivedRoadOptions = {},
): RoadMarks {
  const glyph = DERIVED_GLYPH[road];
  const marks: RoadMarks = { tiles: [], ask: [] };
  cells.forEach((cell, i) => {
    if (!visible(size, cell.col, cell.streakStart)) return;
    const f = highlight(i === opts.fresh, i === opts.held, opts.fading);
    tileOf(marks, cell.col).push(
      ...laidOut(derivedMemo, cell, size.cell, f, glyph, () => [
        derivedMark(`d${cell.col}-${cell.row}`, `${glyph} ${cell.colour}${f}`, glyph, size, cell),
      ]),
    );
  });
  if (opts.ask) {
    marks.ask.push(
      ...askMarks(size, opts.askKey ?? '', glyph, opts.ask, (a) => {
        const at = a.cells[road];
        const colour = a[road];
        return at && colour ? { ...at, colour } : null;
      }),
    );
  }
  return marks;
}
