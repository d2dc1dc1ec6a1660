/**
 * `<kiosk-bead-plate>`: every hand of the shoe in play order, six to a column (ROADS.md §2), labelled with the
 * winner (庄 / 閒 / 和 or B / P / T) or the winning points, with pair dots and a gold star on a natural. When the
 * plate is full the oldest column scrolls out (one column at a time, never re-flowed).
 *
 * ```html
 * <kiosk-bead-plate .beads=${map.beadPlate} label="hanzi" .fresh=${12}></kiosk-bead-plate>
 * ```
 * @packageDocumentation
 */
import { customElement, property } from 'lit/decorators.js';
import type { BeadCell } from '../../baccarat/roads/types';
import { hanziLabels, LETTERS } from '../draw/bead-labels';
import { layoutBeadPlate } from '../draw/layout-road';
import { lastCol, type RoadMarks, type RoadSize } from '../draw/marks';
import { localeOf, plain } from '../localization';
import { RoadView } from './road-view';

/**
 * The bead plate.
 * @cssproperty --kiosk-banker - Banker bead.
 * @cssproperty --kiosk-player - Player bead.
 * @cssproperty --kiosk-tie - Tie bead.
 * @cssproperty --kiosk-bead-ink - Bead label.
 */
@customElement('kiosk-bead-plate')
export class KioskBeadPlate extends RoadView {
  /** Every hand on the roads, as beads. */
  @property({ attribute: false }) beads: readonly BeadCell[] = [];
  /** What a bead says: `hanzi`, `letters` or `points`. */
  @property() label: 'hanzi' | 'letters' | 'points' = 'hanzi';
  /** Index of the newest bead, highlighted briefly; null for none. */
  @property({ attribute: false }) fresh: number | null = null;

  protected freshValue() {
    return this.fresh;
  }

  protected windowCells() {
    return this.beads;
  }

  protected resultColumn(): number {
    return lastCol(this.beads);
  }

  protected askColumn(): number {
    return -1; // no would-be marks on the bead plate
  }

  protected marks(size: RoadSize): RoadMarks {
    const labels =
      this.label === 'points' ? 'points' : this.label === 'letters' ? LETTERS : hanziLabels(localeOf(this.language));
    return layoutBeadPlate(this.beads, size, {
      labels,
      fresh: this.fresh,
      fading: this.fading,
      held: this.held as number | null,
    });
  }

  protected accessibleName(): string {
    const n = this.beads.length;
    return `${plain(this.language, 'road.bead', 'Bead Plate')}: ${n}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-bead-plate': KioskBeadPlate;
  }
}
