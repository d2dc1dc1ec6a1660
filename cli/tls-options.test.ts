/**
 * Every command that connects to a broker takes the same TLS flags, through the one parser (mqtt-bridge/tls.ts),
 * and `simulate` reaches a Mosquitto whose certificate a private CA signed, made here with openssl.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { topics } from '../contract/topics';
import { parseTlsArgs, TLS_ARGS, TLS_USAGE, tlsClientOptions } from '../mqtt-bridge/tls';
import { makeCa, makeCerts, opensslMissing, type Certs } from '../test/helpers/certs';
import { mosquittoMissing, startMosquitto, type Mosquitto } from '../test/helpers/mosquitto';
import { main } from './main';
import { simulateCommand, type SimulateEnv } from './simulate-command';
import { memoryIo } from './test-io';

async function run(args: string[]) {
  const m = memoryIo();
  const code = await main(args, m.io);
  return { code, out: m.out(), err: m.err() };
}

/** Each command that connects, with the arguments it needs to get as far as its connection options. */
const CONNECTING: Record<string, string[]> = {
  serve: [],
  start: [],
  simulate: ['--broker', 'mqtts://127.0.0.1:1', '--tables', 'T1'],
  signage: ['--broker', 'mqtts://127.0.0.1:1', '--table', 'T1', 'show'],
  console: ['--broker', 'mqtts://127.0.0.1:1'],
};
const COMMANDS = Object.keys(CONNECTING);

const dir = mkdtempSync(join(tmpdir(), 'bb-tls-flags-'));
const notPem = join(dir, 'ca.der');
writeFileSync(notPem, Buffer.from([0x30, 0x82, 0x01, 0x0a]));
const pem = join(dir, 'ca.pem');
writeFileSync(pem, '-----BEGIN CERTIFICATE-----\nMA==\n-----END CERTIFICATE-----\n');

describe('the TLS flags are the same on every command that connects', () => {
  test('every connecting command is one main() knows, and the flags are --ca, --cert and --key', async () => {
    const help = (await run(['help'])).out;
    for (const c of COMMANDS) expect(help).toMatch(new RegExp(`^  ${c} `, 'm'));
    expect(Object.keys(TLS_ARGS)).toEqual(['ca', 'cert', 'key']);
  });

  test.each(COMMANDS)('%s --help lists them, in the same words', async (command) => {
    const { code, out } = await run([command, '--help']);
    expect(code).toBe(0);
    expect(out).toContain(TLS_USAGE);
  });

  // serve and start check them with their configuration instead, and list them with its errors (tls-flag-errors.test.ts).
  test.each(COMMANDS.filter((c) => c !== 'serve' && c !== 'start'))(
    '%s checks them with the shared parser, before it connects or starts anything',
    async (c) => {
      const base = [c, ...CONNECTING[c]!];
      const cases: [string[], RegExp][] = [
        [['--ca', join(dir, 'missing.pem')], /--ca: file .*missing\.pem does not exist/],
        [['--ca', notPem], /--ca: file .*ca\.der is not a PEM file/],
        [['--cert', pem], /--cert and --key go together/],
        [['--key', pem], /--cert and --key go together/],
        [['--cert', pem, '--key', join(dir, 'nokey.pem')], /--key: file .*nokey\.pem does not exist/],
      ];
      for (const [flags, message] of cases) {
        const r = await run([...base, ...flags]);
        expect([r.code, r.err], flags.join(' ')).toEqual([2, expect.stringMatching(message)]);
        expect(r.err).toContain(`Usage: baccarat-board ${c}`);
      }
    },
  );

  test('parseTlsArgs and tlsClientOptions: files in, MQTT.js options out, verification always on', () => {
    expect(parseTlsArgs({})).toEqual({ ok: true, value: undefined });
    expect(parseTlsArgs({ ca: pem })).toEqual({ ok: true, value: { ca: pem } });
    expect(tlsClientOptions(undefined)).toEqual({});
    expect(tlsClientOptions({ ca: pem, rejectUnauthorized: true })).toEqual({
      rejectUnauthorized: true,
      ca: Buffer.from('-----BEGIN CERTIFICATE-----\nMA==\n-----END CERTIFICATE-----\n'),
    });
  });
});

const missing = opensslMissing() ?? mosquittoMissing();

describe.skipIf(missing !== null)(
  `simulate --ca against Mosquitto over TLS${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    const T = topics('baccarat');
    let pki: Certs;
    let open: Mosquitto; // server certificate only
    let mutual: Mosquitto; // client certificates required
    const clients: MqttClient[] = [];
    const env: SimulateEnv = { onInterrupt: () => () => undefined, randomSeed: () => 'tls', now: () => new Date() };
    const simulate = async (url: string, flags: string[]) => {
      const m = memoryIo();
      const args = ['--broker', url, '--tables', 'T1', '--speed', 'max', '--shoes', '1', '--quiet', ...flags];
      const code = await simulateCommand(args, m.io, env);
      return { code, err: m.err() };
    };
    /** Counts the hands the broker passes on, read over its plain listener. */
    async function hands(broker: Mosquitto) {
      const c = await connectAsync(broker.url, { reconnectPeriod: 0 });
      clients.push(c);
      const got: string[] = [];
      c.on('message', (topic) => got.push(topic));
      await c.subscribeAsync(T.tableHand('T1'), { qos: 1 });
      return got;
    }

    beforeAll(async () => {
      pki = makeCerts();
      const server = { ca: pki.ca, cert: pki.server.cert, key: pki.server.key };
      open = await startMosquitto({ persistence: false, tls: { ...server, requireCertificate: false } });
      mutual = await startMosquitto({ persistence: false, tls: { ...server, requireCertificate: true } });
    });
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
      await open?.close();
      await mutual?.close();
    });

    test('with --ca the private CA is trusted and a whole shoe goes through', async () => {
      const got = await hands(open);
      const r = await simulate(open.tlsUrl!, ['--ca', pki.ca]);
      expect(r).toEqual({ code: 0, err: '' });
      expect(got.length).toBeGreaterThan(40);
    });

    test('without --ca, or with another CA, the broker is refused: its certificate does not verify', async () => {
      const without = await simulate(open.tlsUrl!, []);
      expect(without.code).toBe(1);
      expect(without.err).toMatch(/cannot connect to mqtts:.*(self[- ]signed|unable to (get|verify)|certificate)/i);
      const other = makeCa(pki.dir, 'other');
      const wrong = await simulate(open.tlsUrl!, ['--ca', other.cert]);
      expect(wrong.code).toBe(1);
      expect(wrong.err).toMatch(/certificate/i);
    });

    test('a broker that requires client certificates takes --cert and --key', async () => {
      const got = await hands(mutual);
      const refused = await simulate(mutual.tlsUrl!, ['--ca', pki.ca]);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/certificate required/);
      const r = await simulate(mutual.tlsUrl!, ['--ca', pki.ca, '--cert', pki.client.cert, '--key', pki.client.key]);
      expect(r).toEqual({ code: 0, err: '' });
      expect(got.length).toBeGreaterThan(40);
    });

    test('signage takes the same flags to the same broker', async () => {
      const m = memoryIo();
      const code = await main(['signage', '--broker', open.tlsUrl!, '--ca', pki.ca, '--table', 'T1', 'show'], m.io);
      expect([code, m.err()]).toEqual([0, '']);
      expect(m.out()).toMatch(/T1/);
    });
  },
);
