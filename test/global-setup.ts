/**
 * One temporary folder per test run: every test's mkdtemp (journals, certificates, broker configs, audit logs)
 * lands under it, and it is removed when the run ends, so runs leave nothing behind in /tmp.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'baccarat-board-tests-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root; // test workers are started after this, and inherit it
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
