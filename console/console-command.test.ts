/**
 * `baccarat-board console`: its options, its accounts, and a start and stop against an in-process broker — signed in
 * with an account of its accounts file, signing with the pit's key, with an approved-builds list.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startConsoleFromArgs } from '../cli/console-command';
import { main } from '../cli/main';
import { memoryIo } from '../cli/test-io';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { memoryLogger } from '../mqtt-bridge/log';
import { generateSigningKey } from '../mqtt-bridge/signing';
import { passwordOf, writeTestAccounts } from '../test/helpers/console-rig';

let broker: EmbeddedBroker;
const ui = mkdtempSync(join(tmpdir(), 'bb-console-ui-'));
writeFileSync(join(ui, 'index.html'), '<!doctype html><title>console</title>');
beforeAll(async () => (broker = await startEmbeddedBroker()));
afterAll(() => broker.close());

test('usage errors are exit 2 with the usage', async () => {
  for (const [args, message] of [
    [['--port', 'x'], /--port: "x" is not allowed: it must be a whole number from 0 to 65535$/m],
    [['--port', '-1'], /--port: -1 is not allowed: it must be a whole number from 0 to 65535$/m],
    [['--port', '70000'], /--port: 70000 is not allowed/],
    [['--host', '0.0.0.0'], /--token is required to listen on 0.0.0.0/],
    [['--token', 'short'], /16 characters or more/],
    [['--protocol-version', '3'], /--protocol-version must be 4/],
    [
      ['--broker', 'http://x'],
      /--broker 'http:\/\/x' has the scheme 'http:\/\/', which is not MQTT's: use one of mqtt:\/\//,
    ],
    [['--broker', 'mqtt://'], /--broker 'mqtt:\/\/' has no host/],
    [['--password', 'p'], /--password needs --username/],
    [['--user', 'pit-1'], /--user is gone: people sign in/],
    [['--signing-key', '/nonexistent/pit.key'], /--signing-key: cannot read the signing key/],
    [['--approved-builds', '/nonexistent/builds.txt'], /--approved-builds \/nonexistent\/builds.txt: ENOENT/],
  ] as const) {
    const m = memoryIo();
    expect(await main(['console', ...args], m.io)).toBe(2);
    expect(m.err()).toMatch(message);
    expect(m.err()).toMatch(/Usage: baccarat-board console/);
  }
  const help = memoryIo();
  expect(await main(['console', '--help'], help.io)).toBe(0);
  expect(help.out()).toMatch(/--audit FILE/);
  expect(help.out()).toMatch(/--signing-key FILE/);
});

test('with no account it refuses to start, saying how to add one', async () => {
  const m = memoryIo();
  const accounts = join(mkdtempSync(join(tmpdir(), 'bb-acc-')), 'none.json');
  expect(await main(['console', '--broker', broker.url, '--port', '0', '--ui', ui, '--accounts', accounts], m.io)).toBe(
    1,
  );
  expect(m.err()).toContain(
    `no accounts in ${accounts}: add one with baccarat-board console accounts add NAME --role supervisor`,
  );
});

test('starts on a free port, serves its state with the token, and stops', async () => {
  const piped = memoryIo();
  const m = { ...piped, io: { ...piped.io, stdoutIsTty: true } }; // at a terminal: the token printed whole
  const audit = join(mkdtempSync(join(tmpdir(), 'bb-audit-')), 'a.jsonl');
  const token = 'start-test-token-123456';
  const dir = mkdtempSync(join(tmpdir(), 'bb-console-cmd-'));
  const accounts = join(dir, 'accounts.json');
  await writeTestAccounts(accounts, { 'pit-1': 'viewer' });
  const key = generateSigningKey();
  writeFileSync(join(dir, 'pit.key'), key.privateKey.export({ format: 'pem', type: 'pkcs8' }));
  writeFileSync(join(dir, 'builds.txt'), `# approved\n${'ab'.repeat(32)} 1.0.0 release\n`);
  const run = await startConsoleFromArgs(
    [
      ...['--broker', broker.url, '--port', '0', '--ui', ui, '--audit', audit, '--accounts', accounts],
      ...['--signing-key', join(dir, 'pit.key'), '--approved-builds', join(dir, 'builds.txt')],
    ],
    m.io,
    { BACCARAT_CONSOLE_TOKEN: token },
    memoryLogger().logger,
  );
  if (run === 'help') throw new Error('help');
  try {
    expect(m.out()).toMatch(new RegExp(`console: http://127.0.0.1:\\d+/#token=${token}`));
    expect(m.out()).toContain(`audit:   ${audit}`);
    expect(m.out()).toContain(`signing: pit key ${key.kid}`);
    expect(m.out()).toContain('builds:  1 approved');
    const base = `http://127.0.0.1:${run.server.port}`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    expect((await fetch(`${base}/api/state`, { headers })).status).toBe(401); // nobody signed in
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ account: 'pit-1', password: passwordOf('pit-1') }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const state = await fetch(`${base}/api/state`, { headers: { ...headers, cookie } });
    expect(await state.json()).toMatchObject({
      signing: key.kid,
      approvedBuilds: 1,
      broker: { state: 'connected', url: broker.url },
    });
  } finally {
    await run.stop();
  }
});

test('on 0.0.0.0, its output piped (as to journald): an address another machine opens, the token not printed', async () => {
  const m = memoryIo();
  const token = 'piped-console-token-123456';
  const dir = mkdtempSync(join(tmpdir(), 'bb-console-piped-'));
  const accounts = join(dir, 'accounts.json');
  await writeTestAccounts(accounts, { 'pit-1': 'viewer' });
  const run = await startConsoleFromArgs(
    [
      ...['--broker', broker.url, '--host', '0.0.0.0', '--port', '0', '--ui', ui],
      ...['--audit', join(dir, 'a.jsonl'), '--accounts', accounts],
    ],
    m.io,
    { BACCARAT_CONSOLE_TOKEN: token },
    memoryLogger().logger,
  );
  if (run === 'help') throw new Error('help');
  try {
    expect(m.out()).not.toContain(token); // it printed http://0.0.0.0:PORT/#token=<the token>, into journald
    expect(m.out()).not.toContain('0.0.0.0:');
    expect(m.out()).toMatch(/console: http:\/\/[^/]+:\d+\/#token=…\n/);
    expect(m.out()).toContain('(listening on every interface (0.0.0.0)');
    expect(m.out()).toContain('(the token is not printed: standard output is not a terminal');
  } finally {
    await run.stop();
  }
});
