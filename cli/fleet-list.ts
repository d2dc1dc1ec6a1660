/**
 * `baccarat-board fleet list --broker URL [--table ID] [--json]`: every board on the broker, one line each, for casino
 * IT. Read from what the console's picture is built from: each board's retained status on
 * `{root}/displays/+/status` (its last will when its link dropped) and its retained last-seen time on
 * `{root}/displays/+/seen`, read as `signage show` reads them (`contract/board-list.ts`): an online status older than
 * 90 s (three re-statements missed) is `silent`, its will never delivered. The broker sends retained
 * messages at once on the subscription, so the read ends once none has come for 200 ms, or 2 s after it at the
 * latest (`RETAINED_SETTLE`, as the console waits; `--timeout S` for a broker too busy for that, which a warning
 * suggests when statuses still came as the wait ran out); nothing is published. The tables' and the casino's retained
 * signs are read too: a board online that shows another revision than the broker's is named under the list, with
 * what to do (the console's words: `console/fleet-attention.ts`).
 *
 * ```sh
 * baccarat-board fleet list --broker mqtt://broker:1883 --table T12
 * ```
 * @packageDocumentation
 */
import { boardList, compareIds, retainedBoards, type BoardListEntry } from '../contract/board-list';
import { parseMessage } from '../contract/mqtt';
import { isId, type CasinoSignage, type DisplayStatus, type TableSignage } from '../contract/schemas';
import { isSilent } from '../contract/offline-since';
import { ago, duration } from '../contract/time-words';
import { parseTopic, topics } from '../contract/topics';
import { outOfStepAttention, signMismatches, type Attention } from '../console/fleet-attention';
import { restoreHint } from './signage-restore';
import { type BROKER_ARGS, brokerOptions, collectRetained, RETAINED_SETTLE } from '../console/mqtt-session';
import { connectFor } from './broker-connect';
import type { ActorEnv } from './actor';
import { type CliIo, EXIT, UsageError } from './io';

/** The longest `--timeout` of `fleet list`, in seconds. */
const MAX_LIST_SECONDS = 60;

/** The words that list the fleet: `ls` as well, by habit. */
export const LIST_WORDS: readonly string[] = ['list', 'ls'];

/** What `fleet list` reads of the command line. */
export type FleetListValues = { readonly [K in keyof typeof BROKER_ARGS]?: string } & {
  readonly table?: string;
  readonly json?: boolean;
  readonly timeout?: string; // seconds: the longest to wait for the retained statuses
};

/** Lists the boards: exit 0 when listed (silent or offline boards too, or none), 1 when the broker cannot be read. */
export async function fleetList(values: FleetListValues, io: CliIo, penv: ActorEnv): Promise<number> {
  const table = values.table ?? null;
  if (table !== null && !isId(table)) throw new UsageError(`--table '${table}' is not a table id (A-Z a-z 0-9 _ -)`);
  const waitS = values.timeout === undefined ? RETAINED_SETTLE.maxMs / 1000 : Number(values.timeout);
  if (!(Number.isFinite(waitS) && waitS > 0 && waitS <= MAX_LIST_SECONDS))
    throw new UsageError(
      `--timeout must be more than 0 and at most ${MAX_LIST_SECONDS} seconds, not '${values.timeout}'`,
    );
  const broker = brokerOptions(values, penv.env);
  if (!broker.ok) throw new UsageError(broker.error);
  const client = await connectFor('fleet', broker.value, io);
  if (!client) return EXIT.failure;
  const { root } = broker.value;
  const t = topics(root);
  try {
    const filters = [t.filter('displayStatus'), t.filter('displaySeen'), t.filter('signage'), t.casinoSignage()];
    const read = await collectRetained(client, [], waitS * 1000, filters, RETAINED_SETTLE.quietMs);
    if (!read.ok) {
      io.err(`baccarat-board fleet: ${read.error}\n`);
      return EXIT.failure;
    }
    if (read.value.cut)
      io.err(
        `warning: the broker was still sending boards' statuses after ${waitS} s: the list may be missing some; ` +
          `give it longer with --timeout ${Math.min(MAX_LIST_SECONDS, waitS * 5)}\n`,
      );
    const retained = retainedBoards(root, read.value.messages);
    const signs = retainedSigns(root, read.value.messages);
    for (const w of [...retained.warnings, ...signs.warnings]) io.err(`warning: ${w}\n`);
    const now = penv.now().getTime();
    const rows = boardList(retained, now, table);
    const mine = retained.boards.filter((b) => table === null || b.tableId === table);
    if (values.json === true)
      io.out(
        `${JSON.stringify(
          rows.map((r) => ({
            ...r,
            signageOnBroker: signs.tables.get(r.table)?.revision ?? null,
            casinoSignageOnBroker: signs.casino?.revision ?? null,
          })),
        )}\n`,
      );
    else if (rows.length > 0) io.out(formatBoardList(rows, now, boardNotes(mine, signs, now)));
    else io.out(`${noBoards(table, retained.boards.length, t.filter('displayStatus'))}\n`);
    return EXIT.ok;
  } finally {
    await client.endAsync().catch(() => undefined);
  }
}

/** The broker's retained signs, by table, and the casino's; a sign that breaks the contract is left out, said why. */
interface RetainedSigns {
  readonly tables: ReadonlyMap<string, TableSignage>;
  readonly casino: CasinoSignage | null;
  readonly warnings: readonly string[];
}

function retainedSigns(root: string, messages: ReadonlyMap<string, Buffer>): RetainedSigns {
  const tables = new Map<string, TableSignage>();
  let casino: CasinoSignage | null = null;
  const warnings: string[] = [];
  for (const [topic, bytes] of messages) {
    const k = parseTopic(root, topic);
    if (!k.ok || (k.value.kind !== 'signage' && k.value.kind !== 'casinoSignage')) continue;
    const p = parseMessage(k.value.kind, bytes);
    if (!p.ok) warnings.push(`ignoring the retained sign on ${topic}: ${p.error.message}`);
    else if (k.value.kind === 'signage') tables.set(k.value.tableId, p.value as TableSignage);
    else casino = p.value as CasinoSignage;
  }
  return { tables, casino, warnings };
}

/**
 * The warnings named under the list in the board's words, not only counted: another board publishing as the same
 * display id (which the list, one row per display id, cannot show), messages refused for their signature (someone
 * publishes on the table's topics), no browser showing a browser-mode board (nobody sees it), and its table's
 * controller offline while the table is open (no result reaches the boards), or its table unheard since it reconnected
 * (hands may be missing: its IN STEP column cannot say so). A board out of step is named too, with
 * its reason (`out-of-step`: the IN STEP column has only its code).
 */
const NAMED_WARNINGS: ReadonlySet<string> = new Set([
  'display-id-in-use',
  'forged-results',
  'no-screen',
  'controller-offline',
  'table-unheard',
  'out-of-step',
]);

/**
 * What to look at beyond the columns, board by board in the list's order: signs that are not the broker's, and the
 * {@link NAMED_WARNINGS}.
 */
function boardNotes(boards: readonly DisplayStatus[], signs: RetainedSigns, now: number): Attention[] {
  return [...boards]
    .sort((a, b) => compareIds(a.tableId, b.tableId) || compareIds(a.displayId, b.displayId))
    .flatMap((b) => [
      ...signMismatches(b, signs.tables.get(b.tableId) ?? null, signs.casino, now),
      // Its reason (a silent board's is old news: the row says silent).
      ...(b.state === 'online' && !isSilent(b, now) ? [outOfStepAttention(b)].filter((a) => a !== null) : []),
      ...(b.state === 'online' ? (b.warnings ?? []) : [])
        .filter((w) => NAMED_WARNINGS.has(w.code))
        .map((w): Attention => ({ code: w.code, displayId: b.displayId, text: `Board ${b.displayId}: ${w.detail}` })),
    ]);
}

/** Why the list is empty, and where to look. */
function noBoards(table: string | null, elsewhere: number, filter: string): string {
  if (table === null)
    return `No boards have reported on this broker: check --root, and that this account may read ${filter}`;
  return elsewhere === 0
    ? `No boards have reported on this broker (none of table ${table} or any other): check --root, and that this account may read ${filter}`
    : `No board of table ${table} has reported on this broker (${elsewhere === 1 ? '1 board of another table has' : `${elsewhere} boards of other tables have`}: list them without --table)`;
}

const COLUMNS = ['TABLE', 'DISPLAY', 'STATE', 'LAST SEEN', 'IN STEP', 'VERSION', 'UPTIME', 'WARN'] as const;

/**
 * One board's cells, in {@link COLUMNS}' order: what only an online board reports is `—` for one offline, and for one
 * silent (its last status's figures are old: `--json` has them, dated by `lastSeen`).
 */
function cells(b: BoardListEntry, now: number): string[] {
  const seen = `${ago(b.lastSeen, now)}${b.lastSeenOrLater ? ' or later' : ''}`;
  if (b.state === 'silent') return [b.table, b.display, b.state, seen, '—', b.version, '—', '—'];
  const step = b.inStep === null ? '—' : b.inStep ? 'yes' : `no (${b.outOfStep?.code ?? '?'})`;
  const uptime = b.uptimeSeconds === null ? '—' : duration(b.uptimeSeconds);
  return [b.table, b.display, b.state, seen, step, b.version, uptime, String(b.warnings?.length ?? '—')];
}

/**
 * The boards as a table: a header, one aligned line per board (in the order given: by table, then display), and a
 * count — `4 boards: 2 online, 1 silent, 1 offline; 1 out of step, 1 with warnings, 1 not showing the broker's signs`
 * (silent only when there is one; the rest of the boards online) — then `notes`, one a line: the boards whose signs
 * are not the broker's (`! Board D1 shows revision 4; the table's sign is revision 5 — …`), and those another board
 * publishes as (`! Board D1: another board (table T2, …) publishes as display id D1: …`), those refusing forged
 * results, those no browser shows, those whose table's controller is offline and those not hearing their table since
 * they reconnected, in their own words, and those out of
 * step with their reason (`! Board D1 is out of step (gap): …`). `now` is for "3 min ago" (ms since epoch).
 */
export function formatBoardList(
  rows: readonly BoardListEntry[],
  now: number,
  notes: readonly Pick<Attention, 'code' | 'displayId' | 'text'>[] = [],
): string {
  const lines = [[...COLUMNS], ...rows.map((b) => cells(b, now))];
  const widths = COLUMNS.map((_, i) => Math.max(...lines.map((l) => l[i]?.length ?? 0)));
  const text = lines.map((l) => l.map((c, i) => (i === l.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  '));
  const online = rows.filter((b) => b.state === 'online');
  const silent = rows.filter((b) => b.state === 'silent').length;
  // "1 with its display id used twice", "2 with their …".
  const count = (n: number, what: string) =>
    n > 0 ? [`${n} ${what.replace('{its}', n === 1 ? 'its' : 'their')}`] : [];
  const noted = new Set(notes.filter((n) => !NAMED_WARNINGS.has(n.code)).map((n) => n.displayId));
  const named = (code: string) => new Set(notes.filter((n) => n.code === code).map((n) => n.displayId));
  const twice = named('display-id-in-use');
  const forged = named('forged-results');
  const unseen = named('no-screen');
  const unfed = named('controller-offline');
  const unheard = named('table-unheard');
  const heed = [
    ...count(online.filter((b) => b.inStep === false).length, 'out of step'),
    ...count(online.filter((b) => (b.warnings?.length ?? 0) > 0).length, 'with warnings'),
    ...count(online.filter((b) => noted.has(b.display)).length, "not showing the broker's signs"),
    ...count(online.filter((b) => twice.has(b.display)).length, 'with {its} display id used twice'),
    ...count(online.filter((b) => forged.has(b.display)).length, 'refusing forged results'),
    ...count(online.filter((b) => unseen.has(b.display)).length, 'shown by no browser'),
    ...count(online.filter((b) => unfed.has(b.display)).length, "with {its} table's controller offline"),
    ...count(online.filter((b) => unheard.has(b.display)).length, 'not hearing {its} table since reconnecting'),
  ];
  const states = [
    `${online.length} online`,
    ...count(silent, 'silent'),
    `${rows.length - online.length - silent} offline`,
  ];
  const total = `${rows.length} board${rows.length === 1 ? '' : 's'}: ${states.join(', ')}`;
  const after = notes.map((n) => `! ${n.text}\n`).join('') + restoreHint(notes.map((n) => n.code));
  return `${text.join('\n')}\n${total}${heed.length > 0 ? `; ${heed.join(', ')}` : ''}\n${after}`;
}
