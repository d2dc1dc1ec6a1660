/**
 * `<console-board-list>`: every board on the broker in one table — online, out of step or offline, version,
 * table, shoe, hands, last result, sign revisions (flagged when they differ from the table's or the casino's, in
 * either direction), its build against the approved list, rejected messages, uptime — and under a board, what to
 * look at: why it is out of step and for how long, a sign that differs and what to do, software not approved, a
 * clock off the controller's, its warnings for staff.
 * @packageDocumentation
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { BoardRow, TableRow } from '../protocol';
import { attentionList, attentionStyles } from './attention';
import { ago, duration, when } from './format';
import { sharedStyles } from './shared.styles';

/** The boards. */
@customElement('console-board-list')
export class ConsoleBoardList extends LitElement {
  static override styles = [
    sharedStyles,
    attentionStyles,
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
      tr.has-attention > * {
        border-bottom: 0;
      }
      tr.attention-row td {
        padding-top: 0;
      }
      .states {
        display: flex;
        gap: 0.3em;
        align-items: center;
      }
      .empty {
        padding: 1em;
      }
      .small {
        font-size: 0.82em;
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
    const tableRev = table === undefined ? 'none' : `rev ${table}`;
    const flag = (on: boolean, name: string, text: string, title: string) =>
      on ? html`<span class="pill warn" data-flag=${name} title=${title}>${text}</span>` : nothing;
    // The words are under the row; the pills say which way at a glance.
    return html`${rev === undefined ? 'none' : `rev ${rev}`}
    ${flag(b.signageBehind, 'signage-behind', `behind: table at ${tableRev}`, 'This board has not taken the table’s sign')}
    ${flag(b.signageAhead, 'signage-ahead', `ahead: table at ${tableRev}`, 'This board shows a newer sign than the broker has: republish the sign')}
    ${flag(b.casinoSignageBehind, 'casino-behind', 'casino sign behind', 'This board has not taken the casino’s sign')}
    ${flag(b.casinoSignageAhead, 'casino-ahead', 'casino sign ahead', 'This board shows a newer casino sign than the broker has')}`;
  }

  /** Under the version: the approved build's label, or a pill when it is not approved (or none is reported). */
  private build(b: BoardRow) {
    if (b.state !== 'online' || b.approvedBuild === undefined) return nothing;
    if (b.approvedBuild !== null)
      return html`<div class="muted small" data-build="approved" title=${b.build?.sha256 ?? ''}>
        ${b.approvedBuild}
      </div>`;
    return html` <span class="pill warn" data-flag="build" title=${b.build?.sha256 ?? 'no build reported'}
      >${b.build ? 'unapproved build' : 'no build'}</span
    >`;
  }

  /** `12 S001` (the controller's number, then the id), or the id alone. */
  private shoe(b: BoardRow) {
    if (b.state !== 'online' || b.shoeId === undefined) return '—';
    return b.shoeNo === undefined ? b.shoeId : html`${b.shoeNo} <span class="muted">${b.shoeId}</span>`;
  }

  private state(b: BoardRow, now: number) {
    const on = b.state === 'online';
    return html`<span class="states">
      <span class="pill ${on ? 'ok' : 'off'}" data-state="board" title="Reported ${when(b.timestamp, now)}"
        >${on ? 'Online' : 'Offline'}</span
      >
      ${
        on && b.outOfStep
          ? html`<span class="pill warn" data-state="out-of-step" title=${b.outOfStep.reason}
              >Out of step: ${b.outOfStep.code}</span
            >`
          : nothing
      }
      ${on ? nothing : html`<span class="muted">${ago(b.timestamp, now)}</span>`}
    </span>`;
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
          const more = b.attention.length > 0;
          return html`<tr class="${b.state} ${more ? 'has-attention' : ''}" data-board=${b.displayId}>
              <th scope="row">${b.displayId}</th>
              <td>${this.state(b, now)}</td>
              <td>${name(b.tableId) ? html`${name(b.tableId)} <span class="muted">${b.tableId}</span>` : b.tableId}</td>
              <td>${b.version}${this.build(b)}</td>
              <td>${on ? this.shoe(b) : '—'}</td>
              <td class="num">${on ? b.handCount : '—'}</td>
              <td>${on ? ago(b.lastResultAt, now) : '—'}</td>
              <td>${this.signs(b)}</td>
              <td class="num">${on ? b.rejectedMessages : '—'}</td>
              <td class="num">${on ? duration(b.uptimeSeconds) : '—'}</td>
            </tr>
            ${
              more
                ? html`<tr class="attention-row" data-attention=${b.displayId}>
                    <td colspan="10">${attentionList(b.attention, now)}</td>
                  </tr>`
                : nothing
            }`;
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
