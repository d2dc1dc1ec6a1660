/**
 * A board's fleet commands as the board list shows them: the buttons on its row (Identify, About, Screenshot,
 * Reload…, Resync…), each disabled with the reason where it cannot be sent — the role (a floor manager cannot reload
 * or resync), the board offline, a command under way — and under the row, the latest command sent from this page:
 * waiting for the board, then its answer in the console's words. Pure templates of a row and its run.
 *
 * ```ts
 * html`<td>${commandButtons(board, role, runs.of(board.displayId), handlers)}</td>`;
 * ```
 * @packageDocumentation
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { DisplayCommandName } from '../../contract/schemas';
import type { BoardRow } from '../protocol';
import { may, permissionOfCommand, refusal, type Role } from '../roles';
import { clock, withClockTimes } from './format';
import type { FleetRun } from './fleet-runs';

/** What the buttons do: the list sends, or asks first (reload, resync), and shows a picture. */
export interface CommandHandlers {
  run(board: BoardRow, command: DisplayCommandName): void;
  view(run: FleetRun): void;
  dismiss(displayId: string): void;
}

const BUTTONS: readonly { readonly name: DisplayCommandName; readonly label: string; readonly title: string }[] = [
  { name: 'identify', label: 'Identify', title: 'Show the display id large on its screen for 30 s, to find it' },
  { name: 'about', label: 'About', title: 'Show over the board, for 60 s, what it runs and how it is connected' },
  { name: 'screenshot', label: 'Screenshot', title: 'Take the picture the board shows now' },
  { name: 'reload', label: 'Reload…', title: 'Reload its page (the screen blanks for a moment): asks first' },
  { name: 'resync', label: 'Resync…', title: 'Ask the broker again for what it shows: asks first' },
];

/** `Identify`, `Resync with replace`: a command in words, for the answer's headline. */
const named = (run: FleetRun): string => {
  const b = BUTTONS.find((x) => x.name === run.command)?.label.replace('…', '') ?? run.command;
  return run.replace ? `${b} with replace` : b;
};

/** Why a command cannot be sent to this board now, or null. */
export function commandBlocked(b: BoardRow, role: Role, name: DisplayCommandName, busy: boolean): string | null {
  const p = permissionOfCommand(name);
  if (!may(role, p)) return refusal(role, p);
  if (b.state !== 'online')
    return `Board ${b.displayId} is offline: a command would wait at the broker and run whenever it is back`;
  if (busy) return `A command to ${b.displayId} is under way: wait for its answer`;
  return null;
}

/** The buttons of a board's row. */
export function commandButtons(b: BoardRow, role: Role, run: FleetRun | undefined, h: CommandHandlers) {
  const busy = run?.state === 'pending';
  return html`<span class="commands" role="group" aria-label="Fleet commands to ${b.displayId}">
    ${BUTTONS.map(({ name, label, title }) => {
      const blocked = commandBlocked(b, role, name, busy);
      return html`<button
        type="button"
        data-command=${name}
        aria-label="${label.replace('…', '')} ${b.displayId}${label.endsWith('…') ? '…' : ''}"
        title=${blocked ?? title}
        ?disabled=${blocked !== null}
        @click=${() => h.run(b, name)}
      >
        ${label}
      </button>`;
    })}
  </span>`;
}

const TONES: { readonly [S in FleetRun['state']]: string } = {
  pending: '',
  done: 'ok',
  failed: 'off',
  'no-answer': 'warn',
  refused: 'off',
  'not-sent': 'off',
};

/** The headline of a run: `Identify: waiting for D7…`, `Screenshot done`, `Reload: no answer`. */
export function runHeadline(run: FleetRun): string {
  const what = named(run);
  switch (run.state) {
    case 'pending':
      return `${what}: waiting for ${run.displayId}…`;
    case 'done':
      return `${what} done`;
    case 'no-answer':
      return `${what}: no answer`;
    case 'not-sent':
      return `${what} not sent`;
    default:
      return `${what} ${run.state}`;
  }
}

/** Under the row: the latest command sent to the board from this page, and its answer. */
export function commandResult(run: FleetRun, h: CommandHandlers): TemplateResult {
  const sent = clock(new Date(run.sentAt).toISOString());
  const signed = run.signedBy ? ` · signed with pit key ${run.signedBy}` : '';
  return html`<div class="command-result" data-command-result=${run.displayId} data-state=${run.state}>
    <span class="pill ${TONES[run.state]} ${run.state === 'pending' ? 'waiting' : ''}" data-headline
      >${runHeadline(run)}</span
    >
    <span class="muted small">sent ${sent}${signed}</span>
    ${run.message ? html`<span class="detail" data-message>${withClockTimes(run.message)}</span>` : nothing}
    ${run.warning ? html`<span class="detail warn-text" data-warning>${run.warning}</span>` : nothing}
    <span class="result-actions">
      ${
        run.screenshot
          ? html`<button type="button" data-action="view-screenshot" @click=${() => h.view(run)}>
              View screenshot…
            </button>`
          : nothing
      }
      ${
        run.state === 'pending'
          ? nothing
          : html`<button
              type="button"
              class="quiet"
              data-action="dismiss"
              aria-label="Dismiss the answer of ${run.displayId}"
              @click=${() => h.dismiss(run.displayId)}
            >
              Dismiss
            </button>`
      }
    </span>
  </div>`;
}

export const commandStyles = css`
  .commands {
    display: grid;
    grid-template-columns: repeat(3, max-content);
    gap: 0.3em;
  }
  .commands button,
  .command-result button {
    font-size: 0.82em;
    padding: 0.15em 0.6em;
  }
  button.quiet {
    border-color: transparent;
    color: var(--c-ink-muted);
  }
  .command-result {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.3em 0.8em;
    white-space: normal;
  }
  .command-result .detail {
    flex-basis: 100%;
  }
  .warn-text {
    color: var(--c-warn);
  }
  .result-actions {
    display: inline-flex;
    gap: 0.4em;
  }
  .pill.waiting::before {
    animation: pulse 1.2s ease-in-out infinite;
  }
  @keyframes pulse {
    50% {
      opacity: 0.25;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .pill.waiting::before {
      animation: none;
    }
  }
`;
