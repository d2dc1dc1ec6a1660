/**
 * `<shoe-record>`: at a shoe's end, the digest of its tamper-evident record (the hash of the shoe's last record in
 * the board's history, docs/shoe.md) and, where the casino publishes records (`board.recordUrl`), a QR code of the
 * record's address. A patron or surveillance scans it, or notes the digest, and checks the published record against
 * it (`baccarat-board history verify --head DIGEST`). The bridge sends it only while the shoe has ended and no new
 * one has started; the board shows it over the shoe's statistics (which keep their room) until then.
 *
 * ```html
 * <shoe-record .record=${{ shoeId, digest, url }} language="en+zh-Hans"></shoe-record>
 * ```
 * @packageDocumentation
 */
import { LitElement, css, html, nothing, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { TableView } from '../../contract/kiosk';
import { qrPath } from '../draw/qr';
import { DEFAULT_LANGUAGE, plain, tr, type Language } from '../localization';
import { sharedStyles } from './shared.styles';

export type ShoeRecordView = NonNullable<TableView['shoeRecord']>;

/** The digest in eight groups of eight, four to a line: what an eye can compare group by group. */
export function digestLines(digest: string, lines = 2): string[] {
  const groups = digest.match(/.{1,8}/g) ?? [];
  const per = Math.ceil(groups.length / lines);
  return Array.from({ length: lines }, (_, i) => groups.slice(i * per, (i + 1) * per).join(' '));
}

/**
 * A shoe's record at its end.
 * @cssproperty --kiosk-ink-muted - The labels.
 */
@customElement('shoe-record')
export class ShoeRecord extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      /* The board's text sizes (cqmin of the board): this element is no container of its own, so they resolve
         as everywhere else on the board. Its box is set by its place (the board lays it over the statistics); the
         QR code takes the box's height, a square. */
      :host {
        display: block;
        overflow: hidden;
      }
      :host(:not([has-record])) {
        display: none;
      }
      .record {
        display: flex;
        gap: var(--kiosk-gap, 1.5cqmin);
        align-items: center;
        justify-content: flex-start;
        height: 100%;
      }
      .qr {
        flex: none;
        height: 100%;
        max-width: 40%;
        aspect-ratio: 1;
        border-radius: 0.5cqmin;
        /* The code's own light quiet zone is drawn in the SVG; nothing else may crowd it. */
      }
      .text {
        display: flex;
        flex-direction: column;
        gap: 0.3em;
        min-width: 0;
      }
      .title {
        font-size: var(--kiosk-text-title);
        font-weight: 700;
        color: var(--kiosk-gold);
      }
      .digest {
        font-size: var(--kiosk-text-min);
        font-variant-numeric: tabular-nums;
        letter-spacing: 0.04em;
        line-height: 1.2;
        white-space: nowrap;
      }
      /* Stacked, at the sign column's foot (narrower than the statistics): the title over the code, the digest
         beside the code in four lines of two groups; the code as tall as those four lines and a little more. */
      :host([stacked]) .record {
        flex-direction: column;
        align-items: stretch;
        gap: 0.3em;
        height: auto;
      }
      :host([stacked]) .code {
        display: flex;
        gap: 0.6em;
        align-items: center;
      }
      :host([stacked]) .qr {
        height: calc(var(--kiosk-text-min) * 4.8);
        max-width: none;
      }
      :host([stacked]) .digest {
        letter-spacing: 0;
      }
    `,
  ];

  /** The ended shoe's record, or null (nothing shows). */
  @property({ attribute: false }) record: ShoeRecordView | null = null;
  /** Language of the labels. */
  @property() language: Language = DEFAULT_LANGUAGE;
  /** At the sign column's foot: the title over the code, the digest beside it in four lines. */
  @property({ type: Boolean, reflect: true }) stacked = false;

  override willUpdate(): void {
    this.toggleAttribute('has-record', this.record !== null);
  }

  override render() {
    const r = this.record;
    if (!r) return nothing;
    const lang = this.language;
    const title = html`<div class="title">
      ${r.url ? tr(lang, 'record.scan', "Scan to check this shoe's record") : tr(lang, 'record.digest', "This shoe's record digest")}
    </div>`;
    const lines = digestLines(r.digest, this.stacked ? 4 : 2);
    const digest = html`<div class="digest" data-id="digest" aria-label=${r.digest}>
      ${lines.map((line) => html`<div>${line}</div> `)}
    </div>`;
    const qr = r.url ? this.renderQr(r.url) : nothing;
    // Beside the code, to fit the statistics' panel: what to do with it, then the digest in two lines. Stacked (the
    // sign column's foot): the title over the code, the digest beside it in four.
    return html`<div
      class="record"
      data-shoe=${r.shoeId}
      role="group"
      aria-label=${plain(lang, 'record.title', 'Shoe record')}
    >
      ${
        this.stacked
          ? html`${title}
              <div class="code">${qr}${digest}</div>`
          : html`${qr}
              <div class="text">${title}${digest}</div>`
      }
    </div>`;
  }

  private renderQr(url: string) {
    const { size, d } = qrPath(url);
    return html`<svg
      class="qr"
      data-id="qr"
      viewBox="0 0 ${size} ${size}"
      role="img"
      aria-label=${plain(this.language, 'record.scan', "Scan to check this shoe's record")}
      data-url=${url}
      shape-rendering="crispEdges"
    >
      ${svg`<rect width=${size} height=${size} fill="#fff"></rect><path d=${d} fill="#000"></path>`}
    </svg>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'shoe-record': ShoeRecord;
  }
}
