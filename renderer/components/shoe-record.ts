/**
 * `<shoe-record>`: at a shoe's end, the digest of its tamper-evident record (the hash of the shoe's last record in
 * the board's history, docs/shoe.md) and, where the casino publishes records (`board.recordUrl`), a QR code of the
 * record's address. A patron or surveillance scans it, or notes the digest, and checks the published record against
 * it (`baccarat-board history verify --head DIGEST`). The bridge sends it only while the shoe has ended and no new
 * one has started; the board shows it in place of the shoe's running statistics until then.
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
export function digestLines(digest: string): [string, string] {
  const groups = digest.match(/.{1,8}/g) ?? [];
  return [groups.slice(0, 4).join(' '), groups.slice(4).join(' ')];
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
      :host {
        display: block;
        container-type: size;
      }
      :host(:not([has-record])) {
        display: none;
      }
      .record {
        display: flex;
        gap: 4cqmin;
        align-items: center;
        justify-content: center;
        height: 100%;
      }
      .qr {
        flex: none;
        height: min(100cqh, 46cqw);
        aspect-ratio: 1;
        border-radius: 1.5cqmin;
        /* The code's own light quiet zone is drawn in the SVG; nothing else may crowd it. */
      }
      .text {
        display: flex;
        flex-direction: column;
        gap: 2cqh;
        min-width: 0;
      }
      .title {
        font-size: max(11cqh, var(--kiosk-text-min));
        font-weight: 700;
      }
      .label {
        font-size: max(7cqh, var(--kiosk-text-min));
        color: var(--kiosk-ink-muted);
      }
      .digest {
        font-size: max(8.5cqh, var(--kiosk-text-min));
        font-variant-numeric: tabular-nums;
        letter-spacing: 0.04em;
        line-height: 1.25;
        white-space: nowrap;
      }
    `,
  ];

  /** The ended shoe's record, or null (nothing shows). */
  @property({ attribute: false }) record: ShoeRecordView | null = null;
  /** Language of the labels. */
  @property() language: Language = DEFAULT_LANGUAGE;

  override willUpdate(): void {
    this.toggleAttribute('has-record', this.record !== null);
  }

  override render() {
    const r = this.record;
    if (!r) return nothing;
    const lang = this.language;
    const [first, second] = digestLines(r.digest);
    return html`<div class="record" data-shoe=${r.shoeId}>
      ${r.url ? this.renderQr(r.url) : nothing}
      <div class="text stack">
        <div class="title">${tr(lang, 'record.title', 'Shoe record')}</div>
        <div class="label">
          ${
            r.url
              ? tr(lang, 'record.scan', "Scan to check this shoe's record")
              : tr(lang, 'record.digest', "This shoe's record digest")
          }
        </div>
        <div class="digest" data-id="digest" aria-label=${r.digest}>
          <div>${first}</div>
          <div>${second}</div>
        </div>
      </div>
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
