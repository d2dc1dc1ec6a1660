/**
 * The `baccarat-board` command-line tool: one entry point, one module per command.
 * @packageDocumentation
 */
import { type CliIo, EXIT, UsageError } from './io';
import { dealCommand, DEAL_USAGE } from './deal-command';
import { roadsCommand, ROADS_USAGE } from './roads-command';
import { serveCommand, SERVE_USAGE } from './serve-command';
import { simulateCommand, SIMULATE_USAGE } from './simulate-command';
import { signageCommand, SIGNAGE_USAGE } from './signage-command';
import { consoleCommand, CONSOLE_USAGE } from './console-command';
import { startCommand, START_USAGE } from './start-command';

type Command = { run: (args: string[], io: CliIo) => Promise<number>; usage: string; summary: string };

const COMMANDS: Record<string, Command> = {
  start: { run: startCommand, usage: START_USAGE, summary: 'start the kiosk (the demo when no broker is configured)' },
  roads: { run: roadsCommand, usage: ROADS_USAGE, summary: 'print the roads of a shoe written as B/P/T letters' },
  deal: { run: dealCommand, usage: DEAL_USAGE, summary: 'deal coups from cards in shoe order, as a supervisor would' },
  serve: { run: serveCommand, usage: SERVE_USAGE, summary: 'serve the board to a browser (browser mode)' },
  simulate: { run: simulateCommand, usage: SIMULATE_USAGE, summary: 'table controllers dealing real shoes over MQTT' },
  signage: { run: signageCommand, usage: SIGNAGE_USAGE, summary: "show or change a table's signs and the casino's" },
  console: { run: consoleCommand, usage: CONSOLE_USAGE, summary: 'web console: tables, boards, signs, audit' },
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
  const [name, ...rest] = args;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.out(usage());
    return name === undefined ? EXIT.badInput : EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    io.out(`baccarat-board ${VERSION}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`baccarat-board: unknown command '${name}'\n\n${usage()}`);
    return EXIT.badInput;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (
      e instanceof UsageError ||
      (e instanceof TypeError && 'code' in e && String(e.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      io.err(`baccarat-board ${name}: ${e.message}\n\n${command.usage}`);
      return EXIT.badInput;
    }
    throw e;
  }
}
