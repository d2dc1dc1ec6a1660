/**
 * An unsupported Node.js is warned of once, clearly, and the command carries on. The version is injected (this
 * machine's Node.js may be any), and the floor is package.json's "engines" and the README's.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { main } from './main';
import { NODE_MINIMUM, nodeVersionWarning } from './node-version';
import { memoryIo } from './test-io';

describe('nodeVersionWarning', () => {
  test.each<[string, boolean]>([
    ['20.19.2', true],
    ['v20.19.2', true],
    ['18.20.0', true],
    ['22.11.0', true],
    ['22.12.0', false],
    ['22.23.3', false],
    ['23.1.0', false],
    ['24.0.0', false],
    ['26.2.1', false],
    ['not a version', false],
  ])('Node.js %s: warned %s', (version, warned) => {
    expect(nodeVersionWarning(version) !== null).toBe(warned);
  });

  test('it says which Node.js runs, which is needed, and what to do', () => {
    expect(nodeVersionWarning('v20.19.2')).toBe(
      'baccarat-board: warning: Node.js 20.19.2 is not supported: this software needs Node.js 22.12 or later ' +
        '(package.json "engines"; an LTS line: 22, 24 or 26). It carries on, untested on this Node.js: install ' +
        'Node.js 22 or later (see README.md). BACCARAT_NODE_CHECK=off silences this warning.\n',
    );
  });

  test('the floor is package.json\'s "engines" and the README\'s', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      engines: { node: string };
    };
    expect(pkg.engines.node).toBe(`>=${NODE_MINIMUM}`);
    expect(readFileSync(new URL('../README.md', import.meta.url), 'utf8')).toContain(
      `Node.js ${NODE_MINIMUM} or later`,
    );
  });
});

describe('the command on an unsupported Node.js', () => {
  test('warns once, first, and runs the command as ever', async () => {
    const m = memoryIo();
    const code = await main(['roads', 'BPP'], { ...m.io, nodeVersion: '20.19.2' });
    expect(code).toBe(0);
    expect(m.out()).toContain('Bead plate');
    expect(m.err()).toBe(nodeVersionWarning('20.19.2'));
  });

  test('a supported one, or none given, says nothing', async () => {
    for (const nodeVersion of ['22.12.0', undefined]) {
      const m = memoryIo();
      await main(['roads', 'BPP'], { ...m.io, ...(nodeVersion && { nodeVersion }) });
      expect(m.err()).toBe('');
    }
  });

  test('the installed command checks the Node.js it runs on, once; BACCARAT_NODE_CHECK=off silences it', async () => {
    const exec = promisify(execFile);
    const bin = new URL('../bin/baccarat-board.mjs', import.meta.url).pathname;
    const run = (env: Record<string, string>) =>
      exec(process.execPath, [bin, 'roads', 'BP'], { env: { ...process.env, ...env } });
    expect((await run({})).stderr).toBe(nodeVersionWarning(process.versions.node) ?? '');
    expect((await run({ BACCARAT_NODE_CHECK: 'off' })).stderr).toBe('');
  });
});
