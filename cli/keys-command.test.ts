/**
 * `baccarat-board keys`: a new key is written and described; an existing file is a refusal (exit 2, one line that
 * says how to proceed), not a runtime failure, and is left as it was.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { main } from './main';
import { memoryIo } from './test-io';

const dir = mkdtempSync(join(tmpdir(), 'bb-keys-'));

const run = async (...args: string[]) => {
  const m = memoryIo();
  const code = await main(['keys', ...args], m.io);
  return { code, out: m.out(), err: m.err() };
};

test('generate writes a new key and prints its id and public key; show prints the same', async () => {
  const file = join(dir, 'new.pem');
  const made = await run('generate', '--out', file);
  expect(made.code).toBe(0);
  expect(made.out).toMatch(/^kid [0-9a-f]{16}\npublic-key [\w-]{43}\n$/);
  expect(await run('show', file)).toEqual({ code: 0, out: made.out, err: '' });
});

test('generate --out an existing file: exit 2, one line naming the file and the ways on; the file is kept', async () => {
  const file = join(dir, 'pit.pem');
  writeFileSync(file, 'the key in use\n');
  const refused = await run('generate', '--out', file);
  expect(refused).toEqual({
    code: 2,
    out: '',
    err:
      `baccarat-board keys: ${file} exists: not replacing a key. Give another --out FILE, or replace it deliberately with --force ` +
      '(the old key is then lost, and boards refuse what the new one signs until their trust.*Keys list it)\n',
  });
  expect(readFileSync(file, 'utf8')).toBe('the key in use\n');
  const forced = await run('generate', '--out', file, '--force');
  expect(forced.code).toBe(0);
  expect(readFileSync(file, 'utf8')).toContain('PRIVATE KEY');
});

test('a folder or a missing folder is said in a line, exit 2, never a stack trace (found by hand: EISDIR, ENOENT)', async () => {
  expect(await run('show', dir)).toEqual({
    code: 2,
    out: '',
    err: `baccarat-board keys: ${dir} is a folder: give the key's file\n`,
  });
  expect(await run('generate', '--out', dir, '--force')).toEqual({
    code: 2,
    out: '',
    err: `baccarat-board keys: --out ${dir} is a folder: give a file's path\n`,
  });
  const nowhere = join(dir, 'no-such-folder', 'pit.pem');
  expect(await run('generate', '--out', nowhere)).toEqual({
    code: 2,
    out: '',
    err: `baccarat-board keys: --out ${nowhere}: the folder ${join(dir, 'no-such-folder')} does not exist\n`,
  });
});
