import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';

const exec = promisify(execFile);
const script = new URL('../scripts/electronegativity.mjs', import.meta.url).pathname;

describe('electronegativity over main and preload', () => {
  test('no HIGH finding in the built main process and preload (dist/main)', async () => {
    const { stdout } = await exec(process.execPath, [script], { timeout: 120_000 });
    expect(stdout).toContain('ok: no HIGH finding');
  }, 120_000);

  test('the gate fails on a HIGH finding (a window with node integration and no context isolation)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bb-insecure-'));
    writeFileSync(
      join(dir, 'main.js'),
      `const { BrowserWindow } = require('electron');
       new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });`,
    );
    const run = exec(process.execPath, [script, dir], { timeout: 120_000 });
    await expect(run).rejects.toMatchObject({ code: 1, stdout: expect.stringMatching(/FAIL: \d+ HIGH finding/) });
  }, 120_000);
});
