/**
 * `baccarat-board signage --broker URL --table ID show | set KEY=VALUE…`: a table's signs (limits, variant, tie
 * odds, side bets, language, message, open or closed) and the casino's Perfect Pairs scale, read and changed on
 * the broker, for floor managers and scripts. Changes are checked as a board will check them, published
 * retained at QoS 1, and confirmed.
 * @packageDocumentation
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import type { MqttClient } from 'mqtt';
import { parseMessage } from '../contract/mqtt';
import type { CasinoSignage, DisplayStatus, ShoeSnapshot, TableSignage } from '../contract/schemas';
import { isId } from '../contract/schemas/common';
import { parseTopic, topics } from '../contract/topics';
import { AuditLog } from '../console/audit-log';
import { auditRecords, planSummary } from '../console/audit-record';
import { boardRevisions } from '../console/board-revisions';
import {
  BROKER_ARGS,
  BROKER_USAGE,
  brokerOptions,
  connectBroker,
  publishPlan,
  readRetained,
} from '../console/mqtt-session';
import { currentShoe, shoePosition } from '../console/shoe-position';
import { planSignChange } from '../console/sign-edit';
import { editsTable, formatFieldError, parseAssignments } from '../console/sign-keys';
import { describeShoe, formatBoards, formatCasinoSignage, formatTableSignage } from '../console/sign-text';
import { type CliIo, EXIT, UsageError } from './io';

export const SIGNAGE_USAGE = `Usage: baccarat-board signage --broker URL --table ID show [--json]
       baccarat-board signage --broker URL --table ID set KEY=VALUE… [--user NAME] [--shoe ID]

show   prints the table's retained signs, the casino's and where the shoe stands.
       Also the boards of the table (their retained status): the sign revision each shows, and any that differs.
set    changes them: reads the retained signs (or starts from the defaults in docs/console.md), applies the
       changes, checks them as a board will (the contract and the rules), publishes retained at QoS 1 and waits
       until the broker has it. Refused, naming the key, when a board would refuse it. The revision goes above
       the retained sign's and every revision a board reports (a broker that lost its signs must not make new
       ones invisible); when a board shows a revision above the retained sign, the sign is published even if
       the keys change nothing, so the boards take it.

Keys:
  name=TEXT               the table's name on the sign
  currency=HKD            ISO 4217 code
  min=N  max=N            table minimum and maximum (100000 or 100,000)
  tie-max=N               tie maximum (at most max)
  pair-max=N|none         pair maximum (at most max)
  differential=N|none     maximum table differential (rule 5.17; at least max)
  variant=commission|modified-odds
                          Banker pays 1 to 1 less commission (rule 5.10), or 1 to 1 with a win on 6 paying 1 to 2
                          (rule 5.11). Takes effect from the first round not yet begun, or from-hand=N; the
                          variant in force before it is kept as previousVariant
  commission=5            commission in % (0 to 10), on the commission variant
  from-hand=N             the hand of the current shoe from which the variant or commission change applies; the
                          shoe is read from the retained snapshot, or named with --shoe
  tie-pays=8|9            a tie pays 8 to 1 or 9 to 1
  side-bets=a,b|+a|-a|none
                          playerPair, bankerPair, perfectPairs, urWayEgalite, threeGivesEight: a new list, or
                          some added (+) and removed (-)
  language=en|zh-Hans|zh-Hant|en+zh-Hans|en+zh-Hant
  message=TEXT            free text on the board (empty: none)
  open=true|false         table open or closed
  disclaimer=true|false   show the display-board disclaimer
  pp-scale=one|two        CASINO-WIDE Perfect Pairs pay scale (rules 11A.7, 11A.8): publishes {root}/casino/signage
  casino-name=TEXT        the casino's name on its sign

Options:
  --broker URL            mqtt://host:port (also mqtts:, ws:, wss:)                (required)
  --table ID              the table (required, except for pp-scale and casino-name alone)
  --user NAME             who makes the change (default $USER)
  --shoe ID               the current shoe, when no snapshot is retained (for from-hand and modified odds)
  --audit FILE            also append the change to this audit log (JSON lines, as the console keeps)
  --wait MS               how long to wait for retained messages and the boards' statuses (default 500)
  --json                  show: the signs as JSON; set: what was published, as JSON
${BROKER_USAGE}

Exit status: 0 done (or nothing to change), 1 the broker refused or could not be reached, 2 bad input.
`;

/** What the command needs from the process, injectable for tests. */
export interface SignageEnv {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly now: () => Date;
}
const PROCESS_ENV: SignageEnv = { env: process.env, now: () => new Date() };

const defaultUser = (env: SignageEnv['env']): string => {
  try {
    return env.USER ?? env.LOGNAME ?? userInfo().username;
  } catch {
    return 'console';
  }
};

interface Retained {
  readonly table: TableSignage | null;
  readonly casino: CasinoSignage | null;
  readonly shoe: ShoeSnapshot | null;
  readonly boards: DisplayStatus[]; // every board's retained status, by display id
  readonly warnings: string[];
}

async function retained(
  client: MqttClient,
  root: string,
  tableId: string | null,
  waitMs: number,
): Promise<Retained | string> {
  const t = topics(root);
  const wanted = [t.casinoSignage(), ...(tableId ? [t.tableSignage(tableId), t.tableShoe(tableId)] : [])];
  // Every board's status, for the revisions they show: a new sign goes above them (issue 12, case 9).
  const r = await readRetained(client, wanted, waitMs, [t.filter('displayStatus')]);
  if (!r.ok) return r.error;
  const warnings: string[] = [];
  const boards: DisplayStatus[] = [];
  for (const [topic, bytes] of r.value) {
    const k = parseTopic(root, topic);
    if (!k.ok || k.value.kind !== 'displayStatus') continue;
    const p = parseMessage('displayStatus', bytes);
    if (p.ok && p.value.displayId === k.value.displayId) boards.push(p.value);
    else
      warnings.push(
        `ignoring the retained status on ${topic}: ${p.ok ? 'its displayId is not the topic’s' : p.error.message}`,
      );
  }
  boards.sort((a, b) => a.displayId.localeCompare(b.displayId, 'en', { numeric: true }));
  const read = <K extends 'signage' | 'casinoSignage' | 'shoe'>(kind: K, topic: string | null) => {
    const bytes = topic === null ? undefined : r.value.get(topic);
    if (!bytes) return null;
    const p = parseMessage(kind, bytes);
    if (p.ok) return p.value;
    warnings.push(`ignoring the retained message on ${topic}: ${p.error.message}`);
    return null;
  };
  return {
    table: read('signage', tableId ? t.tableSignage(tableId) : null),
    casino: read('casinoSignage', t.casinoSignage()),
    shoe: read('shoe', tableId ? t.tableShoe(tableId) : null),
    boards,
    warnings,
  };
}

export async function signageCommand(args: string[], io: CliIo, penv: SignageEnv = PROCESS_ENV): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...BROKER_ARGS,
      table: { type: 'string' },
      user: { type: 'string' },
      shoe: { type: 'string' },
      audit: { type: 'string' },
      wait: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(SIGNAGE_USAGE);
    return EXIT.ok;
  }
  const [action, ...assignments] = positionals;
  if (action !== 'show' && action !== 'set')
    throw new UsageError(action ? `unknown action '${action}': show or set` : 'show or set?');
  if (action === 'show' && assignments.length > 0)
    throw new UsageError(`show takes no KEY=VALUE ('${assignments[0]}')`);
  const broker = brokerOptions(values, penv.env);
  if (!broker.ok) throw new UsageError(broker.error);
  const tableId = values.table ?? null;
  if (tableId !== null && !isId(tableId))
    throw new UsageError(`--table '${tableId}' is not a table id (A-Z a-z 0-9 _ -)`);
  if (values.shoe !== undefined && !isId(values.shoe)) throw new UsageError(`--shoe '${values.shoe}' is not a shoe id`);
  const waitMs = values.wait === undefined ? 500 : Number(values.wait);
  if (!(Number.isInteger(waitMs) && waitMs >= 0 && waitMs <= 60_000))
    throw new UsageError(`--wait must be 0 to 60000 ms, not '${values.wait}'`);

  const edits = action === 'set' ? parseAssignments(assignments) : null;
  if (edits && !edits.ok) {
    io.err(`baccarat-board signage: ${formatFieldError(edits.error)}\n`);
    return EXIT.badInput;
  }
  if (tableId === null && (action === 'show' || (edits?.ok && editsTable(edits.value))))
    throw new UsageError('--table ID is required');

  let client: MqttClient;
  try {
    client = await connectBroker(broker.value);
  } catch (e) {
    io.err(`baccarat-board signage: ${(e as Error).message}\n`);
    return EXIT.failure;
  }
  try {
    const current = await retained(client, broker.value.root, tableId, waitMs);
    if (typeof current === 'string') {
      io.err(`baccarat-board signage: ${current}\n`);
      return EXIT.failure;
    }
    for (const w of current.warnings) io.err(`warning: ${w}\n`);
    const shoe = currentShoe(current.shoe && shoePosition(current.shoe), values.shoe ?? null);

    if (action === 'show') {
      const boards = current.boards.filter((b) => b.tableId === tableId);
      if (values.json)
        io.out(`${JSON.stringify({ table: current.table, casino: current.casino, shoe, boards }, null, 2)}\n`);
      else
        io.out(
          formatTableSignage(tableId ?? '', current.table, current.casino) +
            formatCasinoSignage(current.casino) +
            (shoe ? `Shoe: ${describeShoe(shoe)}\n` : 'Shoe: no snapshot on the broker\n') +
            formatBoards(boards, current.table, current.casino),
        );
      return EXIT.ok;
    }

    if (!edits?.ok) return EXIT.badInput; // (checked above)
    const user = (values.user ?? defaultUser(penv.env)).slice(0, 64);
    const at = penv.now().toISOString();
    const boards = boardRevisions(current.boards, tableId);
    const plan = planSignChange(
      { tableId, table: current.table, casino: current.casino, shoe, user, now: at, boards },
      edits.value,
    );
    if (!plan.ok) {
      io.err(`baccarat-board signage: ${formatFieldError(plan.error)}\nNothing was published.\n`);
      return EXIT.badInput;
    }
    if (!plan.value.table && !plan.value.casino) {
      io.out('Nothing to change: the signs already say that.\n');
      return EXIT.ok;
    }
    const result = await publishPlan(client, broker.value, plan.value);
    const done = new Set(result.published.map((p) => p.topic));
    const lines = planSummary(plan.value);
    const t = topics(broker.value.root);
    const records = auditRecords(plan.value, user, at, 'cli').filter((r) =>
      done.has(r.target === 'casino' ? t.casinoSignage() : t.tableSignage(r.tableId ?? '')),
    );
    if (values.audit) await new AuditLog(values.audit).append(records);
    if (values.json)
      io.out(
        `${JSON.stringify({ published: result.published.map((p) => ({ topic: p.topic, payload: JSON.parse(p.text) as unknown })), error: result.error }, null, 2)}\n`,
      );
    else {
      const fresh = plan.value.table && !plan.value.table.before && records.some((r) => r.target === 'table');
      if (fresh && boards.table !== null)
        io.out(
          `(no sign was retained for table ${tableId}, but a board shows revision ${boards.table}: this sign replaces theirs ` +
            'in full, started from the defaults (docs/console.md) with your keys: check it with show)\n',
        );
      else if (fresh)
        io.out(`(no sign was retained for table ${tableId}: started from the defaults, see docs/console.md)\n`);
      for (const r of records) io.out(`Published ${r.summary}\n`);
    }
    if (result.error) {
      io.err(`baccarat-board signage: ${result.error}\n`);
      const left = lines.slice(records.length);
      if (left.length > 0) io.err(`Not published: ${left.join('\n  ')}\n`);
      return EXIT.failure;
    }
    return EXIT.ok;
  } finally {
    await client.endAsync().catch(() => undefined);
  }
}
