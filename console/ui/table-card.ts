/**
 * `<console-table-card>`: one table as the broker has it — name, open or closed, controller online or offline,
 * shoe and next hand, and every sign in words — with a button to change its signs; and what to look at: its boards
 * out of step or showing another sign than the broker's (with a button to republish it), Perfect Pairs offered
 * with no casino pay scale. A supervisor also closes or opens the table from here. The buttons are the role's: the
 * server decides again.
 * @packageDocumentation
 */
import { openState } from './open-state';
import { LitElement, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { isLimitedSideBet } from '../../baccarat/signage';
import type { CasinoSignage } from '../../contract/schemas';
import { controllerSaysOpen, type Attention } from '../fleet-attention';
import type { TableView } from '../protocol';
import { may, type Role } from '../roles';
import { describeRange, describeScale, formatAmount, noSignWords } from '../sign-text';
import { variantNow } from '../variant-now';
import { attentionList, attentionStyles } from './attention';
import { ago, count, when } from './format';
import { sharedStyles } from './shared.styles';
import { tableCardStyles } from './table-card.styles';

const BET_NAMES: Readonly<Record<string, string>> = {
  playerPair: 'Player Pair',
  bankerPair: 'Banker Pair',
  perfectPairs: 'Perfect Pairs',
  urWayEgalite: 'UR Way Égalité',
  threeGivesEight: '3 gives 8',
};
export const betName = (b: string): string => BET_NAMES[b] ?? b;

/**
 * A table.
 * @event console-edit - The manager asks to change this table's signs; detail: the table id.
 * @event console-republish - The manager asks to publish this table's sign again (a board shows a newer one);
 *   detail: the table id.
 * @event console-table-state - A supervisor asks to close or open the table; detail: the table id and which.
 */
@customElement('console-table-card')
export class ConsoleTableCard extends LitElement {
  static override styles = [sharedStyles, attentionStyles, tableCardStyles];

  /** The table, with what to look at. */
  @property({ attribute: false }) table: TableView | null = null;
  /** The casino sign, for the Perfect Pairs scale. */
  @property({ attribute: false }) casino: CasinoSignage | null = null;
  /** Clock for "3 min ago", in ms since the epoch. */
  @property({ type: Number }) now = 0;
  /** The role of whoever is signed in: which buttons to show. */
  @property({ attribute: false }) userRole: Role = 'viewer';

  private edit(): void {
    if (this.table)
      this.dispatchEvent(
        new CustomEvent('console-edit', { detail: this.table.tableId, bubbles: true, composed: true }),
      );
  }

  private republish(): void {
    if (this.table)
      this.dispatchEvent(
        new CustomEvent('console-republish', { detail: this.table.tableId, bubbles: true, composed: true }),
      );
  }

  private tableState(action: 'close-table' | 'open-table'): void {
    if (this.table)
      this.dispatchEvent(
        new CustomEvent('console-table-state', {
          detail: { tableId: this.table.tableId, action },
          bubbles: true,
          composed: true,
        }),
      );
  }

  /**
   * "Republish sign…" beside the first board ahead of the broker's sign, or of none: the broker lost it, and the
   * console publishes again the revision that board shows, from its audit log.
   */
  private action(first: Attention | undefined) {
    return (a: Attention) =>
      a === first && may(this.userRole, 'change-signs')
        ? html`<button @click=${this.republish} data-action="republish">Republish sign…</button>`
        : nothing;
  }

  private openPill(sign: boolean | undefined, controller: boolean | undefined, boardsShow: number | null) {
    const said = openState(sign, controller, boardsShow);
    return said ? html`<span class="pill ${said[0]}" data-state="table">${said[1]}</span>` : nothing;
  }

  private buttons() {
    const t = this.table;
    const s = t?.signage;
    const name = s?.tableName ?? t?.tableId ?? '';
    return html`${
      s && may(this.userRole, 'close-table')
        ? s.tableOpen
          ? html`<button
              @click=${() => this.tableState('close-table')}
              data-action="close-table"
              aria-label="Close ${name}…"
            >
              Close table…
            </button>`
          : html`<button
              @click=${() => this.tableState('open-table')}
              data-action="open-table"
              aria-label="Open ${name}…"
            >
              Open table…
            </button>`
        : nothing
    }
    ${
      may(this.userRole, 'change-signs')
        ? html`<button class="primary" @click=${this.edit} aria-label="Change signs of ${name}">Change signs…</button>`
        : nothing
    }`;
  }

  private signs() {
    const t = this.table;
    const s = t?.signage;
    if (!s) return html`<p class="muted" data-state="no-sign">${noSignWords(t?.boardsShow ?? null)}</p>`;
    const l = s.limits;
    const banker = variantNow(s, t.shoe);
    const range = (b: string) => {
      const r = isLimitedSideBet(b) ? l.sideBetLimits?.[b] : undefined;
      return r ? html` <span class="muted" data-limits=${b}>${describeRange(r)}</span>` : nothing;
    };
    const bets = s.sideBets.map((b) =>
      b === 'perfectPairs'
        ? html`${betName(b)}
          ${
            this.casino
              ? `(${describeScale(this.casino.perfectPairsScale)})`
              : html`<span class="pill warn plain" data-flag="no-scale">no pay scale</span>`
          }${range(b)}`
        : html`${betName(b)}${range(b)}`,
    );
    return html`<dl>
      <dt>Limits</dt>
      <dd>
        ${l.currency} ${formatAmount(l.minimum)} – ${formatAmount(l.maximum)} · tie
        ${formatAmount(l.tieMaximum)}${
          l.pairMaximum !== undefined ? ` · pairs ${formatAmount(l.pairMaximum)}` : ''
        }${l.maxDifferential !== undefined ? ` · differential ${formatAmount(l.maxDifferential)}` : ''}
      </dd>
      <dt>Banker</dt>
      <dd>
        <span class="variant ${s.variant.kind === 'modified-odds' ? 'modified' : ''}" data-variant>${banker.text}</span>
        ${banker.note ? html`<span class="muted">(${banker.note})</span>` : nothing}
      </dd>
      <dt>Tie pays</dt>
      <dd>${s.tiePays} to 1</dd>
      <dt>Side bets</dt>
      <dd>${bets.length ? bets.map((b, i) => html`${i > 0 ? ', ' : ''}${b}`) : 'none'}</dd>
      <dt>Language</dt>
      <dd>${s.language}${s.showDisclaimer ? '' : ' · disclaimer hidden'}</dd>
      ${
        s.message
          ? html`<dt>Message</dt>
              <dd>“${s.message}”</dd>`
          : nothing
      }
    </dl>`;
  }

  override render() {
    const t = this.table;
    if (!t) return nothing;
    const s = t.signage;
    const c = t.controller;
    const now = this.now || Date.now();
    const stepping = t.attention.filter((a) => a.code === 'out-of-step').length;
    const ahead = t.attention.find((a) => a.code === 'signage-ahead');
    return html`
      <header>
        <h3>
          ${s?.tableName ?? t.tableId}
          ${s && s.tableName !== t.tableId ? html`<span class="id">${t.tableId}</span>` : nothing}
        </h3>
        <span class="states">
          ${this.openPill(s?.tableOpen, controllerSaysOpen(t.shoe, t.controller), t.boardsShow)}
          ${
            stepping > 0
              ? html`<span class="pill warn" data-state="out-of-step"
                  >${stepping === 1 ? '1 board' : `${stepping} boards`} out of step</span
                >`
              : nothing
          }
          <span
            class="pill ${c?.state === 'online' ? 'ok' : c ? 'off' : ''}"
            data-state="controller"
            title=${c ? `${c.controllerId} ${c.version}, since ${when(c.since, now)}` : 'no controller status seen'}
            >Controller ${c?.state ?? 'unknown'}</span
          >
        </span>
      </header>
      <p class="muted shoe">
        ${
          t.shoe
            ? html`${
                  t.shoe.shoeNo === undefined
                    ? html`Shoe <strong>${t.shoe.shoeId}</strong>`
                    : html`Shoe <strong>${t.shoe.shoeNo}</strong> (${t.shoe.shoeId})`
                }
                · ${t.shoe.handsPlayed === null ? 'hands unknown' : count(t.shoe.handsPlayed, 'hand')} · ${t.shoe.phase}
                · next hand <strong>${t.shoe.nextHand}</strong> · ${ago(t.shoe.at, now)}`
            : 'No shoe snapshot'
        }
      </p>
      ${attentionList(t.attention, now, { action: this.action(ahead), compact: true })} ${this.signs()}
      <footer>
        <span class="muted">${s ? `Revision ${s.revision} · ${s.updatedBy} · ${when(s.updatedAt, now)}` : ''}</span>
        <span class="buttons">${this.buttons()}</span>
      </footer>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-table-card': ConsoleTableCard;
  }
  interface GlobalEventHandlersEventMap {
    'console-edit': CustomEvent<string>;
    'console-republish': CustomEvent<string>;
    'console-table-state': CustomEvent<{ tableId: string; action: 'close-table' | 'open-table' }>;
  }
}
