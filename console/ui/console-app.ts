/**
 * `<console-app>`: the console page. It holds the live fleet (from the server's WebSocket) and the audit log,
 * and lays out the casino sign, the tables, the boards and the log; the sign editor does the changes.
 * @packageDocumentation
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import type { AuditRecord } from '../audit-record';
import type { ConsoleFrame, FleetView } from '../protocol';
import { describeScale } from '../sign-text';
import { attentionList, attentionStyles } from './attention';
import { appStyles } from './console-app.styles';
import { ConsoleClient, type LiveState } from './console-client';
import { when } from './format';
import { sharedStyles } from './shared.styles';
import type { ConsoleSignEditor } from './sign-editor';
import './audit-list';
import './board-list';
import './sign-editor';
import './table-card';

const USER_KEY = 'baccarat-console-user';

/** The console page. */
@customElement('console-app')
export class ConsoleApp extends LitElement {
  static override styles = [sharedStyles, attentionStyles, appStyles];

  @state() private fleet: FleetView | null = null;
  @state() private audit: readonly AuditRecord[] = [];
  @state() private live: LiveState = 'connecting';
  @state() private user = '';
  @state() private editing: string | null | undefined = undefined; // a table id, null: the casino
  @state() private notice: string | null = null;
  @state() private now = Date.now();

  @query('console-sign-editor') private editor!: ConsoleSignEditor;

  private readonly client = new ConsoleClient(window.location);
  private stop: (() => void) | null = null;
  private clock: ReturnType<typeof setInterval> | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    this.user = localStorage.getItem(USER_KEY) ?? '';
    this.stop = this.client.live(
      (f) => this.frame(f),
      (s) => (this.live = s),
    );
    this.clock = setInterval(() => (this.now = Date.now()), 15_000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stop?.();
    if (this.clock) clearInterval(this.clock);
  }

  private frame(f: ConsoleFrame): void {
    if (f.type === 'fleet') {
      this.fleet = f.fleet;
      if (!this.user) this.user = f.fleet.consoleUser;
    } else this.audit = f.records;
  }

  private signIn(e: Event): void {
    this.user = (e.target as HTMLInputElement).value;
    localStorage.setItem(USER_KEY, this.user);
  }

  private async edit(tableId: string | null, republish = false): Promise<void> {
    this.editing = tableId;
    this.notice = null;
    await this.updateComplete;
    await this.editor.open(republish);
  }

  private applied(e: CustomEvent<readonly AuditRecord[]>): void {
    this.notice = `Published: ${e.detail.map((r) => r.summary).join(' · ')}`;
  }

  private header() {
    const b = this.fleet?.broker;
    const connected = this.live === 'open' && b?.state === 'connected';
    const state =
      this.live !== 'open'
        ? 'console server unreachable'
        : b?.state === 'connected'
          ? 'connected'
          : (b?.state ?? 'connecting');
    return html`<header class="top">
      <h1>Baccarat floor console</h1>
      <span class="broker">
        <span class="pill ${connected ? 'ok' : 'off'}" data-state="broker">${state}</span>
        <span class="muted">${b ? `${b.url}${b.username ? ` as ${b.username}` : ''}` : ''}</span>
      </span>
      <label class="user">
        <span>Signed in as</span>
        <input
          name="user"
          .value=${this.user}
          @input=${this.signIn}
          placeholder="your name"
          autocomplete="username"
          maxlength="64"
        />
      </label>
    </header>`;
  }

  private casinoPanel() {
    const c = this.fleet?.casino ?? null;
    return html`<section aria-labelledby="casino-h" class="casino">
      <h2 id="casino-h">Casino</h2>
      <div class="panel row">
        <div>
          <strong>Perfect Pairs:</strong>
          ${c ? describeScale(c.perfectPairsScale, true) : html`<span class="muted">no pay scale set</span>`}
          <span class="muted">— on every table offering it (rule 11A.8)</span>
          ${c ? html`<div class="muted small">${c.casinoName} · revision ${c.revision} · ${c.updatedBy} · ${when(c.updatedAt, this.now)}</div>` : nothing}
        </div>
        <button @click=${() => this.edit(null)}>Change pay scale…</button>
      </div>
      ${attentionList(this.fleet?.casinoAttention ?? [], this.now)}
    </section>`;
  }

  override render() {
    const f = this.fleet;
    const editingTable = this.editing ? (f?.tables.find((t) => t.tableId === this.editing) ?? null) : null;
    return html`
      ${this.header()}
      <main>
        ${
          this.live === 'closed'
            ? html`<p class="error" role="alert">
                Lost the console server: reconnecting… What you see may be out of date.
              </p>`
            : nothing
        }
        ${
          f?.broker.error && f.broker.state !== 'connected'
            ? html`<p class="error" role="alert">Broker: ${f.broker.error}</p>`
            : nothing
        }
        ${this.notice ? html`<p class="notice" role="status">${this.notice}</p>` : nothing} ${this.casinoPanel()}
        <section aria-labelledby="tables-h">
          <h2 id="tables-h">Tables <span class="count">${f?.tables.length ?? 0}</span></h2>
          ${
            f && f.tables.length > 0
              ? html`<div class="tables">
                  ${f.tables.map(
                    (t) =>
                      html`<console-table-card
                        .table=${t}
                        .casino=${f.casino}
                        .now=${this.now}
                        @console-edit=${(e: CustomEvent<string>) => this.edit(e.detail)}
                        @console-republish=${(e: CustomEvent<string>) => this.edit(e.detail, true)}
                      ></console-table-card>`,
                  )}
                </div>`
              : html`<p class="muted">No table seen on the broker yet.</p>`
          }
        </section>
        <section aria-labelledby="boards-h">
          <h2 id="boards-h">Boards <span class="count">${f?.boards.length ?? 0}</span></h2>
          <console-board-list
            .boards=${f?.boards ?? []}
            .tables=${f?.tables ?? []}
            .now=${this.now}
          ></console-board-list>
        </section>
        <section aria-labelledby="audit-h">
          <h2 id="audit-h">Audit log <span class="muted small">latest first</span></h2>
          <console-audit-list .records=${this.audit}></console-audit-list>
        </section>
        ${
          f && f.ignored > 0
            ? html`<p class="muted small">
                ${f.ignored} message(s) broke the contract and were ignored; the last: ${f.lastIgnored}
              </p>`
            : nothing
        }
        <p class="muted small">
          ${f ? `Broker ${f.broker.state} since ${when(f.broker.since, this.now)} · topic root ${f.root}` : 'Connecting…'}
        </p>
      </main>
      <console-sign-editor
        .api=${this.client}
        .table=${editingTable}
        .casino=${f?.casino ?? null}
        .user=${this.user}
        @console-applied=${this.applied}
      ></console-sign-editor>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-app': ConsoleApp;
  }
}
