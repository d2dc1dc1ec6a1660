/**
 * `baccarat-board console` as the process it ships as (bin/baccarat-board.mjs), against a broker in this process
 * (Aedes): a request with a malformed percent-escape used to end it (issue 17). Sent as curl --path-as-is sends
 * it, over a raw socket; then a burst of the HTTP fuzz; it still answers /healthz, still runs and audited nothing.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { startCli, type CliProcess } from '../test/helpers/cli-process';
import { formatFuzzReport, fuzzHttp } from '../test/helpers/http-fuzz';
import { rawGet } from '../test/helpers/raw-http';
import { writeTestAccounts } from '../test/helpers/console-rig';

const TOKEN = 'console-process-token-0123';
let broker: EmbeddedBroker;
let cli: CliProcess;
const audit = join(mkdtempSync(join(tmpdir(), 'bb-console-process-')), 'audit.jsonl');
beforeAll(async () => {
  broker = await startEmbeddedBroker();
  const ui = mkdtempSync(join(tmpdir(), 'bb-console-process-ui-'));
  writeFileSync(join(ui, 'index.html'), '<!doctype html><title>console</title>');
  const accounts = join(ui, '..', `${ui.split('/').pop() ?? 'x'}-accounts.json`);
  await writeTestAccounts(accounts, { fuzz: 'supervisor' });
  cli = await startCli(
    ['console', '--broker', broker.url, '--port', '0', '--ui', ui, '--audit', audit, '--accounts', accounts],
    /console: +(http:\S+)/,
    { BACCARAT_CONSOLE_TOKEN: TOKEN },
  );
}, 60_000);
afterAll(async () => {
  await cli?.stop();
  await broker.close();
}, 30_000);

test('malformed requests get 400 and the process carries on', async () => {
  for (const path of ['/%E0%A4%A', '/%', '/api/state%', '/%C0%AE', '/%00', 'http://[/']) {
    const r = await rawGet(cli.port, path, { authorization: `Bearer ${TOKEN}` });
    expect(r.status, path).toBe(400);
    expect(cli.alive(), path).toBe(true);
  }
  expect((await rawGet(cli.port, '//')).status).toBe(200);
  const health = await fetch(`http://127.0.0.1:${cli.port}/healthz`);
  expect([health.status, await health.text()]).toEqual([200, 'ok\n']);
});

test('a burst of the HTTP fuzz leaves it running, answering, and with nothing audited', async () => {
  const report = await fuzzHttp(
    {
      port: cli.port,
      hosts: [`127.0.0.1:${cli.port}`],
      token: TOKEN,
      paths: ['/', '/healthz', '/api/state', '/api/audit', '/api/preview', '/api/apply', '/api/fleet'],
      sockets: ['/live'],
      bodies: [
        JSON.stringify({ tableId: 'T9', changes: [['min', '5']], reason: 'fuzz', expect: { table: -1, casino: -1 } }),
      ],
    },
    { seed: 'console-process', requests: 5_000 },
  );
  console.log(formatFuzzReport('console (process)', report));
  expect(report.unanswered).toBe(0);
  expect(cli.alive()).toBe(true);
  expect((await fetch(`http://127.0.0.1:${cli.port}/healthz`)).status).toBe(200);
  expect(existsSync(audit)).toBe(false);
}, 60_000);

test('and it stops cleanly on SIGTERM', async () => {
  expect(await cli.stop()).toBe(0);
}, 30_000);
