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
import { viewLanguage, type ConnectionView, type KioskApi, type Notice, type TableView } from '../../contract/kiosk';
import type { Language } from '../../contract/schemas/signage';
import { nextHandNo } from '../../baccarat/shoe';
import { OutOfStepController } from '../controllers/out-of-step-controller';
import { lastShoeHand, ShoeController } from '../controllers/shoe-controller';
import { chineseTag, localeOf, plain, tr, useLanguage } from '../localization';
import { hanziLabels } from '../draw/bead-labels';
import { boardFooter, staffStatus } from './board-footer';
import { boardRoads } from './board-roads';
import { portraitStyles } from './kiosk-app.portrait.styles';
import { statusStyles } from './kiosk-app.status.styles';
import { appStyles } from './kiosk-app.styles';
import { sharedStyles } from './shared.styles';
import './connection-status';
import './identify-overlay';
import './last-hand';
import './notice-board';
import './limits-panel';
import './pay-table';
import './stats-panel';

/**
 * The view's own words (table and casino names, signs, notices) and its bead labels in `lang`: the characters its
 * fonts must cover beyond the language's labels.
 */
const viewText = (view: TableView, lang: Language): string =>
  JSON.stringify([view.signage, view.casino, view.payTable, view.notices]) +
  (view.settings.beadLabel === 'hanzi' ? Object.values(hanziLabels(localeOf(lang))).join('') : '');

/**
 * The board.
 * @cssproperty --kiosk-bg - Background (felt).
 * @cssproperty --kiosk-font - Font stack (set per script by the board).
 * @cssproperty --kiosk-text - Body text size.
 */
@customElement('kiosk-app')
export class KioskApp extends LitElement {
  static override styles = [sharedStyles, appStyles, statusStyles, portraitStyles];

  @state() private language: Language = 'en'; // the source locale, active until a view names another
  @state() private ready = false; // the first view's language (messages and fonts) is ready: the board is drawn
  @state() private identifyUntil = 0;
  @state() private aspect: 'landscape' | 'portrait' = 'landscape';

  /** Where views come from: Electron's preload, the web host's socket, or the demo. */
  @property({ attribute: false }) api: KioskApi | null = null;
  /** Turns off the blinking would-be marks of the ask roads (the one repeating animation). */
  @property({ type: Boolean, attribute: 'ask-blink-off' }) askBlinkOff = false;
  /** The link to the host itself is down (browser mode): shown as a lost connection, whatever the view says. */
  @property({ type: Boolean, attribute: 'host-down' }) hostDown = false;

  private readonly shoe = new ShoeController(this);
  private readonly outOfStep = new OutOfStepController(this);
  private offIdentify: (() => void) | null = null;
  private identifyTimer: ReturnType<typeof setTimeout> | null = null;
  private observer: ResizeObserver | null = null;
  private pendingLanguage: Language | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    this.observer = new ResizeObserver(([entry]) => {
      const r = entry?.contentRect;
      if (r && r.width > 0) this.aspect = r.height > r.width ? 'portrait' : 'landscape';
    });
    this.observer.observe(this);
    this.listenForIdentify();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.observer?.disconnect();
    this.offIdentify?.();
    this.offIdentify = null;
    if (this.identifyTimer) clearTimeout(this.identifyTimer);
  }

  /**
   * `data-hands`: the hands on the roads once rendered, for monitoring, tests and the start-up bench.
   * `data-out-of-step`: the view's out-of-step code (`gap`, `rejected`, `conflict`) while it has one, at once; what
   * patrons see follows after a moment (`.board[data-updating]`, see OutOfStepController).
   */
  protected override updated(): void {
    const hands = String(this.ready ? (this.shoe.roads?.map?.hands ?? 0) : 0);
    if (this.dataset['hands'] !== hands) this.dataset['hands'] = hands;
    const code = this.ready ? this.shoe.view?.outOfStep?.code : undefined;
    if (code === undefined) delete this.dataset['outOfStep'];
    else if (this.dataset['outOfStep'] !== code) this.dataset['outOfStep'] = code;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('api')) {
      this.shoe.attach(this.api);
      this.offIdentify?.();
      this.offIdentify = null;
      if (this.isConnected) this.listenForIdentify();
    }
    this.outOfStep.follow(this.shoe.view?.outOfStep ?? null);
    const theme = this.shoe.view?.settings.theme ?? 'classic';
    if (this.dataset['theme'] !== theme) this.dataset['theme'] = theme; // tokens.css switches palettes on it
    const view = this.shoe.view;
    const wanted = viewLanguage(view);
    if (view && (wanted !== this.language || !this.ready) && wanted !== this.pendingLanguage) {
      // Messages of the new locale must be active, and their fonts loaded, before anything renders with it (until
      // then the board shows the language it had, or, for the first view, keeps waiting: one layout, not two).
      this.pendingLanguage = wanted;
      void useLanguage(wanted, viewText(view, wanted)).then(() => {
        if (this.pendingLanguage === wanted) {
          this.pendingLanguage = null;
          this.language = wanted;
          this.ready = true;
        }
      });
    }
  }

  private listenForIdentify(): void {
    if (!this.api || this.offIdentify) return;
    this.offIdentify = this.api.on('kiosk:identify', (seconds) => {
      const ms = Math.max(1, Math.min(600, Number(seconds) || 10)) * 1000;
      this.identifyUntil = Date.now() + ms;
      if (this.identifyTimer) clearTimeout(this.identifyTimer);
      this.identifyTimer = setTimeout(() => (this.identifyUntil = 0), ms);
    });
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

  /**
   * Header: brand, then the table name, or (while any are in force) the notices and a lost connection; in portrait,
   * `staff` beside the connection dot, where the header's first row has room to spare (in landscape, the footer's
   * end): either way it takes no room from the roads.
   */
  private header(view: TableView, closed: boolean, staff: ReturnType<typeof staffStatus>) {
    const lang = this.language;
    const logo = view.settings.logo ?? 'assets/logo.svg';
    const name = html`<span class="name" data-text="table-name">${view.signage?.tableName ?? view.tableId}</span>`;
    const notices = this.notices(view, closed);
    return html`<header class="header ${notices === nothing ? '' : 'busy'}">
      <div class="brand">
        <img class="logo" src=${logo} alt="" />
        ${view.casino ? html`<span class="casino">${view.casino.casinoName}</span>` : nothing}
        ${notices === nothing ? nothing : html`<span class="table-name small">${name}</span>`}
      </div>
      ${notices === nothing ? html`<div class="table-name">${name}</div>` : notices}
      <kiosk-limits class="headline" show="headline" .signage=${view.signage} .language=${lang}></kiosk-limits>
      <div class="status">
        ${staff}
        <kiosk-connection .connection=${this.connection(view)} .language=${lang}></kiosk-connection>
      </div>
    </header>`;
  }

  private side(view: TableView) {
    const lang = this.language;
    const r = this.shoe.roads;
    const last = lastShoeHand(view);
    const noticed = view.notices.some(
      (n) => (n.kind === 'noBetsThisHand' || n.kind === 'roundVoid') && n.hand === last?.no && n.reason !== undefined,
    );
    return html`<div class="side">
      <section class="panel last-hand">
        <kiosk-last-hand .hand=${last} .language=${lang} ?reason-off=${noticed}></kiosk-last-hand>
      </section>
      <section class="panel stats">
        <kiosk-stats
          .stats=${r?.stats ?? null}
          hand=${view.shoe ? nextHandNo(view.shoe) - 1 : 0}
          .shoeNo=${view.shoe?.no ?? null}
          .language=${lang}
        ></kiosk-stats>
      </section>
    </div>`;
  }

  private signs(view: TableView) {
    const lang = this.language;
    return html`<div class="signs">
      <section class="panel pays">
        <kiosk-pay-table .payTable=${view.payTable} .language=${lang}></kiosk-pay-table>
        <kiosk-limits class="details" show="details" .signage=${view.signage} .language=${lang}></kiosk-limits>
      </section>
    </div>`;
  }

  private notices(view: TableView, closed: boolean) {
    const connection = this.connection(view);
    const lost = connection.state !== 'connected';
    const shown = view.notices.some((n) => n.kind !== 'tableClosed');
    if (!lost && !shown) return nothing;
    return html`<div class="notices">
      ${lost ? html`<kiosk-connection banner .connection=${connection} .language=${this.language}></kiosk-connection>` : nothing}
      ${shown && !closed ? html`<kiosk-notices .notices=${view.notices} .language=${this.language}></kiosk-notices>` : nothing}
    </div>`;
  }

  /** The view shown (for tests and the demo's timing hook). */
  get view(): TableView | null {
    return this.shoe.view;
  }

  /** The controller's counters: how often the roads were rebuilt or extended (for tests and the bench). */
  get roadCounts(): Readonly<Record<'rebuilt' | 'extended' | 'unchanged' | 'ignored', number>> {
    return this.shoe.counts;
  }

  /** Takes the host's snapshot again, whatever its `seq` (after the link to the host came back). */
  resync(): void {
    this.shoe.resync();
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
    const updating = this.outOfStep.shown !== null;
    const portrait = layout === 'portrait';
    const staff = { outOfStep: this.outOfStep.shown };
    return html`<div
      class="board ${closedNotice ? 'closed' : ''} ${rotated ? 'rotated' : ''}"
      ?data-updating=${updating}
      data-layout=${layout}
      data-theme=${view.settings.theme}
      data-script=${script}
      lang=${lang === 'zh-Hans' || lang === 'zh-Hant' ? lang : 'en'}
      aria-label=${plain(lang, 'board', 'Baccarat results board')}
    >
      ${this.header(view, closedNotice !== undefined, portrait ? staffStatus(view, staff.outOfStep, 2) : nothing)}
      <main class="main">
        ${boardRoads({ view, roads: this.shoe.roads, lang, askBlinkOff: this.askBlinkOff, updating })}
        ${this.side(view)} ${this.signs(view)}
      </main>
      ${boardFooter(view, lang, portrait ? null : staff)}
      ${
        closedNotice
          ? html`<kiosk-notices cover .notices=${[closedNotice]} .language=${lang}></kiosk-notices>`
          : nothing
      }
      <kiosk-identify
        ?open=${this.identifyUntil > 0}
        display-id=${view.displayId}
        table-id=${view.tableId}
        .language=${lang}
      ></kiosk-identify>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-app': KioskApp;
  }
}
