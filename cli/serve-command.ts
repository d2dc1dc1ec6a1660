/**
 * `baccarat-board serve`: a board in browser mode. The bridge connects to the configured broker and the board is
 * served to any browser, with the same events pushed over a WebSocket. Loopback only unless configured
 * otherwise, and then a token is required.
 * @packageDocumentation
 */
import { hostname, networkInterfaces } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig, type ConfigFile, unknownVariables } from '../mqtt-bridge/config';
import { TLS_ARGS, TLS_FLAG_FIELDS, TLS_USAGE, type TlsSettings } from '../mqtt-bridge/tls';
import { RENDERER_DIR, startBoard, stopOnSignals } from './board-runtime';
import { numberOrText, tlsFlagValues, valuesAfterFlags } from './flag-values';
import { type CliIo, EXIT } from './io';
import { shownAddress } from './served-address';

export const SERVE_USAGE = `Usage: baccarat-board serve [options]

Serves the board to a browser (browser mode) and connects it to the table's MQTT broker.

Options:
  --config FILE           configuration file (JSON; see docs/configuration.md); default $BACCARAT_BOARD_CONFIG
  --broker URL[,URL...]   broker URL (mqtt://, mqtts://, ws://, wss://; tcp://, tls:// and ssl:// too); several,
                          comma-separated or the flag repeated, for failover
  --table ID              the table this board shows
  --display ID            this board's id (default: the host name)
  --host ADDRESS          address to listen on (default 127.0.0.1; any other needs --token)
  --port N                port (default 8080; 0 picks a free one)
  --token TOKEN           required by the page's WebSocket, /api/state and /readyz (16 characters or more)
${TLS_USAGE}
                          (these three override mqtt.tls.ca, .cert and .key)

The rest (the broker's user name and password, the topic root, MQTT 5, the journal, trust, the board's look) is the
configuration file's, or its environment variables': BACCARAT_MQTT_USERNAME, BACCARAT_MQTT_PASSWORD,
BACCARAT_MQTT_ROOT, BACCARAT_MQTT_PROTOCOL… (docs/configuration.md). Each flag overrides its field.
`;

/** The configuration field each flag sets, so that an error in its value names the flag. */
const SERVE_FLAG_FIELDS = {
  tableId: '--table',
  displayId: '--display',
  'mqtt.brokers': '--broker',
  'serve.host': '--host',
  'serve.port': '--port',
  'serve.token': '--token',
  ...TLS_FLAG_FIELDS,
};

export async function serveCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: valuesAfterFlags(args, ['--port', '--ca', '--cert', '--key']),
    options: {
      config: { type: 'string' },
      broker: { type: 'string', multiple: true },
      table: { type: 'string' },
      display: { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
      token: { type: 'string' },
      ...TLS_ARGS,
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(SERVE_USAGE);
    return EXIT.ok;
  }
  // A bad port is checked with the configuration, and listed with the file's and the environment's errors.
  const port = values.port === undefined ? undefined : (numberOrText(values.port) as number);
  // The TLS flags too: a missing or unreadable file, a certificate without its key (tls-files.ts).
  const tls = tlsFlagValues(values);
  const overrides: ConfigFile = {
    ...(values.table ? { tableId: values.table } : {}),
    ...(values.display ? { displayId: values.display } : {}),
    mqtt: {
      // Comma-separated as simulate's, keypad's and BACCARAT_MQTT_URLS take them, or the flag repeated.
      ...(values.broker ? { brokers: values.broker.flatMap((b) => b.split(',')).map((b) => b.trim()) } : {}),
      // Merged over the file's mqtt.tls, whose rejectUnauthorized is kept (true when it has none).
      ...(tls ? { tls: tls as TlsSettings } : {}),
    },
    serve: {
      ...(values.host ? { host: values.host } : {}),
      ...(port !== undefined ? { port } : {}),
      ...(values.token ? { token: values.token } : {}),
    },
  };
  const config = loadConfig({
    file: values.config ?? null,
    overrides,
    flags: SERVE_FLAG_FIELDS,
    assets: RENDERER_DIR, // board.logo must be among the files it serves
  });
  // First: a misspelt variable often explains what follows (a board with no broker, a password refused).
  for (const w of unknownVariables(process.env)) io.err(`baccarat-board serve: ${w}\n`);
  if (!config.ok) {
    io.err(`baccarat-board serve: ${config.error}\n`);
    return EXIT.badInput;
  }
  const board = await startBoard(config.value, undefined, values.config ?? process.env.BACCARAT_BOARD_CONFIG ?? null);
  // Allowed (a board that shows its journal's last picture, offline), but never by accident unsaid.
  if (config.value.mqtt.brokers.length === 0)
    io.err(
      'baccarat-board serve: no broker (--broker URL, or mqtt.brokers in the configuration): the board shows what ' +
        'its journal holds and will not follow the table\n',
    );
  // Printed masked: under systemd standard output goes to journald, and the token must not (docs/deployment.md).
  const shown = shownAddress(board.web.url, {
    tty: io.stdoutIsTty === true,
    hostname: hostname(),
    interfaces: networkInterfaces(),
  });
  io.out(
    `baccarat-board: table ${config.value.tableId}, display ${config.value.displayId}\n` +
      `  broker: ${config.value.mqtt.brokers.join(', ') || '(none: showing the journal only)'}\n` +
      `  board:  ${shown.board}\n  state:  ${shown.base}api/state\n` +
      `  ready:  ${shown.base}readyz\n` +
      `  health: ${shown.base}healthz\n` +
      (shown.note ? `  (${shown.note})\n` : '') +
      (shown.board.endsWith('#token=…') ? '  (the token is not printed: standard output is not a terminal)\n' : ''),
  );
  stopOnSignals(board.stop, io.out);
  await new Promise(() => undefined); // runs until a signal
  return EXIT.ok;
}
