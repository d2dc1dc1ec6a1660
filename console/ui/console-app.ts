/**
 * `<console-app>`: the console page. Until someone signs in it shows the sign-in (`<console-login>`); then it holds
 * the live fleet (from the server's WebSocket) and the audit log, and lays out the casino sign, the tables, the
 * boards and the log, with the buttons the account's role allows. The sign editor, the close-or-open dialog and the
 * revert do the changes; the board list sends fleet commands. When the session ends (signed out, 12 h, the account changed), the sign-in comes back.
 * @packageDocumentation
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { AuditRecord } from '../audit-record';
import type { AuditEntry, ConsoleFrame, FleetView, SessionInfo } from '../protocol';
import { signAtRevision } from '../revert';
import { may, ROLE_NAMES } from '../roles';
import { describeScale } from '../sign-text';
import { attentionList, attentionStyles } from './attention';
import { appStyles } from './console-app.styles';
import { ConsoleClient, type LiveState } from './console-client';
import { when } from './format';
import { sharedStyles } from './shared.styles';
import type { ConsoleSignEditor, EditorMode } from './sign-editor';
import type { ConsoleTableState } from './table-state-dialog';
import './audit-list';
import './board-list';
import './login-page';
import './sign-editor';
import './table-card';
import './table-state-dialog';

/** The console page. */
@customElement('console-app')
export class ConsoleApp extends LitElement {
  static override styles = [sharedStyles, attentionStyles, appStyles];

  @state() private session: SessionInfo | null | undefined = undefined; // undefined: asking the server
  @state() private ended = '';
  @state() private fleet: FleetView | null = null;
  @state() private audit: readonly AuditEntry[] = [];
  @state() private live: LiveState = 'connecting';
  @state() private editing: string | null | undefined = undefined; // a table id, null: the casino
  @state() private notice: string | null = null;
  @state() private now = Date.now();

  @query('console-sign-editor') private editor!: ConsoleSignEditor;
  @query('console-table-state') private tableState!: ConsoleTableState;

  private readonly client = new ConsoleClient(window.location);
  private stop: (() => void) | null = null;
  private clock: ReturnType<typeof setInterval> | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.client.session().then((s) => this.signedIn(s));
    this.clock = setInterval(() => (this.now = Date.now()), 15_000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stop?.();
    if (this.clock) clearInterval(this.clock);
  }

  private signedIn(s: SessionInfo | null): void {
    this.session = s;
    this.stop?.();
    this.stop = null;
    if (!s) return;
    this.ended = '';
    this.stop = this.client.live(
      (f) => this.frame(f),
      (state) => {
        this.live = state;
        if (state === 'ended') this.signedOut('Your session has ended: sign in again.');
      },
    );
  }

  private signedOut(why: string): void {
    this.stop?.();
    this.stop = null;
    this.session = null;
    this.ended = why;
    this.fleet = null;
    this.audit = [];
    // What the last person did is theirs: the next to sign in on this page read "Published: …" as their own.
    this.notice = null;
    this.editing = undefined;
  }

  private async signOut(): Promise<void> {
    await this.client.logout();
    this.signedOut('');
  }

  private frame(f: ConsoleFrame): void {
    if (f.type === 'fleet') this.fleet = f.fleet;
    else this.audit = f.records;
  }

  private async edit(tableId: string | null, mode: EditorMode = { kind: 'edit' }): Promise<void> {
    this.editing = tableId;
    this.notice = null;
    await this.updateComplete;
    // The broker lost the sign its boards show (a table's, or the casino's): the form starts from that sign, which
    // the audit log has (the server makes the change to it), not from the defaults, which would replace everything
    // the boards show (for the casino's, a blank form: no scale ticked, its name to type again).
    const f = this.fleet;
    const t = tableId === null ? null : f?.tables.find((x) => x.tableId === tableId);
    // Republished, it is named as the boards show it too (not by its id alone).
    const boardsShow =
      tableId === null ? (f && !f.casino ? f.casinoBoardsShow : null) : t && !t.signage ? t.boardsShow : null;
    const lost = mode.kind !== 'revert' && boardsShow ? boardsShow : null;
    const records = lost === null ? null : await this.client.audit();
    const target = tableId === null ? 'casino' : 'table';
    const shown = lost === null || !records ? null : signAtRevision(records, target, tableId, lost);
    await this.editor.open(mode, shown);
  }

  private async openTableState(e: CustomEvent<{ tableId: string; action: 'close-table' | 'open-table' }>) {
    this.editing = e.detail.tableId;
    this.notice = null;
    await this.updateComplete;
    await this.tableState.open(e.detail.action);
  }

  private applied(e: CustomEvent<readonly AuditRecord[]>): void {
    this.notice = `Published: ${e.detail.map((r) => r.summary).join(' · ')}`;
  }

  private header() {
    const b = this.fleet?.broker;
    const s = this.session;
    const connected = this.live === 'open' && b?.state === 'connected';
    const state =
      this.live !== 'open'
        ? 'console server unreachable'
        : b?.state === 'connected'
          ? 'connected'
          : (b?.state ?? 'connecting');
    return html`<header class="top">
      <h1>Baccarat floor console</h1>
      ${
        s
          ? html`<span class="broker">
                <span class="pill ${connected ? 'ok' : 'off'}" data-state="broker">${state}</span>
                <span class="muted">${b ? `${b.url}${b.username ? ` as ${b.username}` : ''}` : ''}</span>
                ${
                  this.fleet
                    ? this.fleet.signing
                      ? html`<span class="muted" data-state="signing">signs with pit key ${this.fleet.signing}</span>`
                      : html`<span
                          class="pill warn"
                          data-state="signing"
                          title="Started without --signing-key: boards that require signatures refuse its changes"
                          >signs unsigned: no pit key</span
                        >`
                    : nothing
                }
              </span>
              <span class="user" data-state="session">
                <span>Signed in as <strong>${s.account}</strong> · ${ROLE_NAMES[s.role]}</span>
                <button type="button" class="on-dark" @click=${this.signOut}>Sign out</button>
              </span>`
          : nothing
      }
    </header>`;
  }

  private casinoPanel() {
    const c = this.fleet?.casino ?? null;
    const role = this.session?.role ?? 'viewer';
    return html`<section aria-labelledby="casino-h" class="casino">
      <h2 id="casino-h">Casino</h2>
      <div class="panel row">
        <div>
          <strong>Perfect Pairs:</strong>
          ${c ? describeScale(c.perfectPairsScale, true) : html`<span class="muted">no pay scale set</span>`}
          <span class="muted">— on every table offering it (rule 11A.8)</span>
          ${c ? html`<div class="muted small">${c.casinoName} · revision ${c.revision} · ${c.updatedBy} · ${when(c.updatedAt, this.now)}</div>` : nothing}
        </div>
        ${may(role, 'casino-sign') ? html`<button @click=${() => this.edit(null)}>Change pay scale…</button>` : nothing}
      </div>
      ${attentionList(this.fleet?.casinoAttention ?? [], this.now, {
        // As a table card's: the sign the boards show, published again (from the audit log where the broker lost it).
        action: (a) =>
          a.code === 'casino-ahead' && may(role, 'casino-sign')
            ? html`<button data-action="republish" @click=${() => this.edit(null, { kind: 'republish' })}>
                Republish sign…
              </button>`
            : nothing,
      })}
    </section>`;
  }

  private floor() {
    const f = this.fleet;
    const role = this.session?.role ?? 'viewer';
    return html`<main>
      ${
        this.live === 'closed'
          ? html`<p class="error" role="alert">
              Lost the console server: reconnecting… What you see may be out of date.
            </p>`
          : nothing
      }
      ${f?.broker.error && f.broker.state !== 'connected' ? html`<p class="error" role="alert">Broker: ${f.broker.error}</p>` : nothing}
      ${this.notice ? html`<p class="notice" role="status">${this.notice}</p>` : nothing} ${this.casinoPanel()}
      <section aria-labelledby="tables-h">
        <h2 id="tables-h">Tables <span class="count">${f?.tables.length ?? 0}</span></h2>
        ${
          f && f.tables.length > 0
            ? // Keyed by the table: a table that appears (or goes) above this one shifts the cards, and a card
              // re-used by place would hand its Close…, Change signs…, Republish… buttons and their focus to
              // another table.
              html`<div class="tables">
                ${repeat(
                  f.tables,
                  (t) => t.tableId,
                  (t) =>
                    html`<console-table-card
                      .table=${t}
                      .casino=${f.casino}
                      .now=${this.now}
                      .userRole=${role}
                      @console-edit=${(e: CustomEvent<string>) => this.edit(e.detail)}
                      @console-republish=${(e: CustomEvent<string>) => this.edit(e.detail, { kind: 'republish' })}
                      @console-table-state=${this.openTableState}
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
          .userRole=${role}
          .api=${this.client}
        ></console-board-list>
      </section>
      <section aria-labelledby="audit-h">
        <h2 id="audit-h">
          Audit log
          <span class="muted small"
            >latest first · sign changes and fleet commands · shared by every console and signage</span
          >
        </h2>
        <console-audit-list
          .records=${this.audit}
          .userRole=${role}
          @console-revert=${(e: CustomEvent<{ tableId: string | null; revision: number }>) =>
            this.edit(e.detail.tableId, { kind: 'revert', revision: e.detail.revision })}
        ></console-audit-list>
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
    </main>`;
  }

  override render() {
    if (this.session === undefined) return html`${this.header()}`;
    if (this.session === null)
      return html`${this.header()}<console-login
          .api=${this.client}
          reason=${this.ended}
          @console-signed-in=${(e: CustomEvent<SessionInfo>) => this.signedIn(e.detail)}
        ></console-login>`;
    const f = this.fleet;
    const editingTable = this.editing ? (f?.tables.find((t) => t.tableId === this.editing) ?? null) : null;
    return html`
      ${this.header()} ${this.floor()}
      <console-sign-editor
        .api=${this.client}
        .table=${editingTable}
        .casino=${f?.casino ?? null}
        .user=${this.session.account}
        @console-applied=${this.applied}
      ></console-sign-editor>
      <console-table-state
        .api=${this.client}
        .table=${editingTable}
        @console-applied=${this.applied}
      ></console-table-state>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-app': ConsoleApp;
  }
}
