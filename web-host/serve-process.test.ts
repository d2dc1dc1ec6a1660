/**
 * `baccarat-board serve` as the process it ships as (bin/baccarat-board.mjs): a request with a malformed
 * percent-escape used to end it (issue 17). Sent as curl --path-as-is sends it, over a raw socket; then a burst of
 * the HTTP fuzz; it still answers /healthz and still runs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startCli, type CliProcess } from '../test/helpers/cli-process';
import { formatFuzzReport, fuzzHttp } from '../test/helpers/http-fuzz';
import { rawGet } from '../test/helpers/raw-http';

let serve: CliProcess;
beforeAll(async () => {
  serve = await startCli(['serve', '--table', 'T1', '--display', 'D1', '--port', '0'], /board: +(http:\S+)/, {
    BACCARAT_JOURNAL_DIR: mkdtempSync(join(tmpdir(), 'bb-serve-process-')),
    BACCARAT_MQTT_URLS: undefined, // no broker: the journal only
    BACCARAT_SERVE_TOKEN: undefined,
    BACCARAT_LOG_LEVEL: 'error',
  });
}, 60_000);
afterAll(() => serve?.stop(), 30_000);

test('without a broker it says so, not only in its address lines: the board will not follow the table', async () => {
  expect(serve.output()).toContain('broker: (none: showing the journal only)');
  await expect
    .poll(() => serve.errors())
    .toContain('baccarat-board serve: no broker (--broker URL, or mqtt.brokers in the configuration)');
});

test('malformed requests get 400 and the process carries on', async () => {
  for (const path of ['/%E0%A4%A', '/%', '/%C0%AE', '/%00', 'http://[/']) {
    const r = await rawGet(serve.port, path);
    expect(r.status, path).toBe(400);
    expect(serve.alive(), path).toBe(true);
  }
  expect((await rawGet(serve.port, '//')).status).toBe(200);
  expect((await rawGet(serve.port, '/api/state', { host: `evil.example:${serve.port}` })).status).toBe(421);
  const health = await fetch(`http://127.0.0.1:${serve.port}/healthz`);
  expect([health.status, await health.text()]).toEqual([200, 'ok\n']);
});

test('a burst of the HTTP fuzz leaves it running and answering', async () => {
  const before = await (await fetch(`http://127.0.0.1:${serve.port}/api/state`)).text();
  const report = await fuzzHttp(
    {
      port: serve.port,
      hosts: [`127.0.0.1:${serve.port}`],
      token: null,
      paths: ['/', '/app.js', '/fonts.css', '/healthz', '/api/state'],
      sockets: ['/kiosk'],
    },
    { seed: 'serve-process', requests: 5_000 },
  );
  console.log(formatFuzzReport('serve (process)', report));
  expect(report.unanswered).toBe(0);
  expect(serve.alive()).toBe(true);
  expect((await fetch(`http://127.0.0.1:${serve.port}/healthz`)).status).toBe(200);
  expect(await (await fetch(`http://127.0.0.1:${serve.port}/api/state`)).text()).toBe(before);
}, 60_000);

test('and it stops cleanly on SIGTERM', async () => {
  expect(await serve.stop()).toBe(0);
}, 30_000);
