/**
 * `baccarat-board keypad --broker URL --table ID`: the dealer's keypad, the table controller of a table without a
 * card-reading shoe. It serves a touch page for the dealer's tablet and publishes exactly what the contract says a
 * controller publishes (keypad/). `keypad supervisors add|remove|list` manages the supervisor codes.
 * @packageDocumentation
 */
import type { KeyObject } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir, hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_DECKS, MIN_DECKS } from '../baccarat/shoe-types';
import { isId } from '../contract/schemas/common';
import { DEFAULT_ROOT, parseRoot } from '../contract/topics';
import { createLogger } from '../mqtt-bridge/log';
import { parseBrokerUrl } from '../mqtt-bridge/broker-url';
import { keyId, parsePrivateKey, parsePublicKey, type SigningKey } from '../mqtt-bridge/signing';
import { parseTlsArgs, TLS_ARGS, TLS_USAGE, tlsClientOptions, tlsSettings } from '../mqtt-bridge/tls';
import { controllerIdOf } from '../simulator/publisher';
import { DEFAULT_UNDO_SECONDS, KeypadStartRefused, startKeypad, type Keypad } from '../keypad/keypad';
import { KEYINGS, type Keying, refusalText } from '../keypad/protocol';
import { isLoopback, MIN_TOKEN_LENGTH, startKeypadServer } from '../keypad/server';
import {
  addSupervisor,
  loadSupervisors,
  MIN_CODE_LENGTH,
  removeSupervisor,
  supervisorNames,
} from '../keypad/supervisors';
import { stopOnSignals } from './board-runtime';
import { mqttPassword, portFlagProblem, valuesAfterFlags } from './flag-values';
import { shownAddress } from './served-address';
import { type CliIo, EXIT, inputLines, UsageError } from './io';
import { PACKAGE_ROOT } from './paths';
import { VERSION } from './version';

/** dist/keypad, wherever the CLI runs from. */
export const KEYPAD_UI_DIR = join(PACKAGE_ROOT, 'dist', 'keypad');
export const DEFAULT_KEYPAD_PORT = 8090;

const stateDir = () => join(process.env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'baccarat-board');
/** `<state dir>/keypad-<table>.journal`, beside the board's journal. */
export const defaultJournalPath = (tableId: string): string => join(stateDir(), `keypad-${tableId}.journal`);
/** `$XDG_CONFIG_HOME/baccarat-board/keypad-supervisors`. */
export const defaultSupervisorsPath = (): string =>
  join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'baccarat-board', 'keypad-supervisors');

export const KEYPAD_USAGE = `Usage: baccarat-board keypad --broker URL[,URL...] --table ID [options]
       baccarat-board keypad supervisors add|remove|list [NAME] [--file FILE]

The dealer's keypad: the table controller for a table without a card-reading shoe. Serves a touch page for the
dealer's tablet (English and Chinese) and publishes the table's shoe over MQTT exactly as the contract says a
controller does: shoe start, shuffle, burn, no-bet coups, bets, results (by cards or by outcome), the cut card and
the last coup, void hands and rounds, corrections, shoe end, and the retained snapshot after every change. Every
action is journaled before it is published: a keypad killed or restarted carries on exactly where it was. A second
keypad for a table already served is refused, and publishes nothing.

Options:
  --broker URL[,URL...]   mqtt://host:port (also mqtts:, ws:, wss:)                  (required); several (a
                          bridged pair) for failover
  --table ID              the table                                                  (required)
  --keying cards|outcome  key each card as it is dealt, or only the outcome          (default cards)
  --undo-seconds N        how long the dealer may undo the last result, 0 to 60      (default ${DEFAULT_UNDO_SECONDS})
  --decks N               the table's deck count, ${MIN_DECKS} to ${MAX_DECKS} (rule 3.4): offered for its first shoe;
                          then each new shoe offers the last shoe's count          (default 8)
  --journal FILE          the keypad's journal (default <state dir>/keypad-<table>.journal)
  --supervisors FILE      who may correct or void a hand, with their codes (scrypt)
                          (default ${defaultSupervisorsPath()})
  --signing-key FILE      sign every message with this controller key (baccarat-board keys generate); the
                          keypad then gives its table up only to an online status signed by its own key or
                          a --trust-key: any other is refused as a forged take-over
  --trust-key FILE        (repeatable; needs --signing-key) the public key of another controller allowed to
                          take the table over (a spare keypad with a key of its own): a PEM public key, or what
                          baccarat-board keys show prints
  --host ADDRESS          address the page is served on (default 127.0.0.1; any other needs --token)
  --port N                its port (default ${DEFAULT_KEYPAD_PORT}; 0 picks a free one)
  --token TOKEN           required by the page's API and WebSocket (${MIN_TOKEN_LENGTH} characters or more); default
                          $BACCARAT_KEYPAD_TOKEN; the page's address carries it
  --root R                topic root                                                 (default ${DEFAULT_ROOT})
  --username U            MQTT user name
  --password P            MQTT password (needs --username); default $BACCARAT_MQTT_PASSWORD
${TLS_USAGE}
  --protocol-version 4|5  MQTT 3.1.1 (4) or 5; 5 lets the broker tell a keypad that another took its
                          table over (default: 5, or 4 when the broker does not speak 5)

Supervisors:
  keypad supervisors add NAME     reads the code from standard input (${MIN_CODE_LENGTH} characters or more)
  keypad supervisors remove NAME
  keypad supervisors list
`;

function brokersOf(text: string | undefined): string[] {
  if (text === undefined) throw new UsageError('--broker URL is required, e.g. --broker mqtt://localhost:1883');
  const brokers = text.split(',').map((s) => s.trim());
  for (const b of brokers) {
    const url = parseBrokerUrl(b);
    if (!url.ok) throw new UsageError(`--broker ${url.error}`);
  }
  return brokers;
}

function readSigningKey(file: string): SigningKey {
  if (!existsSync(file)) throw new UsageError(`--signing-key: ${file} does not exist`);
  const key = parsePrivateKey(readFileSync(file, 'utf8'));
  if (!key.ok) throw new UsageError(`--signing-key: ${file}: ${key.error}`);
  return key.value;
}

/**
 * A public key a keypad trusts for a take-over, from its file: a PEM public key, the base64url text, or what `keys
 * show` prints (its `public-key` line). A private key is refused: the other keypad's stays on that keypad.
 */
function readTrustKey(file: string): KeyObject {
  if (!existsSync(file)) throw new UsageError(`--trust-key: ${file} does not exist`);
  if (statSync(file).isDirectory()) throw new UsageError(`--trust-key: ${file} is a folder: give the key's file`);
  const text = readFileSync(file, 'utf8');
  const shown = /^public-key\s+(\S+)\s*$/m.exec(text)?.[1];
  const key = parsePublicKey(shown ?? text);
  if (!key.ok) throw new UsageError(`--trust-key: ${file}: ${key.error}`);
  return key.value;
}

async function supervisorsCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { file: { type: 'string' } } });
  const [verb, name, extra] = positionals;
  const file = values.file ?? defaultSupervisorsPath();
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
  if (verb === 'list') {
    const names = await supervisorNames(file);
    if (!names.ok) return (io.err(`baccarat-board keypad: ${names.error}\n`), EXIT.failure);
    io.out(names.value.map((n) => `${n}\n`).join(''));
    return EXIT.ok;
  }
  if (name === undefined || (verb !== 'add' && verb !== 'remove'))
    throw new UsageError('keypad supervisors add NAME | remove NAME | list');
  if (verb === 'remove') {
    const r = await removeSupervisor(file, name);
    if (!r.ok) return (io.err(`baccarat-board keypad: ${r.error}\n`), EXIT.failure);
    io.out(`removed ${name} from ${file}\n`);
    return EXIT.ok;
  }
  if (io.stdinIsTty) io.err(`code for ${name}, then Enter (it shows as typed: pipe it in to keep it off the screen): `);
  const code = inputLines(await io.readStdin())[0] ?? '';
  const r = await addSupervisor(file, name, code);
  if (!r.ok) throw new UsageError(r.error);
  io.out(`${r.value} ${name} in ${file}\n`);
  return EXIT.ok;
}

/** Who may take the table over, as the start-up lines say it. */
function takeOverLine(signingKey: SigningKey | undefined, trustKeys: readonly KeyObject[]): string {
  if (!signingKey) return 'any online status (unsigned: not protected against a forged take-over; see --signing-key)';
  const ids = [signingKey.kid, ...trustKeys.map(keyId)];
  return `only an online status signed by key ${ids.join(', ')}`;
}

export async function keypadCommand(args: string[], io: CliIo): Promise<number> {
  if (args[0] === 'supervisors') return supervisorsCommand(args.slice(1), io);
  const { values, positionals } = parseArgs({
    args: valuesAfterFlags(args, ['--port']),
    allowPositionals: true,
    options: {
      broker: { type: 'string' },
      table: { type: 'string' },
      keying: { type: 'string' },
      'undo-seconds': { type: 'string' },
      decks: { type: 'string' },
      journal: { type: 'string' },
      supervisors: { type: 'string' },
      'signing-key': { type: 'string' },
      'trust-key': { type: 'string', multiple: true },
      host: { type: 'string' },
      port: { type: 'string' },
      token: { type: 'string' },
      root: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      ...TLS_ARGS,
      'protocol-version': { type: 'string' },
      ui: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(KEYPAD_USAGE);
    return EXIT.ok;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const brokers = brokersOf(values.broker);
  const tableId = values.table;
  if (tableId === undefined) throw new UsageError('--table ID is required');
  if (!isId(tableId) || !isId(controllerIdOf(tableId)))
    throw new UsageError(`--table: '${tableId}' is not a table id (1 to 60 of A-Z a-z 0-9 _ -)`);
  const keying = (values.keying ?? 'cards') as Keying;
  if (!KEYINGS.includes(keying)) throw new UsageError(`--keying must be cards or outcome, got '${values.keying}'`);
  const undoText = values['undo-seconds'] ?? String(DEFAULT_UNDO_SECONDS);
  const undoSeconds = /^\d+$/.test(undoText) ? Number(undoText) : NaN;
  if (!(undoSeconds >= 0 && undoSeconds <= 60))
    throw new UsageError(`--undo-seconds must be 0 to 60, got '${undoText}'`);
  const decks = values.decks === undefined ? undefined : /^\d+$/.test(values.decks) ? Number(values.decks) : NaN;
  if (decks !== undefined && !(decks >= MIN_DECKS && decks <= MAX_DECKS))
    throw new UsageError(`--decks must be ${MIN_DECKS} to ${MAX_DECKS} (rule 3.4), got '${values.decks}'`);
  const badPort = values.port === undefined ? null : portFlagProblem(values.port);
  if (badPort !== null) throw new UsageError(badPort);
  const port = Number(values.port ?? DEFAULT_KEYPAD_PORT);
  const host = values.host ?? '127.0.0.1';
  const token = values.token ?? process.env.BACCARAT_KEYPAD_TOKEN ?? null;
  if (!isLoopback(host) && !token)
    throw new UsageError(`--token is required to serve the page on ${host} (not loopback)`);
  if (token !== null && token.length < MIN_TOKEN_LENGTH)
    throw new UsageError(`--token must be ${MIN_TOKEN_LENGTH} characters or more`);
  const root = parseRoot(values.root ?? DEFAULT_ROOT);
  if (!root.ok) throw new UsageError(`--root: ${root.error}`);
  const secret = mqttPassword(values, process.env, 'give the keypad its user name');
  if ('error' in secret) throw new UsageError(secret.error);
  const { password } = secret;
  const pv = values['protocol-version'] ?? '5';
  if (pv !== '4' && pv !== '5') throw new UsageError(`--protocol-version must be 4 (MQTT 3.1.1) or 5, got '${pv}'`);
  const tls = parseTlsArgs(values);
  if (!tls.ok) throw new UsageError(tls.error);
  const signingKey = values['signing-key'] === undefined ? undefined : readSigningKey(values['signing-key']);
  const trustFiles = values['trust-key'] ?? [];
  if (trustFiles.length > 0 && !signingKey)
    throw new UsageError(
      '--trust-key needs --signing-key: a keypad that does not sign cannot tell a signed take-over from a forged one',
    );
  const trustKeys = trustFiles.map(readTrustKey);
  const supervisorsFile = values.supervisors ?? defaultSupervisorsPath();
  const supervisors = await loadSupervisors(supervisorsFile);
  if (!supervisors.ok) throw new UsageError(`--supervisors: ${supervisors.error}`);
  const journalPath = values.journal ?? defaultJournalPath(tableId);

  const logger = createLogger({ level: 'info', file: null });
  let keypad: Keypad;
  try {
    keypad = await startKeypad({
      broker: brokers,
      tableId,
      root: root.value,
      journalPath,
      keying,
      supervisors: supervisors.value,
      version: VERSION,
      undoMs: undoSeconds * 1000,
      ...(decks !== undefined && { decks }),
      ...(signingKey && { signingKey }),
      ...(trustKeys.length > 0 && { trustKeys }),
      mqtt: {
        // Given: that one; else MQTT 5, or 3.1.1 where the broker does not speak 5 (keypad/table-link.ts).
        ...(values['protocol-version'] !== undefined && { protocolVersion: pv === '5' ? 5 : 4 }),
        ...(values.username !== undefined && { username: values.username }),
        ...(password !== undefined && { password }),
        ...tlsClientOptions(tlsSettings(tls.value)),
      },
      logger,
    });
  } catch (e) {
    if (!(e instanceof KeypadStartRefused)) throw e;
    io.err(`baccarat-board keypad: ${e.message}\n`);
    return EXIT.badInput;
  }
  let server;
  try {
    server = await startKeypadServer({ keypad, host, port, token, uiDir: values.ui ?? KEYPAD_UI_DIR, logger });
  } catch (e) {
    await keypad.stop();
    io.err(`baccarat-board keypad: ${(e as Error).message}\n`);
    return EXIT.failure;
  }
  const link = keypad.view().link;
  // As serve prints its board's (served-address.ts): the token masked unless a person reads it at a terminal (under
  // systemd it would go to journald), and an address bound to every interface as one the tablet can open.
  const shown = shownAddress(server.url, {
    tty: io.stdoutIsTty === true,
    hostname: hostname(),
    interfaces: networkInterfaces(),
  });
  io.out(
    `baccarat-board keypad: table ${tableId} (${keypad.controllerId}), keying ${keying}\n` +
      `  broker:  ${brokers.join(', ')}: ${link.state}${link.refusal ? `: ${refusalText(link.refusal)}` : ''}\n` +
      `  keypad:  ${shown.board}\n` +
      (shown.note ? `  (${shown.note})\n` : '') +
      (shown.board.endsWith('#token=…')
        ? '  (the token is not printed: standard output is not a terminal; it is --token or $BACCARAT_KEYPAD_TOKEN)\n'
        : '') +
      `  journal: ${journalPath}\n` +
      `  supervisors: ${supervisors.value.size} (${supervisorsFile})\n` +
      `  decks:   ${decks ?? 8} offered for the table's first shoe, then the last shoe's count\n` +
      `  signing: ${signingKey ? `controller key ${signingKey.kid}` : 'none (--signing-key FILE)'}\n` +
      `  take-over: ${takeOverLine(signingKey, trustKeys)}\n`,
  );
  stopOnSignals(async () => {
    await server.close();
    await keypad.stop();
  }, io.out);
  await new Promise(() => undefined); // runs until a signal
  return EXIT.ok;
}
