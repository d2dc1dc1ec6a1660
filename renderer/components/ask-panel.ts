/**
 * `<kiosk-ask>`: the ask roads, "Ask roads 问路", then the Banker's and the Player's (ROADS.md §5), on one line: for
 * each, which ask it is (庄 / 閒, or B / P, as large as the board's text), the circle the big road would get, then
 * the mark each derived road would get (ring, dot, slash, in red or blue), or an empty slot where that road would
 * not produce one yet.
 * The core computes every colour; this draws them.
 *
 * ```html
 * <kiosk-ask .ask=${map.ask()} language="en+zh-Hant"></kiosk-ask>
 * ```
 * @packageDocumentation
 */
import { LitElement, html, svg, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Ask, AskPreview } from '../../baccarat/roads/types';
import { DERIVED_ROADS, type Colour } from '../../baccarat/types';
import { inNextFrame, NO_FRAME, type NextFrame } from '../controllers/next-frame';
import { DERIVED_GLYPH } from '../draw/glyphs';
import { DEFAULT_LANGUAGE, localeOf, plain, tr, type Language } from '../localization';
import { hanziLabels, LETTERS } from '../draw/bead-labels';
import { roadName } from './derived-road-view';
import { askStyles } from './ask-panel.styles';
import { markStyles, sharedStyles } from './shared.styles';

/**
 * The two ask groups.
 * @cssproperty --kiosk-red - Red would-be marks.
 * @cssproperty --kiosk-blue - Blue would-be marks.
 */
@customElement('kiosk-ask')
export class KioskAsk extends LitElement {
  static override styles = [sharedStyles, markStyles, askStyles];

  /** The ask roads, or null before any hand. */
  @property({ attribute: false }) ask: Ask | null = null;
  /** Language of the panel. */
  @property() language: Language = DEFAULT_LANGUAGE;
  /** Colour theme; `colour-blind` adds shape cues (reflected for the styles). */
  @property({ reflect: true }) theme: 'classic' | 'colour-blind' = 'classic';
  /**
   * How the bead plate labels the sides (庄 / 閒, or B / P): each ask says the same, as the statistics' streaks do (it
   * said B / P on an English board whose beads said 庄 / 閒, and 庄 / 閒 beside beads lettered B / P).
   */
  @property({ attribute: 'bead-label' }) beadLabel: 'hanzi' | 'letters' | 'points' = 'hanzi';

  /**
   * The ask shown: it follows `ask` a frame behind (at once on the first draw), as the roads' would-be marks do
   * (road-view.ts): a preview, it leaves the frame that shows a hand's result to the result.
   */
  @state() private shown: Ask | null = null;
  private follow: NextFrame = NO_FRAME;

  /**
   * A new `ask` is shown a frame later (`shown`): the update it asks for now would render the panel as it is, in the
   * frame that shows the hand's result, so it is skipped; the panel renders when `shown` follows.
   */
  protected override shouldUpdate(changed: PropertyValues<this>): boolean {
    if (!changed.has('ask')) return true;
    this.follow.cancel();
    const ask = this.ask;
    if (!this.hasUpdated) {
      this.shown = ask;
      return true;
    }
    this.follow = inNextFrame(() => (this.shown = ask));
    return changed.size > 1;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.follow.now(); // shown when it comes back
  }

  private glyph(road: (typeof DERIVED_ROADS)[number], colour: Colour | null) {
    const name = roadName(this.language, road);
    if (!colour) {
      return html`<span class="slot empty" data-road=${road} role="img" aria-label="${name}: –"></span>`;
    }
    const g = DERIVED_GLYPH[road];
    const mark =
      g === 'ring'
        ? svg`<circle class="ring ${colour}" cx="10" cy="10" r="6.6" stroke-width="3.2" pathLength="100"></circle>`
        : g === 'dot'
          ? svg`<circle class="dot ${colour}" cx="10" cy="10" r="7.2" pathLength="100"></circle>`
          : svg`<path class="slash ${colour}" d="M4.5 15.5L15.5 4.5" stroke-width="3.6" pathLength="100"></path>`;
    const colourName =
      colour === 'red' ? plain(this.language, 'colour.red', 'red') : plain(this.language, 'colour.blue', 'blue');
    return html`<span
      class="slot"
      data-road=${road}
      data-colour=${colour}
      role="img"
      aria-label="${name}: ${colourName}"
      ><svg viewBox="0 0 20 20" aria-hidden="true">${mark}</svg></span
    >`;
  }

  private group(side: 'banker' | 'player', p: AskPreview | null) {
    const lang = this.language;
    const plainTitle =
      side === 'banker' ? plain(lang, 'ask.banker', 'Banker ask') : plain(lang, 'ask.player', 'Player ask');
    const letter = (this.beadLabel === 'letters' ? LETTERS : hanziLabels(localeOf(lang)))[side];
    return html`<div class="group ${side}" data-side=${side} role="group" aria-label=${plainTitle}>
      <span class="letter" aria-hidden="true">${letter}</span>
      <span
        class="slot big"
        role="img"
        aria-label=${side === 'banker' ? plain(lang, 'banker', 'Banker') : plain(lang, 'player', 'Player')}
        ><svg viewBox="0 0 20 20" aria-hidden="true">
          <circle class="circle ${side}" cx="10" cy="10" r="7.4" stroke-width="2.6" pathLength="100"></circle></svg
      ></span>
      ${DERIVED_ROADS.map((road) => this.glyph(road, p ? p[road] : null))}
    </div>`;
  }

  override render() {
    return html`<div class="ask-roads" role="group" aria-label=${plain(this.language, 'ask.title', 'Ask roads')}>
      <span class="name" aria-hidden="true">${tr(this.language, 'ask.title', 'Ask roads')}</span>
      ${this.group('banker', this.shown?.banker ?? null)} ${this.group('player', this.shown?.player ?? null)}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-ask': KioskAsk;
  }
}
