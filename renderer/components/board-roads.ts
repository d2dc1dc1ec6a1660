/**
 * The board's roads: big road (with the ask panel in its title row), bead plate and the three derived roads (one
 * legend names them, each with the glyph it is drawn with), from the controller's memoised roadmap, as pieces for
 * the layout to place: a landscape board puts the bead plate's title and the legend in one row over both. While the board is out of step (`updating`), they stay drawn with the last good shoe, subdued by the
 * board's styles, the would-be marks of the ask roads hidden (they would predict from stale roads), and one calm
 * line in the big road's title row says so: "Updating results · 路单更新中". It is placed over the title row, so it
 * moves nothing. A new result's glow is not suppressed: the host sends no new result while out of step. Once the
 * shoe has no next hand ({@link noNextHand}), the would-be marks are hidden too, and the board hides the ask panel.
 *
 * ```ts
 * const roads = boardRoads({ view, roads: this.shoe.roads, lang, askBlinkOff: false, updating: null });
 * html`<main>${roads.big}<div>${roads.beadTitle}${roads.legend}</div>${roads.bead}${roads.derived}</main>`;
 * ```
 * @packageDocumentation
 */
import { html, nothing, svg, type TemplateResult } from 'lit';
import type { TableView } from '../../contract/kiosk';
import { DERIVED_ROADS, type DerivedRoadName } from '../../baccarat/types';
import { NOTHING_FRESH, type ShoeRoads } from '../controllers/shoe-controller';
import type { StaleWords } from '../controllers/stale-picture';
import { DERIVED_GLYPH } from '../draw/glyphs';
import { chineseTag, message, tr, type Language } from '../localization';
import './ask-panel';
import './bead-plate-view';
import './big-road-view';
import './derived-road-view';

/** What the roads are drawn from. */
export interface BoardRoads {
  readonly view: TableView;
  readonly roads: ShoeRoads | null;
  readonly lang: Language;
  readonly askBlinkOff: boolean; // no blinking would-be marks (the page's ?askBlink=0, for tests)
  /** Behind its table, as patrons see it (stale-picture.ts): subdued roads, no motion, the line below in its words. */
  readonly updating: StaleWords | null;
  readonly phase?: unknown; // what goes after the big road's title: the round's phase (a landscape board's place)
  readonly closed?: boolean; // the table is closed: no next hand to predict while it is
}

/**
 * The line patrons read while the board is behind its table, each language in its own words side by side: "Updating
 * results", "路单更新中", "Updating results · 路單更新中"; with its table's controller offline, "Results paused",
 * "路单暂停更新".
 */
function updatingLine(lang: Language, words: StaleWords) {
  const m =
    words === 'paused' ? message(lang, 'paused', 'Results paused') : message(lang, 'updating', 'Updating results');
  const zh = chineseTag(lang);
  return html`<p class="updating" role="status" data-text=${words}>
    ${lang === 'en' || lang.startsWith('en+') ? html`<span lang="en">${m.en}</span>` : nothing}
    ${m.zh !== null && lang.startsWith('en+') ? html`<span class="sep" aria-hidden="true">·</span>` : nothing}
    ${m.zh !== null ? html`<span lang=${zh ?? 'zh'}>${m.zh}</span>` : nothing}
  </p>`;
}

/** The board's roads, each in its own section, for the layout to place (see {@link BoardRoads}). */
export interface RoadSections {
  readonly big: TemplateResult; // the big road's section: its title and the ask panel in one row, then the road
  readonly beadTitle: TemplateResult;
  readonly bead: TemplateResult; // the bead plate, without its title
  readonly legend: TemplateResult; // the derived roads' names, each with the glyph it is drawn with
  readonly derived: TemplateResult; // the three derived roads, one under the other, without the legend
}

/**
 * Whether the view's shoe has no next hand, as the host says it: the shoe has ended (its phase, or SHOE END), or its
 * last coup has been dealt (LAST COUP `dealt`; the host decides, see mqtt-bridge/notices.ts). The ask roads, which
 * say what the next hand would draw, are hidden then (their place kept) until another shoe is shown.
 */
export function noNextHand(view: TableView): boolean {
  if (view.shoe?.phase === 'ended') return true;
  return view.notices.some((n) => n.kind === 'shoeEnd' || (n.kind === 'lastCoup' && n.dealt === true));
}

/** The roads of a view (see {@link BoardRoads}); the big road on `strips` lines (2 on a portrait board). */
export function boardRoads(
  { view, roads, lang, askBlinkOff, updating, phase = nothing, closed = false }: BoardRoads,
  strips = 1,
): RoadSections {
  const map = roads?.map;
  const fresh =
    view.change?.kind === 'hand' || view.change?.kind === 'correction'
      ? (roads?.fresh ?? NOTHING_FRESH)
      : NOTHING_FRESH;
  const theme = view.settings.theme;
  // The ask roads (BoardSettings.askPreview): in the panel unless off, in place (in the roads) only when asked.
  const preview = view.settings.askPreview ?? 'in-place';
  const ask = preview === 'off' ? null : (roads?.ask ?? null);
  const inPlace = preview === 'in-place' ? ask : null;
  const askKey = String(map?.hands ?? 0);
  // Stale roads, or no next hand to predict: the shoe has none, or the table is closed (its roads stay shown).
  const askHidden = updating !== null || noNextHand(view) || closed;
  const road = (name: DerivedRoadName) =>
    html`<kiosk-derived-road
      class=${name}
      road=${name}
      .cells=${map?.[name].cells ?? []}
      .ask=${inPlace}
      .askKey=${askKey}
      .fresh=${fresh[name]}
      .language=${lang}
      .theme=${theme}
      ?ask-blink-off=${askBlinkOff}
      ?ask-hidden=${askHidden}
    ></kiosk-derived-road>`;
  const legend = (name: DerivedRoadName) =>
    html`<span class="legend-item" data-road=${name}>${legendGlyph(name)}${roadTitle(lang, name)}</span>`;
  return {
    big: html`<section class="panel road big">
      <div class="road-head">
        <h2 class="title">${tr(lang, 'road.big', 'Big Road')}</h2>
        ${phase}
        ${
          preview === 'off'
            ? nothing
            : html`<kiosk-ask
                .ask=${ask}
                .language=${lang}
                .theme=${theme}
                bead-label=${view.settings.beadLabel}
              ></kiosk-ask>`
        }
        ${updating ? updatingLine(lang, updating) : nothing}
      </div>
      <kiosk-big-road
        strips=${strips}
        .cells=${map?.bigRoad.cells ?? []}
        .ask=${inPlace}
        .askKey=${askKey}
        .fresh=${fresh.bigRoad}
        .language=${lang}
        .theme=${theme}
        ?ask-blink-off=${askBlinkOff}
        ?ask-hidden=${askHidden}
      ></kiosk-big-road>
    </section>`,
    beadTitle: html`<h2 class="title bead-title">${tr(lang, 'road.bead', 'Bead Plate')}</h2>`,
    bead: html`<kiosk-bead-plate
      .beads=${map?.beadPlate ?? []}
      label=${view.settings.beadLabel}
      .fresh=${fresh.bead}
      .language=${lang}
      .theme=${theme}
    ></kiosk-bead-plate>`,
    legend: html`<h2 class="title legend">${DERIVED_ROADS.map(legend)}</h2>`,
    derived: html`${DERIVED_ROADS.map(road)}`,
  };
}

/** A derived road's name as its title. */
function roadTitle(lang: Language, road: DerivedRoadName) {
  if (road === 'bigEyeBoy') return tr(lang, 'road.bigEyeBoy', 'Big Eye Boy');
  if (road === 'smallRoad') return tr(lang, 'road.smallRoad', 'Small Road');
  return tr(lang, 'road.cockroachPig', 'Cockroach Pig');
}

/** The glyph a derived road is drawn with (ROADS.md §4.6), beside its name in the legend. */
function legendGlyph(road: DerivedRoadName) {
  const g = DERIVED_GLYPH[road];
  const mark =
    g === 'ring'
      ? svg`<circle class="ring" cx="10" cy="10" r="6.4" stroke-width="3"></circle>`
      : g === 'dot'
        ? svg`<circle class="dot" cx="10" cy="10" r="7"></circle>`
        : svg`<path class="slash" d="M4.5 15.5L15.5 4.5" stroke-width="3.4"></path>`;
  return html`<svg class="glyph" viewBox="0 0 20 20" aria-hidden="true">${mark}</svg>`;
}
