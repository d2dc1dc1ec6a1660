import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { topics } from '../contract/topics';
import { startEmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { peekRetained } from '../test/helpers/peek-retained';

const BIN = new URL('../bin/baccarat-board.mjs', import.meta.url).pathname;

/** Runs the installed command with its standard output read by no one: the pipe closed as it starts (`… | head -0`). */
function runUnread(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, BACCARAT_NODE_CHECK: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.destroy(); // the reader has gone before the command writes a line
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal, stderr })));
}

describe('the installed command, its output read by no one', () => {
  test('a reader that has gone (`… | head -1`) ends the command quietly, with status 0: not a stack trace and 1', async () => {
    const r = await runUnread(['roads', 'BPBPBPTBBBPPPBPB'.repeat(4)]);
    expect(r.stderr).toBe('');
    expect(r).toMatchObject({ code: 0, signal: null });
  });

  test('a long-running one (serve) stops as on SIGTERM: cleanly (never left "online" on the broker), status 0', async () => {
    const broker = await startEmbeddedBroker();
    try {
      const r = await runUnread(['serve', '--broker', broker.url, '--table', 'T1', '--display', 'D1', '--port', '0'], {
        BACCARAT_JOURNAL_DIR: mkdtempSync(join(tmpdir(), 'bb-unread-')),
        BACCARAT_MQTT_URLS: undefined,
        BACCARAT_SERVE_TOKEN: undefined,
        BACCARAT_LOG_LEVEL: 'error',
      });
      expect(r).toMatchObject({ code: 0, signal: null });
      expect(r.stderr).not.toMatch(/EPIPE|\n\s+at /);
      const status = await peekRetained<{ state: string }>(broker.url, topics('baccarat').displayStatus('D1'));
      expect(status?.state ?? 'none').not.toBe('online'); // none: it stopped before it connected
    } finally {
      await broker.close();
    }
  }, 30_000);
});
