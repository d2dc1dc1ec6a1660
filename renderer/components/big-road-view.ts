/**
 * `<kiosk-big-road>`: the big road (ROADS.md §3): hollow circles, green tie slashes with their count, pair dots
 * and dragon tails, exactly as the core placed them; with `ask`, the would-be circle of the next Banker and of
 * the next Player blinks in place.
 *
 * ```html
 * <kiosk-big-road .cells=${map.bigRoad.cells} .ask=${map.ask()}></kiosk-big-road>
 * ```
 * @packageDocumentation
 */
import type { PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Ask, BigRoadCell, GridCell } from '../../baccarat/roads/types';
import { layoutBigRoad } from '../draw/layout-road';
import { lastCol, type RoadMarks, type RoadSize } from '../draw/marks';
import { plain } from '../localization';
import { RoadView } from './road-view';

/**
 * The big road.
 * @cssproperty --kiosk-banker - Banker circle.
 * @cssproperty --kiosk-player - Player circle.
 * @cssproperty --kiosk-tie - Tie slash.
 */
@customElement('kiosk-big-road')
export class KioskBigRoad extends RoadView {
  /** The big road's cells, as placed by the core. */
  @property({ attribute: false }) cells: readonly BigRoadCell[] = [];
  /** The ask roads; their big-road circles blink in place. Null: no ask marks. */
  @property({ attribute: false }) ask: Ask | null = null;
  /** Changes with every hand so the ask marks blink anew (e.g. the number of hands). */
  @property({ attribute: false }) askKey = '';
  /** The cell the newest hand changed, highlighted briefly. */
  @property({ attribute: false }) fresh: GridCell | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('askKey') || changed.has('ask')) this.followBlink(this.askKey, this.ask);
    super.willUpdate(changed);
  }

  protected freshValue() {
    return this.fresh === null ? null : { col: this.fresh.col, row: this.fresh.row };
  }

  protected windowCells() {
    return this.cells;
  }

  protected resultColumn(): number {
    return lastCol(this.cells);
  }

  protected askColumn(): number {
    const ask = this.ask ? [this.ask.banker.bigRoad, this.ask.player.bigRoad] : [];
    return lastCol(ask);
  }

  protected marks(size: RoadSize): RoadMarks {
    return layoutBigRoad(this.cells, size, {
      fresh: this.fresh,
      fading: this.fading,
      held: this.held as GridCell | null,
      letters: this.theme === 'colour-blind',
      ask: this.askShown,
      askKey: this.blinkKey,
    });
  }

  protected accessibleName(): string {
    const columns = new Set(this.cells.map((c) => c.logicalCol)).size;
    return `${plain(this.language, 'road.big', 'Big Road')}: ${columns}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-big-road': KioskBigRoad;
  }
}
