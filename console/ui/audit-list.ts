/**
 * `<console-audit-list>`: the audit log, latest first — when, who (an account, its role, console or command line),
 * why, which sign, what changed (field by field), at which hand of which shoe, the revision, whether the record
 * carries the pit's signature, and the whole sign before and after on demand. A supervisor can restore the sign as
 * it was before any change listed. A fleet command sent to a board is listed too: which board, which command, and
 * what the board answered.
 * @packageDocumentation
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { CasinoSignage, TableSignage } from '../../contract/schemas';
import { describeCommand, describeRevisions, describeWho, type FleetRecord, type SignRecord } from '../audit-record';
import type { AuditEntry } from '../protocol';
import { may, type Role } from '../roles';
import { describeScale, signSummary } from '../sign-text';
import { when, withClockTimes } from './format';
import { sharedStyles } from './shared.styles';

const ACTIONS: Readonly<Record<string, string>> = {
  change: '',
  republish: 'republished',
  revert: 'restored',
  'close-table': 'closed the table',
  'open-table': 'opened the table',
};

const OUTCOMES = {
  done: ['ok', 'done'],
  failed: ['off', 'failed'],
  'no-answer': ['warn', 'no answer'],
} as const;

const summary = (s: TableSignage | CasinoSignage | null): string =>
  s === null
    ? 'none'
    : 'tableName' in s
      ? `revision ${s.revision}: ${signSummary(s).join(' · ')}`
      : `revision ${s.revision}: ${s.casinoName}, ${describeScale(s.perfectPairsScale)}`;

/**
 * The audit log.
 * @event console-revert - A supervisor asks to restore a sign as it was; detail: the table (null: the casino's
 *   sign) and the revision.
 */
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
        grid-template-columns: 9em minmax(0, 1fr) auto;
        overflow-wrap: anywhere; /* a pit message of one long word (a URL) stays in the log */
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
      .why {
        margin: 0.15em 0;
      }
      ul {
        margin: 0.15em 0 0;
        padding-left: 1.1em;
      }
      details {
        margin-top: 0.3em;
        font-size: 0.9em;
      }
      details dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 0.2em 0.8em;
        margin: 0.3em 0 0;
      }
      dd {
        margin: 0;
      }
      .side {
        display: flex;
        flex-direction: column;
        align-items: flex-end;
        gap: 0.4em;
      }
      .side button {
        font-size: 0.88em;
        padding: 0.2em 0.7em;
      }
      .empty {
        padding: 1em;
      }
    `,
  ];

  /** The records, latest first. */
  @property({ attribute: false }) records: readonly AuditEntry[] = [];
  /** The role of whoever is signed in: a supervisor may restore. */
  @property({ attribute: false }) userRole: Role = 'viewer';

  private revert(r: SignRecord, revision: number): void {
    this.dispatchEvent(
      new CustomEvent('console-revert', {
        detail: { tableId: r.target === 'casino' ? null : r.tableId, revision },
        bubbles: true,
        composed: true,
      }),
    );
  }

  private signature(r: AuditEntry) {
    return html`<span
      class="pill ${r.signature === 'verified' ? 'ok' : 'plain'}"
      data-signature=${r.signature}
      title=${r.signature === 'verified' ? 'Signed with the pit’s key' : 'Not signed with the pit key this console holds'}
      >${r.signature === 'verified' ? 'signed' : 'unsigned'}</span
    >`;
  }

  private fleetItem(r: FleetRecord & Pick<AuditEntry, 'signature'>) {
    const [tone, words] = OUTCOMES[r.outcome];
    return html`<li data-id=${r.id} data-action=${r.action} data-command=${r.command.name}>
      <time datetime=${r.at} class="muted">${when(r.at)}</time>
      <div>
        <div class="head">
          Board ${r.displayId}${r.tableId ? ` (${r.tableId})` : ''} · ${describeCommand(r.command)} ·
          <span data-who>${describeWho(r.who)}</span> <span class="muted">fleet command</span>
        </div>
        ${r.reason ? html`<div class="why" data-why>Why: “${r.reason}”</div>` : nothing}
        <div class="muted" data-detail>${withClockTimes(r.detail)}</div>
      </div>
      <div class="side">
        <span class="pill ${tone}" data-outcome=${r.outcome}>${words}</span>
        ${this.signature(r)}
      </div>
    </li>`;
  }

  private item(e: AuditEntry) {
    if (e.action === 'fleet-command') return this.fleetItem(e);
    const r: SignRecord & Pick<AuditEntry, 'signature'> = e;
    const from = r.revision.from;
    const undo = may(this.userRole, 'revert') && r.before && from !== null;
    const what = ACTIONS[r.action] ?? '';
    return html`<li data-id=${r.id} data-action=${r.action}>
      <time datetime=${r.at} class="muted">${when(r.at)}</time>
      <div>
        <div class="head">
          ${r.target === 'casino' ? 'Casino sign' : `${r.tableName ?? r.tableId} (${r.tableId})`} ·
          ${describeRevisions(r.revision)}${r.revertedTo !== undefined ? ` (as at revision ${r.revertedTo})` : ''} ·
          <span data-who>${describeWho(r.who)}</span>${what ? html` <span class="muted">${what}</span>` : nothing}
        </div>
        <div class="why" data-why>Why: “${r.reason}”</div>
        <ul>
          ${r.changes.length === 0 ? html`<li>published again as it is</li>` : r.changes.map((c) => html`<li>${c.text}</li>`)}
        </ul>
        ${r.shoeId ? html`<div class="muted">Shoe ${r.shoeId}${r.nextHand !== null ? `, next hand ${r.nextHand}` : ''}</div>` : nothing}
        ${
          r.after
            ? html`<details>
                <summary>The whole sign before and after</summary>
                <dl>
                  <dt>Before</dt>
                  <dd data-before>${summary(r.before)}</dd>
                  <dt>After</dt>
                  <dd data-after>${summary(r.after)}</dd>
                </dl>
              </details>`
            : nothing
        }
      </div>
      <div class="side">
        ${this.signature(r)}
        ${
          undo
            ? html`<button
                data-action="revert"
                @click=${() => this.revert(r, from)}
                aria-label="Restore revision ${from} of ${r.target === 'casino' ? 'the casino sign' : (r.tableName ?? r.tableId ?? '')}…"
              >
                Restore revision ${from}…
              </button>`
            : nothing
        }
      </div>
    </li>`;
  }

  override render() {
    if (this.records.length === 0)
      return html`<p class="empty muted">No change made, and no fleet command sent, yet.</p>`;
    // Keyed by the record: a new record arrives at the top, and an unkeyed list would re-use each <li> by its
    // place, so that a "Restore revision 4…" button someone is about to press (or has focused) would become the next
    // record's "Restore revision 5…" under their hand. Keyed, each button stays with its own record and moves down.
    return html`<ol aria-label="Sign changes and fleet commands, latest first">
      ${repeat(
        this.records,
        (r) => r.id,
        (r) => this.item(r),
      )}
    </ol>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-audit-list': ConsoleAuditList;
  }
  interface GlobalEventHandlersEventMap {
    'console-revert': CustomEvent<{ tableId: string | null; revision: number }>;
  }
}
