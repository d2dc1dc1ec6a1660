/**
 * `<console-sign-editor>`: a modal dialog in two steps. Edit: a table's signs (or the casino's Perfect Pairs
 * scale) in a form. Review: the change as the server will make it ("variant commission 5% → modified odds from
 * hand 31 of shoe S1", revision 4 → 5), checked by the same code as `baccarat-board signage set`; then Apply.
 * A refused change names its field, which is marked and focused. With no field changed, Review asks to republish
 * the sign as it is: taken when a board shows a newer revision than the broker's (its retained sign was lost or
 * replaced by an old one), "nothing to change" otherwise.
 *
 * ```html
 * <console-sign-editor .api=${client} .table=${row} .user=${name}></console-sign-editor>  <!-- then .open() -->
 * ```
 * @packageDocumentation
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { PAY_SCALES, SIDE_BETS, SIGN_LANGUAGES } from '../../baccarat/signage';
import type { CasinoSignage } from '../../contract/schemas';
import type { AuditRecord } from '../audit-record';
import type { ChangeRequest, PreviewResponse, TableRow } from '../protocol';
import { defaultTableSignage } from '../sign-defaults';
import { describeScale } from '../sign-text';
import type { ChangeApi } from './console-client';
import { editorStyles } from './sign-editor.styles';
import { sharedStyles } from './shared.styles';
import { betName } from './table-card';
import { formValues, tableChanges, type FormValues } from './sign-form';
import { reviewStep } from './sign-review';

type Preview = Extract<PreviewResponse, { ok: true }>;

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

  /** Where changes go. */
  @property({ attribute: false }) api: ChangeApi | null = null;
  /** The table whose signs are changed; null: the casino's sign. */
  @property({ attribute: false }) table: TableRow | null = null;
  /** The casino sign. */
  @property({ attribute: false }) casino: CasinoSignage | null = null;
  /** Who makes the change. */
  @property() user = '';

  @query('dialog') private dialog!: HTMLDialogElement;

  private initial: FormValues = formValues(null);

  protected override updated(): void {
    const field = this.error?.field;
    if (!field) return;
    const el = this.renderRoot.querySelector<HTMLElement>(`[name="${field}"]`);
    if (el && this.step === 'edit' && this.shadowRoot?.activeElement !== el) el.focus();
  }

  private get casinoMode(): boolean {
    return this.table === null;
  }

  private input(e: Event): void {
    const el = e.target as HTMLInputElement;
    if (!el.name) return;
    if (el.type === 'checkbox' && el.name === 'side-bets') {
      const bets = new Set(this.values['side-bets'] ? this.values['side-bets'].split(',') : []);
      if (el.checked) bets.add(el.value);
      else bets.delete(el.value);
      this.values = { ...this.values, 'side-bets': SIDE_BETS.filter((b) => bets.has(b)).join(',') };
    } else if (el.type === 'checkbox') this.values = { ...this.values, [el.name]: String(el.checked) };
    else this.values = { ...this.values, [el.name]: el.value };
    if (this.error?.field === el.name) this.error = null;
  }

  private request(): ChangeRequest {
    const v = this.values;
    if (this.casinoMode) {
      const changes: [string, string][] = [];
      if (v['pp-scale'] !== this.initial['pp-scale']) changes.push(['pp-scale', v['pp-scale']]);
      if (v['casino-name'] !== this.initial['casino-name']) changes.push(['casino-name', v['casino-name']]);
      return { tableId: null, changes, user: this.user, ...(changes.length === 0 && { republish: true }) };
    }
    const changes = tableChanges(this.initial, v);
    return {
      tableId: this.table?.tableId ?? null,
      changes,
      user: this.user,
      ...(v.shoe.trim() && { shoeId: v.shoe.trim() }),
      ...(changes.length === 0 && { republish: true }), // the server says whether there is anything to republish
    };
  }

  private async review(e: Event): Promise<void> {
    e.preventDefault();
    if (!this.api || this.busy) return;
    if (!this.user.trim()) {
      this.error = { field: 'user', message: 'Sign in first: type your name at the top of the page.' };
      return;
    }
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
    this.renderRoot.querySelector<HTMLButtonElement>('button[data-action="back"]')?.focus();
  }

  private async apply(): Promise<void> {
    if (!this.api || !this.preview || this.busy) return;
    this.busy = true;
    const r = await this.api.apply({ ...this.request(), expect: this.preview.expect });
    this.busy = false;
    if (!r.ok) {
      this.error = { field: r.field, message: r.message };
      if (r.field && r.field !== 'revision') this.step = 'edit';
      return;
    }
    this.dispatchEvent(
      new CustomEvent<readonly AuditRecord[]>('console-applied', { detail: r.records, bubbles: true, composed: true }),
    );
    this.close();
  }

  private back(): void {
    this.step = 'edit';
    this.error = null;
  }

  /**
   * Opens the dialog on the current signs (a table with none: the defaults, every field to be published); with
   * `republish`, straight at the review of the sign published again as it is.
   */
  async open(republish = false): Promise<void> {
    const t = this.table;
    const shown = t ? (t.signage ?? defaultTableSignage(t.tableId, this.user, '')) : null;
    this.values = formValues(shown, this.casino);
    this.initial = t && !t.signage ? formValues(null, this.casino) : this.values;
    this.step = 'edit';
    this.error = null;
    this.preview = null;
    await this.updateComplete;
    this.dialog.showModal();
    if (republish) await this.review(new Event('submit'));
  }

  close(): void {
    this.dialog.close();
  }

  private field(
    name: keyof FormValues,
    label: string,
    opts: { type?: string; hint?: string; disabled?: boolean; placeholder?: string } = {},
  ) {
    const bad = this.error?.field === name;
    return html`<label class="field">
      <span>${label}</span>
      <input
        name=${name}
        type=${opts.type ?? 'text'}
        .value=${this.values[name]}
        ?disabled=${opts.disabled ?? false}
        placeholder=${opts.placeholder ?? ''}
        aria-invalid=${bad ? 'true' : 'false'}
        aria-describedby=${bad ? 'error' : nothing}
        inputmode=${opts.type === 'number' ? 'decimal' : nothing}
      />
      ${opts.hint ? html`<small class="muted">${opts.hint}</small>` : nothing}
    </label>`;
  }

  private check(name: 'open' | 'disclaimer', label: string) {
    return html`<label class="check"
      ><input
        type="checkbox"
        name=${name}
        .checked=${this.values[name] === 'true'}
        aria-invalid=${this.error?.field === name ? 'true' : 'false'}
      />
      ${label}</label
    >`;
  }

  private tableForm() {
    const v = this.values;
    const shoe = this.table?.shoe;
    const commission = v.variant === 'commission';
    const bets = new Set(v['side-bets'].split(','));
    return html`
      <div class="grid">
        ${this.field('name', 'Table name')} ${this.field('currency', 'Currency', { hint: 'ISO code, e.g. HKD' })}
        ${this.field('min', 'Minimum')} ${this.field('max', 'Maximum')} ${this.field('tie-max', 'Tie maximum')}
        ${this.field('pair-max', 'Pair maximum', { hint: 'empty: none' })}
        ${this.field('differential', 'Max. differential', { hint: 'rule 5.17; empty: none' })}
      </div>
      <fieldset
        aria-invalid=${['variant', 'commission', 'from-hand', 'shoe'].includes(this.error?.field ?? '') ? 'true' : 'false'}
      >
        <legend>Banker pays</legend>
        <label class="check"
          ><input type="radio" name="variant" value="commission" .checked=${commission} /> 1 to 1 less commission (rule
          5.10)</label
        >
        <label class="check"
          ><input type="radio" name="variant" value="modified-odds" .checked=${!commission} /> Modified odds: 1 to 1, a
          win with 6 pays 1 to 2 (rule 5.11)</label
        >
        <div class="grid">
          ${this.field('commission', 'Commission %', { disabled: !commission })}
          ${this.field('from-hand', 'From hand', {
            type: 'number',
            placeholder: shoe ? String(shoe.earliestHand) : '',
            hint: shoe
              ? `of shoe ${shoe.shoeId}; empty: ${shoe.earliestHand}, the first round not begun`
              : 'no shoe snapshot: name the shoe',
          })}
          ${shoe ? nothing : this.field('shoe', 'Shoe id')}
        </div>
      </fieldset>
      <div class="grid">
        <label class="field"
          ><span>Tie pays</span>
          <select
            name="tie-pays"
            .value=${v['tie-pays']}
            aria-invalid=${this.error?.field === 'tie-pays' ? 'true' : 'false'}
          >
            <option value="8">8 to 1</option>
            <option value="9">9 to 1</option>
          </select></label
        >
        <label class="field"
          ><span>Language</span>
          <select
            name="language"
            .value=${v.language}
            aria-invalid=${this.error?.field === 'language' ? 'true' : 'false'}
          >
            ${SIGN_LANGUAGES.map((l) => html`<option value=${l} ?selected=${l === v.language}>${l}</option>`)}
          </select></label
        >
      </div>
      <fieldset aria-invalid=${this.error?.field === 'side-bets' ? 'true' : 'false'}>
        <legend>Side bets</legend>
        ${SIDE_BETS.map(
          (b) =>
            html`<label class="check"
              ><input type="checkbox" name="side-bets" value=${b} .checked=${bets.has(b)} /> ${betName(b)}</label
            >`,
        )}
      </fieldset>
      <label class="field wide"
        ><span>Message on the board</span>
        <textarea
          name="message"
          rows="2"
          maxlength="280"
          .value=${v.message}
          aria-invalid=${this.error?.field === 'message' ? 'true' : 'false'}
        ></textarea>
      </label>
      <div class="checks">${this.check('open', 'Table open')} ${this.check('disclaimer', 'Show the disclaimer')}</div>
    `;
  }

  private casinoForm() {
    return html`
      <p class="muted">One Perfect Pairs pay scale for every table that offers it (rule 11A.8).</p>
      <fieldset aria-invalid=${this.error?.field === 'pp-scale' ? 'true' : 'false'}>
        <legend>Perfect Pairs pay scale (rule 11A.7)</legend>
        ${PAY_SCALES.map(
          (s) =>
            html`<label class="check"
              ><input type="radio" name="pp-scale" value=${s} .checked=${this.values['pp-scale'] === s} />
              ${describeScale(s, true)}</label
            >`,
        )}
      </fieldset>
      ${this.field('casino-name', 'Casino name')}
    `;
  }

  override render() {
    const name = this.table?.signage?.tableName ?? this.table?.tableId ?? '';
    const title = this.casinoMode ? 'Casino sign' : this.step === 'review' ? name : `Signs of ${name}`;
    return html`<dialog aria-labelledby="title" @close=${() => (this.busy = false)}>
      <form method="dialog" @submit=${this.review} @input=${this.input} @change=${this.input} novalidate>
        <header>
          <h2 id="title">${this.step === 'review' ? `Confirm the change — ${title}` : title}</h2>
          ${this.table ? html`<span class="muted">${this.table.tableId}</span>` : nothing}
        </header>
        ${this.error ? html`<p class="error" id="error" role="alert">${this.error.message}</p>` : nothing}
        <div class="body">
          ${
            this.step === 'edit'
              ? this.casinoMode
                ? this.casinoForm()
                : this.tableForm()
              : reviewStep(this.preview, { table: this.table, casino: this.casino, user: this.user })
          }
        </div>
        <footer>
          ${
            this.step === 'edit'
              ? html`<button type="button" @click=${this.close}>Cancel</button>
                  <button type="submit" class="primary" ?disabled=${this.busy}>Review change…</button>`
              : html`<button type="button" data-action="back" @click=${this.back}>Back</button>
                  <button type="button" class="primary" data-action="apply" ?disabled=${this.busy} @click=${this.apply}>
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
