import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startEmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { startCli } from '../test/helpers/cli-process';
import { tempDir } from '../test/helpers/lifecycle';
import { main } from './main';
import { memoryIo } from './test-io';

const run = async (args: string[], stdin: string | null = null) => {
  const m = memoryIo(stdin);
  const code = await main(args, m.io);
  return { code, out: m.out(), err: m.err() };
};

describe('baccarat-board keypad', () => {
  test('is listed, and says how it is used', async () => {
    expect((await run(['--help'])).out).toMatch(/keypad +the dealer's keypad/);
    expect((await run(['keypad', '--help'])).out).toMatch(/--keying cards\|outcome/);
    expect((await run(['keypad', '--help'])).out).toMatch(/--decks N +the table's deck count, 4 to 8/);
  });

  test.each([
    [['--table', 'T1'], /--broker URL is required/],
    [['--broker', 'mqtt://127.0.0.1:1'], /--table ID is required/],
    [
      ['--broker', 'http://x', '--table', 'T1'],
      /--broker 'http:\/\/x' has the scheme 'http:\/\/', which is not MQTT's/,
    ],
    [['--broker', 'mqtt://', '--table', 'T1'], /--broker 'mqtt:\/\/' has no host: write it as mqtt:\/\/HOST:PORT/],
    [['--broker', 'mqtt://h', '--table', 'T/1'], /not a table id/],
    [['--broker', 'mqtt://h', '--table', 'T1', '--keying', 'beads'], /cards or outcome/],
    [['--broker', 'mqtt://h', '--table', 'T1', '--undo-seconds', '90'], /0 to 60/],
    [['--broker', 'mqtt://h', '--table', 'T1', '--decks', '3'], /--decks must be 4 to 8 \(rule 3.4\), got '3'/],
    [['--broker', 'mqtt://h', '--table', 'T1', '--decks', '9'], /--decks must be 4 to 8/],
    [['--broker', 'mqtt://h', '--table', 'T1', '--decks', 'six'], /--decks must be 4 to 8/],
    [['--broker', 'mqtt://h', '--table', 'T1', '--host', '0.0.0.0'], /--token is required/],
    [['--broker', 'mqtt://h', '--table', 'T1', '--token', 'short'], /16 characters/],
    [
      ['--broker', 'mqtt://h', '--table', 'T1', '--port', '-1'],
      /--port: -1 is not allowed: it must be a whole number from 0 to 65535$/m,
    ],
    [['--broker', 'mqtt://h', '--table', 'T1', '--port', 'eighty'], /--port: "eighty" is not allowed/],
    [['--broker', 'mqtt://h', '--table', 'T1', '--password', 'p'], /needs --username/],
    [['--broker', 'mqtt://h', '--table', 'T1', '--protocol-version', '3'], /4 \(MQTT 3.1.1\) or 5/],
  ])('%j: a usage error', async (args, why) => {
    const r = await run(['keypad', ...args]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(why);
  });

  test('a password from $BACCARAT_MQTT_PASSWORD without --username names the variable, not a --password never given', async () => {
    const before = process.env.BACCARAT_MQTT_PASSWORD;
    process.env.BACCARAT_MQTT_PASSWORD = 'from-the-environment';
    try {
      const r = await run(['keypad', '--broker', 'mqtt://h', '--table', 'T1']);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/comes from \$BACCARAT_MQTT_PASSWORD .* needs --username/);
      expect(r.err).not.toMatch(/--password needs/);
    } finally {
      if (before === undefined) delete process.env.BACCARAT_MQTT_PASSWORD;
      else process.env.BACCARAT_MQTT_PASSWORD = before;
    }
  });

  test('on 0.0.0.0 with a token, its output piped (as to journald): an address a tablet opens, the token not printed', async () => {
    const broker = await startEmbeddedBroker();
    const token = 'the-keypad-token-0123456789';
    const dir = tempDir('bb-keypad-address-');
    const args = ['keypad', '--broker', broker.url, '--table', 'KA1', '--host', '0.0.0.0', '--port', '0'];
    const env = { XDG_STATE_HOME: dir, XDG_CONFIG_HOME: dir, BACCARAT_KEYPAD_TOKEN: token };
    const cli = await startCli(args, /keypad: +(http:\S+)[\s\S]*the token is not printed[^\n]*\n/, env);
    try {
      const out = cli.output();
      expect(out).not.toContain(token); // it printed http://0.0.0.0:PORT/#token=… whole
      expect(out).not.toContain('0.0.0.0:');
      expect(cli.url).toMatch(/^http:\/\/[^/]+:\d+\/#token=…$/);
      expect(out).toContain('(listening on every interface (0.0.0.0)');
      const page = await fetch(new URL('api/view', cli.url.replace(/#.*/, '')), {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(page.status).toBe(200);
    } finally {
      await cli.stop();
      await broker.close();
    }
  }, 40_000);

  test('supervisors add (code from standard input), list, remove', async () => {
    const file = join(tempDir('bb-kpcli-'), 'supervisors');
    expect(await run(['keypad', 'supervisors', 'add', 'Lee', '--file', file], '4821\n')).toMatchObject({
      code: 0,
      out: /added Lee/,
    });
    expect(await run(['keypad', 'supervisors', 'add', 'Chan', '--file', file], '12\n')).toMatchObject({
      code: 2,
      err: /4 characters/,
    });
    expect(await run(['keypad', 'supervisors', 'list', '--file', file])).toMatchObject({ code: 0, out: 'Lee\n' });
    expect(await run(['keypad', 'supervisors', 'remove', 'Lee', '--file', file])).toMatchObject({ code: 0 });
    expect(await run(['keypad', 'supervisors', 'remove', 'Lee', '--file', file])).toMatchObject({
      code: 1,
      err: /no supervisor/,
    });
  }, 20_000);
});
