/**
 * `<kiosk-notices>`: the notices in force (`TableView.notices`), large and unmistakable, each kind with its own
 * colour and icon: last hand (rule 11.2 a / b), no bets this hand (12.1–12.3), no-bet coup, round void (12.5,
 * 12.6), each with its reason in words, shuffle, new shoe, burn (with the burn card), shoe end, corrected result.
 * With `cover`, it shows only "Table closed", as a veil over the (dimmed, still visible) board.
 *
 * ```html
 * <kiosk-notices .notices=${view.notices} language="en+zh-Hans"></kiosk-notices>
 * ```
 * @packageDocumentation
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { str } from '@lit/localize';
import { parseCard } from '../../baccarat/cards';
import { DEALER_UNDO_BY } from '../../contract/correction-by';
import type { Notice, NoticeKind } from '../../contract/kiosk';
import { count } from '../format';
import { DEFAULT_LANGUAGE, localeOf, message, show, tr, type Language, type Message } from '../localization';
import { reasonMessage } from '../reasons';
import { noticeIcon, type NoticeIconName } from './icons';
import { inBand, NoticeTurns } from '../controllers/notice-turns';
import { noticeStyles } from './notice-board.styles';
import { playingCard } from './playing-card';
import { playingCardStyles } from './playing-card.styles';
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

  private headline(n: Notice, brief: boolean): TemplateResult | string {
    const lang = this.language;
    switch (n.kind) {
      case 'lastCoup':
        return brief
          ? tr(lang, 'notice.lastCoupShort', 'Last coup')
          : tr(lang, 'notice.lastCoup', 'Last hand · Last coup');
      case 'cutCardWithdrawn':
        return tr(lang, 'notice.cutCardWithdrawn', 'Cut card withdrawn');
      case 'noBetsThisHand':
        return tr(lang, 'notice.noBetsThisHand', 'No bets this hand');
      case 'noBetCoup':
        return tr(lang, 'notice.noBetCoup', 'No-bet coup');
      case 'roundVoid':
        return tr(lang, 'notice.roundVoid', 'Round void');
      case 'shuffle':
        return tr(lang, 'notice.shuffle', 'Shuffling');
      case 'newShoe':
        return tr(lang, 'notice.newShoe', 'New shoe');
      case 'burn':
        return tr(lang, 'notice.burn', 'Burn');
      case 'tableClosed':
        return tr(lang, 'notice.tableClosed', 'Table closed');
      case 'corrected':
        return tr(lang, 'notice.corrected', 'Corrected result');
      case 'shoeEnd':
        return tr(lang, 'notice.shoeEnd', 'Shoe end');
    }
  }

  /** What the notice says under its headline; `brief`, only its essential part (which hand, why). */
  private detail(n: Notice, brief: boolean): TemplateResult | string | typeof nothing {
    const lang = this.language;
    const no = n.hand === undefined ? null : count(n.hand, localeOf(lang));
    switch (n.kind) {
      case 'lastCoup':
        return this.lastCoup(n, brief);
      case 'cutCardWithdrawn':
        return tr(lang, 'notice.cutCardWithdrawnDetail', 'Not the last coup: the shoe goes on');
      case 'noBetsThisHand':
      case 'roundVoid':
        return this.voidDetail(n, brief);
      case 'noBetCoup':
        return no === null ? nothing : tr(lang, 'notice.noBetCoupNo', str`Hand ${no} is dealt without wagers`);
      case 'shuffle':
        return tr(lang, 'notice.shuffleDetail', 'Please wait for the new shoe');
      case 'newShoe':
        return tr(lang, 'notice.newShoeDetail', 'The roads start afresh');
      case 'burn':
        return n.burn ? this.burnt(n.burn.count) : nothing;
      case 'tableClosed':
        return this.results ? tr(lang, 'notice.tableClosedDetail', 'Results of this shoe remain shown') : nothing;
      case 'corrected':
        if (no === null) return nothing;
        if (brief) return tr(lang, 'notice.correctedNo', str`Hand ${no} corrected`);
        // A dealer's undo is a code, said in the board's words; a supervisor's name is shown as it was given.
        if (n.by === DEALER_UNDO_BY)
          return tr(lang, 'notice.correctedByDealerUndo', str`Hand ${no} corrected by the dealer (undo)`);
        return n.by
          ? tr(lang, 'notice.correctedBy', str`Hand ${no} corrected by ${n.by}`)
          : tr(lang, 'notice.correctedNo', str`Hand ${no} corrected`);
      case 'shoeEnd':
        return tr(lang, 'notice.shoeEndDetail', 'No further hands until the cards are reshuffled');
    }
  }

  /**
   * Rule 7.7: the card turned face up (drawn beside the words) and `count` more face down (its face value, rule 7.9),
   * all to the discard rack. "7 cards burnt" beside a face-up 7 left a patron or surveillance to guess whether the 7
   * counted: the words say both ("1 face up + 7 face down"), short enough for the band in two languages at once.
   * Each half is one phrase: its spaces do not break, and the styles keep Chinese from breaking inside a word (keep-all),
   * so a line breaks only around "+" ("10 | face down", "10 张背 | 面" read as something else).
   */
  private burnt(faceDown: number): TemplateResult | string {
    const lang = this.language;
    const locale = localeOf(lang);
    const [up, down] = [count(1, locale), count(faceDown, locale)];
    return tr(lang, 'notice.burnt', str`${up}\u00a0face\u00a0up + ${down}\u00a0face\u00a0down`);
  }

  /**
   * A void hand (rules 12.1 to 12.3) or a void round (12.5, 12.6): which hand, then why, each language's words
   * together ("Hand 15 is a void hand · The first card was face up", then "第 15 局为无效牌局 · 首张牌正面朝上").
   * The reason is a contract code, shown in words or not at all (reasons.ts). Brief, the reason alone (the headline
   * says the hand is void).
   */
  private voidDetail(n: Notice, brief: boolean): TemplateResult | string | typeof nothing {
    const lang = this.language;
    const no = n.hand === undefined ? null : count(n.hand, localeOf(lang));
    const which: Message | null =
      n.kind === 'roundVoid'
        ? no === null
          ? null
          : message(lang, 'notice.roundVoidNo', str`Hand ${no} is void`)
        : no === null
          ? message(lang, 'notice.voidHand', 'A void hand is dealt')
          : message(lang, 'notice.voidHandNo', str`Hand ${no} is a void hand`);
    const why = reasonMessage(lang, n.reason);
    const text = together(lang, brief && why ? [why] : [which, why]);
    return why && text !== nothing ? html`<span class="reason" data-reason=${n.reason!}>${text}</span>` : text;
  }

  /**
   * Rule 11.2: (a) the cut card was the round's first card, this round is the last; (b) one further round. Once the
   * host says the last coup has been dealt (`dealt`: recorded, played or voided), no hand is promised any more.
   * Each language's words together, as a void hand's ("Cut card out — … · Hand 73 is the last hand", then
   * "切牌卡已出 — … · 第 73 局为最后一局"): a patron reads one language through, not English and Chinese in turn.
   * Brief, which hand ("Hand 73 is the last hand") where there is one.
   */
  private lastCoup(n: Notice, brief: boolean): TemplateResult | string | typeof nothing {
    const lang = this.language;
    const no = n.hand === undefined ? null : count(n.hand, localeOf(lang));
    const what: Message | null = n.dealt
      ? message(lang, 'notice.lastCoupDealt', 'Last coup dealt — no further hands, the shoe is ending')
      : n.lastCoupCase === 'a'
        ? no === null
          ? message(lang, 'notice.lastCoupA', 'Cut card came out first — this hand is the last')
          : message(lang, 'notice.lastCoupAOut', 'Cut card came out first') // "· Hand 40 is the last hand" says the rest
        : n.lastCoupCase === 'b'
          ? message(lang, 'notice.lastCoupB', 'Cut card out — one more hand, then the shoe ends')
          : null;
    const which: Message | null =
      no === null
        ? null
        : n.dealt
          ? message(lang, 'notice.lastCoupWas', str`Hand ${no} was the last hand`)
          : message(lang, 'notice.lastCoupNo', str`Hand ${no} is the last hand`);
    return together(lang, brief && which ? [which] : [what, which]);
  }

  private notice(n: Notice, brief: boolean) {
    const card = n.kind === 'burn' && n.burn ? parseCard(n.burn.card) : null;
    return html`<div class="notice" data-kind=${n.kind} role="alert" ?brief=${brief}>
      <span class="icon-wrap">${noticeIcon(ICON[n.kind])}</span>
      <div class="text">
        <div class="headline">${this.headline(n, brief)}</div>
        <div class="detail">${this.detail(n, brief)}</div>
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
    return html`<div class="notices" data-of=${all.length}>
      ${shown.map((n, i) => this.notice(n, this.brief.has(i)))}
    </div>`;
  }
}

/**
 * Messages said one after the other, each language's run together ("… · Hand 73 is the last hand"). The "·" keeps to
 * the words before it: a line never starts with one (found by a patron: "· 發牌出錯，無法還原" began a line).
 */
function together(lang: Language, messages: readonly (Message | null)[]): TemplateResult | string | typeof nothing {
  const parts = messages.filter((m): m is Message => m !== null);
  if (parts.length === 0) return nothing;
  const join = (texts: (string | null)[]) => (texts.includes(null) ? null : texts.join('\u00a0· '));
  return show(lang, { en: join(parts.map((m) => m.en))!, zh: join(parts.map((m) => m.zh)) });
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-notices': KioskNotices;
  }
}
