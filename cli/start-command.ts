/**
 * `baccarat-board start` (what `npm start` runs): the kiosk. With a broker configured it connects to it; with
 * none it runs the demo: an embedded MQTT broker, a simulated table dealing a live shoe, and the demo signs.
 * The board opens in Electron where its binary is installed, otherwise in browser mode (Chromium opened when
 * present), and the URL is printed either way.
 * @packageDocumentation
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { makeCasinoSignage, makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { type Config, loadConfig, unknownVariables } from '../mqtt-bridge/config';
import { type EmbeddedBroker, startEmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { createLogger } from '../mqtt-bridge/log';
import { TLS_ARGS, TLS_FLAG_FIELDS, TLS_USAGE, tlsEnv, type TlsSettings } from '../mqtt-bridge/tls';
import { lazyImport } from '../mqtt-bridge/lazy-import';
import { generateSigningKey, publicKeyText } from '../mqtt-bridge/signing';
import { simulateTable } from '../simulator/dealer';
import { abortableSleep, startTableSimulator, type TableSimulator } from '../simulator/publisher';
import { electronBinaryPath } from '../scripts/electron-binary.mjs';
import { startBoard, stopOnSignals } from './board-runtime';
import { demoCasinoSignage, demoTableSignage } from './demo-signage';
import { numberOrText, tlsFlagValues, valuesAfterFlags } from './flag-values';
import { type CliIo, EXIT, UsageError } from './io';
import { ELECTRON_MAIN, RENDERER_DIR } from './paths';
import { shownAddress } from './served-address';

export const START_USAGE = `Usage: baccarat-board start [options]

Starts the kiosk. With no broker configured (the first run on a new machine), runs the demo: an embedded MQTT
broker on 127.0.0.1, a simulated table dealing a live shoe, and the demo signs. Opens the board in Electron where
its binary is installed, otherwise serves it to a browser (browser mode) and opens Chromium if present.

Options:
  --config FILE           configuration file (JSON; see docs/configuration.md); default $BACCARAT_BOARD_CONFIG
  --browser               browser mode even where Electron is installed
  --no-open               do not open a browser window (browser mode)
  --port N                browser-mode port (default 8080, or a free one if it is taken)
  --speed N               demo: how much faster than real time the simulated table deals (default 3)
  --seed S                demo: the simulated table's seed (default: a new one every run); these two are
                          refused with a broker configured (they would mean nothing)
${TLS_USAGE}
                          (these three override mqtt.tls.ca, .cert and .key)
`;

/** Hands the demo deals at once, so that a first-time user sees full roads within seconds. */
const WARM_HANDS = 36;

export async function startCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: valuesAfterFlags(args, ['--port', '--speed', '--ca', '--cert', '--key']),
    options: {
      config: { type: 'string' },
      browser: { type: 'boolean' },
      'no-open': { type: 'boolean' },
      port: { type: 'string' },
      speed: { type: 'string' },
      seed: { type: 'string' },
      ...TLS_ARGS,
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(START_USAGE);
    return EXIT.ok;
  }
  const speed = values.speed === undefined ? 3 : Number(values.speed);
  if (!(speed > 0)) throw new UsageError(`--speed must be a number above 0, not '${values.speed}'`);
  // A bad port is checked with the configuration, and listed with the file's and the environment's errors.
  const port = values.port === undefined ? undefined : (numberOrText(values.port) as number);
  // The TLS flags too: a missing or unreadable file, a certificate without its key (tls-files.ts).
  const tls = tlsFlagValues(values);
  const loaded = loadConfig({
    file: values.config ?? null,
    overrides: {
      ...(port === undefined ? {} : { serve: { port } }),
      // Merged over the file's mqtt.tls, whose rejectUnauthorized is kept (true when it has none).
      ...(tls ? { mqtt: { tls: tls as TlsSettings } } : {}),
    },
    flags: { 'serve.port': '--port', ...TLS_FLAG_FIELDS },
    assets: RENDERER_DIR, // board.logo must be among the files the board's page is served from
  });
  // First: a misspelt variable often explains what follows (a board with no broker, a password refused).
  for (const w of unknownVariables(process.env)) io.err(`baccarat-board start: ${w}\n`);
  if (!loaded.ok) {
    io.err(`baccarat-board start: ${loaded.error}\n`);
    return EXIT.badInput;
  }
  let config = loaded.value;
  // The demo's flags on a board with a broker meant nothing and were dropped silently: refused, as the CLI refuses a
  // flag for another action (`--out is for screenshot, not …`), before anything starts.
  const demoOnly = (['speed', 'seed'] as const).filter((f) => values[f] !== undefined);
  if (demoOnly.length > 0 && config.mqtt.brokers.length > 0) {
    const flags = demoOnly.map((f) => `--${f}`).join(' and ');
    io.err(
      `baccarat-board start: ${flags} ${demoOnly.length === 1 ? 'is' : 'are'} for the demo, which runs only with ` +
        `no broker configured; this board connects to ${config.mqtt.brokers.join(', ')} (mqtt.brokers in the ` +
        `configuration or BACCARAT_MQTT_URLS): drop ${demoOnly.length === 1 ? 'it' : 'them'}\n`,
    );
    return EXIT.badInput;
  }
  // The terminal is for the person who ran it: the structured logs go to a file unless one is configured.
  const logFile = config.log.file ?? join(config.journal.dir, 'board.log');
  const logger = createLogger({ ...config.log, file: logFile });
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch(() => undefined);
  };

  if (config.mqtt.brokers.length === 0) {
    const demo = await startDemo(config, speed, values.seed ?? `${Date.now()}`, io);
    stops.push(demo.stop);
    config = demo.config;
  } else {
    io.out(`baccarat-board: table ${config.tableId}, broker ${config.mqtt.brokers.join(', ')}\n`);
  }

  const electron = values.browser ? null : electronBinaryPath();
  if (electron) {
    io.out('Opening the kiosk in Electron (Ctrl-C here to stop).\n');
    const main = ELECTRON_MAIN;
    const child = spawn(electron, [main], {
      stdio: 'inherit',
      env: { ...process.env, ...envFor(config, values.config) },
    });
    stopOnSignals(async () => {
      child.kill('SIGTERM');
      await stopAll();
    }, io.out);
    const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 0)));
    await stopAll();
    return code;
  }

  io.out(
    values.browser
      ? 'Browser mode (--browser).\n'
      : 'The Electron binary is not installed (its download failed or was skipped): running in browser mode.\n',
  );
  const file = values.config ?? process.env.BACCARAT_BOARD_CONFIG ?? null; // for the about overlay
  const board = await startBoard(config, logger, file)
    .catch(async (e: Error & { code?: string }) => {
      if (e.code !== 'EADDRINUSE' || port !== undefined) throw e;
      io.out(`Port ${config.serve.port} is taken; using a free one.\n`);
      return startBoard({ ...config, serve: { ...config.serve, port: 0 } }, logger, file);
    })
    .catch(async (e: unknown) => {
      await stopAll(); // the demo's broker and table: the command ends with its error, it does not hang on them
      throw e;
    });
  stops.push(board.stop);
  // As serve prints it (served-address.ts): the token masked unless a person reads it at a terminal.
  const shown = shownAddress(board.web.url, {
    tty: io.stdoutIsTty === true,
    hostname: hostname(),
    interfaces: networkInterfaces(),
  });
  io.out(
    `\n  The board:  ${shown.board}\n  Its state:  ${shown.base}api/state\n` +
      (shown.note ? `  (${shown.note})\n` : '') +
      `  Logs:       ${logFile}\n\n`,
  );
  if (!values['no-open']) openBrowser(board.web.url, io);
  stopOnSignals(stopAll, io.out);
  await new Promise(() => undefined); // runs until a signal
  return EXIT.ok;
}

/** The embedded broker, the demo signs and a simulated table; the configuration now points at the broker. */
async function startDemo(config: Config, speed: number, seed: string, io: CliIo) {
  let broker: EmbeddedBroker;
  try {
    broker = await startEmbeddedBroker({ port: 1883 });
  } catch {
    broker = await startEmbeddedBroker({ port: 0 }); // 1883 taken: any free port
  }
  const t = topics(config.mqtt.root);
  const { connectAsync } = await lazyImport(() => import('mqtt'));
  const publisher = await connectAsync(broker.url, { clientId: 'demo-signage' });
  await publisher.publishAsync(t.tableSignage(config.tableId), makeTableSignage(demoTableSignage()), {
    qos: 1,
    retain: true,
  });
  await publisher.publishAsync(t.casinoSignage(), makeCasinoSignage(demoCasinoSignage()), { qos: 1, retain: true });
  await publisher.endAsync();

  // The demo's shoes get ids of their own per run, and its journal a folder of its own, so that a demo never
  // mixes with a real table's history on the same machine.
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
  let hands = 0;
  // The demo's controller signs its results, and the board trusts its key: a board shows them as verified.
  const key = generateSigningKey();
  const sim: TableSimulator = await startTableSimulator({
    signingKey: key,
    broker: broker.url,
    tableId: config.tableId,
    steps: simulateTable({ seed, irregularities: 0.02, shoeId: (n) => `demo-${run}-${n}` }),
    speed,
    onStep: (step) => {
      if (step.type === 'hand') hands++;
    },
    sleep: (ms, signal) => (hands < WARM_HANDS ? Promise.resolve() : abortableSleep(ms, signal)),
  });
  io.out(
    `Demo: no broker configured, so an embedded one runs at ${broker.url}, with a simulated table ${config.tableId} ` +
      `(seed ${seed}, ${speed}× real time; the first ${WARM_HANDS} hands at once).\n` +
      'To connect to a real table, set mqtt.brokers in a configuration file (docs/configuration.md).\n',
  );
  return {
    config: {
      ...config,
      mqtt: { ...config.mqtt, brokers: [broker.url] },
      journal: { ...config.journal, dir: join(config.journal.dir, 'demo') },
      trust: { ...config.trust, controllerKeys: [...config.trust.controllerKeys, publicKeyText(key.publicKey)] },
    },
    async stop() {
      await sim.stop();
      await broker.close();
    },
  };
}

/**
 * The configuration as environment variables for the Electron process: the same file (`--config` too, which it
 * would not see otherwise) and, on top of it, what this command changed: the demo's broker and journal, the TLS
 * flags.
 */
function envFor(config: Config, file: string | undefined): Record<string, string> {
  return {
    ...(file !== undefined && { BACCARAT_BOARD_CONFIG: file }),
    BACCARAT_TABLE_ID: config.tableId,
    BACCARAT_DISPLAY_ID: config.displayId,
    BACCARAT_MQTT_URLS: config.mqtt.brokers.join(','),
    BACCARAT_JOURNAL_DIR: config.journal.dir,
    ...(config.trust.controllerKeys.length > 0 && { BACCARAT_CONTROLLER_KEYS: config.trust.controllerKeys.join(',') }),
    ...tlsEnv(config.mqtt.tls),
  };
}

/** Opens Chromium on the board where there is a display to open it on. */
function openBrowser(url: string, io: CliIo): void {
  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    io.out('No display here: open the address above in a browser.\n');
    return;
  }
  const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const browser = candidates.find((c) => existsSync(c));
  if (!browser) {
    io.out('No Chromium found: open the address above in a browser.\n');
    return;
  }
  const child = spawn(
    browser,
    [`--app=${url}`, '--no-first-run', '--disable-background-networking', '--disable-sync'],
    {
      stdio: 'ignore',
      detached: true,
    },
  );
  child.on('error', () => io.out('Could not open Chromium: open the address above in a browser.\n'));
  child.unref();
}
