/**
 * Every board the broker holds a retained status for, read from its retained messages: by `signage show` (a table's
 * boards) and `fleet list` (the fleet, for IT), with the same checks the console's reducer makes (the payload breaks
 * no contract rule, and names the display of its topic). An online status too old to believe is `silent`
 * (`isSilent`, in `offline-since.ts` so that the console's page applies the same rule). Pure: the caller reads the
 * broker and gives the time.
 *
 * ```ts
 * const read = retainedBoards('baccarat', retained); // retained: topic → payload, from {root}/displays/+/status and /seen
 * boardList(read, Date.now(), 'T12'); // one entry per board of table T12, by table then display, with when last seen
 * ```
 * @packageDocumentation
 */
import { isSilent, lastSeenAt, lastSeenOf } from './offline-since';
import { parseMessage } from './mqtt';
import type { DisplaySeen, DisplayStatus, OutOfStepCode, StaffWarningCode } from './schemas/index';
import { parseTopic } from './topics';

/** Ids in the order staff read them: `T2` before `T10`. */
export const compareIds = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });

/** The boards' retained statuses and last-seen times, and why any message was ignored. */
export interface RetainedBoards {
  readonly boards: readonly DisplayStatus[]; // every board's retained status, sorted by display id
  readonly seen: ReadonlyMap<string, DisplaySeen>; // every board's retained last-seen time, by display id
  readonly warnings: readonly string[]; // `ignoring the retained status on …: …`
}

/**
 * The boards among retained messages (topic → payload; other topics are passed over): a status or last-seen time
 * that breaks the contract, or names another display than its topic, is left out with a warning.
 */
export function retainedBoards(root: string, messages: Iterable<readonly [string, Uint8Array]>): RetainedBoards {
  const boards: DisplayStatus[] = [];
  const seen = new Map<string, DisplaySeen>();
  const warnings: string[] = [];
  for (const [topic, bytes] of messages) {
    const k = parseTopic(root, topic);
    if (!k.ok || (k.value.kind !== 'displayStatus' && k.value.kind !== 'displaySeen')) continue;
    const { kind, displayId } = k.value;
    const p = parseMessage(kind, bytes);
    const what = kind === 'displayStatus' ? 'status' : 'last-seen time';
    if (!p.ok || p.value.displayId !== displayId) {
      warnings.push(
        `ignoring the retained ${what} on ${topic}: ${p.ok ? 'its displayId is not the topic’s' : p.error.message}`,
      );
      continue;
    }
    if (kind === 'displaySeen') seen.set(displayId, p.value as DisplaySeen);
    else boards.push(p.value as DisplayStatus);
  }
  boards.sort((a, b) => compareIds(a.displayId, b.displayId));
  return { boards, seen, warnings };
}

/**
 * One board as `fleet list` shows it (and `--json` prints it: these names are kept). Times are ISO 8601; what only
 * an online board reports is null for one that is offline, and for one silent, what its last status said.
 */
export interface BoardListEntry {
  readonly display: string;
  readonly table: string;
  /**
   * online: connected to the broker (its last will replaces it when the link drops), and heard from lately; silent:
   * its status says online but is older than `SILENT_AFTER_SECONDS` (nothing heard since: its will never came).
   */
  readonly state: 'online' | 'silent' | 'offline';
  /** How it went offline: it said goodbye, its last will (the link dropped), or either (an older board); null: online. */
  readonly offline: 'goodbye' | 'will' | 'unknown' | null;
  readonly lastSeen: string; // when last seen alive, as far as is known (contract/offline-since.ts)
  readonly lastSeenOrLater: boolean; // true: known only to be no earlier (a will without a last-seen time)
  readonly statusAt: string; // the status's own time: when published; in a last will, when the board connected
  readonly version: string;
  readonly build: string | null; // SHA-256 of its application bundle
  readonly uptimeSeconds: number | null;
  readonly inStep: boolean | null; // in step with its table: showing what the table says
  readonly outOfStep: { readonly code: OutOfStepCode; readonly reason: string; readonly since: string } | null;
  readonly warnings:
    readonly { readonly code: StaffWarningCode; readonly detail: string; readonly since: string }[] | null;
  readonly rejectedMessages: number | null; // messages it rejected since it started
  readonly shoeId: string | null;
  readonly shoeNo: number | null;
  readonly handCount: number | null;
  readonly lastResultAt: string | null;
  readonly signageRevision: number | null;
  readonly casinoSignageRevision: number | null;
  readonly clockOffsetMs: number | null; // its clock minus the table controller's
}

/**
 * The boards (of `tableId`, or all), sorted by table then display, as {@link BoardListEntry}; `now` (ms since the
 * epoch) tells a silent board from one online.
 */
export function boardList(
  read: Pick<RetainedBoards, 'boards' | 'seen'>,
  now: number,
  tableId: string | null = null,
): BoardListEntry[] {
  return read.boards
    .filter((b) => tableId === null || b.tableId === tableId)
    .map((b) => boardListEntry(b, read.seen.get(b.displayId), now))
    .sort((a, b) => compareIds(a.table, b.table) || compareIds(a.display, b.display));
}

function boardListEntry(b: DisplayStatus, seen: DisplaySeen | undefined, now: number): BoardListEntry {
  const lastSeen = b.state === 'online' ? undefined : lastSeenOf(b, seen);
  const at = lastSeenAt(b, lastSeen === undefined ? {} : { lastSeen });
  const state: BoardListEntry['state'] = isSilent(b, now) ? 'silent' : b.state;
  const base = {
    display: b.displayId,
    table: b.tableId,
    state,
    lastSeen: at.at,
    lastSeenOrLater: at.orLater,
    statusAt: b.timestamp,
    version: b.version,
  };
  if (b.state === 'offline')
    return {
      ...base,
      offline: b.will === undefined ? 'unknown' : b.will ? 'will' : 'goodbye',
      build: null,
      uptimeSeconds: null,
      inStep: null,
      outOfStep: null,
      warnings: null,
      rejectedMessages: null,
      shoeId: null,
      shoeNo: null,
      handCount: null,
      lastResultAt: null,
      signageRevision: null,
      casinoSignageRevision: null,
      clockOffsetMs: null,
    };
  return {
    ...base,
    offline: null,
    build: b.build?.sha256 ?? null,
    uptimeSeconds: b.uptimeSeconds,
    inStep: b.outOfStep === undefined,
    outOfStep: b.outOfStep ?? null,
    warnings: b.warnings ?? [],
    rejectedMessages: b.rejectedMessages,
    shoeId: b.shoeId ?? null,
    shoeNo: b.shoeNo ?? null,
    handCount: b.handCount,
    lastResultAt: b.lastResultAt ?? null,
    signageRevision: b.signageRevision ?? null,
    casinoSignageRevision: b.casinoSignageRevision ?? null,
    clockOffsetMs: b.clock?.offsetMs ?? null,
  };
}
