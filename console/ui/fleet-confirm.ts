/**
 * `<console-fleet-confirm>`: reloading or resyncing a board, asked first — they change what the patrons see (a
 * reload blanks the screen for a moment; a resync with replace shows the table's snapshot the broker holds in place
 * of the board's shoe). The dialog says what will happen, offers replace for a resync, and asks for the reason the audit log
 * keeps; the server checks the role and the reason again.
 *
 * ```html
 * <console-fleet-confirm @console-fleet-send=${(e) => send(e.detail)}></console-fleet-confirm>  <!-- .open(board, 'reload') -->
 * ```
 * @packageDocumentation
 */
import { LitElement, css, html } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import { MIN_REASON_LENGTH } from '../change-request';
import type { BoardRow, FleetCommandRequest } from '../protocol';
import { reasonField } from './reason-field';
import { editorStyles } from './sign-editor.styles';
import { sharedStyles } from './shared.styles';

/**
 * The reload-or-resync dialog.
 * @event console-fleet-send - Confirmed; detail: the request to send (with its reason).
 */
@customElement('console-fleet-confirm')
export class ConsoleFleetConfirm extends LitElement {
  static override styles = [
    sharedStyles,
    editorStyles,
    css`
      dialog {
        width: min(560px, calc(100vw - 32px));
      }
      .consequence {
        margin-top: 0;
      }
      .field {
        margin-bottom: 12px;
      }
      .check {
        align-items: flex-start;
        gap: 0.5em;
        margin-bottom: 12px;
      }
      .check small {
        display: block;
        color: var(--c-ink-muted);
      }
    `,
  ];

  @state() private board: BoardRow | null = null;
  @state() private command: 'reload' | 'resync' = 'reload';
  @state() private replace = false;
  @state() private reason = '';
  @state() private tried = false;

  @query('dialog') private dialog!: HTMLDialogElement;

  /** Why the reason will not do, in the words the dialog says it (a reason of 1 character was told to give one). */
  private reasonProblem(): string {
    const given = this.reason.trim() !== '';
    return `${given ? `Give a reason of at least ${MIN_REASON_LENGTH} characters` : 'Give a reason'}: it goes to the audit log with your name.`;
  }

  private get reasonOk(): boolean {
    return this.reason.trim().length >= MIN_REASON_LENGTH;
  }

  /** Opens the dialog for `command` to `board`. */
  async open(board: BoardRow, command: 'reload' | 'resync'): Promise<void> {
    this.board = board;
    this.command = command;
    this.replace = false;
    this.reason = '';
    this.tried = false;
    await this.updateComplete;
    this.dialog.showModal();
    this.renderRoot.querySelector<HTMLElement>('textarea')?.focus();
  }

  close(): void {
    this.dialog.close();
  }

  private submit(e: Event): void {
    e.preventDefault();
    this.tried = true;
    if (!this.board || !this.reasonOk) {
      this.renderRoot.querySelector<HTMLElement>('textarea')?.focus();
      return;
    }
    const detail: FleetCommandRequest = {
      displayId: this.board.displayId,
      command: this.command,
      reason: this.reason.trim(),
      ...(this.command === 'resync' && this.replace && { replace: true }),
    };
    this.dispatchEvent(new CustomEvent('console-fleet-send', { detail, bubbles: true, composed: true }));
    this.close();
  }

  override render() {
    const id = this.board?.displayId ?? '';
    const reload = this.command === 'reload';
    const bad = this.tried && !this.reasonOk;
    return html`<dialog aria-labelledby="title">
      <form @submit=${this.submit} novalidate>
        <header>
          <h2 id="title">${reload ? `Reload ${id}?` : `Resync ${id}?`}</h2>
          <span class="muted">table ${this.board?.tableId ?? ''}</span>
        </header>
        ${bad ? html`<p class="error" role="alert">${this.reasonProblem()}</p>` : ''}
        <div class="body">
          <p class="consequence">
            ${
              reload
                ? html`The board reloads its page: the patrons' screen goes <strong>blank for a moment</strong>, then
                    shows the table again. Its connection to the broker is kept.`
                : html`The board asks the broker again for its table's shoe and signs and takes what they add. Nothing
                  it shows goes back, unless you replace it.`
            }
          </p>
          ${
            reload
              ? ''
              : html`<label class="check"
                  ><input
                    type="checkbox"
                    name="replace"
                    .checked=${this.replace}
                    @change=${(e: Event) => (this.replace = (e.target as HTMLInputElement).checked)}
                  />
                  <span
                    >Replace what it shows
                    <small
                      >Show exactly the table's snapshot the broker holds, even if older, in place of the board's shoe —
                      for a board out of step that does not recover by itself. Without a snapshot it can take, the board
                      keeps its shoe and says why.</small
                    ></span
                  ></label
                >`
          }
          ${reasonField({
            value: this.reason,
            placeholder: reload ? 'e.g. screen frozen since 21:00' : 'e.g. board stuck on an old shoe',
            invalid: bad,
            onInput: (v) => (this.reason = v),
          })}
        </div>
        <footer>
          <button type="button" @click=${this.close}>Cancel</button>
          <button type="submit" class="primary" data-action=${this.command}>
            ${reload ? 'Reload the board' : 'Resync the board'}
          </button>
        </footer>
      </form>
    </dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-fleet-confirm': ConsoleFleetConfirm;
  }
  interface GlobalEventHandlersEventMap {
    'console-fleet-send': CustomEvent<FleetCommandRequest>;
  }
}
