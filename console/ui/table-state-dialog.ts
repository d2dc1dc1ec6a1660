/**
 * `<console-table-state>`: closing a table, or opening it again — a supervisor's action of its own, never a
 * checkbox among the signs. Closing is confirmed by typing the table's name (its id will do), and, like every
 * change, needs a reason; the dialog shows the change as the server will make it (revision 5 → 6) before anything
 * is published, and the server checks the name, the reason and the role again.
 *
 * ```html
 * <console-table-state .api=${client} .table=${row}></console-table-state>  <!-- then .open('close-table') -->
 * ```
 * @packageDocumentation
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { describeRevisions, type AuditRecord } from '../audit-record';
import type { PreviewResponse, TableRow } from '../protocol';
import type { ChangeApi } from './console-client';
import { reasonField } from './reason-field';
import { editorStyles } from './sign-editor.styles';
import { sharedStyles } from './shared.styles';

type Preview = Extract<PreviewResponse, { ok: true }>;

/**
 * The close-or-open dialog.
 * @event console-applied - The table was closed or opened; detail: its audit records.
 */
@customElement('console-table-state')
export class ConsoleTableState extends LitElement {
  static override styles = [
    sharedStyles,
    editorStyles,
    css`
      dialog {
        width: min(560px, calc(100vw - 32px));
      }
      .consequence {
        font-size: 1.05em;
        margin-top: 0;
      }
      .field {
        margin-bottom: 12px;
      }
      .field code {
        font: inherit;
        font-weight: 700;
        background: var(--c-off-bg);
        color: var(--c-off);
        border-radius: 4px;
        padding: 0 0.35em;
      }
      button.danger {
        background: var(--c-off);
        border-color: var(--c-off);
        color: #fff;
      }
    `,
  ];

  @state() private action: 'close-table' | 'open-table' = 'close-table';
  @state() private preview: Preview | null = null;
  @state() private error: { field: string | null; message: string } | null = null;
  @state() private typed = '';
  @state() private reason = '';
  @state() private busy = false;

  /** Where changes go. */
  @property({ attribute: false }) api: ChangeApi | null = null;
  /** The table. */
  @property({ attribute: false }) table: TableRow | null = null;

  @query('dialog') private dialog!: HTMLDialogElement;

  private get name(): string {
    return this.table?.signage?.tableName ?? this.table?.tableId ?? '';
  }

  private get confirmed(): boolean {
    if (this.action === 'open-table') return true;
    const t = this.typed.trim().toLowerCase();
    return t !== '' && (t === this.name.trim().toLowerCase() || t === this.table?.tableId.toLowerCase());
  }

  /** Opens the dialog for `action`, with the change previewed. */
  async open(action: 'close-table' | 'open-table'): Promise<void> {
    this.action = action;
    this.typed = '';
    this.reason = '';
    this.error = null;
    this.preview = null;
    await this.updateComplete;
    this.dialog.showModal();
    if (!this.api || !this.table) return;
    const r = await this.api.preview({ tableId: this.table.tableId, changes: [], action });
    if (r.ok) this.preview = r;
    else this.error = { field: r.field, message: r.message };
    await this.updateComplete;
    this.renderRoot
      .querySelector<HTMLElement>(action === 'close-table' ? 'input[name="confirm"]' : 'textarea')
      ?.focus();
  }

  close(): void {
    this.dialog.close();
  }

  private async apply(e: Event): Promise<void> {
    e.preventDefault();
    if (!this.api || !this.table || !this.preview || this.busy || !this.confirmed) return;
    this.busy = true;
    const r = await this.api.apply({
      tableId: this.table.tableId,
      changes: [],
      action: this.action,
      reason: this.reason,
      ...(this.action === 'close-table' && { confirm: this.typed }),
      expect: this.preview.expect,
    });
    this.busy = false;
    if (!r.ok) {
      this.error = { field: r.field, message: r.message };
      await this.updateComplete;
      if (r.field) this.renderRoot.querySelector<HTMLElement>(`[name="${r.field}"]`)?.focus();
      return;
    }
    this.dispatchEvent(
      new CustomEvent<readonly AuditRecord[]>('console-applied', { detail: r.records, bubbles: true, composed: true }),
    );
    this.close();
  }

  override render() {
    const closing = this.action === 'close-table';
    const rev = this.preview?.table?.revision;
    const bad = (f: string) => (this.error?.field === f ? 'true' : 'false');
    return html`<dialog aria-labelledby="title" @close=${() => (this.busy = false)}>
      <form @submit=${this.apply} novalidate>
        <header>
          <h2 id="title">${closing ? `Close ${this.name}?` : `Open ${this.name}?`}</h2>
          <span class="muted">${this.table?.tableId}${rev ? ` · ${describeRevisions(rev)}` : ''}</span>
        </header>
        ${this.error ? html`<p class="error" id="error" role="alert">${this.error.message}</p>` : nothing}
        <div class="body">
          <p class="consequence">
            ${
              closing
                ? html`Every board at this table will show it <strong>closed</strong> at once. Bets are not taken on a
                    closed table.`
                : html`Every board at this table will show it <strong>open</strong> again, with its signs as they are.`
            }
          </p>
          ${
            closing
              ? html`<label class="field"
                  ><span>To confirm, type the table's name: <code>${this.name}</code></span>
                  <input
                    name="confirm"
                    autocomplete="off"
                    spellcheck="false"
                    .value=${this.typed}
                    @input=${(e: Event) => (this.typed = (e.target as HTMLInputElement).value)}
                    aria-invalid=${bad('confirm')}
                /></label>`
              : nothing
          }
          ${reasonField({
            value: this.reason,
            placeholder: closing ? 'e.g. dealer break, table maintenance' : 'e.g. shift start',
            invalid: bad('reason') === 'true',
            onInput: (v) => (this.reason = v),
          })}
        </div>
        <footer>
          <button type="button" @click=${this.close}>Cancel</button>
          <button
            type="submit"
            class=${closing ? 'danger' : 'primary'}
            data-action=${this.action}
            ?disabled=${this.busy || !this.preview || !this.confirmed}
          >
            ${this.busy ? 'Publishing…' : closing ? 'Close the table' : 'Open the table'}
          </button>
        </footer>
      </form>
    </dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-table-state': ConsoleTableState;
  }
}
