/**
 * `<console-sign-editor>`: a modal dialog in two steps. Edit: a table's signs (or the casino's Perfect Pairs
 * scale) in a form (`sign-fields.ts`). Review: the change as the server will make it ("variant commission 5% →
 * modified odds from hand 31 of shoe S1", revision 4 → 5), checked by the same code as `baccarat-board signage
 * set`, and the reason, required; then Apply. A refused change names its field, which is marked and focused. With no
 * field changed, Review asks to republish the sign as it is: taken when a board shows a newer revision than the
 * broker's (its retained sign was lost or replaced by an old one), "nothing to change" otherwise. Opened with a
 * revision to restore, it goes straight to the review of that revert.
 *
 * ```html
 * <console-sign-editor .api=${client} .table=${row} .user=${name}></console-sign-editor>  <!-- then .open() -->
 * ```
 * @packageDocumentation
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { SIDE_BETS } from '../../baccarat/signage';
import type { CasinoSignage, TableSignage } from '../../contract/schemas';
import type { AuditRecord } from '../audit-record';
import type { ChangeRequest, PreviewResponse, TableRow } from '../protocol';
import { defaultTableSignage } from '../sign-defaults';
import type { ChangeApi } from './console-client';
import { casinoForm, tableForm } from './sign-fields';
import { editorStyles } from './sign-editor.styles';
import { sharedStyles } from './shared.styles';
import { formValues, refusalText, tableChanges, type FormValues } from './sign-form';
import { reviewStep } from './sign-review';

type Preview = Extract<PreviewResponse, { ok: true }>;

const isCasinoSign = (s: TableSignage | CasinoSignage): s is CasinoSignage => 'perfectPairsScale' in s;

/** How the dialog was opened: to edit, to publish the sign again as it is, or to restore a revision. */
export type EditorMode =
  { readonly kind: 'edit' } | { readonly kind: 'republish' } | { readonly kind: 'revert'; readonly revision: number };

/**
 * The change dialog.
 * @event console-applied - A change was published; detail: its audit records.
 */
@customElement('console-sign-editor')
export class ConsoleSignEditor extends LitElement {
  static override styles = [sharedStyles, editorStyles];

  @state() private step: 'edit' | 'review' = 'edit';
  @state() private busy = false;
  @state() private values: FormValues = formValues(null);
  @state() private preview: Preview | null = null;
  @state() private error: { field: string | null; message: string } | null = null;
  @state() private mode: EditorMode = { kind: 'edit' };
  @state() private reason = '';
  /** The sign the boards show, which the broker lost, as the audit log has it: the form starts from it. */
  @state() private lost: TableSignage | null = null;
  /** The same for the casino's sign: the casino form starts from its scale and name. */
  @state() private lostCasino: CasinoSignage | null = null;

  /** Where changes go. */
  @property({ attribute: false }) api: ChangeApi | null = null;
  /** The table whose signs are changed; null: the casino's sign. */
  @property({ attribute: false }) table: TableRow | null = null;
  /** The casino sign. */
  @property({ attribute: false }) casino: CasinoSignage | null = null;
  /** Who makes the change: the account signed in. */
  @property() user = '';

  @query('dialog') private dialog!: HTMLDialogElement;

  private initial: FormValues = formValues(null);

  protected override updated(): void {
    const field = this.error?.field;
    if (!field) return;
    const el = this.renderRoot.querySelector<HTMLElement>(`[name="${field}"]`);
    if (el && this.shadowRoot?.activeElement !== el) el.focus();
  }

  private get casinoMode(): boolean {
    return this.table === null;
  }

  private input(e: Event): void {
    const el = e.target as HTMLInputElement;
    if (!el.name) return;
    if (el.name === 'reason') this.reason = el.value;
    else if (el.type === 'checkbox' && el.name === 'side-bets') {
      const bets = new Set(this.values['side-bets'] ? this.values['side-bets'].split(',') : []);
      if (el.checked) bets.add(el.value);
      else bets.delete(el.value);
      this.values = { ...this.values, 'side-bets': SIDE_BETS.filter((b) => bets.has(b)).join(',') };
    } else if (el.type === 'checkbox' && el.name === 'shoe')
      this.values = { ...this.values, shoe: el.checked ? 'next' : '' };
    else if (el.type === 'checkbox') this.values = { ...this.values, [el.name]: String(el.checked) };
    else this.values = { ...this.values, [el.name]: el.value };
    if (this.error?.field === el.name) this.error = null;
  }

  private request(): ChangeRequest {
    const v = this.values;
    const tableId = this.table?.tableId ?? null;
    if (this.mode.kind === 'revert') return { tableId, changes: [], revertTo: this.mode.revision };
    // As it is (or, where the broker lost it, as the audit log has the revision a board shows): never the form's
    // defaults, which a table with no sign on the broker would otherwise publish.
    if (this.mode.kind === 'republish') return { tableId, changes: [], republish: true };
    if (this.casinoMode) {
      const changes: [string, string][] = [];
      if (v['pp-scale'] !== this.initial['pp-scale']) changes.push(['pp-scale', v['pp-scale']]);
      if (v['casino-name'] !== this.initial['casino-name']) changes.push(['casino-name', v['casino-name']]);
      return { tableId: null, changes, ...(changes.length === 0 && { republish: true }) };
    }
    const changes = tableChanges(this.initial, v);
    return {
      tableId,
      changes,
      ...(v.shoe.trim() && { shoeId: v.shoe.trim() }),
      ...(changes.length === 0 && { republish: true }), // the server says whether there is anything to republish
    };
  }

  private async review(e: Event): Promise<void> {
    e.preventDefault();
    if (!this.api || this.busy) return;
    const req = this.request();
    this.busy = true;
    const r = await this.api.preview(req);
    this.busy = false;
    if (!r.ok) {
      this.error = { field: r.field, message: r.message };
      return;
    }
    if (!r.table && !r.casino) {
      this.error = {
        field: null,
        message: req.republish
          ? 'Nothing to change: edit a field first (every board already shows this sign).'
          : 'Nothing to change: the signs already say that.',
      };
      return;
    }
    this.error = null;
    this.preview = r;
    this.step = 'review';
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('textarea[name="reason"]')?.focus();
  }

  private async apply(e?: Event): Promise<void> {
    e?.preventDefault();
    if (!this.api || !this.preview || this.busy) return;
    this.busy = true;
    const r = await this.api.apply({ ...this.request(), reason: this.reason, expect: this.preview.expect });
    this.busy = false;
    if (!r.ok) {
      this.error = { field: r.field, message: r.message };
      const stays = [null, 'revision', 'reason', 'role', 'revertTo'];
      if (!stays.includes(r.field) && this.mode.kind === 'edit') this.step = 'edit';
      return;
    }
    this.dispatchEvent(
      new CustomEvent<readonly AuditRecord[]>('console-applied', { detail: r.records, bubbles: true, composed: true }),
    );
    this.close();
  }

  private reviewAgainButton(reviewing: boolean) {
    return reviewing && this.error?.field === 'revision'
      ? html`<button type="button" data-action="review-again" @click=${this.reviewAgain}>Review again</button>`
      : nothing;
  }

  /** After a refusal because the signs or the shoe moved since the review: the same change reviewed afresh. */
  private async reviewAgain(): Promise<void> {
    await this.review(new Event('submit'));
  }

  private back(): void {
    this.step = 'edit';
    this.error = null;
  }

  /**
   * Opens the dialog on the current signs (a table with none: the defaults, every field to be published; where the
   * broker lost the sign, table's or casino's, `lost`: the one its boards show, from the audit log); to republish or
   * to restore a revision, straight at the review.
   */
  async open(mode: EditorMode = { kind: 'edit' }, lost: TableSignage | CasinoSignage | null = null): Promise<void> {
    const t = this.table;
    this.lost = t && !t.signage && lost && !isCasinoSign(lost) ? lost : null;
    this.lostCasino = !t && !this.casino && lost && isCasinoSign(lost) ? lost : null;
    const shown = t ? (t.signage ?? this.lost ?? defaultTableSignage(t.tableId, this.user, '', this.casino)) : null;
    this.mode = mode;
    this.values = formValues(shown, this.casino ?? this.lostCasino);
    // Only what is changed is sent: from the sign shown, which the server changes too; from the defaults, everything.
    this.initial = t && !t.signage && !this.lost ? formValues(null, this.casino) : this.values;
    this.step = 'edit';
    this.error = null;
    this.preview = null;
    this.reason = '';
    await this.updateComplete;
    this.dialog.showModal();
    if (mode.kind !== 'edit') await this.review(new Event('submit'));
  }

  close(): void {
    this.dialog.close();
  }

  /** The table's name: its sign's, or where the broker lost it the one its boards show (audit log), else its id. */
  private get tableName(): string {
    return this.table?.signage?.tableName ?? this.lost?.tableName ?? this.table?.tableId ?? '';
  }

  private heading(): string {
    const name = this.tableName;
    const what = this.casinoMode ? 'Casino sign' : this.step === 'review' ? name : `Signs of ${name}`;
    if (this.mode.kind === 'revert')
      return `Restore revision ${this.mode.revision} — ${this.casinoMode ? 'Casino sign' : name}`;
    return this.step === 'review' ? `Confirm the change — ${what}` : what;
  }

  private reasonField() {
    const bad = this.error?.field === 'reason';
    return html`<label class="field wide reason"
      ><span>Reason (required; kept in the audit log with your name)</span>
      <textarea
        name="reason"
        rows="2"
        maxlength="300"
        placeholder=${this.mode.kind === 'revert' ? 'e.g. promotion over: back to the standard sign' : 'e.g. new limits for the weekend promotion'}
        .value=${this.reason}
        aria-invalid=${bad ? 'true' : 'false'}
        aria-describedby=${bad ? 'error' : nothing}
      ></textarea>
    </label>`;
  }

  override render() {
    const reviewing = this.step === 'review';
    const fields = { values: this.values, error: this.error, table: this.table };
    const onlyReview = this.mode.kind !== 'edit';
    return html`<dialog aria-labelledby="title" @close=${() => (this.busy = false)}>
      <form
        method="dialog"
        @submit=${(e: Event) => (reviewing ? this.apply(e) : this.review(e))}
        @input=${this.input}
        @change=${this.input}
        novalidate
      >
        <header>
          <h2 id="title">${this.heading()}</h2>
          ${this.table && this.table.tableId !== this.tableName ? html`<span class="muted">${this.table.tableId}</span>` : nothing}
        </header>
        ${
          this.error
            ? html`<p class="error" id="error" role="alert">${refusalText(this.error)}</p>
                ${this.reviewAgainButton(reviewing)}`
            : nothing
        }
        <div class="body">
          ${
            !reviewing
              ? onlyReview
                ? nothing
                : this.casinoMode
                  ? html`${
                      this.lostCasino
                        ? html`<p class="muted" data-prefill="audit">
                            The broker has lost the casino sign. The form shows revision ${this.lostCasino.revision}, as
                            the boards show it (from the console's audit log); your changes are made to it.
                          </p>`
                        : nothing
                    }
                    ${casinoForm(fields)}`
                  : html`${
                      this.lost
                        ? html`<p class="muted" data-prefill="audit">
                            The broker has lost this table's sign. The form shows revision ${this.lost.revision}, as its
                            boards show it (from the console's audit log); your changes are made to it.
                          </p>`
                        : nothing
                    }
                    ${tableForm(fields)}`
              : html`${reviewStep(this.preview, { tableName: this.table && this.tableName, user: this.user })}
                ${this.reasonField()}`
          }
        </div>
        <footer>
          ${
            !reviewing
              ? html`<button type="button" @click=${this.close}>Cancel</button>
                  ${onlyReview ? nothing : html`<button type="submit" class="primary" ?disabled=${this.busy}>Review change…</button>`}`
              : html`${
                    onlyReview
                      ? html`<button type="button" @click=${this.close}>Cancel</button>`
                      : html`<button type="button" data-action="back" @click=${this.back}>Back</button>`
                  }
                  <button type="submit" class="primary" data-action="apply" ?disabled=${this.busy}>
                    ${this.busy ? 'Publishing…' : 'Apply to the boards'}
                  </button>`
          }
        </footer>
      </form>
    </dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-sign-editor': ConsoleSignEditor;
  }
  interface GlobalEventHandlersEventMap {
    'console-applied': CustomEvent<readonly AuditRecord[]>;
  }
}
