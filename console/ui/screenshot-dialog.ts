/**
 * `<console-screenshot-dialog>`: a board's picture, as its `screenshot` command brought it back — the picture at
 * its own proportions, when the board took it (its clock), its size, and where it comes from (the kiosk window's own
 * pixels, or in browser mode the board's view drawn again on its machine: the same view, not the same instant) —
 * with a link that saves it as a PNG named for the board and the time.
 *
 * ```html
 * <console-screenshot-dialog></console-screenshot-dialog>  <!-- then .show('jade8-a', run.screenshot) -->
 * ```
 * @packageDocumentation
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import type { ScreenshotView } from '../protocol';
import { clock } from './format';
import { editorStyles } from './sign-editor.styles';
import { sharedStyles } from './shared.styles';

const SOURCES = {
  window: "the kiosk window's own pixels",
  rendered:
    "browser mode: the board's current view drawn again by a headless Chromium on its machine — the same view, not " +
    'the screen’s pixels (a blink, the burn-in shift or an overlay may differ)',
} as const;

/** `jade8-a-2026-03-01T21-14-03Z.png`: a file name from the board and the picture's time. */
export const screenshotFileName = (displayId: string, timestamp: string): string =>
  `${displayId}-${timestamp.replace(/\.\d+/, '').replace(/:/g, '-')}.png`;

/** The picture dialog. */
@customElement('console-screenshot-dialog')
export class ConsoleScreenshotDialog extends LitElement {
  static override styles = [
    sharedStyles,
    editorStyles,
    css`
      dialog {
        width: min(1200px, calc(100vw - 32px));
      }
      figure {
        margin: 0;
      }
      img {
        display: block;
        max-width: 100%;
        max-height: calc(100vh - 260px);
        margin: 0 auto;
        border: 1px solid var(--c-line);
        background: #000;
      }
      figcaption {
        margin-top: 0.6em;
        line-height: 1.5;
      }
      footer a {
        margin-right: auto;
        font-weight: 600;
        color: var(--c-accent);
      }
    `,
  ];

  @state() private displayId = '';
  @state() private shot: ScreenshotView | null = null;

  @query('dialog') private dialog!: HTMLDialogElement;

  /** Shows the picture of `displayId`. */
  async show(displayId: string, shot: ScreenshotView): Promise<void> {
    this.displayId = displayId;
    this.shot = shot;
    await this.updateComplete;
    if (!this.dialog.open) this.dialog.showModal();
    this.renderRoot.querySelector<HTMLElement>('footer button')?.focus();
  }

  close(): void {
    this.dialog.close();
  }

  override render() {
    const s = this.shot;
    const src = s ? `data:image/png;base64,${s.png}` : '';
    return html`<dialog aria-labelledby="shot-title">
      <form method="dialog">
        <header>
          <h2 id="shot-title">Screenshot of ${this.displayId}</h2>
          ${s ? html`<span class="muted">taken ${clock(s.timestamp)}</span>` : nothing}
        </header>
        <div class="body">
          ${
            s
              ? html`<figure>
                  <img
                    src=${src}
                    width=${s.width}
                    height=${s.height}
                    alt="The screen of board ${this.displayId} at ${clock(s.timestamp)}"
                  />
                  <figcaption>
                    <span data-size>${s.width}×${s.height} px · ${Math.ceil(s.bytes / 1024)} KiB PNG</span> ·
                    <span data-time
                      >taken at <time datetime=${s.timestamp}>${s.timestamp}</time> (the board's clock)</span
                    ><br />
                    <span class="muted" data-source>Source: ${s.source} — ${SOURCES[s.source]}</span>
                  </figcaption>
                </figure>`
              : nothing
          }
        </div>
        <footer>
          ${s ? html`<a href=${src} download=${screenshotFileName(this.displayId, s.timestamp)}>Download PNG</a>` : nothing}
          <button type="submit">Close</button>
        </footer>
      </form>
    </dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-screenshot-dialog': ConsoleScreenshotDialog;
  }
}
