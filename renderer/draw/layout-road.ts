/**
 * Pure geometry of the roads: logical cells in, marks (numbers and d3-shape path strings) out, in two layers: the
 * columns left of the window's `settled` column, and the newest (marks.ts, `RoadMarks`). No DOM, so it is tested in
 * Node and drawn by `drawRoad()` anywhere.
 *
 * ```ts
 * const size = roadSize({ cell: 40, rows: 6, cols: 24 }, lastCol(map.bigRoad.cells));
 * layoutBigRoad(map.bigRoad.cells, size, { fresh: change?.bigRoad.cell ?? null });
 * ```
 * @packageDocumentation
 */
import { curveLinearClosed, line } from 'd3';
import type { AskPreview, BeadCell, BigRoadCell, DerivedCell, GridCell } from '../../baccarat/roads/types';
import type { DerivedRoadName } from '../../baccarat/types';
import { centre, layerOf, type Mark, type RoadMarks, type RoadSize, visible } from './marks';

/** What a bead says: the winner as a character or letter, or the winning points. */
export type BeadLabels = { readonly banker: string; readonly player: string; readonly tie: string } | 'points';

/** The glyph of each derived road (ROADS.md §4.6): rings, solid dots, slashes. */
export const DERIVED_GLYPH: { readonly [K in DerivedRoadName]: 'ring' | 'dot' | 'slash' } = {
  bigEyeBoy: 'ring',
  smallRoad: 'dot',
  cockroachPig: 'slash',
};

const LETTER = { banker: 'B', player: 'P', tie: 'T' } as const;

/**
 * A big-road circle's radius and stroke, in cells: 0.89 of a cell across, stroke included, so that the 40.5 to
 * 41.6 px cells of a 1080p board draw circles 36 to 37 px wide, the size issue 13 asks for to be read from 3 m.
 */
export const BIG_CIRCLE = { r: 0.395, sw: 0.1 } as const;
const path = line();
const closed = line().curve(curveLinearClosed);

/** Rounds to 1/100 px: stable markup, and nothing a screen can show is lost. */
const r2 = (n: number): number => Math.round(n * 100) / 100;

/** A slash "/" through a cell, from bottom-left to top-right, `reach` of the cell from the centre. */
function slash(cx: number, cy: number, cell: number, reach: number): string {
  const d = cell * reach;
  return path([
    [r2(cx - d), r2(cy + d)],
    [r2(cx + d), r2(cy - d)],
  ])!;
}

/** A five-pointed star (the natural mark), centred on (cx, cy) with outer radius `r`. */
function star(cx: number, cy: number, r: number): string {
  const points: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    points.push([r2(cx + rr * Math.cos(a)), r2(cy + rr * Math.sin(a))]);
  }
  return closed(points)!;
}

/** Pair dots: banker pair red at the top-left, player pair blue at the bottom-right (ROADS.md §2, §3.4). */
function pairDots(
  key: string,
  cx: number,
  cy: number,
  cell: number,
  c: { bankerPair: boolean; playerPair: boolean },
): Mark[] {
  const marks: Mark[] = [];
  const o = cell * 0.31;
  const r = r2(cell * 0.12);
  // Ringed in the paper's colour, wide enough to be seen from 3 m: a banker pair's red dot on a red bead still shows.
  const sw = r2(cell * 0.05);
  if (c.bankerPair)
    marks.push({ key: `${key}-bp`, tag: 'circle', cls: 'pair banker-pair', cx: r2(cx - o), cy: r2(cy - o), r, sw });
  if (c.playerPair)
    marks.push({ key: `${key}-pp`, tag: 'circle', cls: 'pair player-pair', cx: r2(cx + o), cy: r2(cy + o), r, sw });
  return marks;
}

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
  const marks: RoadMarks = { settled: [], newest: [] };
  const c = size.cell;
  for (const b of beads) {
    if (!visible(size, b.col)) continue;
    const f = highlight(b.index === opts.fresh, b.index === opts.held, opts.fading);
    layerOf(marks, size, b.col).push(
      ...laidOut(beadMemo, b, c, f, opts.labels, () => beadMarks(b, c, size, f, opts.labels)),
    );
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
  readonly fresh?: GridCell | null;
  readonly held?: GridCell | null; // the cell of the result before, its classes kept a frame more (road-view.ts) // the cell the newest hand changed (a new circle, or a tie counted on it)
  readonly letters?: boolean; // write B / P in the circles (the colour-blind theme: shape and letter carry it)
  readonly ask?: { readonly banker: AskPreview; readonly player: AskPreview } | null;
  readonly askKey?: string; // changes with every hand (the hand count), so the would-be marks blink anew
}

/** The big road: hollow circles, green tie slashes with their count from 2, pair dots, dragon tails as placed. */
export function layoutBigRoad(cells: readonly BigRoadCell[], size: RoadSize, opts: BigRoadOptions = {}): RoadMarks {
  const marks: RoadMarks = { settled: [], newest: [] };
  const c = size.cell;
  const letters = opts.letters === true;
  for (const cell of cells) {
    if (!visible(size, cell.col, cell.streakStart)) continue;
    const at = (g: GridCell | null | undefined) => g?.col === cell.col && g.row === cell.row;
    const f = highlight(at(opts.fresh), at(opts.held), opts.fading);
    const layer = layerOf(marks, size, cell.col);
    layer.push(...laidOut(bigRoadMemo, cell, c, f, letters, () => bigRoadMarks(cell, c, size, f, letters)));
  }
  if (opts.ask) marks.newest.push(...askMarks(size, opts.askKey ?? '', 'circle', opts.ask, (a) => a.bigRoad));
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
      marks.push({ key: `${key}-tc`, tag: 'text', cls: 'tie-count', x: r2(cx), y: r2(cy), size: r2(c * 0.5), text });
    }
  }
  marks.push(...pairDots(key, cx, cy, c, cell));
  return marks;
}

/** Options of {@link layoutDerivedRoad}. */
export interface DerivedRoadOptions extends FreshOptions {
  readonly fresh?: number | null;
  readonly held?: number | null; // the mark before the newest, its classes kept a frame more (road-view.ts) // index of the newest mark in `cells`
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
  const marks: RoadMarks = { settled: [], newest: [] };
  cells.forEach((cell, i) => {
    if (!visible(size, cell.col, cell.streakStart)) return;
    const f = highlight(i === opts.fresh, i === opts.held, opts.fading);
    layerOf(marks, size, cell.col).push(
      ...laidOut(derivedMemo, cell, size.cell, f, glyph, () => [
        derivedMark(`d${cell.col}-${cell.row}`, `${glyph} ${cell.colour}${f}`, glyph, size, cell),
      ]),
    );
  });
  if (opts.ask) {
    marks.newest.push(
      ...askMarks(size, opts.askKey ?? '', glyph, opts.ask, (a) => {
        const at = a.cells[road];
        const colour = a[road];
        return at && colour ? { ...at, colour } : null;
      }),
    );
  }
  return marks;
}

/**
 * The derived roads' glyphs, in cells. A ring must read as a ring, not a dot, from 3 m (issue 13): its hole is
 * 0.57 of a cell across (9.4 px in the 16.5 px cell of a 1080p board; 6.5 arcminutes at 3 m on a 55-inch screen,
 * three times the 2′ detail a 20/40 eye resolves), its stroke 0.13 (2.1 px); a dot is solid, 0.76 across.
 */
export const DERIVED_MARK = { ringR: 0.35, ringSw: 0.13, dotR: 0.38, slashReach: 0.34, slashSw: 0.2 } as const;

function derivedMark(key: string, cls: string, glyph: 'ring' | 'dot' | 'slash', size: RoadSize, cell: GridCell): Mark {
  const c = size.cell;
  const m = DERIVED_MARK;
  const [cx, cy] = centre(size, cell.col, cell.row);
  if (glyph === 'slash') return { key, tag: 'path', cls, d: slash(cx, cy, c, m.slashReach), sw: r2(c * m.slashSw) };
  if (glyph === 'ring')
    return { key, tag: 'circle', cls, cx: r2(cx), cy: r2(cy), r: r2(c * m.ringR), sw: r2(c * m.ringSw) };
  return { key, tag: 'circle', cls, cx: r2(cx), cy: r2(cy), r: r2(c * m.dotR) };
}

/** `ask-a` or `ask-b`, alternating with the hand count `askKey`: which of two identical blink animations runs. */
const askRun = (askKey: string): 'ask-a' | 'ask-b' => (Number(askKey) % 2 === 1 ? 'ask-b' : 'ask-a');

type AskCell = GridCell & ({ readonly outcome: 'banker' | 'player' } | { readonly colour: 'red' | 'blue' });

/**
 * The would-be marks of the next Banker and the next Player, blinking in place (ROADS.md §5), each in a dashed frame. Each side keeps its
 * element from hand to hand (only its place and colour change); the blink starts anew because the animation's
 * name alternates with `askKey`'s parity (`ask-a` / `ask-b`), and a new animation name restarts a CSS animation:
 * no element is removed and inserted on each hand for it.
 */
function askMarks(
  size: RoadSize,
  askKey: string,
  glyph: 'circle' | 'ring' | 'dot' | 'slash',
  ask: { readonly banker: AskPreview; readonly player: AskPreview },
  pick: (a: AskPreview) => AskCell | null,
): Mark[] {
  const marks: Mark[] = [];
  for (const side of ['banker', 'player'] as const) {
    const at = pick(ask[side]);
    if (!at || !visible(size, at.col)) continue;
    const key = `ask-${side}`;
    const run = askRun(askKey);
    // The cell framed with a dashed line, the would-be mark smaller inside it (styles): a preview, never mistaken for
    // a result, even in a still picture.
    const [fx, fy] = centre(size, at.col, at.row);
    const h = size.cell * 0.44;
    marks.push({
      key: `${key}-f`,
      tag: 'path',
      cls: `ask ask-${side} ${run} ask-frame`,
      d: `M${r2(fx - h)} ${r2(fy - h)}H${r2(fx + h)}V${r2(fy + h)}H${r2(fx - h)}Z`,
      sw: r2(Math.max(1, size.cell * 0.05)),
    });
    if (glyph === 'circle' && 'outcome' in at) {
      const [cx, cy] = centre(size, at.col, at.row);
      const cls = `ask ask-${side} ${run} circle ${at.outcome}`;
      marks.push({
        key,
        tag: 'circle',
        cls,
        cx: r2(cx),
        cy: r2(cy),
        r: r2(size.cell * BIG_CIRCLE.r),
        sw: r2(size.cell * BIG_CIRCLE.sw),
      });
    } else if (glyph !== 'circle' && 'colour' in at) {
      marks.push(derivedMark(key, `ask ask-${side} ${run} ${glyph} ${at.colour}`, glyph, size, at));
    }
  }
  return marks;
}
