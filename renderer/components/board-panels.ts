/**
 * The board's panels other than the roads, as pieces for `<kiosk-app>`'s layout to place: the header (brand, table
 * name, limits, round phase, connection), the last hand, the statistics (or, once a shoe is over, its record over
 * them) and the sign column. Pure templates of the view: the board's state stays in `<kiosk-app>`.
 *
 * ```ts
 * const p = { view, lang, connection, roads: this.shoe.roads };
 * html`${header(p, staff, portrait, phase)}<main>${lastHand(p)}${stats(p, true)}${signs(p, foot)}</main>`;
 * ```
 * @packageDocumentation
 */
import { html, nothing } from 'lit';
import type { ConnectionView, TableView } from '../../contract/kiosk';
import { nextHandNo } from '../../baccarat/shoe';
import { lastShoeHand, type ShoeRoads } from '../controllers/shoe-controller';
import type { Language } from '../localization';
import type { staffStatus } from './board-footer';
import './connection-status';
import './last-hand';
import './limits-panel';
import './pay-table';
import './shoe-record';
import './stats-panel';

/** What the panels are drawn from. */
export interface PanelInputs {
  readonly view: TableView;
  readonly lang: Language;
  readonly connection: ConnectionView; // the one to show (lost while the link to the host itself is down)
  readonly roads: ShoeRoads | null;
}

/**
 * Header: brand, the table name, the limits, the connection; in portrait, `staff` beside the connection dot, where
 * the header's first row has room to spare (in landscape, the sign column's foot): either way it takes no room
 * from the roads. The notices have a band of their own (the footer's), so the header never changes size.
 */
export function header(
  { view, lang, connection }: PanelInputs,
  staff: ReturnType<typeof staffStatus>,
  portrait: boolean,
  phase: unknown,
  brief = false,
) {
  const logo = view.settings.logo ?? 'assets/logo.svg';
  return html`<header class="header">
    <div class="brand">
      <img class="logo" src=${logo} alt="" />
      ${view.casino ? html`<span class="casino">${view.casino.casinoName}</span>` : nothing}
    </div>
    <div class="table-name">
      <span class="name" data-text="table-name">${view.signage?.tableName ?? view.tableId}</span>
    </div>
    <kiosk-limits
      class="headline"
      show="headline"
      ?differential=${!portrait}
      ?brief=${brief}
      .signage=${view.signage}
      .pairsOffered=${view.payTable?.pairs != null}
      .language=${lang}
    ></kiosk-limits>
    <div class="status">
      ${phase} ${staff}
      <kiosk-connection .connection=${connection} .language=${lang}></kiosk-connection>
    </div>
  </header>`;
}

/** The last hand; `row`: on one row, its two sides beside each other (a portrait board, full width). */
export function lastHand({ view, lang }: PanelInputs, row = false) {
  const last = lastShoeHand(view);
  const noticed = view.notices.some(
    (n) => (n.kind === 'noBetsThisHand' || n.kind === 'roundVoid') && n.hand === last?.no && n.reason !== undefined,
  );
  return html`<section class="panel last-hand">
    <kiosk-last-hand
      .hand=${last}
      .language=${lang}
      ?reason-off=${noticed}
      ?row=${row}
      ?pair-kinds=${!!view.payTable?.perfectPairs}
    ></kiosk-last-hand>
  </section>`;
}

/**
 * The Super 6 count, with the six sign (up while its last round settles): the host's, from the hand modified odds
 * took effect; an older host sends none, and the shoe's count of Banker wins with 6 stands in.
 */
const superSix = (view: TableView, shoeCount: number): number | null =>
  view.payTable?.modifiedOddsSign !== true ? null : (view.payTable.superSix ?? shoeCount);

/**
 * The statistics; `wide`: in a few long lines (under the derived roads); `streaks`: with their streak line;
 * `record`: an ended shoe's record goes over them (not when the sign column has room for it: shoeRecord()).
 */
export function stats({ view, lang, roads: r }: PanelInputs, wide = false, streaks = true, record = true) {
  // A shoe that is over shows its record (digest, and where it is published) until the next shoe starts: the roads
  // still show the whole shoe. Over the statistics, they keep their room (hidden), so nothing moves.
  const over = record ? (view.shoeRecord ?? null) : null;
  return html`<section class="panel stats ${over ? 'record' : ''}">
    ${over ? html`<shoe-record .record=${over} .language=${lang}></shoe-record>` : nothing}
    <kiosk-stats
      ?wide=${wide}
      .stats=${r?.stats ?? null}
      .hand=${view.shoe ? nextHandNo(view.shoe) - 1 : 0}
      .shoeNo=${view.shoe?.no ?? null}
      .superSix=${superSix(view, r?.stats.bankerSix ?? 0)}
      bead-label=${view.settings.beadLabel}
      ?without-streaks=${!streaks}
      .language=${lang}
    ></kiosk-stats>
  </section>`;
}

/** An ended shoe's record at the sign column's foot (stacked: its title over the code and the digest beside). */
export function shoeRecord({ view, lang }: PanelInputs) {
  const record = view.shoeRecord ?? null;
  return record ? html`<shoe-record stacked .record=${record} .language=${lang}></shoe-record>` : nothing;
}

/**
 * The sign column: pays and the limits beyond the header's; nothing (it folds away) without signs. `foot`: what
 * goes at its foot (a landscape board's pit message and what staff should know). `limits`: the differential is
 * here (a portrait header has no room for it); `secondary`: the tie and pair maximums too, and the differential (the
 * header's limits are brief: FitController).
 */
export function signs(p: PanelInputs, foot: unknown = nothing, limits = true, secondary = false) {
  const { view, lang } = p;
  if (!view.payTable && !view.signage) return nothing;
  return html`<section class="panel signs">
    <kiosk-pay-table .payTable=${view.payTable} .language=${lang}></kiosk-pay-table>
    ${limits || secondary ? limitDetails(p, secondary) : nothing} ${foot}
  </section>`;
}

/** The limits beyond the header's: the maximum table differential of rule 5.17, and the others it has no room for. */
function limitDetails({ view, lang }: PanelInputs, secondary: boolean) {
  return html`<kiosk-limits
    class="details"
    show="details"
    ?secondary=${secondary}
    .signage=${view.signage}
    .pairsOffered=${view.payTable?.pairs != null}
    .language=${lang}
  ></kiosk-limits>`;
}
