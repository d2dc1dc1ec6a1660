/**
 * Where an ended shoe's record (its digest and QR code) goes: at the foot of the sign column where the pays and
 * limits leave it room, so that the shoe's final statistics stay in view while patrons wait for the next shoe; else
 * over the statistics, which keep their room hidden. Tried when the record comes, and again when what the column
 * holds or where it stands changes while it shows (compared by identity, as the fit's), once the board's fit has
 * settled (the record must not take the room the fit gave the pit's message): the record is drawn in the column,
 * the column measured, and if it overflows the record goes over the statistics, all before the frame is painted.
 * Never on a hand: a shoe that has ended deals none.
 *
 * ```ts
 * private readonly record = new RecordPlaceController(this);              // in <kiosk-app>
 * const inSigns = this.record.inSigns;                                     // in render()
 * this.record.follow(view, [language, aspect, size, messageInSigns], this.fit.busy); // in updated()
 * ```
 * @packageDocumentation
 */
import type { LitElement, ReactiveController, ReactiveControllerHost } from 'lit';
import type { TableView } from '../../contract/kiosk';
import { overflows } from './fit-measure';

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

/** `wait`: for the fit; `try`: drawn in the column; `measure`: measured there; then where it stays. */
type Place = 'none' | 'wait' | 'try' | 'measure' | 'signs' | 'stats';

export class RecordPlaceController implements ReactiveController {
  private what: readonly unknown[] | null = null;
  private place: Place = 'none';

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  hostConnected(): void {
    this.what = null; // put back on the page: placed anew
    this.place = 'none';
  }

  /** Whether the record goes in the sign column now (else over the statistics). */
  get inSigns(): boolean {
    return this.place === 'try' || this.place === 'measure' || this.place === 'signs';
  }

  /**
   * Call in the host's `updated()` with the view shown, what else the column's room depends on (compared by
   * identity: the language, the screen, where the fit put the message), and whether the board's fit is measuring.
   */
  follow(view: TableView | null, also: readonly unknown[], busy: boolean): void {
    const record = view?.shoeRecord;
    const signed = !!(view?.payTable || view?.signage); // else no sign column
    const what = record && signed ? [record.digest, view.payTable, view.signage, ...also] : null;
    const was = this.what;
    const same = what !== null && was !== null && what.length === was.length && what.every((w, i) => w === was[i]);
    if (!same) {
      this.what = what;
      this.place = what === null ? 'none' : 'wait';
    }
    if (this.place === 'wait' && !busy) this.move('try');
    else if (this.place === 'try') {
      this.place = 'measure';
      void this.measure();
    }
  }

  /** Once the record has drawn itself in the column (its own update, before the frame): whole there, or not. */
  private async measure(): Promise<void> {
    const what = this.what;
    const column = this.host.renderRoot.querySelector<HTMLElement>('.panel.signs');
    const el = column?.querySelector<LitElement>('shoe-record');
    if (el) await el.updateComplete;
    if (this.what !== what || this.place !== 'measure') return; // moved on meanwhile
    const record = el?.shadowRoot?.querySelector<HTMLElement>('.record');
    // Whole, its digest's lines too (the record clips what is wider than the column).
    const whole = !!record && !overflows(column!) && record.scrollWidth <= record.clientWidth + 1;
    this.move(whole ? 'signs' : 'stats');
  }

  private move(place: Place): void {
    const shown = this.inSigns;
    this.place = place;
    if (this.inSigns !== shown || place === 'try') this.host.requestUpdate();
  }
}
