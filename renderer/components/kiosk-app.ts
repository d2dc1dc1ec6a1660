/**
 * `<kiosk-app>`: the whole board. Holds the one {@link ShoeController} (the only code that talks to the host),
 * picks the language, theme and orientation from the view, and lays out the roads, statistics, ask roads, last
 * hand, signs, notices and connection state. Everything below it receives plain properties.
 *
 * ```ts
 * const app = document.createElement('kiosk-app');
 * app.api = window.kiosk;                 // or a socket / demo KioskApi
 * document.body.append(app);
 * ```
 * @packageDocumentation
 */
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ConnectionView, KioskApi, Notice, TableView } from '../../contract/kiosk';
import type { Language } from '../../contract/schemas/signage';
import { AboutController } from '../controllers/about-controller';
import { BurnInController } from '../controllers/burn-in-controller';
import { FitController } from '../controllers/fit-controller';
import { RecordPlaceController } from '../controllers/record-place';
import { IdentifyController } from '../controllers/identify-controller';
import { LanguageController } from '../controllers/language-controller';
import { StalePictureController } from '../controllers/stale-picture';
import { ShoeController } from '../controllers/shoe-controller';
import { chineseTag, isChineseOnly, plain, tr } from '../localization';
import { boardFooter, noticeBand, pitMessage, staffStatus } from './board-footer';
import { boardOverlays } from './board-overlays';
import { header, lastHand, shoeRecord, signs, stats, type PanelInputs } from './board-panels';
import { boardRoads, noNextHand } from './board-roads';
import { phaseStyles, roundPhase } from './round-phase';
import { headerStyles } from './kiosk-app.header.styles';
import { panelStyles } from './kiosk-app.panels.styles';
import { portraitStyles } from './kiosk-app.portrait.styles';
import { statusStyles } from './kiosk-app.status.styles';
import { appStyles } from './kiosk-app.styles';
import { sharedStyles } from './shared.styles';
import './connection-status';

/**
 * The board.
 * @cssproperty --kiosk-bg - Background (felt).
 * @cssproperty --kiosk-font - Font stack (set per script by the board).
 * @cssproperty --kiosk-text - Body text size.
 */
@customElement('kiosk-app')
export class KioskApp extends LitElement {
  static override styles = [
    sharedStyles,
    appStyles,
    panelStyles,
    headerStyles,
    statusStyles,
    portraitStyles,
    phaseStyles,
  ];

  @state() private aspect: 'landscape' | 'portrait' = 'landscape';

  /** Where views come from: Electron's preload, the web host's socket, or the demo. */
  @property({ attribute: false }) api: KioskApi | null = null;
  /** Turns off the blinking would-be marks of the ask roads (the one repeating animation). */
  @property({ type: Boolean, attribute: 'ask-blink-off' }) askBlinkOff = false;
  /** The link to the host itself is down (browser mode): shown as a lost connection, whatever the view says. */
  @property({ type: Boolean, attribute: 'host-down' }) hostDown = false;

  private readonly shoe = new ShoeController(this);
  /** Out of step, awaiting its table, its table's controller offline, or its own link lost: as patrons see it. */
  private readonly stale = new StalePictureController(this);
  private readonly burnIn = new BurnInController(this);
  private readonly about = new AboutController(this);
  private readonly fit = new FitController(this);
  private readonly record = new RecordPlaceController(this);
  private readonly identify = new IdentifyController(this);
  private observer: ResizeObserver | null = null;
  /** The board's size as last observed: read from the observer, never from layout on a hand (that would force one). */
  private size = '';
  /** The language rendered, and whether the first view's is ready (messages and fonts): the board is drawn then. */
  private readonly languages = new LanguageController(this);
  private get language(): Language {
    return this.languages.language;
  }
  private get ready(): boolean {
    return this.languages.ready;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.observer = new ResizeObserver(([entry]) => {
      const r = entry?.contentRect;
      if (!r || r.width <= 0) return;
      this.aspect = r.height > r.width ? 'portrait' : 'landscape';
      const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
      if (size !== this.size) {
        this.size = size;
        this.requestUpdate(); // the signs and statistics are fitted again to the new size
      }
    });
    this.observer.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.observer?.disconnect();
  }

  /**
   * `data-hands`: the hands on the roads once rendered, for monitoring, tests and the start-up bench.
   * `data-out-of-step`: the view's out-of-step code (`gap`, `rejected`, `conflict`) while it has one, at once; what
   * patrons see follows after a moment (`.board[data-updating]`, see OutOfStepController).
   */
  protected override updated(): void {
    const view = this.ready ? this.shoe.view : null;
    if (view) {
      const { settings, payTable, signage } = view;
      this.fit.follow(
        payTable,
        signage,
        this.language,
        this.aspect,
        this.size,
        settings.highResolution,
        settings.beadLabel,
        view.shoe?.no ?? null,
      );
    }
    this.record.follow(view, [this.language, this.aspect, this.size, this.fit.messageInSigns], this.fit.busy);
    const hands = String(this.ready ? (this.shoe.roads?.map?.hands ?? 0) : 0);
    if (this.dataset['hands'] !== hands) this.dataset['hands'] = hands;
    const code = this.ready ? this.shoe.view?.outOfStep?.code : undefined;
    if (code === undefined) delete this.dataset['outOfStep'];
    else if (this.dataset['outOfStep'] !== code) this.dataset['outOfStep'] = code;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('api')) {
      this.shoe.attach(this.api);
      this.about.attach(this.api);
      this.fit.attach(this.api);
      this.identify.attach(this.api);
    }
    this.stale.follow(this.shoe.view, this.hostDown);
    const theme = this.shoe.view?.settings.theme ?? 'classic';
    if (this.dataset['theme'] !== theme) this.dataset['theme'] = theme; // tokens.css switches palettes on it
    this.languages.follow(this.shoe.view);
  }

  private layout(view: TableView | null): 'landscape' | 'portrait' {
    const o = view?.settings.orientation ?? 'auto';
    return o === 'auto' ? this.aspect : o;
  }

  /** The connection to show: the view's, or lost while the link to the host itself is down. */
  private connection(view: TableView): ConnectionView {
    if (!this.hostDown || view.connection.state !== 'connected') return view.connection;
    return { ...view.connection, state: 'reconnecting' };
  }

  /** The view shown (for tests and the demo's timing hook). */
  get view(): TableView | null {
    return this.shoe.view;
  }

  /** The controller's counters: how often the roads were rebuilt or extended (for tests and the bench). */
  get roadCounts(): Readonly<Record<'rebuilt' | 'extended' | 'unchanged' | 'ignored', number>> {
    return this.shoe.counts;
  }

  /** Takes the host's snapshot again, whatever its `seq`, and tells it the fit (after the link to the host came back). */
  resync(): void {
    this.shoe.resync();
    this.fit.retell();
  }

  /** Where burn-in protection has moved the board to (an index into the controller's places). */
  get burnInPlace(): number {
    return this.burnIn.place;
  }

  /** The language rendered now. */
  get currentLanguage(): Language {
    return this.language;
  }

  override render() {
    const view = this.shoe.view;
    const lang = this.language;
    const layout = this.layout(view);
    const rotated = layout !== this.aspect;
    const script = chineseTag(lang) ?? 'en';
    if (!view || !this.ready) {
      return html`<div class="board waiting" data-layout=${layout} data-script=${script}>
        <img class="logo big" src="assets/logo.svg" alt="" />
        <p class="waiting-text">${tr(lang, 'waiting', 'Waiting for the table…')}</p>
      </div>`;
    }
    const closedNotice: Notice | undefined =
      view.notices.find((n) => n.kind === 'tableClosed') ??
      (view.signage?.tableOpen === false ? { kind: 'tableClosed', since: view.signage.updatedAt } : undefined);
    const panels: PanelInputs = { view, lang, connection: this.connection(view), roads: this.shoe.roads };
    const stale = this.stale.shown;
    const updating = stale !== null;
    const portrait = layout === 'portrait';
    const staff = { outOfStep: this.stale.outOfStep.shown };
    // The round's phase, as the host says it: not while the board is out of step or cut off from its host (it may be
    // over by now). After the big road's title on a landscape board; in the header's first row on a portrait one.
    const phase = roundPhase(updating || this.hostDown ? null : (view.round ?? null), lang);
    const roads = boardRoads(
      {
        view,
        roads: this.shoe.roads,
        lang,
        askBlinkOff: this.askBlinkOff,
        updating: stale,
        phase: portrait ? nothing : phase,
        closed: closedNotice !== undefined,
      },
      portrait ? 2 : 1,
    );
    // The sign column runs down beside the footer: the pit's message goes at its foot, in either orientation (a
    // portrait board's footer has little room: the last hand over it would lose its Banker side), with what staff
    // should know in landscape (a portrait header has that). Where a table's signs fill the column (every side bet
    // and its limits), the message goes to the footer instead (FitController measures it, never on a hand).
    const signed = !!(view.payTable || view.signage);
    const inSigns = signed && this.fit.messageInSigns;
    // An ended shoe's record over the message and the staff line, where the column has room (RecordPlaceController).
    const recordInSigns = signed && !!view.shoeRecord && this.record.inSigns;
    const foot = signed
      ? html`${recordInSigns ? shoeRecord(panels) : nothing}${inSigns ? pitMessage(view) : nothing}${portrait ? nothing : staffStatus(view, staff.outOfStep, 'fill', lang)}`
      : nothing;
    // A landscape header has the differential; a brief one (FitController) leaves all but the minimum and maximum here.
    const brief = this.fit.limitsBrief;
    const signColumn = signs(panels, foot, portrait || brief, brief);
    // No side bet beyond the pair: the pays are four short lines, and a landscape sign column as wide as them.
    const pays = view.payTable;
    const mainBets = !!pays && !pays.perfectPairs && !pays.urWayEgalite && !pays.threeGivesEight;
    const footer = boardFooter(view, lang, {
      staff: portrait || signed ? null : staff,
      message: !inSigns,
      notices: noticeBand(view, this.connection(view), closedNotice !== undefined, lang),
    });
    const bead = (title: unknown) => html`<section class="panel road bead">${title}${roads.bead}</section>`;
    const derived = (legend: unknown) => html`<section class="panel road derived">${legend}${roads.derived}</section>`;
    const main = portrait
      ? html`${roads.big}${derived(roads.legend)}${stats(panels, true, this.fit.streaks, !recordInSigns)}
          <div class="column a">${bead(roads.beadTitle)}${lastHand(panels)}</div>
          <div class="column b">${signColumn}</div>
          ${footer}`
      : html`${roads.big}
          <div class="lower-head">${roads.beadTitle}${roads.legend}</div>
          <div class="column a">${bead(nothing)}${lastHand(panels)}</div>
          <div class="column b">${derived(nothing)}${stats(panels, true, this.fit.streaks, !recordInSigns)}</div>
          ${signColumn} ${footer}`;
    return html`<div
      class="board ${closedNotice ? 'closed' : ''} ${rotated ? 'rotated' : ''}"
      ?data-updating=${updating}
      ?data-shoe-over=${noNextHand(view)}
      ?data-signs=${signColumn !== nothing}
      ?data-main-bets=${mainBets}
      data-layout=${layout}
      data-theme=${view.settings.theme}
      data-script=${script}
      data-resolution=${view.settings.highResolution ?? 'more-columns'}
      lang=${isChineseOnly(lang) ? lang : 'en'}
      aria-label=${plain(lang, 'board', 'Baccarat results board')}
    >
      ${header(panels, portrait ? staffStatus(view, staff.outOfStep, 'compact', lang) : nothing, portrait, portrait ? phase : nothing, brief)}
      <main class="main">${main}</main>
      ${boardOverlays({
        view,
        lang,
        closed: closedNotice,
        connection: this.connection(view),
        identifyOpen: this.identify.open,
        about: this.about,
      })}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-app': KioskApp;
  }
}
