/**
 * `<console-board-list>`: every board on the broker in one table — online or offline, version, table, shoe,
 * hands, last result, sign revisions (flagged when behind the table's or the casino's), rejected messages, uptime.
 * @packageDocumentation
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { BoardRow, TableRow } from '../protocol';
import { ago, duration, when } from './format';
import { sharedStyles } from './shared.styles';

/** The boards. */
@customElement('console-board-list')
export class ConsoleBoardList extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
        overflow-x: auto;
        background: var(--c-panel);
        border: 1px solid var(--c-line);
        border-radius: var(--c-radius);
      }
      table {
        border-collapse: collapse;
        width: 100%;
      }
      th,
      td {
        text-align: left;
        padding: 0.5em 0.8em;
        border-bottom: 1px solid var(--c-line);
        white-space: nowrap;
      }
      th {
        font-size: 0.85em;
        color: var(--c-ink-muted);
        font-weight: 600;
        background: #fafbf9;
      }
      tbody th {
        background: none;
        color: var(--c-ink);
        font-size: 1em;
      }
      tr:last-child td,
      tr:last-child th {
        border-bottom: 0;
      }
      td.num {
        font-variant-numeric: tabular-nums;
      }
      tr.offline td:not(:nth-child(2)) {
        color: var(--c-ink-muted);
      }
      .empty {
        padding: 1em;
      }
    `,
  ];

  /** The boards. */
  @property({ attribute: false }) boards: readonly BoardRow[] = [];
  /** The tables, for their names and sign revisions. */
  @property({ attribute: false }) tables: readonly TableRow[] = [];
  /** Clock, in ms since the epoch (0: now). */
  @property({ type: Number }) now = 0;

  private signs(b: BoardRow) {
    if (b.state !== 'online') return html`<span class="muted">—</span>`;
    const table = this.tables.find((t) => t.tableId === b.tableId)?.signage?.revision;
    const rev = b.signageRevision;
    return html`${rev === undefined ? 'none' : `rev ${rev}`}
    ${
      b.signageBehind
        ? html`<span
            class="pill warn"
            data-flag="signage-behind"
            title="The table's sign is at revision ${table}: this board has not taken it"
            >behind: table at ${table}</span
          >`
        : nothing
    }
    ${b.casinoSignageBehind ? html`<span class="pill warn" data-flag="casino-behind">casino sign behind</span>` : nothing}`;
  }

  override render() {
    if (this.boards.length === 0) return html`<p class="empty muted">No board has reported on the broker.</p>`;
    const now = this.now || Date.now();
    const name = (id: string) => this.tables.find((t) => t.tableId === id)?.signage?.tableName;
    return html`<table>
      <thead>
        <tr>
          <th scope="col">Board</th>
          <th scope="col">State</th>
          <th scope="col">Table</th>
          <th scope="col">Version</th>
          <th scope="col">Shoe</th>
          <th scope="col">Hands</th>
          <th scope="col">Last result</th>
          <th scope="col">Signs</th>
          <th scope="col">Rejected</th>
          <th scope="col">Uptime</th>
        </tr>
      </thead>
      <tbody>
        ${this.boards.map((b) => {
          const on = b.state === 'online';
          return html`<tr class=${b.state} data-board=${b.displayId}>
            <th scope="row">${b.displayId}</th>
            <td>
              <span class="pill ${on ? 'ok' : 'off'}" data-state="board" title="Reported ${when(b.timestamp, now)}"
                >${on ? 'Online' : 'Offline'}</span
              >
              ${on ? nothing : html`<span class="muted">${ago(b.timestamp, now)}</span>`}
            </td>
            <td>${name(b.tableId) ? html`${name(b.tableId)} <span class="muted">${b.tableId}</span>` : b.tableId}</td>
            <td>${b.version}</td>
            <td>${on ? (b.shoeId ?? '—') : '—'}</td>
            <td class="num">${on ? b.handCount : '—'}</td>
            <td>${on ? ago(b.lastResultAt, now) : '—'}</td>
            <td>${this.signs(b)}</td>
            <td class="num">${on ? b.rejectedMessages : '—'}</td>
            <td class="num">${on ? duration(b.uptimeSeconds) : '—'}</td>
          </tr>`;
        })}
      </tbody>
    </table>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-board-list': ConsoleBoardList;
  }
}
