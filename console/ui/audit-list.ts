/**
 * `<console-audit-list>`: the audit log, latest first — when, who, which sign, what changed (field by field),
 * at which hand of which shoe, and the revision.
 * @packageDocumentation
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { type AuditRecord, describeRevisions } from '../audit-record';
import { when } from './format';
import { sharedStyles } from './shared.styles';

/** The audit log. */
@customElement('console-audit-list')
export class ConsoleAuditList extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
        background: var(--c-panel);
        border: 1px solid var(--c-line);
        border-radius: var(--c-radius);
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
      }
      ol > li {
        display: grid;
        grid-template-columns: 9em 1fr;
        gap: 0.2em 1em;
        padding: 0.6em 0.9em;
        border-bottom: 1px solid var(--c-line);
      }
      ol > li:last-child {
        border-bottom: 0;
      }
      .head {
        font-weight: 600;
      }
      ul {
        margin: 0.15em 0 0;
        padding-left: 1.1em;
      }
      .empty {
        padding: 1em;
      }
    `,
  ];

  /** The records, latest first. */
  @property({ attribute: false }) records: readonly AuditRecord[] = [];

  override render() {
    if (this.records.length === 0) return html`<p class="empty muted">No change made yet.</p>`;
    return html`<ol aria-label="Sign changes, latest first">
      ${this.records.map(
        (r) =>
          html`<li>
            <time datetime=${r.at} class="muted">${when(r.at)}</time>
            <div>
              <div class="head">
                ${r.target === 'casino' ? 'Casino sign' : `${r.tableName ?? r.tableId} (${r.tableId})`} ·
                ${describeRevisions(r.revision)} ·
                ${r.user}${r.via === 'cli' ? html` <span class="muted">(command line)</span>` : nothing}
              </div>
              <ul>
                ${r.changes.length === 0 ? html`<li>published again as it is</li>` : r.changes.map((c) => html`<li>${c.text}</li>`)}
              </ul>
              ${r.shoeId ? html`<div class="muted">Shoe ${r.shoeId}${r.nextHand !== null ? `, next hand ${r.nextHand}` : ''}</div>` : nothing}
            </div>
          </li>`,
      )}
    </ol>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-audit-list': ConsoleAuditList;
  }
}
