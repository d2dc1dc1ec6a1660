/**
 * `<kiosk-derived-road road="bigEyeBoy|smallRoad|cockroachPig">`: one of the three derived roads (ROADS.md §4)
 * with its own glyph (rings, solid dots, slashes), red or blue, laid out like a big road with dragon tails;
 * with `ask`, the would-be marks blink in place.
 *
 * ```html
 * <kiosk-derived-road road="smallRoad" .cells=${map.smallRoad.cells}></kiosk-derived-road>
 * ```
 * @packageDocumentation
 */
import type { PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Ask, DerivedCell, GridCell } from '../../baccarat/roads/types';
import type { DerivedRoadName } from '../../baccarat/types';
import { layoutDerivedRoad } from '../draw/layout-road';
import { lastCol, type RoadMarks, type RoadSize } from '../draw/marks';
import { plain } from '../localization';
import { RoadView } from './road-view';

/**
 * A derived road.
 * @cssproperty --kiosk-red - Red marks (the road repeats; not Banker).
 * @cssproperty --kiosk-blue - Blue marks (the road is choppy; not Player).
 */
@customElement('kiosk-derived-road')
export class KioskDerivedRoad extends RoadView {
  /** Which derived road. */
  @property() road: DerivedRoadName = 'bigEyeBoy';
  /** Its cells, as placed by the core. */
  @property({ attribute: false }) cells: readonly DerivedCell[] = [];
  /** The ask roads; this road's would-be marks blink in place. */
  @property({ attribute: false }) ask: Ask | null = null;
  /** Changes with every hand so the ask marks blink anew. */
  @property({ attribute: false }) askKey = '';
  /** Index in `cells` of the newest mark, highlighted briefly. */
  @property({ attribute: false }) fresh: number | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('askKey') || changed.has('ask')) this.followBlink(this.askKey, this.ask);
    super.willUpdate(changed);
  }

  protected freshValue() {
    return this.fresh;
  }

  protected windowCells() {
    return this.cells;
  }

  protected resultColumn(): number {
    return lastCol(this.cells);
  }

  protected askColumn(): number {
    const ask: GridCell[] = [];
    for (const side of [this.ask?.banker, this.ask?.player]) {
      const at = side?.cells[this.road];
      if (at) ask.push(at);
    }
    return lastCol(ask);
  }

  protected marks(size: RoadSize): RoadMarks {
    return layoutDerivedRoad(this.road, this.cells, size, {
      fresh: this.fresh,
      fading: this.fading,
      held: this.held as number | null,
      ask: this.askShown,
      askKey: this.blinkKey,
    });
  }

  protected accessibleName(): string {
    const red = this.cells.filter((c) => c.colour === 'red').length;
    return `${roadName(this.language, this.road)}: ${red} / ${this.cells.length - red}`;
  }
}

/** The name of a derived road in a language (plain text). */
export function roadName(lang: Parameters<typeof plain>[0], road: DerivedRoadName): string {
  if (road === 'bigEyeBoy') return plain(lang, 'road.bigEyeBoy', 'Big Eye Boy');
  if (road === 'smallRoad') return plain(lang, 'road.smallRoad', 'Small Road');
  return plain(lang, 'road.cockroachPig', 'Cockroach Pig');
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-derived-road': KioskDerivedRoad;
  }
}
