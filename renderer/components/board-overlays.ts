/**
 * What `<kiosk-app>` lays over the whole board: the TABLE CLOSED veil (with the ended shoe's record), the identify
 * overlay (a fleet command: which screen is this?) and the about overlay (version and connection, for casino IT).
 *
 * ```ts
 * html`<div class="board">…${boardOverlays({ view, lang, closed, connection, identifyOpen, about })}</div>`
 * ```
 * @packageDocumentation
 */
import { html, nothing } from 'lit';
import type { AboutInfo, ConnectionView, Notice, TableView } from '../../contract/kiosk';
import type { Language } from '../../contract/schemas/signage';
import './about-overlay';
import './identify-overlay';
import './notice-board';

export interface OverlayInputs {
  readonly view: TableView;
  readonly lang: Language;
  /** The table's closed notice (the table's own, or its sign's), or undefined while it is open. */
  readonly closed: Notice | undefined;
  readonly connection: ConnectionView;
  readonly identifyOpen: boolean;
  readonly about: { readonly open: boolean; readonly info: AboutInfo | null; readonly error: string | null };
}

export function boardOverlays({ view, lang, closed, connection, identifyOpen, about }: OverlayInputs) {
  return html`${
      closed
        ? html`<kiosk-notices
            cover
            .notices=${[closed]}
            .language=${lang}
            .results=${view.shoe !== null}
            .record=${view.shoeRecord ?? null}
          ></kiosk-notices>`
        : nothing
    }
    <kiosk-identify
      ?open=${identifyOpen}
      display-id=${view.displayId}
      table-id=${view.tableId}
      .language=${lang}
    ></kiosk-identify>
    <kiosk-about
      ?open=${about.open}
      .info=${about.info}
      .error=${about.error}
      .connection=${connection}
      .staff=${{ outOfStep: view.outOfStep ?? null, warnings: view.warnings }}
      .language=${lang}
    ></kiosk-about>`;
}
