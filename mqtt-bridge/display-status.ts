/**
 * The board's retained status, as the fleet and the console read it: what it shows (shoe, hands, signs), how it is
 * doing (rejections, uptime, out of step and why, warnings for staff), and the last fleet command it handled.
 *
 * ```ts
 * client.publish(topic, makeDisplayStatus(onlineStatus(state, { … })), { qos: 1, retain: true });
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { shoeHands } from '../baccarat/shoe';
import type { OutOfStep, StaffWarning } from '../contract/kiosk';
import { makeDisplayStatus } from '../contract/mqtt';
import { RESTATE_SECONDS, type DisplayCommand, type DisplayStatus } from '../contract/schemas';
import type { ClockFigures } from './clock-watch';
import type { TableState } from './table-state';

export interface StatusContext {
  readonly displayId: string;
  readonly tableId: string;
  readonly version: string;
  readonly instance: string; // drawn as the board starts: tells two boards of one display id apart
  readonly now: string; // ISO 8601
  readonly rejectedMessages: number;
  readonly uptimeSeconds: number;
  readonly outOfStep: OutOfStep | null;
  readonly warnings: readonly StaffWarning[];
  readonly lastCommand: {
    requestId: string;
    command: DisplayCommand['command'];
    ok: boolean;
    error?: string; // why not, when not ok
  } | null;
  readonly build: string | null; // SHA-256 of the application bundle
  readonly clock: ClockFigures | null;
}

export function onlineStatus(state: TableState, c: StatusContext): DisplayStatus {
  const shoe = state.shoe;
  return {
    v: 1,
    state: 'online',
    displayId: c.displayId,
    tableId: c.tableId,
    version: c.version,
    timestamp: c.now,
    instance: c.instance,
    ...(shoe ? { shoeId: shoe.id } : {}),
    ...(shoe?.no !== undefined ? { shoeNo: shoe.no } : {}),
    handCount: shoe ? shoeHands(shoe).length : 0,
    ...(state.lastResultAt ? { lastResultAt: state.lastResultAt } : {}),
    ...(state.signage ? { signageRevision: state.signage.revision } : {}),
    ...(state.casino ? { casinoSignageRevision: state.casino.revision } : {}),
    rejectedMessages: c.rejectedMessages,
    uptimeSeconds: c.uptimeSeconds,
    ...(c.outOfStep ? { outOfStep: c.outOfStep } : {}),
    ...(c.warnings.length > 0 ? { warnings: c.warnings.slice(0, 10) } : {}),
    ...(c.lastCommand ? { lastCommand: c.lastCommand } : {}),
    ...(c.build ? { build: { sha256: c.build } } : {}),
    ...(c.clock ? { clock: c.clock } : {}),
  };
}

/** Who the board is, and when: all its offline status says of it. */
export type StatusBasics = Pick<StatusContext, 'displayId' | 'tableId' | 'version' | 'instance' | 'now'>;

/**
 * The offline status: `will` for the last will, composed when the board connects (so its `timestamp` is that
 * moment, and says so), or the goodbye the board publishes as it stops (stamped then).
 */
export function offlineStatus(c: StatusBasics, will: boolean): DisplayStatus {
  const { displayId, tableId, version, instance, now } = c;
  return { v: 1, state: 'offline', displayId, tableId, version, timestamp: now, instance, will };
}

/**
 * Publishes the board's retained status: at once when asked (connected, a command handled), within a second after
 * something changed, and every 30 s regardless (`restateMs`), so the fleet sees uptime move; `restated` goes with
 * each of those (the board's last-seen time).
 */
export class StatusPublisher {
  /** The last fleet command handled, reported in the status. */
  lastCommand: StatusContext['lastCommand'] = null;
  private dirty = false;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly topic: string,
    private readonly client: () => MqttClient | null,
    private readonly build: () => DisplayStatus,
    private readonly log?: Pick<Logger, 'error'>,
    private readonly restate: { readonly everyMs?: number; readonly restated?: () => void } = {},
  ) {}

  start(): void {
    this.timers.push(
      setInterval(() => {
        if (this.dirty) this.publish();
      }, 1000).unref(),
      setInterval(
        () => {
          this.publish();
          this.restate.restated?.();
        },
        this.restate.everyMs ?? RESTATE_SECONDS * 1000,
      ).unref(),
    );
  }

  /** Something the status shows changed: publish within a second. */
  changed(): void {
    this.dirty = true;
  }

  /** Publishes now, if connected. */
  publish(): void {
    const client = this.client();
    if (!client?.connected) return;
    this.dirty = false;
    // A status the contract refuses is a fault of the board's, logged with its reason; it never stops the board
    // (this runs from a timer, where a throw would end the process).
    let payload: string;
    try {
      payload = makeDisplayStatus(this.build());
    } catch (e) {
      this.log?.error({ err: e }, 'status not published: %s', e instanceof Error ? e.message : String(e));
      return;
    }
    client.publish(this.topic, payload, { qos: 1, retain: true });
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }
}
