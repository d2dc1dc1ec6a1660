/** `baccarat-board console`: its options, and a start and stop against an in-process broker. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startConsoleFromArgs } from '../cli/console-command';
import { main } from '../cli/main';
import { memoryIo } from '../cli/test-io';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { memoryLogger } from '../mqtt-bridge/log';

let broker: EmbeddedBroker;
const ui = mkdtempSync(join(tmpdir(), 'bb-console-ui-'));
writeFileSync(join(ui, 'index.html'), '<!doctype html><title>console</title>');
beforeAll(async () => (broker = await startEmbeddedBroker()));
afterAll(() => broker.close());

test('usage errors are exit 2 with the usage', async () => {
  for (const [args, message] of [
    [['--port', 'x'], /--port must be 0 to 65535/],
    [['--host', '0.0.0.0'], /--token is required to listen on 0.0.0.0/],
    [['--token', 'short'], /16 characters or more/],
    [['--protocol-version', '3'], /--protocol-version must be 4/],
    [['--broker', 'http://x'], /must be mqtt:\/\//],
    [['--password', 'p'], /--password needs --username/],
  ] as const) {
    const m = memoryIo();
    expect(await main(['console', ...args], m.io)).toBe(2);
    expect(m.err()).toMatch(message);
    expect(m.err()).toMatch(/Usage: baccarat-board console/);
  }
  const help = memoryIo();
  expect(await main(['console', '--help'], help.io)).toBe(0);
  expect(help.out()).toMatch(/--audit FILE/);
});

test('starts on a free port, serves its state with the token, and stops', async () => {
  const m = memoryIo();
  const audit = join(mkdtempSync(join(tmpdir(), 'bb-audit-')), 'a.jsonl');
  const token = 'start-test-token-123456';
  const run = await startConsoleFromArgs(
    ['--broker', broker.url, '--port', '0', '--ui', ui, '--audit', audit, '--user', 'pit-1'],
    m.io,
    { BACCARAT_CONSOLE_TOKEN: token },
    memoryLogger().logger,
  );
  if (run === 'help') throw new Error('help');
  try {
    expect(m.out()).toMatch(new RegExp(`console: http://127.0.0.1:\\d+/#token=${token}`));
    expect(m.out()).toContain(`audit:   ${audit}`);
    const state = await fetch(`http://127.0.0.1:${run.server.port}/api/state`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await state.json()).toMatchObject({ consoleUser: 'pit-1', broker: { state: 'connected', url: broker.url } });
  } finally {
    await run.stop();
  }
});
