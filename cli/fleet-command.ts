/**
 * `baccarat-board fleet <command> --display ID`: a fleet command to one board, for casino IT. `identify`, `about`,
 * `reload` and `resync` are confirmed by the board's status (`lastCommand` with our request id); `screenshot` waits
 * for the board's picture on `{root}/displays/{id}/screenshot` and writes the PNG. Signed with the pit's key
 * (`--signing-key`) for boards that require signatures; published at QoS 1, with an MQTT 5 message expiry, so that
 * a board that is off does not act on it hours later. Accountable as `signage` is (`actor.ts`): sent as the OS user,
 * or a console account (`--by`) held to its role, with a reason for `reload` and `resync`; once the board has answered
 * (or the wait is over) the command is one record of the pit's audit trail on `{root}/pit/audit`, made as the
 * console makes it (`console/fleet-audit.ts`). `list` (or `ls`) lists every board instead (`fleet-list.ts`), and
 * `forget` clears a retired board's retained status and last-seen time (`fleet-forget.ts`). What it says of the
 * board's answer: `fleet-report.ts`.
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DISPLAY_COMMANDS, type DisplayCommandName } from '../contract/schemas';
import { topics } from '../contract/topics';
import { defaultAccountsPath } from '../console/accounts';
import { fleetAudit, fleetReasonProblem } from '../console/fleet-audit';
import {
  defaultTimeoutSeconds,
  fleetRequestProblem,
  makeFleetCommand,
  MAX_FLEET_SECONDS,
  sendFleetCommand,
} from '../console/fleet-send';
import { BROKER_ARGS, brokerOptions } from '../console/mqtt-session';
import { connectFor } from './broker-connect';
import { loadSigningKey } from '../console/pit-signature';
import { permissionOfCommand } from '../console/roles';
import type { SigningKey } from '../mqtt-bridge/signing';
import {
  ACTOR_ARGS,
  actorRefusal,
  PROCESS_ENV,
  recordAudit,
  resolveActor,
  unconfirmedAudit,
  type ActorEnv,
} from './actor';
import { unkeptAudit, watchAuditKeepers } from './audit-keepers';
import { fleetForget } from './fleet-forget';
import { fleetList, LIST_WORDS } from './fleet-list';
import { cliHints, outFileProblem, report } from './fleet-report';
import { FLEET_USAGE } from './fleet-usage';
import { type CliIo, EXIT, UsageError } from './io';

export { FLEET_USAGE };

/**
 * `status` and `version` name no command: every board's status and version are in `list` (neither is a command of
 * its own), and `about` shows on one board's screen what it runs.
 */
const LISTING_HINT: Record<string, string> = {
  status: ". Every board's status, one line each: 'baccarat-board fleet list --broker URL [--table ID]'",
  version:
    ". Every board's version is in its line of 'baccarat-board fleet list --broker URL [--table ID]' (--json: its " +
    "build too); 'fleet about --display ID' shows on its screen what it runs",
};

/** The options that are for a command to one board, not for `list`. */
const COMMAND_ONLY = [
  'display',
  'reason',
  'out',
  'seconds',
  'replace',
  'signing-key',
  'by',
  'accounts',
  'audit',
  'force',
];

/** What `forget` takes beside the connection options (it publishes no command, so signs and audits nothing). */
const FORGET_TAKES = ['display', 'force', 'json', 'timeout'];

export async function fleetCommand(args: string[], io: CliIo, penv: ActorEnv = PROCESS_ENV): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...BROKER_ARGS,
      ...ACTOR_ARGS,
      display: { type: 'string' },
      table: { type: 'string' },
      reason: { type: 'string' },
      out: { type: 'string' },
      seconds: { type: 'string' },
      replace: { type: 'boolean' },
      timeout: { type: 'string' },
      'signing-key': { type: 'string' },
      json: { type: 'boolean' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(FLEET_USAGE);
    return EXIT.ok;
  }
  const [word, ...extra] = positionals;
  const words = ['list', ...DISPLAY_COMMANDS, 'forget'].join(', ');
  if (word === undefined) throw new UsageError(`which command?: ${words}`);
  if (extra.length > 0) throw new UsageError(`unexpected '${extra[0]}'`);
  if (LIST_WORDS.includes(word)) {
    const stray = COMMAND_ONLY.find((o) => o in values);
    if (stray !== undefined) throw new UsageError(`--${stray} is for a command to one board, not list`);
    return fleetList(values, io, penv);
  }
  if (word === 'forget') {
    const stray = [...COMMAND_ONLY, 'table'].find((o) => o in values && !FORGET_TAKES.includes(o));
    if (stray !== undefined) throw new UsageError(`--${stray} is not for forget`);
    return fleetForget(values, io, penv);
  }
  if (values.force !== undefined) throw new UsageError(`--force is for forget, not ${word}`);
  // The command first: `fleet status` is not a command missing its --display.
  if (!(DISPLAY_COMMANDS as readonly string[]).includes(word))
    throw new UsageError(`unknown command '${word}': ${words}${LISTING_HINT[word] ?? ''}`);
  if (values.table !== undefined) throw new UsageError(`--table is for list, not ${word}`);
  const display = values.display;
  if (display === undefined) throw new UsageError('--display ID is required');
  const problem = fleetRequestProblem({ name: word, display, seconds: values.seconds, replace: values.replace });
  if (problem) throw new UsageError(`--${problem.field} ${problem.message}`);
  const seconds = values.seconds === undefined ? undefined : Number(values.seconds);
  const name = word as DisplayCommandName;
  if (name === 'screenshot' && !values.out) throw new UsageError('screenshot needs --out FILE.png');
  if (name !== 'screenshot' && values.out) throw new UsageError(`--out is for screenshot, not ${name}`);
  const outIssue = values.out ? await outFileProblem(values.out) : null;
  if (outIssue) throw new UsageError(`--out ${values.out}: ${outIssue}, so the picture could not be kept`);
  const timeoutS = values.timeout === undefined ? defaultTimeoutSeconds(name) : Number(values.timeout);
  if (!(Number.isFinite(timeoutS) && timeoutS > 0 && timeoutS <= MAX_FLEET_SECONDS))
    throw new UsageError(
      `--timeout must be more than 0 and at most ${MAX_FLEET_SECONDS} seconds, not '${values.timeout}'`,
    );
  const why = fleetReasonProblem(name, values.reason);
  if (why) throw new UsageError(`--reason: ${why}`);
  const broker = brokerOptions(values, penv.env);
  if (!broker.ok) throw new UsageError(broker.error);
  let key: SigningKey | null = null;
  if (values['signing-key'] !== undefined) {
    const k = await loadSigningKey(values['signing-key']);
    if (!k.ok) throw new UsageError(`--signing-key: ${k.error}`);
    key = k.value;
  }
  const actor = await resolveActor({
    by: values.by,
    accountsPath: values.accounts ?? defaultAccountsPath(),
    io,
    env: penv.env,
  });
  const refused = typeof actor === 'string' ? actor : actorRefusal(actor, [permissionOfCommand(name)]);
  if (typeof actor === 'string' || refused) {
    io.err(`baccarat-board fleet: ${refused ?? ''}\n`);
    return EXIT.badInput;
  }

  const sentAt = penv.now();
  const command = makeFleetCommand(
    { name, display, ...(seconds !== undefined && { seconds }), ...(values.replace && { replace: true }) },
    randomUUID(),
    sentAt,
  );
  const client = await connectFor('fleet', broker.value, io);
  if (!client) return EXIT.failure;
  try {
    const { root, protocolVersion } = broker.value;
    // Subscribed first: the audit record must come back to confirm the broker kept it (as signage's does).
    await client.subscribeAsync(topics(root).pitAudit(), { qos: 1 }).catch(() => undefined);
    // And to the consoles that keep the audit log: with none known, the record is most likely in no log.
    const keepers = await watchAuditKeepers(client, root);
    const result = await sendFleetCommand(client, command, display, {
      root,
      protocolVersion,
      key,
      timeoutMs: timeoutS * 1000,
    });
    if (result.kind === 'not-sent') {
      io.err(`baccarat-board fleet: ${result.message}\n`); // nothing reached a board: nothing to record
      return EXIT.failure;
    }
    if (result.kind === 'unreachable') {
      // Said at once, from the board's retained status, rather than after the whole wait; nothing to record.
      if (values.json === true) {
        const { reason, status } = result;
        io.out(`${JSON.stringify({ command: name, display, ok: false, sent: false, reason, status, audit: null })}\n`);
      }
      const hint = result.reason === 'no-board' ? `: ${cliHints(root).noStatus}` : '';
      io.err(`baccarat-board fleet: ${result.message}${hint}\n`);
      return EXIT.failure;
    }
    const { record, outcome } = fleetAudit({
      id: randomUUID(),
      at: sentAt.toISOString(),
      who: actor.who,
      ...(values.reason !== undefined && { reason: values.reason }),
      displayId: display,
      tableId: result.status?.tableId ?? null,
      command,
      kid: key?.kid ?? null,
      answer: result,
      answeredAt: penv.now().toISOString(),
      hints: cliHints(root),
    });
    const shared = await recordAudit(client, broker.value, [record], { key, file: values.audit });
    const audit = shared.error ? null : record.id;
    const json = values.json === true;
    const code = await report(result, { io, name, command, display, root, out: values.out, json, key, audit });
    if (shared.error) {
      const done = `the ${name} was sent to ${display} (${outcome === 'no-answer' ? 'no answer' : outcome})`;
      io.err(`baccarat-board fleet: ${unconfirmedAudit(done, shared.error, [record])}`);
      return EXIT.failure;
    }
    if (values.audit === undefined && keepers() === 0)
      io.err(
        unkeptAudit(`the ${name} was sent to ${display} (${outcome === 'no-answer' ? 'no answer' : outcome})`, root, [
          record,
        ]),
      );
    return code;
  } finally {
    await client.endAsync().catch(() => undefined);
  }
}
