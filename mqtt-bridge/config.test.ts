/**
 * loadConfig: the defaults, the order defaults ← file ← environment ← overrides, every ENV_VARS entry, and
 * errors that name the field at fault.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  type Config,
  type ConfigFile,
  defaultConfig,
  ENV_VARS,
  loadConfig,
  OTHER_VARS,
  unknownVariables,
  withLineColumn,
} from './config';

const dir = mkdtempSync(join(tmpdir(), 'bb-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function file(content: unknown): string {
  const p = join(dir, `config-${++n}.json`);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
}
const pem = (name: string) => {
  const p = join(dir, name);
  writeFileSync(p, '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n');
  return p;
};

function load(opts: Parameters<typeof loadConfig>[0]): Config {
  const r = loadConfig(opts);
  if (!r.ok) throw new Error(`expected a config, got: ${r.error}`);
  return r.value;
}
function failure(opts: Parameters<typeof loadConfig>[0]): string {
  const r = loadConfig(opts);
  if (r.ok) throw new Error(`expected an error, got ${JSON.stringify(r.value)}`);
  return r.error;
}
const get = (o: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((x, k) => (x as Record<string, unknown> | undefined)?.[k], o);

describe('loadConfig', () => {
  test('no file and no environment: the defaults, valid', () => {
    const c = load({ file: null, env: {} });
    expect(c).toEqual(defaultConfig());
    expect(c.mqtt.brokers).toEqual([]);
    expect(c.mqtt.clientId).toBe(`baccarat-board-${c.displayId}`);
    expect(c.serve.host).toBe('127.0.0.1');
  });

  test('BACCARAT_BOARD_CONFIG names the file when none is given', () => {
    const p = file({ tableId: 'T7' });
    expect(load({ env: { BACCARAT_BOARD_CONFIG: p } }).tableId).toBe('T7');
    expect(load({ file: null, env: {} }).tableId).toBe('T1');
  });

  test('precedence: defaults ← file ← environment ← overrides, merged field by field', () => {
    const p = file({
      tableId: 'T2',
      displayId: 'from-file',
      mqtt: { brokers: ['mqtt://file:1883'], keepaliveSeconds: 45 },
      board: { theme: 'colour-blind' },
    });
    const c = load({
      file: p,
      env: { BACCARAT_TABLE_ID: 'T3', BACCARAT_MQTT_URLS: 'mqtt://env:1883' },
      overrides: { tableId: 'T4', board: { beadLabel: 'points' } } as ConfigFile,
    });
    expect(c.tableId).toBe('T4'); // override over env over file
    expect(c.displayId).toBe('from-file'); // file over default
    expect(c.mqtt.brokers).toEqual(['mqtt://env:1883']); // env over file
    expect(c.mqtt.keepaliveSeconds).toBe(45); // file, beside env in the same object
    expect(c.mqtt.reconnectMinMs).toBe(defaultConfig().mqtt.reconnectMinMs); // default, beside both
    expect(c.board).toMatchObject({ theme: 'colour-blind', beadLabel: 'points', tail: 'stay' });
    // The client id follows the display id, unless set explicitly.
    expect(c.mqtt.clientId).toBe('baccarat-board-from-file');
    expect(load({ file: p, env: { BACCARAT_MQTT_CLIENT_ID: 'explicit' } }).mqtt.clientId).toBe('explicit');
    expect(load({ file: file({ mqtt: { clientId: 'in-file' } }), env: {} }).mqtt.clientId).toBe('in-file');
  });

  test('TLS from the environment alone verifies the broker; the file may say otherwise', () => {
    const ca = pem('ca-only.pem');
    expect(load({ file: null, env: { BACCARAT_MQTT_CA: ca } }).mqtt.tls).toEqual({ ca, rejectUnauthorized: true });
    const lax = file({ mqtt: { tls: { rejectUnauthorized: false } } });
    expect(load({ file: lax, env: { BACCARAT_MQTT_CA: ca } }).mqtt.tls).toEqual({ ca, rejectUnauthorized: false });
    expect(load({ file: null, env: {} }).mqtt.tls).toBeUndefined();
  });

  test('an empty environment variable counts as unset', () => {
    expect(load({ file: null, env: { BACCARAT_TABLE_ID: '' } }).tableId).toBe('T1');
  });

  test('every ENV_VARS entry applies to its field', () => {
    const ca = pem('ca.pem');
    const cert = pem('cert.pem');
    const key = pem('key.pem');
    // `paired`: the field is refused without its companion, so the companion is compared too (a certificate's key).
    const cases: Record<string, { value: string; expected: unknown; with?: Record<string, string>; paired?: true }> = {
      BACCARAT_TABLE_ID: { value: 'T42', expected: 'T42' },
      BACCARAT_DISPLAY_ID: { value: 'lobby-3', expected: 'lobby-3' },
      BACCARAT_MQTT_URLS: {
        value: 'mqtt://a.example:1883, mqtts://b.example:8883,,',
        expected: ['mqtt://a.example:1883', 'mqtts://b.example:8883'],
      },
      BACCARAT_MQTT_PROTOCOL: { value: '5', expected: 5 },
      BACCARAT_MQTT_CLIENT_ID: { value: 'board-x', expected: 'board-x' },
      BACCARAT_MQTT_USERNAME: { value: 'board', expected: 'board' },
      BACCARAT_MQTT_PASSWORD: {
        value: 's3cret',
        expected: 's3cret',
        with: { BACCARAT_MQTT_USERNAME: 'board' },
        paired: true,
      },
      BACCARAT_MQTT_ROOT: { value: 'casino/floor2', expected: 'casino/floor2' },
      BACCARAT_MQTT_CA: { value: ca, expected: ca },
      BACCARAT_MQTT_CERT: { value: cert, expected: cert, with: { BACCARAT_MQTT_KEY: key }, paired: true },
      BACCARAT_MQTT_KEY: { value: key, expected: key, with: { BACCARAT_MQTT_CERT: cert }, paired: true },
      BACCARAT_JOURNAL_DIR: { value: '/var/lib/bb', expected: '/var/lib/bb' },
      BACCARAT_SERVE_HOST: {
        value: '0.0.0.0',
        expected: '0.0.0.0',
        with: { BACCARAT_SERVE_TOKEN: 'a-token-of-16-chars+' },
      },
      BACCARAT_SERVE_PORT: { value: '9090', expected: 9090 },
      BACCARAT_REQUIRE_SIGNATURES: { value: 'false', expected: false },
      BACCARAT_CONTROLLER_KEYS: {
        value: 'AVfnP0dqDbf4vMtJHZux-0SFSZGypvpgwbxWSfjsOTk, ',
        expected: ['AVfnP0dqDbf4vMtJHZux-0SFSZGypvpgwbxWSfjsOTk'],
      },
      BACCARAT_PIT_KEYS: {
        value: ' AVfnP0dqDbf4vMtJHZux-0SFSZGypvpgwbxWSfjsOTk,AVfnP0dqDbf4vMtJHZux-0SFSZGypvpgwbxWSfjsOTk',
        expected: ['AVfnP0dqDbf4vMtJHZux-0SFSZGypvpgwbxWSfjsOTk', 'AVfnP0dqDbf4vMtJHZux-0SFSZGypvpgwbxWSfjsOTk'],
      },
      BACCARAT_SERVE_TOKEN: { value: 'abcdefghijklmnop', expected: 'abcdefghijklmnop' },
      BACCARAT_LOG_LEVEL: { value: 'debug', expected: 'debug' },
      BACCARAT_LOG_FILE: { value: '/var/log/bb/board.log', expected: '/var/log/bb/board.log' },
    };
    // A new variable fails here until it has a case.
    expect(Object.keys(cases).sort()).toEqual(Object.keys(ENV_VARS).sort());
    for (const [name, c] of Object.entries(cases)) {
      const target = ENV_VARS[name]!;
      const got = load({ file: null, env: { [name]: c.value, ...c.with } });
      expect(get(got, target), name).toEqual(c.expected);
      // …and only that field (and its companions) differs from the defaults.
      const base = load({ file: null, env: c.paired ? {} : { ...c.with } });
      const changed = Object.keys(flatten(got)).filter((k) => json(get(got, k)) !== json(get(base, k)));
      const allowed = [
        target,
        ...(target === 'displayId' ? ['mqtt.clientId'] : []),
        ...(target.startsWith('mqtt.tls.') ? ['mqtt.tls.rejectUnauthorized'] : []),
        ...(c.paired ? Object.keys(c.with ?? {}).map((n) => ENV_VARS[n]!) : []),
      ];
      expect(
        changed.filter((k) => !allowed.some((a) => k === a || k.startsWith(`${a}.`))),
        name,
      ).toEqual([]);
    }
  });
});

describe('loadConfig errors name the field', () => {
  test.each<[string, Parameters<typeof loadConfig>[0], RegExp]>([
    ['bad broker URL', { file: null, env: { BACCARAT_MQTT_URLS: 'http://broker:1883' } }, /mqtt\.brokers\[0\]/],
    [
      'bad broker URL in the file',
      { file: file({ mqtt: { brokers: ['mqtt://ok:1', 'ftp://no'] } }), env: {} },
      /mqtt\.brokers\[1\]/,
    ],
    ['protocolVersion 3', { file: null, env: { BACCARAT_MQTT_PROTOCOL: '3' } }, /mqtt\.protocolVersion/],
    [
      'protocolVersion 3 in the file',
      { file: file({ mqtt: { protocolVersion: 3 } }), env: {} },
      /mqtt\.protocolVersion/,
    ],
    ['a port out of range', { file: null, env: { BACCARAT_SERVE_PORT: '70000' } }, /serve\.port/],
    ['a port that is not a number', { file: null, env: { BACCARAT_SERVE_PORT: 'eighty' } }, /serve\.port/],
    ['a bad table id', { file: null, env: { BACCARAT_TABLE_ID: 'T 1/#' } }, /tableId/],
    ['a bad log level', { file: null, env: { BACCARAT_LOG_LEVEL: 'loud' } }, /log\.level/],
    ['an unknown field', { file: file({ mqtt: { brokerz: [] } }), env: {} }, /mqtt/],
    [
      'reconnectMaxMs below reconnectMinMs',
      { file: file({ mqtt: { reconnectMinMs: 5000, reconnectMaxMs: 1000 } }), env: {} },
      /mqtt\.reconnectMaxMs/,
    ],
    [
      'a non-loopback serve.host without a token',
      { file: null, env: { BACCARAT_SERVE_HOST: '0.0.0.0' } },
      /serve\.token.*0\.0\.0\.0/,
    ],
    [
      'a token too short',
      { file: null, env: { BACCARAT_SERVE_HOST: '0.0.0.0', BACCARAT_SERVE_TOKEN: 'short' } },
      /serve\.token/,
    ],
    [
      'a TLS CA file missing',
      { file: file({ mqtt: { tls: { rejectUnauthorized: true, ca: '/nonexistent/ca.pem' } } }), env: {} },
      /mqtt\.tls\.ca.*\/nonexistent\/ca\.pem/,
    ],
    [
      'a TLS key file missing (from the environment)',
      {
        file: file({ mqtt: { tls: { rejectUnauthorized: true } } }),
        env: { BACCARAT_MQTT_KEY: '/nonexistent/key.pem' },
      },
      /mqtt\.tls\.key.*\/nonexistent\/key\.pem/,
    ],
    [
      'a TLS CA file missing (from the environment alone)',
      { file: null, env: { BACCARAT_MQTT_CA: '/x.pem' } },
      /mqtt\.tls\.ca: file \/x\.pem does not exist/,
    ],
    [
      'rejectUnauthorized not a boolean',
      { file: file({ mqtt: { tls: { rejectUnauthorized: 'yes' } } }), env: {} },
      /mqtt\.tls\.rejectUnauthorized/,
    ],
    [
      'a topic root with a wildcard',
      { file: null, env: { BACCARAT_MQTT_ROOT: 'baccarat/#' } },
      /mqtt\.root: .*wildcard/,
    ],
    ['a topic root with an empty level', { file: null, env: { BACCARAT_MQTT_ROOT: '/baccarat' } }, /mqtt\.root/],
    ['a topic root under $SYS', { file: file({ mqtt: { root: '$SYS/x' } }), env: {} }, /mqtt\.root/],
  ])('%s', (_name, opts, pattern) => {
    expect(failure(opts)).toMatch(pattern);
  });

  test('a missing file names the file', () => {
    const p = join(dir, 'no-such.json');
    // Named with where the path came from, as a field's error is (found by hand: a BACCARAT_BOARD_CONFIG set and
    // forgotten in a shell, and no word of it).
    expect(failure({ file: p, env: {} })).toBe(`configuration file ${p} does not exist (--config)`);
    expect(failure({ env: { BACCARAT_BOARD_CONFIG: p } })).toBe(
      `configuration file ${p} does not exist (environment variable BACCARAT_BOARD_CONFIG)`,
    );
    expect(failure({ file: p, fileFrom: 'the installed default', env: {} })).toMatch(/\(the installed default\)$/);
  });

  test('a key given twice in one object is refused, naming it and its lines (JSON.parse keeps the last silently)', () => {
    const p = file(
      '{\n  "tableId": "T1",\n  "mqtt": {\n    "keepaliveSeconds": 30,\n    "keepaliveSeconds": 60\n  }\n}',
    );
    expect(failure({ file: p, env: {} })).toBe(
      `configuration file ${p} gives mqtt.keepaliveSeconds twice (lines 4 and 5): JSON keeps only the last, ` +
        'silently; keep one (a key is given once in each object)',
    );
    const q = file('{"tableId": "T1", "tableId": "T2", "board": {"tail": "stay"}, "tableId": "T3"}');
    expect(failure({ file: q, env: {} })).toMatch(/ gives tableId 3 times \(line 1\): /);
  });

  test.each([
    [
      'a position: its line and column',
      '{\n  "a": 1,\n  b: 2}',
      'Bad at position 14',
      'Bad at position 14 (line 3 column 3)',
    ],
    [
      'at the first character',
      'x',
      'Unexpected token at position 0',
      'Unexpected token at position 0 (line 1 column 1)',
    ],
    ['already said by the runtime', '{', 'Bad at position 1 (line 1 column 2)', 'Bad at position 1 (line 1 column 2)'],
    ['no position', '', 'Unexpected end of JSON input', 'Unexpected end of JSON input'],
  ])('withLineColumn: %s', (_, text, message, said) => {
    expect(withLineColumn(text, message)).toBe(said);
  });

  test('bad JSON names the file and the parse error', () => {
    const p = file('{ "tableId": "T1", }');
    expect(failure({ file: p, env: {} })).toMatch(new RegExp(`configuration file ${p} is not valid JSON: .+`));
    // Where, as a person edits: by line and column (found by hand: "at position 97" only, on Node.js 20).
    const q = file('{\n  "tableId": "T1",\n  board: {}\n}');
    expect(failure({ file: q, env: {} })).toMatch(/ \(line 3 column 3\)$/);
    expect(failure({ file: file('[1,2]'), env: {} })).toMatch(/must hold a JSON object/);
    expect(failure({ file: file('null'), env: {} })).toMatch(/must hold a JSON object/);
  });

  test('a folder or an unreadable file is said, never thrown', () => {
    // Found by hand: `serve --config /etc/baccarat-board` (a folder) crashed with EISDIR and a stack trace.
    expect(failure({ file: dir, env: {} })).toBe(
      `configuration file ${dir} is a folder, not a file: give the file's path`,
    );
    expect(failure({ env: { BACCARAT_BOARD_CONFIG: dir } })).toContain('is a folder, not a file');
  });

  test('a byte-order mark (a file saved by Windows Notepad) is not a JSON error', () => {
    // Found by hand: refused as "Unexpected token '\uFEFF'", a character no editor shows.
    expect(load({ file: file('\uFEFF{"tableId":"T7"}'), env: {} }).tableId).toBe('T7');
  });

  test('a schema error in a file names the file too', () => {
    const p = file({ mqtt: { protocolVersion: 3 } });
    expect(failure({ file: p, env: {} })).toContain(`(file ${p})`);
  });
});

describe('loadConfig errors: every one, with what is allowed and where it came from', () => {
  test('every error is listed, each with its field, its value and the values allowed (not "Expected union value")', () => {
    const p = file({
      tableId: 'T 12',
      mqtt: { protocolVersion: 3, brokerz: [] },
      board: { theme: 'dark', beadLabel: 'x', language: 'fr' },
      serve: { port: 70000 },
      log: { level: 'loud' },
    });
    const e = failure({ file: p, env: {} });
    const src = `(file ${p})`;
    expect(e.split('\n')).toEqual([
      'configuration: 8 errors:',
      `  tableId: "T 12" is not allowed: it must be an id: 1 to 64 letters, digits, '_' or '-' (no spaces) ${src}`,
      expect.stringMatching(
        /^ {2}mqtt\.brokerz: unknown field: did you mean mqtt\.brokers\? the fields of mqtt are brokers, /,
      ),
      `  mqtt.protocolVersion: 3 is not allowed: it must be 4 or 5 ${src}`,
      `  board.beadLabel: "x" is not allowed: it must be "hanzi", "letters" or "points" ${src}`,
      `  board.theme: "dark" is not allowed: it must be "classic" or "colour-blind" ${src}`,
      `  board.language: "fr" is not allowed: it must be "en", "zh-Hans", "zh-Hant", "en+zh-Hans", "en+zh-Hant" or null ${src}`,
      `  serve.port: 70000 is not allowed: it must be a whole number from 0 to 65535 ${src}`,
      `  log.level: "loud" is not allowed: it must be "fatal", "error", "warn", "info", "debug" or "trace" ${src}`,
    ]);
    expect(e).not.toMatch(/Expected|union/);
  });

  test('a pattern is said in words, never as a regular expression', () => {
    const e = failure({
      file: file({ displayId: 'lobby 3', board: { recordUrl: 'http://casino.example/{shoeId}' } }),
      env: {},
    });
    expect(e).toContain("displayId: \"lobby 3\" is not allowed: it must be an id: 1 to 64 letters, digits, '_' or '-'");
    expect(e).toContain(
      'board.recordUrl: "http://casino.example/{shoeId}" is not allowed: it must be an https:// address',
    );
    expect(e).not.toMatch(/\^|\$|\[A-Za-z|\(mqtts\?/);
  });

  test('a value from an environment variable is blamed on the variable, as written there', () => {
    const p = file({ tableId: 'T12' });
    expect(failure({ file: p, env: { BACCARAT_SERVE_PORT: 'eighty' } })).toBe(
      'configuration: serve.port: "eighty" is not allowed: it must be a whole number from 0 to 65535 ' +
        '(environment variable BACCARAT_SERVE_PORT)',
    );
    expect(failure({ file: p, env: { BACCARAT_MQTT_URLS: 'mqtt://a:1883,mqtt://' } })).toMatch(
      /^configuration: mqtt\.brokers\[1\]: 'mqtt:\/\/' has no host: .* \(environment variable BACCARAT_MQTT_URLS\)$/,
    );
    expect(failure({ file: null, env: { BACCARAT_MQTT_CA: '/x.pem' } })).toContain(
      '(environment variable BACCARAT_MQTT_CA)',
    );
    // Both at fault: each is named.
    const both = failure({ file: file({ board: { theme: 'dark' } }), env: { BACCARAT_LOG_LEVEL: 'loud' } });
    expect(both).toMatch(/board\.theme: .*\(file .*\)\n {2}log\.level: .*\(environment variable BACCARAT_LOG_LEVEL\)$/);
  });

  test('a client certificate and its key come from one place: the file, the variables or the flags', () => {
    const [cert, key] = [pem('pair-cert.pem'), pem('pair-key.pem')];
    const certOnly = file({ mqtt: { tls: { cert } } });
    expect(failure({ file: certOnly, env: {} })).toBe(
      `configuration: mqtt.tls.cert: a client certificate needs its key: give mqtt.tls.key too (file ${certOnly})`,
    );
    const keyOnly = file({ mqtt: { tls: { key } } });
    expect(failure({ file: keyOnly, env: {} })).toBe(
      `configuration: mqtt.tls.key: a key needs its client certificate: give mqtt.tls.cert too (file ${keyOnly})`,
    );
    // A variable's certificate beside the file's key is not a pair either.
    expect(failure({ file: keyOnly, env: { BACCARAT_MQTT_CERT: cert } })).toContain(
      'mqtt.tls.cert: a client certificate needs its key: give BACCARAT_MQTT_KEY too ' +
        '(environment variable BACCARAT_MQTT_CERT)',
    );
    const both = load({ file: file({ mqtt: { tls: { cert, key } } }), env: {} });
    expect(both.mqtt.tls).toMatchObject({ cert, key });
    expect(load({ file: null, env: { BACCARAT_MQTT_CERT: cert, BACCARAT_MQTT_KEY: key } }).mqtt.tls).toMatchObject({
      cert,
      key,
    });
  });

  test('serve.host off loopback without a token names where the host was set', () => {
    const p = file({ serve: { host: '0.0.0.0' } });
    expect(failure({ file: p, env: {} })).toBe(
      'configuration: serve.token: is required when serve.host is 0.0.0.0 (not loopback): a secret of 16 ' +
        `characters or more (file ${p})`,
    );
    expect(failure({ file: null, env: { BACCARAT_SERVE_HOST: '::' } })).toMatch(
      /serve\.token: is required when serve\.host is :: .*\(environment variable BACCARAT_SERVE_HOST\)$/,
    );
  });

  test('a trust key that is not one says what a key is and what was given (a length, a path), per field', () => {
    const p = file({ trust: { controllerKeys: ['abc', '/etc/baccarat-board/controller.pem'], pitKeys: ['AAAA'] } });
    const expected = 'an Ed25519 public key: 43 characters of base64url (32 bytes) or a PEM text';
    expect(failure({ file: p, env: {} }).split('\n')).toEqual([
      'configuration: 3 errors:',
      `  trust.controllerKeys[0]: expected ${expected}; got 3 characters (2 bytes) (file ${p})`,
      '  trust.controllerKeys[1]: looks like a file path (/etc/baccarat-board/controller.pem): paste the key that ' +
        `\`baccarat-board keys show FILE\` prints (file ${p})`,
      `  trust.pitKeys[0]: expected ${expected}; got 4 characters (3 bytes) (file ${p})`,
    ]);
    const short = 'AVfnP0dqDbf4vMtJHZux-0SFSZGypvpgwbxWSfjsOT';
    expect(failure({ file: null, env: { BACCARAT_CONTROLLER_KEYS: short } })).toBe(
      `configuration: trust.controllerKeys[0]: expected ${expected}; got 42 characters (31 bytes) ` +
        '(environment variable BACCARAT_CONTROLLER_KEYS)',
    );
    expect(failure({ file: null, env: { BACCARAT_PIT_KEYS: short } })).toBe(
      `configuration: trust.pitKeys[0]: expected ${expected}; got 42 characters (31 bytes) ` +
        '(environment variable BACCARAT_PIT_KEYS)',
    );
  });

  test('the file must be valid on its own: a bad value is reported though a variable or a flag overrides it', () => {
    const p = file({ serve: { port: 'eighty' } });
    const byFlag = {
      file: p,
      env: {},
      overrides: { serve: { port: 9000 } } as ConfigFile,
      flags: { 'serve.port': '--port' },
    };
    expect(failure(byFlag)).toBe(
      `configuration: serve.port: "eighty" is not allowed: it must be a whole number from 0 to 65535 (file ${p})`,
    );
    expect(failure({ file: p, env: { BACCARAT_SERVE_PORT: '9000' } })).toContain(`(file ${p})`);
    // A flag's own bad value is blamed on the flag.
    expect(
      failure({
        file: null,
        env: {},
        overrides: { serve: { port: 70000 } } as ConfigFile,
        flags: { 'serve.port': '--port' },
      }),
    ).toMatch(/serve\.port: 70000 .* \(--port\)$/);
  });

  test.each<[string, string, RegExp]>([
    ['no host', 'mqtt://', /'mqtt:\/\/' has no host: write it as mqtt:\/\/HOST:PORT/],
    ['no host, a port', 'mqtt://:1883', /has no host/],
    ['an unknown scheme', 'http://broker:1883', /scheme 'http:\/\/', which is not MQTT's: use one of mqtt:\/\//],
    ['no scheme', 'broker:1883', /is not a broker URL/],
    ['a port out of range', 'mqtt://broker:99999', /port '99999': a port is a whole number from 1 to 65535/],
  ])('a broker URL with %s is refused, saying why', (_name, url, message) => {
    const e = failure({ file: file({ mqtt: { brokers: [url] } }), env: {} });
    expect(e).toMatch(/^configuration: mqtt\.brokers\[0\]: /);
    expect(e).toMatch(message);
  });

  test('a password without a user name is refused, naming where it came from (found by hand: the broker refused it, "Not authorized", and the board retried for ever)', () => {
    expect(failure({ file: file({ mqtt: { password: 'pw-1' } }), env: {} })).toMatch(
      /^configuration: mqtt\.password: needs mqtt\.username .*\(file .*\)$/,
    );
    expect(failure({ file: null, env: { BACCARAT_MQTT_PASSWORD: 'pw-1' } })).toMatch(
      /mqtt\.password: needs mqtt\.username .*\(environment variable BACCARAT_MQTT_PASSWORD\)$/,
    );
    // The user name in the file, the password from the environment (deployment.md's advice): taken.
    expect(
      load({ file: file({ mqtt: { username: 'D1' } }), env: { BACCARAT_MQTT_PASSWORD: 'pw-1' } }).mqtt.password,
    ).toBe('pw-1');
  });

  test('a broker URL with a user name or password is refused, never printed (found by hand: ignored, printed at start and logged)', () => {
    const e = failure({ file: file({ mqtt: { brokers: ['mqtt://D1:pw-secret@broker:1883'] } }), env: {} });
    expect(e).toMatch(/^configuration: mqtt\.brokers\[0\]: .*give them as mqtt\.username and mqtt\.password/);
    expect(e).not.toContain('pw-secret');
    const bad = failure({ file: null, env: { BACCARAT_MQTT_URLS: 'mqtt://D1:pw-secret@broker:99999' } });
    expect(bad).toContain('BACCARAT_MQTT_URLS');
    expect(bad).not.toContain('pw-secret');
  });

  test('WebSocket brokers with different paths are refused: a board uses one path for all', () => {
    expect(failure({ file: file({ mqtt: { brokers: ['ws://a:9001/mqtt', 'wss://b/ws'] } }), env: {} })).toMatch(
      /^configuration: mqtt\.brokers: the WebSocket brokers have different paths \(\/mqtt, \/ws\)/,
    );
    expect(
      load({ file: file({ mqtt: { brokers: ['ws://a:9001/mqtt', 'wss://b/mqtt', 'mqtt://c'] } }), env: {} }).mqtt
        .brokers,
    ).toHaveLength(3);
  });

  test('a board.recordUrl without {tableId}, {shoeId} or {digest} is refused, as its words say (found by hand: https://x/{tableId} was taken)', () => {
    expect(failure({ file: file({ board: { recordUrl: 'https://records.example/{tableId}' } }), env: {} })).toMatch(
      /^configuration: board\.recordUrl: "https:\/\/records\.example\/\{tableId\}" has no \{shoeId\} nor \{digest\}: .*\(file .*\)$/,
    );
    const full = 'https://records.example/{tableId}/{shoeId}?digest={digest}';
    expect(load({ file: file({ board: { recordUrl: full } }), env: {} }).board.recordUrl).toBe(full);
  });

  test('a secret is never printed', () => {
    expect(failure({ file: file({ mqtt: { password: 1234567 } }), env: {} })).not.toContain('1234567');
  });
});

function flatten(o: unknown, prefix = ''): Record<string, unknown> {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return { [prefix]: o };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) Object.assign(out, flatten(v, prefix ? `${prefix}.${k}` : k));
  return out;
}
const json = (x: unknown) => JSON.stringify(x);

describe('unknownVariables: a BACCARAT_ variable nothing reads', () => {
  test('is warned of, with the nearest known name (found by hand: BACCARAT_MQTT_URL left a board with no broker, silently)', () => {
    expect(unknownVariables({ BACCARAT_MQTT_URL: 'mqtt://b', PATH: '/bin', BACCARAT_TABLE_ID: 'T1' })).toEqual([
      'warning: environment variable BACCARAT_MQTT_URL is not one baccarat-board reads (did you mean BACCARAT_MQTT_URLS?): it is ignored (docs/configuration.md lists them)',
    ]);
    expect(unknownVariables({ BACCARAT_FOO: '1' })[0]).not.toContain('did you mean');
  });

  test("every variable the board and the other commands read is known, and configuration.md's are all known", () => {
    const env = Object.fromEntries([...Object.keys(ENV_VARS), ...OTHER_VARS].map((n) => [n, 'x']));
    expect(unknownVariables(env)).toEqual([]);
    const doc = readFileSync(new URL('../docs/configuration.md', import.meta.url), 'utf8');
    const named = Object.fromEntries(
      [...doc.matchAll(/`(BACCARAT_[A-Z_]+)/g)].map((m) => [m[1]!, 'x']).filter(([n]) => n !== 'BACCARAT_MQTT_URL'), // the slip it shows
    );
    expect(unknownVariables(named)).toEqual([]);
  });
});
