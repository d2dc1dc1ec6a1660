/**
 * `baccarat-board console`: the floor's web console. One MQTT connection with the console's own credentials
 * shows every table and board on the broker live, and lets a manager change a table's signs and the casino's
 * Perfect Pairs scale, with a confirmation step and an append-only audit log.
 * @packageDocumentation
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import type { Logger } from 'pino';
import { createLogger } from '../mqtt-bridge/log';
import { AuditLog, defaultAuditPath } from '../console/audit-log';
import { FleetMonitor } from '../console/monitor';
import { BROKER_ARGS, BROKER_USAGE, brokerOptions } from '../console/mqtt-session';
import { isLoopback, MIN_TOKEN_LENGTH, startConsoleServer, type ConsoleServer } from '../console/server';
import { stopOnSignals } from './board-runtime';
import { CONSOLE_DIR } from './paths';
import { type CliIo, EXIT, UsageError } from './io';

/** dist/console, wherever the CLI runs from. */
export const CONSOLE_UI_DIR = CONSOLE_DIR;
export const DEFAULT_CONSOLE_PORT = 8088;

export const CONSOLE_USAGE = `Usage: baccarat-board console [--broker URL] [--port N] [--host H] [--token T] [--username U --password P]
                             [--audit FILE] [--user NAME]

A web console for the floor: every table (its signs, shoe and controller, online or offline) and every board
(online or offline, version, table, shoe, hands, last result, signs revision — flagged when it lags its table's —,
rejected messages, uptime), live. Managers change a table's signs and the casino's Perfect Pairs pay scale through
a confirmation step that shows the change; every change goes to an append-only audit log.

Options:
  --broker URL            mqtt://host:port (default: the first of $BACCARAT_MQTT_URLS, else mqtt://127.0.0.1:1883)
  --host ADDRESS          address to listen on (default 127.0.0.1; any other needs --token)
  --port N                port (default ${DEFAULT_CONSOLE_PORT}; 0 picks a free one)
  --token TOKEN           required by the page's API and WebSocket (${MIN_TOKEN_LENGTH} characters or more);
                          default $BACCARAT_CONSOLE_TOKEN; the page's address carries it
  --audit FILE            the audit log (JSON lines; default ${defaultAuditPath()})
  --user NAME             the name changes are made under unless one signs in on the page (default $USER)
${BROKER_USAGE}
`;

export interface ConsoleRun {
  readonly server: ConsoleServer;
  readonly monitor: FleetMonitor;
  stop(): Promise<void>;
}

/** Parses the options and starts the console; the command below then waits for a signal. */
export async function startConsoleFromArgs(
  args: string[],
  io: CliIo,
  env: Readonly<Record<string, string | undefined>> = process.env,
  logger: Logger = createLogger({ level: 'info', file: null }),
): Promise<ConsoleRun | 'help'> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...BROKER_ARGS,
      host: { type: 'string' },
      port: { type: 'string' },
      token: { type: 'string' },
      audit: { type: 'string' },
      user: { type: 'string' },
      ui: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const broker = brokerOptions(values, env, env.BACCARAT_MQTT_URLS?.split(',')[0]?.trim() || 'mqtt://127.0.0.1:1883');
  if (!broker.ok) throw new UsageError(broker.error);
  const port = Number(values.port ?? DEFAULT_CONSOLE_PORT);
  if (!(Number.isInteger(port) && port >= 0 && port <= 65535))
    throw new UsageError(`--port must be 0 to 65535, not '${values.port}'`);
  const host = values.host ?? '127.0.0.1';
  const token = values.token ?? env.BACCARAT_CONSOLE_TOKEN ?? null;
  if (!isLoopback(host) && !token) throw new UsageError(`--token is required to listen on ${host} (not loopback)`);
  if (token !== null && token.length < MIN_TOKEN_LENGTH)
    throw new UsageError(`--token must be ${MIN_TOKEN_LENGTH} characters or more`);
  let user = values.user ?? env.USER ?? env.LOGNAME;
  try {
    user ??= userInfo().username;
  } catch {
    user = 'console';
  }

  const monitor = new FleetMonitor(broker.value, { consoleUser: user.slice(0, 64) });
  await monitor.start();
  if (!monitor.connected)
    io.err(
      `baccarat-board console: ${broker.value.url} not reachable yet (${monitor.view().broker.error ?? 'no answer'}): retrying\n`,
    );
  const audit = new AuditLog(values.audit ?? defaultAuditPath());
  let server: ConsoleServer;
  try {
    server = await startConsoleServer({
      monitor,
      audit,
      host,
      port,
      token,
      uiDir: values.ui ?? CONSOLE_UI_DIR,
      logger,
    });
  } catch (e) {
    await monitor.stop();
    throw e;
  }
  io.out(
    `baccarat-board console\n  broker:  ${broker.value.url}${broker.value.username ? ` as ${broker.value.username}` : ''}\n` +
      `  console: ${server.url}\n  audit:   ${audit.path}\n`,
  );
  return {
    server,
    monitor,
    async stop() {
      await server.close();
      await monitor.stop();
    },
  };
}

export async function consoleCommand(args: string[], io: CliIo): Promise<number> {
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
