/**
 * `baccarat-board console`: the floor's web console. One MQTT connection with the console's own credentials
 * shows every table and board on the broker live, and lets the people of its accounts file change a table's signs
 * and the casino's Perfect Pairs scale, each as their role allows, with a reason, through a confirmation step; what
 * it publishes is signed with the pit's key, and every change goes to the audit log that consoles and
 * `signage` share through the broker. `console accounts …` manages the accounts (accounts-command.ts).
 * @packageDocumentation
 */
import { readFile } from 'node:fs/promises';
import { hostname, networkInterfaces } from 'node:os';
import { parseArgs } from 'node:util';
import type { Logger } from 'pino';
import { createLogger } from '../mqtt-bridge/log';
import type { SigningKey } from '../mqtt-bridge/signing';
import { AccountStore, defaultAccountsPath } from '../console/accounts';
import { AuditFeed, auditClientId } from '../console/audit-feed';
import { AuditLog, defaultAuditPath } from '../console/audit-log';
import { parseApprovedBuilds, type ApprovedBuilds } from '../console/board-checks';
import { FleetMonitor } from '../console/monitor';
import { BROKER_ARGS, BROKER_USAGE, brokerOptions } from '../console/mqtt-session';
import { loadSigningKey } from '../console/pit-signature';
import { isLoopback, MIN_TOKEN_LENGTH, startConsoleServer, type ConsoleServer } from '../console/server';
import { accountsCommand, ACCOUNTS_USAGE } from './accounts-command';
import { stopOnSignals } from './board-runtime';
import { portFlagProblem, valuesAfterFlags } from './flag-values';
import { CONSOLE_DIR } from './paths';
import { shownAddress } from './served-address';
import { type CliIo, EXIT, synopsis, UsageError } from './io';

/** dist/console, wherever the CLI runs from. */
export const CONSOLE_UI_DIR = CONSOLE_DIR;
export const DEFAULT_CONSOLE_PORT = 8088;

export const CONSOLE_USAGE = `Usage: baccarat-board console [--broker URL] [--port N] [--host H] [--token T] [--username U --password P]
                             [--accounts FILE] [--signing-key FILE] [--approved-builds FILE] [--audit FILE]
       baccarat-board console accounts add|passwd|role|remove|list …   (see: console accounts --help)

A web console for the floor: every table (its signs, shoe and controller, online or offline) and every board
(online or offline, version, table, shoe, hands, last result, signs revision — flagged when it lags its table's —,
its software against the approved builds, its clock, rejected messages, uptime), live. People sign in with an
account (viewer, floor manager, supervisor); floor managers change a table's signs, supervisors also close and open
tables, restore an earlier revision and change the casino's Perfect Pairs pay scale, each with a reason, through a
confirmation step. Everything published is signed with the pit's key (--signing-key); every change goes to the
audit log that every console and signage share through the broker ({root}/pit/audit).

Options:
  --broker URL            mqtt://host:port (default: the first of $BACCARAT_MQTT_URLS, else mqtt://127.0.0.1:1883)
  --host ADDRESS          address to listen on (default 127.0.0.1; any other needs --token)
  --port N                port (default ${DEFAULT_CONSOLE_PORT}; 0 picks a free one)
  --token TOKEN           required by the page's API and WebSocket (${MIN_TOKEN_LENGTH} characters or more);
                          default $BACCARAT_CONSOLE_TOKEN; the page's address carries it
  --accounts FILE         who may sign in (default ${defaultAccountsPath()});
                          made with: baccarat-board console accounts add NAME --role supervisor
  --signing-key FILE      the pit's Ed25519 key (baccarat-board keys generate): signs every sign and audit record
  --approved-builds FILE  the builds boards may run: one SHA-256 and a label a line; others are flagged
  --audit FILE            the audit log (JSON lines; default ${defaultAuditPath()})
  --audit-client-id ID    the MQTT client id of its audit subscription, kept across restarts (default: from the
                          host name, the audit log and the port)
${BROKER_USAGE}
`;

export interface ConsoleRun {
  readonly server: ConsoleServer;
  readonly monitor: FleetMonitor;
  readonly feed: AuditFeed;
  stop(): Promise<void>;
}

/** A file the console needs, read and checked before anything connects; a problem is a usage error naming it. */
async function readOption<T>(
  flag: string,
  path: string,
  parse: (text: string) => { ok: true; value: T } | { ok: false; error: string },
): Promise<T> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new UsageError(`${flag} ${path}: ${(e as Error).message}`);
  }
  const r = parse(text);
  if (!r.ok) throw new UsageError(`${flag} ${path}: ${r.error}`);
  return r.value;
}

/** Parses the options and starts the console; the command below then waits for a signal. */
export async function startConsoleFromArgs(
  args: string[],
  io: CliIo,
  env: Readonly<Record<string, string | undefined>> = process.env,
  logger: Logger = createLogger({ level: 'info', file: null }),
): Promise<ConsoleRun | 'help'> {
  const { values, positionals } = parseArgs({
    args: valuesAfterFlags(args, ['--port']),
    allowPositionals: true,
    options: {
      ...BROKER_ARGS,
      host: { type: 'string' },
      port: { type: 'string' },
      token: { type: 'string' },
      audit: { type: 'string' },
      'audit-client-id': { type: 'string' },
      accounts: { type: 'string' },
      'signing-key': { type: 'string' },
      'approved-builds': { type: 'string' },
      user: { type: 'string' },
      ui: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (values.user !== undefined)
    throw new UsageError('--user is gone: people sign in on the page with their own account (--accounts FILE)');
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const broker = brokerOptions(values, env, env.BACCARAT_MQTT_URLS?.split(',')[0]?.trim() || 'mqtt://127.0.0.1:1883');
  if (!broker.ok) throw new UsageError(broker.error);
  const badPort = values.port === undefined ? null : portFlagProblem(values.port);
  if (badPort !== null) throw new UsageError(badPort);
  const port = Number(values.port ?? DEFAULT_CONSOLE_PORT);
  const host = values.host ?? '127.0.0.1';
  const token = values.token ?? env.BACCARAT_CONSOLE_TOKEN ?? null;
  if (!isLoopback(host) && !token) throw new UsageError(`--token is required to listen on ${host} (not loopback)`);
  if (token !== null && token.length < MIN_TOKEN_LENGTH)
    throw new UsageError(`--token must be ${MIN_TOKEN_LENGTH} characters or more`);
  let key: SigningKey | null = null;
  if (values['signing-key'] !== undefined) {
    const k = await loadSigningKey(values['signing-key']);
    if (!k.ok) throw new UsageError(`--signing-key: ${k.error}`);
    key = k.value;
  }
  const approved: ApprovedBuilds | null =
    values['approved-builds'] === undefined
      ? null
      : await readOption('--approved-builds', values['approved-builds'], parseApprovedBuilds);

  const accounts = new AccountStore(values.accounts ?? defaultAccountsPath());
  const known = await accounts.load();
  if (!known.ok) throw new UsageError(`--accounts: ${known.error}`);
  if (known.value.accounts.length === 0)
    throw new Error(
      `no accounts in ${accounts.path}: add one with baccarat-board console accounts add NAME --role supervisor` +
        (values.accounts ? ` --file ${values.accounts}` : ''),
    );
  const monitor = new FleetMonitor(broker.value, { approvedBuilds: approved, signingKid: key?.kid ?? null });
  await monitor.start();
  if (!monitor.connected)
    io.err(
      `baccarat-board console: ${broker.value.url} not reachable yet (${monitor.view().broker.error ?? 'no answer'}): retrying\n`,
    );
  const audit = new AuditLog(values.audit ?? defaultAuditPath());
  const feed = new AuditFeed({
    broker: broker.value,
    clientId: values['audit-client-id'] ?? auditClientId(audit.path, port),
    log: audit,
    key,
    logger,
  });
  await feed.start();
  let server: ConsoleServer;
  try {
    server = await startConsoleServer({
      monitor,
      audit,
      feed,
      accounts,
      key,
      host,
      port,
      token,
      uiDir: values.ui ?? CONSOLE_UI_DIR,
      logger,
    });
  } catch (e) {
    await feed.stop();
    await monitor.stop();
    throw e;
  }
  // As serve prints its board's (served-address.ts): the token masked unless a person reads it at a terminal (under
  // systemd it would go to journald), and an address bound to every interface as one another machine can open.
  const shown = shownAddress(server.url, {
    tty: io.stdoutIsTty === true,
    hostname: hostname(),
    interfaces: networkInterfaces(),
  });
  io.out(
    `baccarat-board console\n  broker:  ${broker.value.url}${broker.value.username ? ` as ${broker.value.username}` : ''}\n` +
      `  console: ${shown.board}\n` +
      (shown.note ? `  (${shown.note})\n` : '') +
      (shown.board.endsWith('#token=…')
        ? '  (the token is not printed: standard output is not a terminal; it is --token or $BACCARAT_CONSOLE_TOKEN)\n'
        : '') +
      `  audit:   ${audit.path}\n  accounts: ${accounts.path} (${known.value.accounts.length})\n` +
      `  signing: ${key ? `pit key ${key.kid}` : 'none: the boards see unsigned signs (--signing-key FILE)'}\n` +
      (approved ? `  builds:  ${approved.size} approved\n` : ''),
  );
  return {
    server,
    monitor,
    feed,
    async stop() {
      await server.close();
      await feed.stop();
      await monitor.stop();
    },
  };
}

export async function consoleCommand(args: string[], io: CliIo): Promise<number> {
  if (args[0] === 'accounts') {
    if (args.includes('--help') || args.includes('-h')) {
      io.out(ACCOUNTS_USAGE);
      return EXIT.ok;
    }
    try {
      return await accountsCommand(args.slice(1), io);
    } catch (e) {
      if (!(e instanceof UsageError || (e instanceof TypeError && 'code' in e))) throw e;
      // The accounts' usage, not the console server's: that one says nothing of roles or accounts.
      io.err(`baccarat-board console accounts: ${e.message}\n\n${synopsis(ACCOUNTS_USAGE)}`);
      io.err("Run 'baccarat-board console accounts --help' for its options.\n");
      return EXIT.badInput;
    }
  }
  let run: ConsoleRun | 'help';
  try {
    run = await startConsoleFromArgs(args, io);
  } catch (e) {
    if (e instanceof UsageError || (e instanceof TypeError && 'code' in e)) throw e;
    io.err(`baccarat-board console: ${(e as Error).message}\n`);
    return EXIT.failure;
  }
  if (run === 'help') {
    io.out(CONSOLE_USAGE);
    return EXIT.ok;
  }
  stopOnSignals(run.stop, io.out);
  await new Promise(() => undefined); // runs until a signal
  return EXIT.ok;
}
