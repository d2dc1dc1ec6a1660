/**
 * `baccarat-board serve` stops within a few seconds of SIGTERM whatever its broker does (issue 12, case 11: it
 * ignored SIGTERM for over a minute when the broker died during its shutdown). The broker here is a real Mosquitto,
 * hung (SIGSTOP: its socket open, nothing answered) or killed, while the board says goodbye.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startCli, type CliProcess } from '../test/helpers/cli-process';
import { until } from '../test/helpers/lifecycle';
import { mosquittoMissing, startMosquitto, type Mosquitto } from '../test/helpers/mosquitto';

const missing = mosquittoMissing();
let broker: Mosquitto | null = null;
let serve: CliProcess | null = null;
afterEach(async () => {
  if (serve?.alive()) serve.child.kill('SIGKILL');
  if (broker) await broker.close();
  broker = null;
  serve = null;
});

async function connectedBoard(): Promise<{ broker: Mosquitto; serve: CliProcess }> {
  broker = await startMosquitto();
  serve = await startCli(
    ['serve', '--broker', broker.url, '--table', 'T1', '--display', 'D1', '--port', '0'],
    /board: +(http:\S+)/,
    {
      BACCARAT_JOURNAL_DIR: mkdtempSync(join(tmpdir(), 'bb-shutdown-')),
      BACCARAT_MQTT_URLS: undefined,
      BACCARAT_SERVE_TOKEN: undefined,
      BACCARAT_LOG_LEVEL: 'error',
    },
  );
  const s = serve;
  await until(async () => {
    const state = (await (await fetch(`http://127.0.0.1:${s.port}/api/state`)).json()) as {
      connection: { state: string };
    };
    expect(state.connection.state).toBe('connected');
  }, 15_000);
  return { broker, serve: s };
}

/** Sends SIGTERM and returns how long the process took to exit, and its code. */
async function stopTimed(p: CliProcess): Promise<{ ms: number; code: number | null }> {
  const t0 = performance.now();
  const code = await p.stop();
  return { ms: performance.now() - t0, code };
}

describe.skipIf(missing)(`serve stops on SIGTERM whatever the broker does${missing ? ` (${missing})` : ''}`, () => {
  test('the broker hung (SIGSTOP): serve exits within 6 s', async () => {
    const { broker: b, serve: s } = await connectedBoard();
    b.pause();
    try {
      const { ms } = await stopTimed(s);
      expect(ms).toBeLessThan(6000);
    } finally {
      b.resume();
    }
  }, 30_000);

  test('the broker killed just before: serve exits within 6 s, cleanly', async () => {
    const { broker: b, serve: s } = await connectedBoard();
    await b.kill();
    const { ms, code } = await stopTimed(s);
    expect(ms).toBeLessThan(6000);
    expect(code).toBe(0);
  }, 30_000);
});

describe.skipIf(missing)(`serve's own lines${missing ? ` (${missing})` : ''}`, () => {
  test('it names /healthz beside /readyz, and its stop line ends the line (it ran into the shell prompt)', async () => {
    broker = await startMosquitto();
    serve = await startCli(
      ['serve', '--broker', broker.url, '--table', 'T1', '--display', 'D1', '--port', '0'],
      /health: +(http:\S+)/,
      {
        BACCARAT_JOURNAL_DIR: mkdtempSync(join(tmpdir(), 'bb-shutdown-')),
        BACCARAT_MQTT_URLS: undefined,
        BACCARAT_SERVE_TOKEN: undefined,
        BACCARAT_LOG_LEVEL: 'error',
      },
    );
    expect(new URL(serve.url).pathname).toBe('/healthz');
    const res = await fetch(serve.url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok\n');
    let out = '';
    serve.child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    expect(await serve.stop()).toBe(0);
    expect(out).toMatch(/SIGTERM: stopping…\n$/);
  }, 30_000);
});
