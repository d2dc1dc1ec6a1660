/**
 * Two boards of one table on one machine, on one journal (found by hand: a kiosk running, and the deployment guide's
 * check of its configuration, `serve --port 0`, started beside it): both appended to the table's history, which then
 * held two records of one number and failed `history verify` for good. The second is now refused, by name.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startCli, type CliProcess } from '../test/helpers/cli-process';

const BIN = new URL('../bin/baccarat-board.mjs', import.meta.url).pathname;
const ARGS = ['serve', '--table', 'T1', '--display', 'D1', '--port', '0'];
const running: CliProcess[] = [];
afterEach(() => {
  for (const p of running.splice(0)) if (p.alive()) p.child.kill('SIGKILL');
});

/** Runs the command to its end: its exit code, standard output and standard error. */
function runCli(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, stdio: 'pipe' });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out, err })));
}

describe('one board process per journal', () => {
  test('a second serve of the same table and journal is refused, said in a line; once the first stops, it starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bb-two-boards-'));
    const env = { BACCARAT_JOURNAL_DIR: dir, BACCARAT_LOG_LEVEL: 'error', BACCARAT_MQTT_URLS: '' };
    const first = await startCli(ARGS, /board: +(http:\S+)/, env);
    running.push(first);
    // Logging what a board says at its start: it is refused before it says it serves anywhere (found by casino IT:
    // "browser mode serving" at an address, then the refusal).
    const second = await runCli(ARGS, { ...env, BACCARAT_LOG_LEVEL: 'info' });
    expect(second.code).toBe(1);
    expect(second.out + second.err).not.toMatch(/serving|board: +http/);
    expect(second.err).toContain(`baccarat-board serve: the journal ${join(dir, 'T1.journal')} is in use by another`);
    expect(second.err).toContain(`process ${first.child.pid} on`);
    expect(second.err).not.toMatch(/\n\s+at /); // no stack trace
    expect(first.alive()).toBe(true);
    expect(await first.stop()).toBe(0);
    const third = await startCli(ARGS, /board: +(http:\S+)/, { ...env, BACCARAT_LOG_LEVEL: 'info' });
    running.push(third);
    expect(third.alive()).toBe(true);
    await expect.poll(() => third.errors()).toMatch(/"msg":"browser mode serving"/); // a board that starts says it
  });

  test('a journal.dir that cannot be a folder is said in a line naming it and the setting, not a stack trace', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bb-journal-file-')), 'journal');
    writeFileSync(file, '');
    const env = { BACCARAT_JOURNAL_DIR: file, BACCARAT_LOG_LEVEL: 'error', BACCARAT_MQTT_URLS: '' };
    const run = await runCli(ARGS, env);
    expect(run.code).toBe(1);
    expect(run.err).toContain(`baccarat-board serve: cannot keep the journal in ${file}: `);
    expect(run.err).toContain('Set journal.dir (or BACCARAT_JOURNAL_DIR)');
    expect(run.err).not.toMatch(/\n\s+at /);
  });

  // Found by casino IT: a check run with sudo left the journal root's, and the kiosk's board then stopped on a stack
  // trace (EACCES). Tests run as root here, so a folder in the history's place stands in for a file it cannot open.
  test('a file of the journal it cannot open is said in a line naming it, not a stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bb-journal-denied-'));
    mkdirSync(join(dir, 'T1.history'));
    const env = { BACCARAT_JOURNAL_DIR: dir, BACCARAT_LOG_LEVEL: 'error', BACCARAT_MQTT_URLS: '' };
    const run = await runCli(ARGS, env);
    expect(run.code).toBe(1);
    expect(run.err).toContain(`baccarat-board serve: cannot write ${join(dir, 'T1.history')}: it is a folder`);
    expect(run.err).not.toMatch(/\n\s+at /);
  });
});
