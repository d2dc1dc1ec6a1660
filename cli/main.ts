/**
 * The `baccarat-board` command-line tool: one entry point, one module per command.
 * @packageDocumentation
 */
import { type CliIo, EXIT, synopsis, UsageError } from './io';
import { didYouMean, unknownOptionHint } from './did-you-mean';
import { nodeVersionWarning } from './node-version';

/** A command, loaded when it runs: `baccarat-board roads` need not load MQTT, the web host or Chromium's kin. */
type Loaded = { run: (args: string[], io: CliIo) => Promise<number>; usage: string };
type Command = { load: () => Promise<Loaded>; summary: string };

const COMMANDS: Record<string, Command> = {
  start: {
    load: () => import('./start-command').then((m) => ({ run: m.startCommand, usage: m.START_USAGE })),
    summary: 'start the kiosk (the demo when no broker is configured)',
  },
  roads: {
    load: () => import('./roads-command').then((m) => ({ run: m.roadsCommand, usage: m.ROADS_USAGE })),
    summary: 'print the roads of a shoe written as B/P/T letters',
  },
  deal: {
    load: () => import('./deal-command').then((m) => ({ run: m.dealCommand, usage: m.DEAL_USAGE })),
    summary: 'deal coups from cards in shoe order, as a supervisor would',
  },
  serve: {
    load: () => import('./serve-command').then((m) => ({ run: m.serveCommand, usage: m.SERVE_USAGE })),
    summary: 'serve the board to a browser (browser mode)',
  },
  simulate: {
    load: () => import('./simulate-command').then((m) => ({ run: m.simulateCommand, usage: m.SIMULATE_USAGE })),
    summary: 'table controllers dealing real shoes over MQTT',
  },
  signage: {
    load: () => import('./signage-command').then((m) => ({ run: m.signageCommand, usage: m.SIGNAGE_USAGE })),
    summary: "show or change a table's signs and the casino's",
  },
  history: {
    load: () => import('./history-command').then((m) => ({ run: m.historyCommand, usage: m.HISTORY_USAGE })),
    summary: "verify a board's tamper-evident history, or export a shoe's record",
  },
  keys: {
    load: () => import('./keys-command').then((m) => ({ run: m.keysCommand, usage: m.KEYS_USAGE })),
    summary: 'make or show the Ed25519 keys that sign results and signs',
  },
  console: {
    load: () => import('./console-command').then((m) => ({ run: m.consoleCommand, usage: m.CONSOLE_USAGE })),
    summary: 'web console: tables, boards, signs, audit',
  },
  fleet: {
    load: () => import('./fleet-command').then((m) => ({ run: m.fleetCommand, usage: m.FLEET_USAGE })),
    summary:
      'every board on the broker (list), or a command to one: identify, about, reload, resync, screenshot; forget',
  },
  keypad: {
    load: () => import('./keypad-command').then((m) => ({ run: m.keypadCommand, usage: m.KEYPAD_USAGE })),
    summary: "the dealer's keypad: a table controller for a table without a card-reading shoe",
  },
};

export { VERSION } from './version';
import { VERSION } from './version';

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length)) + 2;
  return [
    'Usage: baccarat-board <command> [options]',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}${c.summary}`),
    '',
    "Run 'baccarat-board <command> --help' for a command's options.",
    '',
  ].join('\n');
}

/** Runs the tool with `args` (without the node and script paths) and returns the exit status. */
export async function main(args: string[], io: CliIo): Promise<number> {
  const outdated = io.nodeVersion === undefined ? null : nodeVersionWarning(io.nodeVersion);
  if (outdated) io.err(outdated); // once, first, whatever the command
  const [name, ...rest] = args;
  // `help fleet`: that command's help, as `fleet --help` prints it (it printed the tool's, found by casino IT).
  if (name === 'help' && rest[0] !== undefined) {
    const asked = COMMANDS[rest[0]];
    if (!asked) {
      io.err(`baccarat-board: unknown command '${rest[0]}'${didYouMean(rest[0], Object.keys(COMMANDS))}\n\n${usage()}`);
      return EXIT.badInput;
    }
    io.out((await asked.load()).usage);
    return EXIT.ok;
  }
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.out(usage());
    return name === undefined ? EXIT.badInput : EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    io.out(`baccarat-board ${VERSION}\n`);
    return EXIT.ok;
  }
  const entry = COMMANDS[name];
  if (!entry) {
    io.err(`baccarat-board: unknown command '${name}'${didYouMean(name, Object.keys(COMMANDS))}\n\n${usage()}`);
    return EXIT.badInput;
  }
  const command = await entry.load();
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (
      e instanceof UsageError ||
      (e instanceof TypeError && 'code' in e && String(e.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      const hint = unknownOptionHint(e.message, command.usage);
      io.err(`baccarat-board ${name}: ${parseArgsWords(e.message)}${hint}\n\n${synopsis(command.usage)}`);
      io.err(`Run 'baccarat-board ${name} --help' for its options.\n`);
      return EXIT.badInput;
    }
    // A board refused because another holds its journal or its folder cannot be written (mqtt-bridge/journal-lock.ts),
    // or a server that cannot listen (web-host/listen.ts: a port in use): said, not a stack trace.
    if (
      e instanceof Error &&
      (e.name === 'JournalInUseError' || e.name === 'JournalFolderError' || e.name === 'ListenError')
    ) {
      io.err(`baccarat-board ${name}: ${e.message}\n`);
      return EXIT.failure;
    }
    throw e;
  }
}

/**
 * Node's parseArgs, for an unknown option of a command that takes words, advises passing it after `--` as a word
 * (with unbalanced quotes): never what staff meant, so only the first sentence is kept ("Unknown option '--tabel'").
 */
export const parseArgsWords = (message: string): string =>
  message.replace(/\. To specify a positional argument starting with a '-'.*$/s, '');
