/**
 * `baccarat-board console accounts`: accounts added, listed, given a new password or role, and removed, through
 * `main` as a script would run it (the password on standard input, never an argument); the file holds no password
 * and is mode 0600; the last supervisor is kept.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { AccountStore } from '../console/accounts';
import { main } from './main';
import { memoryIo } from './test-io';

const file = join(mkdtempSync(join(tmpdir(), 'bb-accounts-cli-')), 'accounts.json');
async function accounts(stdin: string | null, ...args: string[]) {
  const m = memoryIo(stdin ?? '');
  const code = await main(['console', 'accounts', ...args, '--file', file], m.io);
  return { code, out: m.out(), err: m.err() };
}

test('add, list, passwd, role and remove, as a script runs them', async () => {
  expect(await accounts('ann has a long password\n', 'add', 'ann', '--role', 'supervisor')).toMatchObject({
    code: 0,
    out: `accounts: added ann (Supervisor) in ${file}\n`,
  });
  expect((await accounts('bob has a long password\n', 'add', 'bob', '--role', 'floor-manager')).code).toBe(0);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(readFileSync(file, 'utf8')).not.toMatch(/long password/);
  const listed = await accounts(null, 'list');
  expect(listed.out).toMatch(/^ann +Supervisor +since \S+\nbob +Floor manager +since \S+\n$/);

  const store = new AccountStore(file);
  expect(await store.authenticate('bob', 'bob has a long password')).toEqual({ name: 'bob', role: 'floor-manager' });
  expect((await accounts('bob has a newer password\n', 'passwd', 'bob')).code).toBe(0);
  expect(await store.authenticate('bob', 'bob has a long password')).toBeNull();
  expect(await store.authenticate('bob', 'bob has a newer password')).toEqual({ name: 'bob', role: 'floor-manager' });

  expect((await accounts(null, 'role', 'bob', 'viewer')).out).toBe(`accounts: bob is now Viewer in ${file}\n`);
  expect(await store.lookup('bob')).toEqual({ name: 'bob', role: 'viewer' });
  expect((await accounts(null, 'remove', 'bob')).code).toBe(0);
  expect(await store.lookup('bob')).toBeNull();
});

test('refused: a taken name, a short password, an unknown role or account, the last supervisor', async () => {
  const taken = await accounts('another long password\n', 'add', 'ann', '--role', 'viewer');
  expect([taken.code, taken.err]).toEqual([
    2,
    'baccarat-board accounts: ann exists: change its password or role instead\n',
  ]);
  const short = await accounts('short\n', 'add', 'cat', '--role', 'viewer');
  expect([short.code, short.err]).toEqual([2, 'baccarat-board accounts: a password has at least 12 characters\n']);
  const role = await accounts('a long enough password\n', 'add', 'cat', '--role', 'king');
  expect(role.code).toBe(2);
  // The role is said unknown and the roles listed, under the accounts' usage (not the console server's).
  expect(role.err.split('\n').slice(0, 5)).toEqual([
    "baccarat-board console accounts: unknown role 'king'; the roles are:",
    '  viewer          reads the floor and the audit log',
    "  floor-manager   also changes a table's signs; sends a board identify, about and screenshot",
    "  supervisor      also closes and opens tables, restores an earlier revision, changes the casino's sign; reloads " +
      'and resyncs boards',
    '',
  ]);
  expect(role.err).toContain('Usage: baccarat-board console accounts add NAME --role ROLE [--file FILE]');
  expect(role.err).toContain("Run 'baccarat-board console accounts --help' for its options.");
  expect(role.err).not.toMatch(/--broker|--approved-builds/);
  const roleOf = await accounts(null, 'role', 'ann', 'boss');
  expect([roleOf.code, roleOf.err.split('\n')[0]]).toEqual([
    2,
    "baccarat-board console accounts: unknown role 'boss'; the roles are:",
  ]);
  const nobody = await accounts('a long enough password\n', 'passwd', 'nobody');
  expect([nobody.code, nobody.err]).toEqual([1, `baccarat-board accounts: no account nobody in ${file}\n`]);
  const last = await accounts(null, 'remove', 'ann');
  expect([last.code, last.err]).toEqual([
    1,
    'baccarat-board accounts: ann is the last supervisor: add another supervisor first\n',
  ]);
  const demoted = await accounts(null, 'role', 'ann', 'viewer');
  expect(demoted.code).toBe(1);
  const help = await accounts(null, '--help');
  expect(help.out).toMatch(/floor-manager +also changes a table's signs/);
  // The fleet commands each role may send (console.md), which the roles said nothing of.
  expect(help.out).toMatch(/floor-manager .*identify, about and screenshot/);
  expect(help.out).toMatch(/supervisor .*reloads and resyncs boards/);
});
