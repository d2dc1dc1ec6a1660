/**
 * `GET /readyz`: whether the board shows its table live, for a load balancer or casino IT's monitoring. `/healthz`
 * says the process answers; this says whether what it shows is current: connected to its broker, its table heard
 * (since it started, on its first connection when it started from its saved record, and again since it last
 * reconnected), and in step. Read from the same view as `/api/state` (its connection and out-of-step), nothing
 * worked out again. No browser showing the board does not make it not ready (`pages` says how many do): see
 * {@link Readiness.pages}.
 *
 * ```ts
 * const r = readiness(source.view());
 * sendText(res, r.ready ? 200 : 503, readinessText(r)); // 'ready\n', or 'not ready: reconnecting to the broker …\n'
 * ```
 * @packageDocumentation
 */
import type { TableView } from '../contract/kiosk';
import { toSecond } from '../contract/time-words';

/** What keeps a board from being ready, for a monitoring system to group on; null when it is ready. */
export type ReadinessProblem = 'broker' | 'credentials' | 'no-view' | 'out-of-step' | 'catching-up';

export interface Readiness {
  readonly v: 1;
  readonly ready: boolean;
  readonly problem: ReadinessProblem | null;
  /** For the person on call, in English, one line: why it is not ready (null when it is). */
  readonly reason: string | null;
  /** ISO 8601: since when it has not been ready for this reason (null when it is ready). */
  readonly since: string | null;
  readonly tableId: string;
  readonly displayId: string;
  readonly connection: TableView['connection'];
  readonly outOfStep: TableView['outOfStep'];
  /**
   * Browser mode: how many pages show the board now. None does not make it not ready: it can serve a screen's browser
   * (a load balancer must keep sending it one); its status warns staff instead (`no-screen`).
   */
  readonly pages?: number;
}

/** One line: a reason from the view never breaks the plain-text answer into several. */
const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

/**
 * What a board that started from its saved record shows before it hears its table: `; it shows its saved record
 * meanwhile (shoe 3, up to hand 27)`; nothing for a board that started with nothing.
 */
function savedRecord(view: TableView): string {
  const shoe = view.shoe;
  if (view.connection.awaitingAfter !== 'saved-record' || !shoe) return '';
  const last = shoe.rounds.at(-1);
  const which = shoe.no === undefined ? 'its shoe' : `shoe ${shoe.no}`;
  return `; it shows its saved record meanwhile (${which}, ${last ? `up to hand ${last.no}` : 'before its first hand'})`;
}

/** The broker in use, else (none yet) those configured: `the broker mqtt://a:1883`, `the brokers mqtt://a:1883 or …`. */
function brokerWords(inUse: string | null, configured: readonly string[]): string {
  if (inUse) return `the broker ${inUse}`;
  if (configured.length === 0) return 'the broker';
  return configured.length === 1 ? `the broker ${configured[0]}` : `the brokers ${configured.join(' or ')}`;
}

function problemOf(
  view: TableView,
  brokers: readonly string[],
): { problem: ReadinessProblem; reason: string; since: string } | null {
  const c = view.connection;
  if (c.state !== 'connected') {
    const broker = brokerWords(c.broker, brokers);
    const doing =
      c.state === 'connecting'
        ? `connecting to ${broker}`
        : c.state === 'reconnecting'
          ? `reconnecting to ${broker}`
          : `not connected to ${broker}`;
    // Refused, not out of reach: the password (or user name) is to be fixed, on the board or on the broker.
    if (c.refused === 'credentials')
      return {
        problem: 'credentials',
        reason:
          `${doing} since ${toSecond(c.since)}: the broker refused this board's user name or password; check ` +
          'mqtt.username and mqtt.password (or BACCARAT_MQTT_PASSWORD) against the broker; retrying by itself',
        since: c.since,
      };
    return { problem: 'broker', reason: `${doing} since ${toSecond(c.since)}`, since: c.since };
  }
  if (c.lastMessageAt === null) {
    return {
      problem: 'no-view',
      reason: `no view of table ${view.tableId} yet: nothing heard from it since the board started${savedRecord(view)}`,
      since: c.since,
    };
  }
  const step = view.outOfStep;
  if (step) {
    return {
      problem: 'out-of-step',
      reason: oneLine(
        `out of step with table ${view.tableId} (${step.code}) since ${toSecond(step.since)}: ${step.reason}`,
      ),
      since: step.since,
    };
  }
  // Reconnected, or started from its saved record: until the table's snapshot (or a hand in sequence) is heard,
  // hands dealt meanwhile may be missing.
  if (c.awaitingTable === true) {
    const broker = c.broker ? `the broker ${c.broker}` : 'the broker';
    const reason =
      c.awaitingAfter === 'saved-record'
        ? `started from its saved record, connected to ${broker} at ${toSecond(c.since)}, waiting to hear table ${view.tableId}`
        : `reconnected to ${broker} at ${toSecond(c.since)}, waiting to hear table ${view.tableId} again`;
    return { problem: 'catching-up', reason, since: c.since };
  }
  return null;
}

/** Whether the board shows `view`'s table live, and if not, why. */
export function readiness(view: TableView, brokers: readonly string[] = [], pages?: number): Readiness {
  const p = problemOf(view, brokers);
  return {
    v: 1,
    ready: p === null,
    problem: p?.problem ?? null,
    reason: p?.reason ?? null,
    since: p?.since ?? null,
    tableId: view.tableId,
    displayId: view.displayId,
    connection: view.connection,
    outOfStep: view.outOfStep,
    ...(pages !== undefined && { pages }),
  };
}

/** The plain-text answer: `ready`, or `not ready: ` and the reason, on one line. */
export const readinessText = (r: Readiness): string => (r.reason === null ? 'ready\n' : `not ready: ${r.reason}\n`);
