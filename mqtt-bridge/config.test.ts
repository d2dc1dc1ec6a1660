/**
 * loadConfig: the defaults, the order defaults ← file ← environment ← overrides, every ENV_VARS entry, and
 * errors that name the field at fault.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { type Config, type ConfigFile, defaultConfig, ENV_VARS, loadConfig } from './config';

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
    const cases: Record<string, { value: string; expected: unknown; with?: Record<string, string> }> = {
      BACCARAT_TABLE_ID: { value: 'T42', expected: 'T42' },
      BACCARAT_DISPLAY_ID: { value: 'lobby-3', expected: 'lobby-3' },
      BACCARAT_MQTT_URLS: {
        value: 'mqtt://a.example:1883, mqtts://b.example:8883,,',
        expected: ['mqtt://a.example:1883', 'mqtts://b.example:8883'],
      },
      BACCARAT_MQTT_PROTOCOL: { value: '5', expected: 5 },
      BACCARAT_MQTT_CLIENT_ID: { value: 'board-x', expected: 'board-x' },
      BACCARAT_MQTT_USERNAME: { value: 'board', expected: 'board' },
      BACCARAT_MQTT_PASSWORD: { value: 's3cret', expected: 's3cret' },
      BACCARAT_MQTT_ROOT: { value: 'casino/floor2', expected: 'casino/floor2' },
      BACCARAT_MQTT_CA: { value: ca, expected: ca },
      BACCARAT_MQTT_CERT: { value: cert, expected: cert },
      BACCARAT_MQTT_KEY: { value: key, expected: key },
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
      const base = load({ file: null, env: { ...c.with } });
      const changed = Object.keys(flatten(got)).filter((k) => json(get(got, k)) !== json(get(base, k)));
      const allowed = [
        target,
        ...(target === 'displayId' ? ['mqtt.clientId'] : []),
        ...(target.startsWith('mqtt.tls.') ? ['mqtt.tls.rejectUnauthorized'] : []),
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
    ['bad broker URL', { file: null, env: { BACCARAT_MQTT_URLS: 'http://broker:1883' } }, /mqtt\.brokers\.0/],
    [
      'bad broker URL in the file',
      { file: file({ mqtt: { brokers: ['mqtt://ok:1', 'ftp://no'] } }), env: {} },
      /mqtt\.brokers\.1/,
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
    expect(failure({ file: p, env: {} })).toBe(`configuration file ${p} does not exist`);
    expect(failure({ env: { BACCARAT_BOARD_CONFIG: p } })).toContain(p);
  });

  test('bad JSON names the file and the parse error', () => {
    const p = file('{ "tableId": "T1", }');
    expect(failure({ file: p, env: {} })).toMatch(new RegExp(`configuration file ${p} is not valid JSON: .+`));
    expect(failure({ file: file('[1,2]'), env: {} })).toMatch(/must hold a JSON object/);
    expect(failure({ file: file('null'), env: {} })).toMatch(/must hold a JSON object/);
  });

  test('a schema error in a file names the file too', () => {
    const p = file({ mqtt: { protocolVersion: 3 } });
    expect(failure({ file: p, env: {} })).toContain(`(file ${p})`);
  });
});

function flatten(o: unknown, prefix = ''): Record<string, unknown> {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return { [prefix]: o };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) Object.assign(out, flatten(v, prefix ? `${prefix}.${k}` : k));
  return out;
}
const json = (x: unknown) => JSON.stringify(x);
