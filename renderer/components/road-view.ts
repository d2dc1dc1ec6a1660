/**
 * The common part of every road view: Lit renders the `<svg>` (viewBox sized to the element, paper, grid,
 * ARIA), over it an `<svg>` per tile of 8 columns in use (up to where the next hand can go: made a frame after the hand
 * before, never in the frame that shows a hand) and one for the would-be marks, each with an empty
 * `g.marks` per strip; after each update the subclass's marks are drawn into them by `drawRoad()`. A hand changes
 * a tile or two, and Chromium repaints only the `<svg>` that changed: one `<svg>` for the whole road cost a late-shoe
 * hand twice the paint of an early one (renderer bench, issue 13). The cell size follows the element's height (rows fill it, on `strips` lines); the columns shown are
 * as many as fit, scrolled by whole streaks so the newest stay in view (road-window.ts): marks keep their road
 * coordinates and each strip's group is translated, so a scroll is one attribute per strip, not every mark.
 *
 * The host reflects what it shows, for monitoring and tests: `data-columns` (columns it can show: per strip ×
 * strips), `data-from` (the first column shown; 0 while nothing has scrolled away) and `data-cell` (cell edge, px).
 *
 * ```ts
 * class KioskBigRoad extends RoadView { protected lastColumn() {…} protected marks(size) {…} }
 * ```
 * @packageDocumentation
 */
import { LitElement, html, nothing, svg, type PropertyValues } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { repeat } from 'lit/directives/repeat.js';
import { property, state } from 'lit/decorators.js';
import type { Ask } from '../../baccarat/roads/types';
import { inNextFrame, NO_FRAME, type NextFrame } from '../controllers/next-frame';
import { drawRoad } from '../draw/draw-road';
import { layoutGrid } from '../draw/layout-grid';
import { allMarks, type Mark, type RoadMarks, type RoadSize } from '../draw/marks';
import { roadWindow, stripSize, tilesInUse, type RoadWindow, type WindowCell } from '../draw/road-window';
import { DEFAULT_LANGUAGE, type Language } from '../localization';
import { markStyles, sharedStyles } from './shared.styles';
import { roadViewStyles } from './road-view.styles';

/** Cell size used before the element has been measured (detached, or not laid out yet), in px. */
const UNMEASURED_CELL = 24;
/**
 * Space between two strips of a road (a portrait board's big road is on two lines), in cells: a band of the board's
 * own colour from edge to edge, so that the lines read as two roads of six rows, the second going on from the first as
 * lines of text do. A fifth of a cell of paper read as one road of twelve rows (found by a patron review). A third of
 * a cell is 12 px at 1080 × 1920, taken from the panels under the roads: the fullest sign column had no more to give.
 */
const STRIP_GAP = 0.3;

/**
 * @cssproperty --kiosk-road-bg - Paper of the road.
 * @cssproperty --kiosk-road-grid - Grid lines.
 */
export abstract class RoadView extends LitElement {
  static override styles = [sharedStyles, markStyles, roadViewStyles];

  @state() private box: { readonly width: number; readonly height: number } | null = null;

  /** Grid height in cells (ROADS.md: 6). */
  @property({ type: Number }) rows = 6;
  /** Columns to show per strip; 0 shows as many as fit the element. */
  @property({ type: Number }) columns = 0;
  /** Lines the road is drawn on, one under the other, breaking between whole streaks (a narrow portrait board). */
  @property({ type: Number }) strips = 1;
  /** Language of the accessible name. */
  @property() language: Language = DEFAULT_LANGUAGE;
  /** Colour theme; `colour-blind` adds shape cues (reflected for the styles). */
  @property({ reflect: true }) theme: 'classic' | 'colour-blind' = 'classic';
  /** Hides the blinking would-be marks of the ask roads. */
  @property({ type: Boolean, reflect: true, attribute: 'ask-blink-off' }) askBlinkOff = false;
  /** Hides the would-be marks without restarting their blink when shown again (while the board is out of step). */
  @property({ type: Boolean, reflect: true, attribute: 'ask-hidden' }) askHidden = false;

  /**
   * The hand count the would-be marks blink by, and the ask they show. Their class alternates with the count, which
   * restarts their blink. Both follow the view's `askKey` and `ask` one frame behind, so that the frame that draws a
   * hand's result carries the result alone, and the would-be marks move and blink in the next. Moving them (their
   * places and frames, in four roads) and starting the board's sixteen blink animations cost about as much as
   * drawing the result (renderer bench). No one sees them a frame later: by the next hand, 20 s or more later at a
   * table, the last blink is long over and the marks are hidden.
   */
  @state() protected blinkKey = '';
  @state() protected askShown: Ask | null = null;

  /**
   * Whether the newest result's fade-in runs. A new result is drawn dim (the fade's first frame) in the frame that
   * shows it, and its fade starts in the next: starting five animations on the compositor (a layer for each mark,
   * its effect) cost the frame that shows a result 0.1-0.5 ms of its ~6 (traced at 4K); a frame later it shows the
   * same. Subclasses pass it to their layout as `fading`.
   *
   * The result before keeps its highlight's classes until then too (`held`, passed to the layout): its fade ended
   * long ago, so taking them off shows nothing, and a frame later it is not the frame that shows a result.
   */
  @state() protected fading = true;
  @state() protected held: unknown = null;
  /**
   * The column the tiles are made up to ahead of the results: where the next hand's marks can go (the would-be
   * marks' columns, and the column after the last result). It follows the hand a frame behind too, so that no hand
   * makes a tile in the frame that shows it: a new tile's <svg> cost that frame a tenth more (its style and layout;
   * a road makes one every 8 columns, and such hands were the 4K board's slowest, renderer bench). A result beyond
   * it (a first draw, several hands at once) gets its tile at once.
   */
  @state() private ahead = -1;
  /** What follows the hand a frame behind (the blink, the fade, the tiles ahead), run together: one update of the road. */
  private readonly later = new Map<'blink' | 'fade' | 'ahead', () => void>();
  private laterFrame: NextFrame = NO_FRAME;
  private freshWas = '';
  private freshBefore: unknown = null;

  private grid = { key: '', d: '' };
  private layersKey = ''; // what the tiles' and the would-be marks' <svg> were last rendered for
  private groups: MarkGroups | null = null;
  private observer: ResizeObserver | null = null;
  private cell = UNMEASURED_CELL;
  private window: RoadWindow = { cols: 1, from: 0, starts: [0], ends: [1] };
  private last = -1; // the rightmost column in use, the would-be marks' included
  private tilesTo = -1; // the rightmost column with a tile: the results', or further ahead

  override connectedCallback(): void {
    super.connectedCallback();
    this.observer = new ResizeObserver((entries) => {
      const r = entries[entries.length - 1]?.contentRect;
      if (!r) return;
      const next = { width: Math.round(r.width), height: Math.round(r.height) };
      if (next.width > 0 && next.height > 0 && (next.width !== this.box?.width || next.height !== this.box.height)) {
        this.box = next;
      }
    });
    this.observer.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.observer?.disconnect();
    this.observer = null;
    this.laterFrame.now(); // shown when it comes back
  }

  /**
   * Call when the view's `askKey` or `ask` changes: the would-be marks follow them a frame behind (at once on the
   * first draw).
   */
  protected followBlink(askKey: string, ask: Ask | null): void {
    const follow = () => {
      this.blinkKey = askKey;
      this.askShown = ask;
    };
    if (this.hasUpdated) this.followLater('blink', follow);
    else {
      this.later.delete('blink');
      follow();
    }
  }

  /**
   * Runs `fn` in the frame after the one that shows this update, with whatever else waits for it; a newer `fn` of the
   * same kind supersedes the one waiting, and everything waits from the latest hand.
   */
  private followLater(kind: 'blink' | 'fade' | 'ahead', fn: () => void): void {
    this.later.set(kind, fn);
    this.laterFrame.cancel();
    this.laterFrame = inNextFrame(() => {
      const fns = [...this.later.values()];
      this.later.clear();
      for (const f of fns) f();
    });
  }

  protected override willUpdate(_changed?: PropertyValues): void {
    const value = this.freshValue();
    const fresh = value === null ? '' : JSON.stringify(value);
    if (fresh !== this.freshWas) {
      // A new result (not the same one passed again, as a re-render of the board does): its fade waits a frame, and
      // the result before keeps its classes until then.
      if (this.hasUpdated && fresh !== '') {
        this.fading = false;
        this.held = this.freshWas === '' ? null : this.freshBefore;
        this.followLater('fade', () => {
          this.fading = true;
          this.held = null;
        });
      } else {
        this.later.delete('fade');
        this.fading = true;
        this.held = null;
      }
      this.freshWas = fresh;
      this.freshBefore = value;
    }
    const strips = Math.max(1, Math.floor(this.strips));
    const cell = this.box ? this.box.height / (strips * this.rows + (strips - 1) * STRIP_GAP) : UNMEASURED_CELL;
    const cols = this.columns || (this.box ? Math.floor(this.box.width / cell + 0.02) : 20);
    this.cell = cell;
    const results = this.resultColumn();
    this.last = Math.max(results, this.askColumn());
    const ahead = Math.max(this.last, results + 1);
    if (!this.hasUpdated) {
      this.later.delete('ahead');
      this.ahead = ahead;
    } else if (ahead !== this.ahead) this.followLater('ahead', () => (this.ahead = ahead));
    this.tilesTo = Math.max(results, this.ahead);
    this.window = roadWindow(this.windowCells(), this.last, cols, strips);
  }

  protected override updated(): void {
    const strips = this.window.starts.map((_, k) => this.marks(this.stripSize(k)));
    const groups = this.markGroups();
    // Each tile's marks into its own <svg>: a tile no hand changed is passed over at once (drawRoad), not repainted.
    for (const [t, gs] of groups.tiles) gs.forEach((g, k) => drawRoad(g, strips[k]?.tiles[t] ?? []));
    groups.ask.forEach((g, k) => drawRoad(g, strips[k]?.ask ?? []));
    const w = this.window;
    this.reflect('columns', String(w.cols * w.starts.length));
    this.reflect('from', String(w.from));
    this.reflect('cell', String(Math.round(this.cell * 100) / 100));
  }

  /** The marks groups of each tile's <svg> and of the would-be marks', each strip's: found again when they change. */
  private markGroups(): MarkGroups {
    if (this.groups?.key === this.layersKey) return this.groups;
    const strips = (svgEl: Element) => [...svgEl.querySelectorAll<SVGGElement>('g.marks')];
    const tiles = [...this.renderRoot.querySelectorAll<SVGSVGElement>('svg.tile')];
    const ask = this.renderRoot.querySelector('svg.ask-layer');
    this.groups = {
      key: this.layersKey,
      tiles: tiles.map((el) => [Number(el.dataset['tile']), strips(el)] as const),
      ask: ask ? strips(ask) : [],
    };
    return this.groups;
  }

  /** The grid lines' path, laid out again only when the cell or the window's size changes (not on a hand). */
  private gridPath(cell: number, rows: number, cols: number): string {
    const key = `${cell} ${rows} ${cols}`;
    if (this.grid.key !== key) this.grid = { key, d: layoutGrid({ cell, rows, cols, offset: 0 }) };
    return this.grid.d;
  }

  private reflect(name: string, value: string): void {
    if (this.dataset[name] !== value) this.dataset[name] = value;
  }

  private stripSize(k: number): RoadSize {
    return stripSize(this.window, k, this.cell, this.rows);
  }

  /** Which mark is the newest result (null: none), the view's `fresh`: its highlight fades in once, when it changes. */
  protected abstract freshValue(): unknown;

  /** The rightmost column of the would-be marks (ask cells), or -1 when there are none. */
  protected abstract askColumn(): number;

  /** The rightmost column of the results alone (no would-be marks), or -1 when empty. */
  protected abstract resultColumn(): number;

  /** The cells that decide where the road may scroll or wrap (with their streak starts; the bead plate: none). */
  protected abstract windowCells(): readonly WindowCell[];

  /** The marks of the visible window, by tile. */
  protected abstract marks(size: RoadSize): RoadMarks;

  /** The accessible name: the road and a short summary of what is on it. */
  protected abstract accessibleName(): string;

  /** The marks as they would be drawn now, every strip's (for tests and snapshots). */
  currentMarks(): Mark[] {
    return this.window.starts.flatMap((_, k) => allMarks(this.marks(this.stripSize(k))));
  }

  override render() {
    const { cell, rows } = this;
    const { cols, starts } = this.window;
    const r2 = (n: number) => Math.round(n * 100) / 100;
    const w = r2(cols * cell);
    const line = rows * cell + STRIP_GAP * cell; // one strip and the gap under it
    const h = r2(starts.length * line - STRIP_GAP * cell);
    const grid = this.gridPath(cell, rows, cols);
    const box = `0 0 ${w} ${h}`;
    const strip = (k: number) => `translate(0 ${r2(k * line)})`;
    const scroll = (start: number) => `translate(${start === 0 ? 0 : r2(-start * cell)} 0)`;
    // The paper and the grid; over them an <svg> for each tile of 8 columns in view (marks.ts, RoadMarks), and over
    // those the would-be marks'. Each holds a marks group per strip, drawn by drawRoad() (updated()). They change
    // only when the window does (a new tile, a scroll, a resize): not rendered again on every hand.
    const tiles = tilesInUse(this.window, this.tilesTo);
    this.layersKey = `${box} ${starts.join()} ${tiles.join()}`;
    const layer = (cls: string, t?: number) =>
      html`<svg
        class=${cls}
        data-tile=${ifDefined(t)}
        aria-hidden="true"
        viewBox=${box}
        preserveAspectRatio="xMidYMid meet"
      >
        ${starts.map(
          (start, k) => svg`<g class="strip" transform=${strip(k)}>
            <g class="marks" transform=${scroll(start)}></g>
          </g>`,
        )}
      </svg>`;
    return html`<svg
        part="svg"
        role="img"
        aria-label=${this.accessibleName()}
        viewBox=${box}
        preserveAspectRatio="xMidYMid meet"
      >
        ${starts.map(
          (_, k) => svg`<g class="strip" transform=${strip(k)}>
            ${k > 0 ? svg`<rect class="strip-gap" x=${-w} y=${r2(-STRIP_GAP * cell)} width=${r2(3 * w)} height=${r2(STRIP_GAP * cell)}></rect>` : nothing}
            <rect class="paper" width=${w} height=${r2(rows * cell)}></rect>
            <path class="grid" d=${grid}></path>
          </g>`,
        )}
      </svg>
      ${guard(
        [this.layersKey],
        () =>
          html`${repeat(
            tiles,
            (t) => t,
            (t) => layer('tile', t),
          )}
          ${layer('ask-layer')}`,
      )}`;
  }
}

/** The marks groups a road draws into: each tile's, and the would-be marks', one per strip. */
interface MarkGroups {
  readonly key: string;
  readonly tiles: readonly (readonly [number, readonly SVGGElement[]])[];
  readonly ask: readonly SVGGElement[];
}
