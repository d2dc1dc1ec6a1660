/**
 * `<kiosk-notices>`: the notices in force (`TableView.notices`), large and unmistakable, each kind with its own
 * colour and icon: last hand (rule 11.2 a / b), no bets this hand (12.1–12.3), no-bet coup, round void (12.5,
 * 12.6), each with its reason in words, shuffle, new shoe, burn (with the burn card), shoe end, corrected result.
 * With `cover`, it shows only "Table closed", as a veil over the (dimmed, still visible) board, and under it, at full
 * contrast, the ended shoe's record where there is one (`record`): under the veil, its QR code was too dim to scan.
 *
 * ```html
 * <kiosk-notices .notices=${view.notices} language="en+zh-Hans"></kiosk-notices>
 * ```
 * @packageDocumentation
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { parseCard } from '../../baccarat/cards';
import type { Notice, NoticeKind } from '../../contract/kiosk';
import { DEFAULT_LANGUAGE, type Language } from '../localization';
import { noticeIcon, type NoticeIconName } from './icons';
import { inBand, NoticeTurns } from '../controllers/notice-turns';
import { noticeStyles } from './notice-board.styles';
import { detail, headline } from './notice-words';
import { playingCard } from './playing-card';
import { playingCardStyles } from './playing-card.styles';
import './shoe-record';
import type { ShoeRecordView } from './shoe-record';
import { sharedStyles } from './shared.styles';

const ICON: { readonly [K in NoticeKind]: NoticeIconName } = {
  lastCoup: 'flag',
  cutCardWithdrawn: 'unflag',
  noBetsThisHand: 'hand',
  noBetCoup: 'pause',
  roundVoid: 'void',
  shuffle: 'shuffle',
  newShoe: 'shoe',
  burn: 'burn',
  tableClosed: 'closed',
  corrected: 'corrected',
  shoeEnd: 'end',
};

/**
 * Notices.
 * @cssproperty --kiosk-notice-last - Last hand accent.
 * @cssproperty --kiosk-notice-void - Void hand / round accent.
 * @cssproperty --kiosk-notice-info - Shuffle, new shoe, burn accent.
 * @cssproperty --kiosk-notice-closed - Table closed veil.
 */
@customElement('kiosk-notices')
export class KioskNotices extends LitElement {
  static override styles = [sharedStyles, playingCardStyles, noticeStyles];

  /** The notices in force. */
  @property({ attribute: false }) notices: readonly Notice[] = [];
  /** Language of the notices. */
  @property() language: Language = DEFAULT_LANGUAGE;
  /** Show only the table-closed veil (for the layer over the board) instead of the other notices. */
  @property({ type: Boolean, reflect: true }) cover = false;
  /** With `cover`: the ended shoe's record, shown on the veil (the board's copy is dimmed under it). */
  @property({ attribute: false }) record: ShoeRecordView | null = null;
  /** The board shows a shoe: the closed veil says its results remain shown (said of no shoe, it would mislead). */
  @property({ type: Boolean }) results = true;
  /** With more notices than the band has places, how long each of the others shows in the last place. */
  @property({ attribute: false }) turnMs = 8000;

  private readonly turns = new NoticeTurns(this, () => this.turnMs);

  /**
   * The notices (by their place) said briefly, their full words having run past the band: two side by side (the last
   * coup and a corrected result) each have half its width. Said in full again when the notices change.
   */
  @state() private brief: ReadonlySet<number> = new Set();
  /** The band's size when `brief` was found: a band resized (a layout settling, a screen turned) starts over. */
  private briefAt = '';
  /** What the notices said when `brief` was found. */
  private briefFor = '';
  /** Measured while fonts were loading: measured again once they are in. */
  private fontsAwaited = false;

  private resize: ResizeObserver | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    this.resize = new ResizeObserver(() => this.fit());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resize?.disconnect();
    this.resize = null;
  }

  protected override willUpdate(): void {
    // Every view brings its notices anew (parsed whole): said in full again only when they say something else, or
    // another notice turned into the band's last place.
    const said = `${this.language}|${this.cover}|${this.turns.turn}|${JSON.stringify(this.notices)}`;
    if (said !== this.briefFor) this.brief = new Set();
    this.briefFor = said;
  }

  protected override updated(): void {
    this.turns.follow(this.ofLayer().length);
    // Measured again when a notice's words change size (a font loading, the band resized), never on a hand.
    this.resize?.disconnect();
    this.resize?.observe(this);
    for (const text of this.renderRoot.querySelectorAll('.notice .text')) this.resize?.observe(text);
    this.fit();
  }

  /**
   * Each notice's words within the band, whose height never changes. A bilingual detail puts its Chinese on a line
   * of its own (`stacked`) where its notice has the height for it: run on, a narrow notice's lines read "10 face down
   * 1 张正面 +" (the English's end and the Chinese's start as one phrase). Where its lines would still run past the
   * band, the notice is said briefly (`brief`: its headline's short form, its detail's essential part), rendered
   * before the frame is painted; what even that cannot fit is cut at the band's edge (styles), never drawn over it.
   */
  private fit(): void {
    if (this.cover) return;
    const at = `${this.clientWidth}×${this.clientHeight}`;
    if (at !== this.briefAt) {
      this.briefAt = at;
      if (this.brief.size > 0) {
        this.brief = new Set(); // said in full again, then measured (updated())
        return;
      }
    }
    // Measured in a font still loading (its fallback's lines are taller), a notice that fits was said briefly: once the
    // fonts are in, it is measured again from its full words.
    if (document.fonts.status === 'loading' && !this.fontsAwaited) {
      this.fontsAwaited = true;
      void document.fonts.ready.then(() => {
        this.fontsAwaited = false;
        this.briefAt = '';
        this.brief = new Set();
      });
    }
    const brief = new Set(this.brief);
    this.renderRoot.querySelectorAll<HTMLElement>('.notice').forEach((notice, i) => {
      const text = notice.querySelector<HTMLElement>('.text');
      if (!text) return;
      // A few px past the band are a line's leading, not its glyphs: at 4K a last coup's full words ran 2 px over.
      const leeway = parseFloat(getComputedStyle(notice).fontSize) * 0.15;
      const over = () => text.scrollHeight > notice.clientHeight + leeway;
      notice.toggleAttribute('stacked', text.querySelector('.detail .bi') !== null);
      if (notice.hasAttribute('stacked') && over()) notice.removeAttribute('stacked');
      if (over()) brief.add(i);
    });
    if (brief.size > this.brief.size) this.brief = brief; // only ever grows: no back and forth
  }

  private notice(n: Notice, brief: boolean) {
    const card = n.kind === 'burn' && n.burn ? parseCard(n.burn.card) : null;
    return html`<div class="notice" data-kind=${n.kind} role="alert" ?brief=${brief}>
      <span class="icon-wrap">${noticeIcon(ICON[n.kind])}</span>
      <div class="text">
        <div class="headline">${headline(n, this.language, brief)}</div>
        <div class="detail">${detail(n, this.language, brief, this.results)}</div>
      </div>
      ${card?.ok ? html`<div class="burn-card">${playingCard(card.value)}</div>` : nothing}
    </div>`;
  }

  /** The notices this layer shows (the veil: table closed; the band: the others), all of them. */
  private ofLayer(): readonly Notice[] {
    return this.notices.filter((n) => (n.kind === 'tableClosed') === this.cover);
  }

  override render() {
    const all = this.ofLayer();
    if (all.length === 0) return nothing;
    const shown = inBand(all, this.turns.turn);
    const record =
      this.cover && this.record
        ? html`<shoe-record stacked .record=${this.record} .language=${this.language}></shoe-record>`
        : nothing;
    return html`<div class="notices" data-of=${all.length}>
      ${shown.map((n, i) => this.notice(n, this.brief.has(i)))}${record}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-notices': KioskNotices;
  }
}
