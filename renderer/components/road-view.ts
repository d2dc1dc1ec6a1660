/**
 * The common part of every road view: Lit renders the `<svg>` (viewBox sized to the element, paper, grid,
 * ARIA) and an empty `g.marks`; after each update the subclass's marks are drawn into it by `drawRoad()`.
 * The cell size follows the element's height (rows fill it); the columns shown are as many as fit, scrolled so
 * the newest stay in view: marks keep their road coordinates and the marks' group is translated, so a scroll is
 * one attribute, not every mark.
 *
 * ```ts
 * class KioskBigRoad extends RoadView { protected lastColumn() {…} protected marks(size) {…} }
 * ```
 * @packageDocumentation
 */
import { LitElement, html } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { drawRoad } from '../draw/draw-road';
import { layoutGrid } from '../draw/layout-grid';
import { roadSize, scrollX, type Mark, type RoadSize } from '../draw/marks';
import { DEFAULT_LANGUAGE, type Language } from '../localization';
import { markStyles, sharedStyles } from './shared.styles';
import { roadViewStyles } from './road-view.styles';

/** Cell size used before the element has been measured (detached, or not laid out yet), in px. */
const UNMEASURED_CELL = 24;

/**
 * @cssproperty --kiosk-road-bg - Paper of the road.
 * @cssproperty --kiosk-road-grid - Grid lines.
 */
export abstract class RoadView extends LitElement {
  static override styles = [sharedStyles, markStyles, roadViewStyles];

  @state() private box: { readonly width: number; readonly height: number } | null = null;

  /** Grid height in cells (ROADS.md: 6). */
  @property({ type: Number }) rows = 6;
  /** Columns to show; 0 shows as many as fit the element. */
  @property({ type: Number }) columns = 0;
  /** Language of the accessible name. */
  @property() language: Language = DEFAULT_LANGUAGE;
  /** Colour theme; `colour-blind` adds shape cues (reflected for the styles). */
  @property({ reflect: true }) theme: 'classic' | 'colour-blind' = 'classic';
  /** Hides the blinking would-be marks of the ask roads. */
  @property({ type: Boolean, reflect: true, attribute: 'ask-blink-off' }) askBlinkOff = false;
  /** Hides the would-be marks without restarting their blink when shown again (while the board is out of step). */
  @property({ type: Boolean, reflect: true, attribute: 'ask-hidden' }) askHidden = false;

  @query('g.marks') private marksGroup!: SVGGElement;
  private observer: ResizeObserver | null = null;
  private size: RoadSize = { cell: UNMEASURED_CELL, rows: 6, cols: 1, offset: 0 };

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
  }

  protected override willUpdate(): void {
    const cell = this.box ? this.box.height / this.rows : UNMEASURED_CELL;
    const cols = this.columns || (this.box ? Math.floor(this.box.width / cell + 0.02) : 20);
    this.size = roadSize({ cell, rows: this.rows, cols }, this.lastColumn());
  }

  protected override updated(): void {
    drawRoad(this.marksGroup, this.marks(this.size));
  }

  /** The rightmost column that must stay in view (ask cells included), or -1 when empty. */
  protected abstract lastColumn(): number;

  /** The marks of the visible window. */
  protected abstract marks(size: RoadSize): Mark[];

  /** The accessible name: the road and a short summary of what is on it. */
  protected abstract accessibleName(): string;

  /** The marks as they would be drawn now (for tests and snapshots). */
  currentMarks(): Mark[] {
    return this.marks(this.size);
  }

  override render() {
    const { cell, cols, rows } = this.size;
    const w = Math.round(cols * cell * 100) / 100;
    const h = Math.round(rows * cell * 100) / 100;
    return html`<svg
      part="svg"
      role="img"
      aria-label=${this.accessibleName()}
      viewBox="0 0 ${w} ${h}"
      preserveAspectRatio="xMidYMid meet"
    >
      <rect class="paper" width=${w} height=${h}></rect>
      <path class="grid" d=${layoutGrid(this.size)}></path>
      <g class="marks" transform="translate(${scrollX(this.size)} 0)"></g>
    </svg>`;
  }
}
