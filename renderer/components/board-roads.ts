/**
 * The board's roads: big road, ask panel, bead plate and the three derived roads, from the controller's memoised
 * roadmap. While the board is out of step (`updating`), they stay drawn with the last good shoe, subdued by the
 * board's styles, the would-be marks of the ask roads hidden (they would predict from stale roads), and one calm
 * line in the big road's title row says so: "Updating results · 路单更新中". It is placed over the title row, so it
 * moves nothing. A new result's glow is not suppressed: the host sends no new result while out of step.
 *
 * ```ts
 * html`<main>${boardRoads({ view, roads: this.shoe.roads, lang, askBlinkOff: false, updating: false })}</main>`;
 * ```
 * @packageDocumentation
 */
import { html, nothing } from 'lit';
import type { TableView } from '../../contract/kiosk';
import { NOTHING_FRESH, type ShoeRoads } from '../controllers/shoe-controller';
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
  readonly askBlinkOff: boolean; // the board's setting: no blinking would-be marks
  readonly updating: boolean; // out of step, as patrons see it: subdued roads, no motion, the line below
}

/**
 * The line patrons read while the board is out of step, each language in its own words side by side: "Updating
 * results", "路单更新中", "Updating results · 路單更新中".
 */
function updatingLine(lang: Language) {
  const m = message(lang, 'updating', 'Updating results');
  const zh = chineseTag(lang);
  return html`<p class="updating" role="status" data-text="updating">
    ${lang === 'en' || lang.startsWith('en+') ? html`<span lang="en">${m.en}</span>` : nothing}
    ${m.zh !== null && lang.startsWith('en+') ? html`<span class="sep" aria-hidden="true">·</span>` : nothing}
    ${m.zh !== null ? html`<span lang=${zh ?? 'zh'}>${m.zh}</span>` : nothing}
  </p>`;
}

/** The roads of a view (see {@link BoardRoads}). */
export function boardRoads({ view, roads, lang, askBlinkOff, updating }: BoardRoads) {
  const map = roads?.map;
  const fresh =
    view.change?.kind === 'hand' || view.change?.kind === 'correction'
      ? (roads?.fresh ?? NOTHING_FRESH)
      : NOTHING_FRESH;
  const theme = view.settings.theme;
  const ask = roads?.ask ?? null;
  const askKey = String(map?.hands ?? 0);
  const road = (name: 'bigEyeBoy' | 'smallRoad' | 'cockroachPig', title: ReturnType<typeof tr>) =>
    html`<section class="panel road derived ${name}">
      <h3 class="title small">${title}</h3>
      <kiosk-derived-road
        road=${name}
        .cells=${map?.[name].cells ?? []}
        .ask=${ask}
        .askKey=${askKey}
        .fresh=${fresh[name]}
        .language=${lang}
        .theme=${theme}
        ?ask-blink-off=${askBlinkOff}
        ?ask-hidden=${updating}
      ></kiosk-derived-road>
    </section>`;
  return html`<div class="roads">
    <section class="panel road big">
      <h2 class="title">${tr(lang, 'road.big', 'Big Road')}</h2>
      ${updating ? updatingLine(lang) : nothing}
      <kiosk-big-road
        .cells=${map?.bigRoad.cells ?? []}
        .ask=${ask}
        .askKey=${askKey}
        .fresh=${fresh.bigRoad}
        .language=${lang}
        .theme=${theme}
        ?ask-blink-off=${askBlinkOff}
        ?ask-hidden=${updating}
      ></kiosk-big-road>
    </section>
    <section class="panel ask">
      <kiosk-ask .ask=${ask} .language=${lang} .theme=${theme}></kiosk-ask>
    </section>
    <section class="panel road bead">
      <h2 class="title">${tr(lang, 'road.bead', 'Bead Plate')}</h2>
      <kiosk-bead-plate
        .beads=${map?.beadPlate ?? []}
        label=${view.settings.beadLabel}
        .fresh=${fresh.bead}
        .language=${lang}
        .theme=${theme}
      ></kiosk-bead-plate>
    </section>
    <div class="derived-roads">
      ${road('bigEyeBoy', tr(lang, 'road.bigEyeBoy', 'Big Eye Boy'))}
      ${road('smallRoad', tr(lang, 'road.smallRoad', 'Small Road'))}
      ${road('cockroachPig', tr(lang, 'road.cockroachPig', 'Cockroach Pig'))}
    </div>
  </div>`;
}
