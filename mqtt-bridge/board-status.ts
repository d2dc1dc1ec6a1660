/**
 * The status a board publishes (retained), as it stands: composed from what it shows (the table state, out of step
 * and why, the staff warnings of its view and of its own fit), how it is doing (rejections, uptime, its clock) and
 * who it is (display, table, version, build). A {@link StatusPublisher} publishes it at once when asked, within a
 * second of a change and every 30 s regardless; each re-statement goes with the board's last-seen time (`restated`).
 *
 * ```ts
 * const status = new BoardStatus(config, { log, now, version, build, client, restated, state, outOfStep, … });
 * status.start(); status.changed(); // published within a second
 * status.fit(report); // the board's own fit, as staff warnings
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { FitReport, OutOfStep, StaffWarning } from '../contract/kiosk';
import type { DisplayStatus } from '../contract/schemas';
import { topics } from '../contract/topics';
import type { ClockFigures } from './clock-watch';
import type { Config } from './config';
import { onlineStatus, StatusPublisher, type StatusBasics } from './display-status';
import { fitWarnings } from './fit-warnings';
import type { TableState } from './table-state';

export interface BoardStatusDeps {
  readonly log: Logger;
  readonly now: () => Date; // the clock
  readonly version: string;
  readonly instance: string; // drawn as the board starts (display-id-guard.ts)
  readonly build: string | null; // SHA-256 of the application bundle (build-identity.ts)
  readonly restateMs?: number; // how often the status is re-stated (default 30 s), for tests
  readonly client: () => MqttClient | null;
  /** With each re-statement: the board's last-seen time. */
  readonly restated: () => void;
  readonly state: () => TableState;
  readonly outOfStep: () => OutOfStep | null;
  /** The staff warnings of the view. */
  readonly warnings: () => readonly StaffWarning[];
  /** Messages rejected since start. */
  readonly rejected: () => number;
  readonly clock: () => ClockFigures | null;
}

export class BoardStatus {
  /** Publishes the status; fleet commands report the last one handled through it. */
  readonly publisher: StatusPublisher;
  private readonly startedAt: number;
  /** Warnings from the board's own fit (`kiosk:fit`): in the status only (fit-warnings.ts says why). */
  private fitted: readonly StaffWarning[] = [];

  constructor(
    private readonly config: Config,
    private readonly deps: BoardStatusDeps,
  ) {
    this.startedAt = deps.now().getTime();
    this.publisher = new StatusPublisher(
      topics(config.mqtt.root).displayStatus(config.displayId),
      deps.client,
      () => this.current(),
      deps.log,
      { ...(deps.restateMs !== undefined && { everyMs: deps.restateMs }), restated: deps.restated },
    );
  }

  /** Who the board is, stamped now: what its offline status says. */
  basics(): StatusBasics {
    return {
      displayId: this.config.displayId,
      tableId: this.config.tableId,
      version: this.deps.version,
      instance: this.deps.instance,
      now: this.deps.now().toISOString(),
    };
  }

  /** The staff warnings of the status: the view's, then those of the board's own fit. */
  warnings(): StaffWarning[] {
    return [...this.deps.warnings(), ...this.fitted];
  }

  /** The status the board publishes (retained): what it shows, how it is doing, its build and its clock. */
  current(): DisplayStatus {
    return onlineStatus(this.deps.state(), {
      ...this.basics(),
      rejectedMessages: this.deps.rejected(),
      uptimeSeconds: Math.floor((this.deps.now().getTime() - this.startedAt) / 1000),
      outOfStep: this.deps.outOfStep(),
      warnings: this.warnings(),
      lastCommand: this.publisher.lastCommand,
      build: this.deps.build,
      clock: this.deps.clock(),
    });
  }

  /**
   * The board's fit as its page reported it (`kiosk:fit`, checked by the host): a pit message cut, the streak line
   * given up, as staff warnings in the status. The last report stands (in browser mode, the last board's to send one).
   */
  fit(report: FitReport): void {
    const next = fitWarnings(report, this.fitted, this.deps.now().toISOString());
    if (JSON.stringify(next) === JSON.stringify(this.fitted)) return;
    this.fitted = next;
    this.deps.log.info({ fit: report }, 'the board reports its fit');
    this.publisher.changed();
  }
}
