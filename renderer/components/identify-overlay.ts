/**
 * `<kiosk-identify>`: the answer to a fleet's `kiosk:identify` command: this screen's display id and table id,
 * very large, over everything, for as long as the root keeps `open` set.
 *
 * ```html
 * <kiosk-identify ?open=${until > now} display-id="D-12" table-id="T7"></kiosk-identify>
 * ```
 * @packageDocumentation
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { DEFAULT_LANGUAGE, tr, type Language } from '../localization';
import { overlayStyles } from './overlay.styles';
import { sharedStyles } from './shared.styles';

/**
 * Identify overlay.
 * @cssproperty --kiosk-gold - The frame.
 */
@customElement('kiosk-identify')
export class KioskIdentify extends LitElement {
  static override styles = [
    sharedStyles,
    overlayStyles,
    css`
      :host {
        --overlay-z: 20;
        --overlay-veil: rgb(0 0 0 / 0.72);
      }
      .box {
        text-align: center;
        padding: 4cqmin 7cqmin;
        border: 0.5cqmin solid var(--kiosk-gold);
        border-radius: 2cqmin;
        background: var(--kiosk-panel-solid);
      }
      .label {
        font-size: 3cqmin;
        color: var(--kiosk-ink-muted);
      }
      .display {
        font-size: 16cqmin;
        font-weight: 800;
        line-height: 1;
        color: var(--kiosk-gold);
      }
      .table {
        font-size: 6cqmin;
        font-weight: 700;
      }
    `,
  ];

  /** Shown while true. */
  @property({ type: Boolean, reflect: true }) open = false;
  /** This screen's display id. */
  @property({ attribute: 'display-id' }) displayId = '';
  /** The table it shows. */
  @property({ attribute: 'table-id' }) tableId = '';
  /** Language of the labels. */
  @property() language: Language = DEFAULT_LANGUAGE;

  override render() {
    if (!this.open) return nothing;
    return html`<div class="veil" role="alert">
      <div class="box">
        <div class="label">${tr(this.language, 'identify.display', 'Display')}</div>
        <div class="display" data-id="display">${this.displayId}</div>
        <div class="label">${tr(this.language, 'identify.table', 'Table')}</div>
        <div class="table" data-id="table">${this.tableId}</div>
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-identify': KioskIdentify;
  }
}
