/**
 * `<console-board-list>`: every board on the broker in one table — online, out of step, silent or offline, version,
 * table, shoe, hands, last result, sign revisions (flagged when they differ from the table's or the casino's, in
 * either direction), its build against the approved list, rejected messages, uptime — and under a board, what to
 * look at: why it is out of step and for how long, a sign that differs and what to do, software not approved, a
 * clock off the controller's, its warnings for staff. For a floor manager or a supervisor, each online board's
 * fleet commands (`board-commands.ts`): identify, about and screenshot at once, reload and resync after a dialog
 * (`<console-fleet-confirm>`), each shown waiting, then with the board's answer; a picture opens in
 * `<console-screenshot-dialog>`.
 * @packageDocumentation
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { DisplayCommandName } from '../../contract/schemas';
import type { BoardRow, FleetCommandRequest, TableRow } from '../protocol';
import { may, refusal, type Role } from '../roles';
import { attentionList, attentionStyles } from './attention';
import { commandButtons, commandResult, commandStyles, runHeadline, type CommandHandlers } from './board-commands';
import type { FleetApi } from './console-client';
import type { ConsoleFleetConfirm } from './fleet-confirm';
import { FleetRuns, type FleetRun } from './fleet-runs';
import { ago, duration, when, whenExact } from './format';
import { isSilent, offlineSince, SILENT_AFTER_SECONDS } from '../../contract/offline-since';
import type { ConsoleScreenshotDialog } from './screenshot-dialog';
import { boardListStyles } from './board-list.styles';
import { sharedStyles } from './shared.styles';
import './fleet-confirm';
import './screenshot-dialog';

/** The boards. */
@customElement('console-board-list')
export class ConsoleBoardList extends LitElement {
  static override styles = [sharedStyles, attentionStyles, commandStyles, boardListStyles];

  @state() private announced = ''; // the latest answer, for assistive technology

  /** The boards. */
  @property({ attribute: false }) boards: readonly BoardRow[] = [];
  /** The tables, for their names and sign revisions. */
  @property({ attribute: false }) tables: readonly TableRow[] = [];
  /** Clock, in ms since the epoch (0: now). */
  @property({ type: Number }) now = 0;
  /** The role of whoever is signed in: which fleet commands the rows offer. */
  @property({ attribute: false }) userRole: Role = 'viewer';
  /** Where fleet commands go (null: none are offered). */
  @property({ attribute: false }) api: FleetApi | null = null;

  @query('console-fleet-confirm') private confirm!: ConsoleFleetConfirm;
  @query('console-screenshot-dialog') private picture!: ConsoleScreenshotDialog;

  private readonly runs = new FleetRuns(this);
  private readonly handlers: CommandHandlers = {
    run: (b, name) => void this.run(b, name),
    view: (run) => void this.view(run),
    dismiss: (id) => this.runs.dismiss(id),
  };

  private get commands(): boolean {
    return this.api !== null && may(this.userRole, 'check-boards');
  }

  private async run(b: BoardRow, name: DisplayCommandName): Promise<void> {
    if (name === 'reload' || name === 'resync') return this.confirm.open(b, name);
    return this.send({ displayId: b.displayId, command: name });
  }

  private async send(req: FleetCommandRequest): Promise<void> {
    if (!this.api) return;
    const sending = this.runs.send(this.api, req);
    const pending = this.runs.of(req.displayId);
    if (pending) this.announced = runHeadline(pending);
    const run = await sending;
    this.announced = `${req.displayId}: ${runHeadline(run)}. ${run.message}`;
    if (run.screenshot) await this.view(run);
  }

  private async view(run: FleetRun): Promise<void> {
    if (run.screenshot) await this.picture.show(run.displayId, run.screenshot);
  }

  /** Above the table, for a role that cannot send every command: which, and who can. */
  private note() {
    if (this.api === null || may(this.userRole, 'reload-boards')) return nothing;
    const text = may(this.userRole, 'check-boards')
      ? `${refusal(this.userRole, 'reload-boards')}.`
      : `Fleet commands: ${refusal(this.userRole, 'check-boards')} (reload and resync: a supervisor).`;
    return html`<p class="note muted small" data-note="fleet">${text.charAt(0).toUpperCase()}${text.slice(1)}</p>`;
  }

  private signs(b: BoardRow, live: boolean) {
    if (b.state !== 'online' || !live) return html`<span class="muted">—</span>`;
    const table = this.tables.find((t) => t.tableId === b.tableId)?.signage?.revision;
    const rev = b.signageRevision;
    // Of the table's sign: "table at rev 4", or none at all on the broker ("ahead: table at none" read as nonsense).
    const tableRev = table === undefined ? 'no table sign' : `table at rev ${table}`;
    const flag = (on: boolean, name: string, text: string, title: string) =>
      on ? html`<span class="pill warn" data-flag=${name} title=${title}>${text}</span>` : nothing;
    // The words are under the row; the pills say which way at a glance.
    return html`${rev === undefined ? 'none' : `rev ${rev}`}
    ${flag(b.signageBehind, 'signage-behind', `behind: ${tableRev}`, 'This board has not taken the table’s sign')}
    ${flag(b.signageAhead, 'signage-ahead', `ahead: ${tableRev}`, 'This board shows a newer sign than the broker has: republish the sign')}
    ${flag(b.casinoSignageBehind, 'casino-behind', 'casino sign behind', 'This board has not taken the casino’s sign')}
    ${flag(b.casinoSignageAhead, 'casino-ahead', 'casino sign ahead', 'This board shows a newer casino sign than the broker has')}`;
  }

  /** Under the version: the approved build's label, or a pill when it is not approved (or none is reported). */
  private build(b: BoardRow, live: boolean) {
    if (b.state !== 'online' || !live || b.approvedBuild === undefined) return nothing;
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

  /**
   * Silent: its status says online but is too old to believe (`isSilent`): the will that would have said offline
   * never came. In words for the floor and IT: since when, what it last said, what to check.
   */
  private silent(b: BoardRow, now: number) {
    const at = whenExact(b.timestamp, now);
    const title =
      `Its last status, at ${at}, said online, but nothing has come from it for over ${SILENT_AFTER_SECONDS} s ` +
      `(a board reports every ${SILENT_AFTER_SECONDS / 3} s): it may have lost power, hung, or lost its network ` +
      'without the broker noticing. Check the board: its screen may not show the table.';
    return html`<span class="pill off" data-state="board" title=${title}>Silent</span>
      <span class="muted" data-state="silent-since">no word since ${at}; it last said online</span>`;
  }

  private state(b: BoardRow, now: number, live: boolean) {
    if (b.state === 'online' && !live) return html`<span class="states">${this.silent(b, now)}</span>`;
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
      ${
        b.state === 'online'
          ? nothing
          : html`<span class="muted" data-state="offline-since"
              >${offlineSince(b, b, (iso) => whenExact(iso, now))}</span
            >`
      }
    </span>`;
  }

  /** A board's row, then what to look at under it and its latest command's answer. */
  private row(b: BoardRow, now: number, commands: boolean) {
    const name = this.tables.find((t) => t.tableId === b.tableId)?.signage?.tableName;
    const columns = commands ? 11 : 10;
    // Online and heard from lately: what it reports is current. A silent board's figures are its last word's.
    const on = b.state === 'online' && !isSilent(b, now);
    const run = commands ? this.runs.of(b.displayId) : undefined;
    const more = b.attention.length > 0 || run !== undefined;
    const kind = on ? 'online' : b.state === 'online' ? 'silent' : 'offline';
    return html`<tr class="${kind} ${more ? 'has-attention' : ''}" data-board=${b.displayId}>
        <th scope="row">${b.displayId}</th>
        <td>${this.state(b, now, on)}</td>
        <td>${name ? html`${name} <span class="muted">${b.tableId}</span>` : b.tableId}</td>
        <td>${b.version}${this.build(b, on)}</td>
        <td>${on ? this.shoe(b) : '—'}</td>
        <td class="num">${on ? b.handCount : '—'}</td>
        <td>${on ? ago(b.lastResultAt, now) : '—'}</td>
        <td class="signs">${this.signs(b, on)}</td>
        <td class="num">${on ? b.rejectedMessages : '—'}</td>
        <td class="num">${on ? duration(b.uptimeSeconds) : '—'}</td>
        ${commands ? html`<td>${commandButtons(b, this.userRole, run, this.handlers)}</td>` : nothing}
      </tr>
      ${
        b.attention.length > 0
          ? html`<tr class="attention-row ${run ? 'has-attention' : ''}" data-attention=${b.displayId}>
              <td colspan=${columns}>${attentionList(b.attention, now)}</td>
            </tr>`
          : nothing
      }
      ${
        run
          ? html`<tr class="attention-row" data-commands=${b.displayId}>
              <td colspan=${columns}>${commandResult(run, this.handlers)}</td>
            </tr>`
          : nothing
      }`;
  }

  override render() {
    if (this.boards.length === 0) return html`<p class="empty muted">No board has reported on the broker.</p>`;
    const now = this.now || Date.now();
    const commands = this.commands;
    return html`${this.note()}
      <p class="visually-hidden" aria-live="polite" data-announce>${this.announced}</p>
      <table>
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
            ${commands ? html`<th scope="col">Commands</th>` : nothing}
          </tr>
        </thead>
        <tbody>
          ${
            // Keyed by the board: a board that reports for the first time (or goes) shifts every row after it, and rows
            // re-used by place would hand a row's buttons, its focus and its command's answer to another board: a
            // Reload… found on one board's row and clicked a moment later would reload another's screen.
            repeat(
              this.boards,
              (b) => b.displayId,
              (b) => this.row(b, now, commands),
            )
          }
        </tbody>
      </table>
      ${
        commands
          ? html`<console-fleet-confirm
                @console-fleet-send=${(e: CustomEvent<FleetCommandRequest>) => void this.send(e.detail)}
              ></console-fleet-confirm>
              <console-screenshot-dialog></console-screenshot-dialog>`
          : nothing
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-board-list': ConsoleBoardList;
  }
}
