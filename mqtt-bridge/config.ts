/**
 * The board's configuration: one JSON file, validated, with environment variables on top (for secrets and for
 * fleet tooling). Every field and variable is documented in docs/configuration.md; a test keeps the two in step.
 *
 * ```ts
 * const config = loadConfig({ file: '/etc/baccarat-board/config.json', env: process.env });
 * if (!config.ok) { console.error(config.error); process.exit(2); }
 * ```
 * @packageDocumentation
 */
import { existsSync, readFileSync } from 'node:fs';
import { duplicateKeys } from './json-duplicate-keys';
import { err, ok, type Result } from '../baccarat/types';
import { parseRoot } from '../contract/topics';
import { parseBrokerUrl } from './broker-url';
import { type ConfigProblem, formatProblems, schemaProblems, type SourcedProblem } from './config-errors';
import { type Config, type ConfigFile, ConfigSchema, defaultConfig, ENV_VARS } from './config-schema';
import { parsePublicKey } from './signing';
import { logoProblem } from './logo-file';
import { crossProblems, under } from './config-cross';
import { tlsFileProblems, tlsPairProblems } from './tls-files';

export { type Config, type ConfigFile, ConfigSchema, defaultConfig, ENV_VARS, LOG_DEFAULTS } from './config-schema';
export { OTHER_VARS, unknownVariables } from './config-variables';

function set(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let o = target;
  for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as Record<string, unknown>;
  o[keys[keys.length - 1]!] = value;
}

function merge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return over;
  if (typeof over !== 'object' || over === null || Array.isArray(over)) return over;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(over)) out[k] = merge(out[k], v);
  return out;
}

export interface LoadOptions {
  readonly file?: string | null; // the JSON file; BACCARAT_BOARD_CONFIG when not given
  /** Where `file` came from, said when it does not exist (default `--config`; from the variable, its name). */
  readonly fileFrom?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly overrides?: ConfigFile; // from command-line flags, applied last
  /** The flag that set each overridden field (`{ 'serve.port': '--port' }`), to name it in an error. */
  readonly flags?: Readonly<Record<string, string>>;
  /**
   * The folder the board's page is served from (its built renderer, dist/renderer): `board.logo` must be a file in
   * it (or a `data:` image), else the board shows no logo (logo-file.ts). Not given (history, tests): not checked.
   */
  readonly assets?: string;
}

/** The dotted paths of an object's leaves (arrays are leaves). */
function leafPaths(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return prefix ? [prefix] : [];
  return Object.entries(o).flatMap(([k, v]) => (v === undefined ? [] : leafPaths(v, prefix ? `${prefix}.${k}` : k)));
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** What the schema cannot say, field by field: broker URLs, the topic root, TLS files, public keys. */
function fieldProblems(c: unknown): ConfigProblem[] {
  const out: ConfigProblem[] = [...schemaProblems(ConfigSchema, c)];
  if (!isObject(c)) return out;
  const mqtt = isObject(c.mqtt) ? c.mqtt : {};
  if (Array.isArray(mqtt.brokers))
    for (const [i, url] of (mqtt.brokers as unknown[]).entries()) {
      const r = typeof url === 'string' ? parseBrokerUrl(url) : null;
      if (r && !r.ok) out.push({ path: `mqtt.brokers[${i}]`, problem: r.error });
      // The board connects with mqtt.username and mqtt.password: a URL's own would be dropped, and printed at start.
      else if (r?.ok && (r.value.username !== '' || r.value.password !== ''))
        out.push({
          path: `mqtt.brokers[${i}]`,
          problem:
            'has a user name or password in it (not shown), which a board does not use: give them as mqtt.username ' +
            'and mqtt.password (or BACCARAT_MQTT_PASSWORD), and the URL as scheme://host:port',
        });
    }
  // A root the topic builders refuse (a wildcard, an empty level…) would make the bridge throw at start.
  const root = typeof mqtt.root === 'string' ? parseRoot(mqtt.root) : null;
  if (root && !root.ok) out.push({ path: 'mqtt.root', problem: root.error });
  out.push(...tlsFileProblems(isObject(mqtt.tls) ? mqtt.tls : {}));
  // Each shoe's record has its own address: without the placeholders every QR code would point at one page.
  const board = isObject(c.board) ? c.board : {};
  if (typeof board.recordUrl === 'string' && board.recordUrl.startsWith('https://')) {
    const missing = ['{tableId}', '{shoeId}', '{digest}'].filter((p) => !(board.recordUrl as string).includes(p));
    if (missing.length > 0)
      out.push({
        path: 'board.recordUrl',
        problem:
          `${JSON.stringify(board.recordUrl)} has no ${missing.join(' nor ')}: each shoe's record needs its own ` +
          'address, with {tableId}, {shoeId} and {digest} in it (e.g. https://records.casino.example/{tableId}/{shoeId}?digest={digest})',
      });
  }
  const trust = isObject(c.trust) ? c.trust : {};
  for (const field of ['controllerKeys', 'pitKeys'] as const)
    if (Array.isArray(trust[field]))
      for (const [i, text] of (trust[field] as unknown[]).entries()) {
        const key = typeof text === 'string' ? parsePublicKey(text) : null;
        if (key && !key.ok) out.push({ path: `trust.${field}[${i}]`, problem: key.error });
      }
  return out;
}

/** A layer's `mqtt.tls` (the file's, the variables' or the flags'), or nothing. */
function tlsOf(layer: unknown): Readonly<Record<string, unknown>> {
  const mqtt = isObject(layer) && isObject(layer.mqtt) ? layer.mqtt : {};
  return isObject(mqtt.tls) ? mqtt.tls : {};
}

/** The client id follows the display id unless set; TLS set without rejectUnauthorized verifies the broker. */
function completed(c: unknown, explicitClientId: boolean): unknown {
  if (!isObject(c) || !isObject(c.mqtt)) return c;
  let mqtt = c.mqtt;
  if (!explicitClientId) mqtt = { ...mqtt, clientId: `baccarat-board-${String(c.displayId)}` };
  if (isObject(mqtt.tls) && mqtt.tls.rejectUnauthorized === undefined)
    mqtt = { ...mqtt, tls: { ...mqtt.tls, rejectUnauthorized: true } };
  return { ...c, mqtt };
}

/** An environment variable's value for its field: lists split at commas, numbers and booleans read. */
function fromEnvironment(target: string, raw: string): unknown {
  if (target === 'mqtt.brokers' || target === 'trust.controllerKeys' || target === 'trust.pitKeys')
    return raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (target === 'mqtt.protocolVersion' || target === 'serve.port')
    return /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : raw; // else kept as written, to say what it was
  if (target === 'trust.requireSignatures') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

/** Why the configuration file at `path` could not be read, in words (a folder, a permission), never a stack. */
function unreadable(path: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EISDIR') return `configuration file ${path} is a folder, not a file: give the file's path`;
  if (code === 'EACCES' || code === 'EPERM')
    return `configuration file ${path} cannot be read: permission denied (it must be readable by the user the board runs as)`;
  return `configuration file ${path} cannot be read${code ? ` (${code})` : ''}`;
}

/**
 * Loads, merges (defaults ← file ← environment ← overrides) and validates. Each layer is checked as it comes, so
 * every error is blamed on where its value came from, and the file must be valid on its own: a bad value in it is
 * reported even where a variable or a flag overrides it (the next start without them would read it). All the
 * errors are listed, each naming its field, what is allowed and its source.
 */
export function loadConfig({
  file,
  fileFrom = '--config',
  env = process.env,
  overrides,
  flags = {},
  assets,
}: LoadOptions = {}): Result<Config> {
  const path = file ?? env.BACCARAT_BOARD_CONFIG ?? null;
  let fromFile: unknown = {};
  if (path !== null) {
    // As a field's error names its source: a path from a variable set and forgotten is not one typed after --config.
    const given = file === undefined || file === null ? 'environment variable BACCARAT_BOARD_CONFIG' : fileFrom;
    if (!existsSync(path)) return err(`configuration file ${path} does not exist (${given})`);
    let text: string;
    try {
      // A byte-order mark (Windows Notepad saves one) is no JSON, and no editor shows it: dropped.
      text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
    } catch (e) {
      return err(unreadable(path, e));
    }
    try {
      fromFile = JSON.parse(text);
    } catch (e) {
      return err(`configuration file ${path} is not valid JSON: ${withLineColumn(text, (e as Error).message)}`);
    }
    if (typeof fromFile !== 'object' || fromFile === null || Array.isArray(fromFile))
      return err(`configuration file ${path} must hold a JSON object`);
    const twice = duplicateKeys(text).map((d) => {
      const lines = [...new Set(d.lines)];
      return (
        `${d.key} ${d.lines.length === 2 ? 'twice' : `${d.lines.length} times`} ` +
        `(line${lines.length === 1 ? '' : 's'} ${lines.join(', ').replace(/, (\d+)$/, ' and $1')})`
      );
    });
    if (twice.length > 0)
      return err(
        `configuration file ${path} gives ${twice.join('; ')}: JSON keeps only the last, silently; keep one ` +
          `(a key is given once in each object)`,
      );
  }
  const fromEnv: Record<string, unknown> = {};
  const envOf = new Map<string, string>(); // field → the variable that set it
  for (const [name, target] of Object.entries(ENV_VARS)) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    set(fromEnv, target, fromEnvironment(target, raw));
    envOf.set(target, name);
  }
  const flagOf = new Map(leafPaths(overrides).map((p) => [p, flags[p] ?? 'command line']));
  const fileSets = new Set(leafPaths(fromFile));
  const clientIdSet = [(fromFile as ConfigFile).mqtt?.clientId, env.BACCARAT_MQTT_CLIENT_ID];
  const withFile = completed(merge(defaultConfig(), fromFile), Boolean(clientIdSet[0]));
  const withEnv = completed(merge(withFile, fromEnv), clientIdSet.some(Boolean));
  const merged = completed(
    merge(withEnv, overrides),
    [...clientIdSet, overrides?.mqtt?.clientId].some(Boolean),
  ) as Config;

  const lookup = (sources: ReadonlyMap<string, string>, p: string) =>
    [...sources].find(([field]) => under(p, field))?.[1];
  const envSource = (p: string) => {
    const name = lookup(envOf, p);
    return name === undefined ? undefined : `environment variable ${name}`;
  };
  const fileSource = path === null ? null : `file ${path}`;
  /** Where the value in force at `p` came from: a flag, a variable, the file, or the defaults (null). */
  const sourceOf = (p: string) =>
    lookup(flagOf, p) ?? envSource(p) ?? ([...fileSets].some((f) => under(f, p) || under(p, f)) ? fileSource : null);

  const problems: SourcedProblem[] = [];
  const add = (found: readonly ConfigProblem[], source: (p: string) => string | null | undefined) => {
    for (const f of found) {
      const s = source(f.cause ?? f.path);
      if (s !== undefined) problems.push({ ...f, source: s });
    }
  };
  add(fieldProblems(withFile), () => fileSource);
  add(fieldProblems(withEnv), envSource); // only the fields a variable set: the file's were said above
  add(fieldProblems(merged), (p) => lookup(flagOf, p));
  // A client certificate and its key come from one place (tls-files.ts): the file, the variables or the flags. A
  // certificate from one beside a key from another would not be a pair.
  const envName = (f: string) => Object.entries(ENV_VARS).find(([, target]) => target === f)?.[0] ?? f;
  add(
    tlsPairProblems(tlsOf(fromFile), (f) => f),
    () => fileSource,
  );
  add(tlsPairProblems(tlsOf(fromEnv), envName), envSource);
  add(
    tlsPairProblems(tlsOf(overrides), (f) => flags[f] ?? f),
    (p) => lookup(flagOf, p),
  );
  add(crossProblems(merged, problems), sourceOf);
  // The logo against the board's own files, which only the caller knows (the board's page is served from them).
  const logo = merged.board?.logo;
  const logoBad = problems.some((f) => under(f.path, 'board.logo') || under('board.logo', f.path));
  if (!logoBad && assets !== undefined && typeof logo === 'string') {
    const problem = logoProblem(logo, assets);
    if (problem) add([{ path: 'board.logo', problem }], sourceOf);
  }
  return problems.length > 0 ? err(formatProblems(problems)) : ok(merged);
}

/**
 * JSON.parse's message with the line and column of the place it names, where it gives only the position (Node.js
 * 20: "… in JSON at position 97"; newer ones add "(line 5 column 3)" themselves): a person edits by line.
 */
export function withLineColumn(text: string, message: string): string {
  const at = /at position (\d+)/.exec(message);
  if (!at || /\(line \d+ column \d+\)/.test(message)) return message;
  const position = Number(at[1]);
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  return `${message} (line ${line} column ${position - before.lastIndexOf('\n')})`;
}
