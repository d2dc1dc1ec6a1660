/**
 * The fleet commands this page has sent, board by board (a Lit reactive controller): the one under way, then the
 * board's answer — done, failed, no answer, refused, not sent — until the next command to that board or until
 * dismissed. It lives with the board list, not with a row, so that a row redrawn by a fleet push keeps its state.
 *
 * ```ts
 * private readonly runs = new FleetRuns(this);           // in <console-board-list>
 * const run = await this.runs.send(api, { displayId: 'D7', command: 'identify' });
 * this.runs.of('D7'); // { state: 'done', message: 'confirmed by the board's status …', … }
 * ```
 * @packageDocumentation
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { DisplayCommandName } from '../../contract/schemas';
import type { FleetCommandRequest, FleetCommandResponse, ScreenshotView } from '../protocol';
import type { FleetApi } from './console-client';

/** One command sent from this page, and what came of it. */
export interface FleetRun {
  readonly displayId: string;
  readonly command: DisplayCommandName;
  readonly replace: boolean;
  readonly sentAt: number; // ms since the epoch, this page's clock
  readonly state: 'pending' | 'done' | Extract<FleetCommandResponse, { ok: false }>['outcome'];
  readonly message: string; // the server's words (empty while pending)
  readonly signedBy: string | null;
  readonly screenshot?: ScreenshotView;
  readonly warning?: string;
}

export class FleetRuns implements ReactiveController {
  private readonly runs = new Map<string, FleetRun>();

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** The latest command sent to the board from this page, if any. */
  of(displayId: string): FleetRun | undefined {
    return this.runs.get(displayId);
  }

  /** Whether a command to the board is under way. */
  pending(displayId: string): boolean {
    return this.runs.get(displayId)?.state === 'pending';
  }

  /** Forgets the board's latest answer (not one under way). */
  dismiss(displayId: string): void {
    if (this.pending(displayId)) return;
    this.runs.delete(displayId);
    this.host.requestUpdate();
  }

  /** Sends the command, shows it pending, then the answer; resolves with the run as it ended. */
  async send(api: FleetApi, req: FleetCommandRequest): Promise<FleetRun> {
    const base = {
      displayId: req.displayId,
      command: req.command,
      replace: req.replace === true,
      sentAt: Date.now(),
      signedBy: null,
    };
    this.set({ ...base, state: 'pending', message: '' });
    const r = await api.fleet(req);
    const run: FleetRun = r.ok
      ? {
          ...base,
          state: 'done',
          message: r.message,
          signedBy: r.signedBy,
          ...(r.screenshot && { screenshot: r.screenshot }),
          ...(r.warning && { warning: r.warning }),
        }
      : { ...base, state: r.outcome, message: r.message, ...(r.warning && { warning: r.warning }) };
    this.set(run);
    return run;
  }

  private set(run: FleetRun): void {
    this.runs.set(run.displayId, run);
    this.host.requestUpdate();
  }
}
