/**
 * The console's accounts: scrypt with a salt of each account's own, the right password taken and a wrong one
 * refused, an unknown name costing the same scrypt as a known one (so timing does not tell which names exist), the
 * file written 0600 and read back, and refusals that name what is wrong.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  AccountStore,
  addAccount,
  changeAccount,
  hashPassword,
  parseAccounts,
  readAccounts,
  verifyPassword,
  writeAccounts,
  type AccountsFile,
} from './accounts';

const NOW = '2026-11-22T12:00:00.000Z';
const TEST_COST = { N: 2 ** 12, r: 8, p: 1 }; // cheap: the console's default is 2^15
const EMPTY: AccountsFile = { v: 1, accounts: [] };

async function file(accounts: Record<string, 'viewer' | 'floor-manager' | 'supervisor'>): Promise<AccountsFile> {
  let f = EMPTY;
  for (const [name, role] of Object.entries(accounts)) {
    const r = await addAccount(f, name, role, `${name} has a long password`, NOW, TEST_COST);
    if (!r.ok) throw new Error(r.error);
    f = r.value;
  }
  return f;
}

describe('passwords', () => {
  test('scrypt with a fresh salt each time: the same password hashes differently, and verifies', async () => {
    const a = await hashPassword('correct horse battery', TEST_COST);
    const b = await hashPassword('correct horse battery', TEST_COST);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(Buffer.from(a.salt, 'base64')).toHaveLength(16);
    expect(await verifyPassword(a, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(b, 'correct horse battery')).toBe(true);
  });

  test('a wrong password is refused: another, one character off, a prefix, empty, in another Unicode form', async () => {
    const h = await hashPassword('Café au lait 2026', TEST_COST);
    for (const wrong of ['Cafe au lait 2026', 'Café au lait 202', 'Café au lait 20266', '', 'café au lait 2026'])
      expect(await verifyPassword(h, wrong), wrong).toBe(false);
    // NFC and NFD spell the same password: typed on another keyboard, it still works.
    expect(await verifyPassword(h, 'Café au lait 2026'.normalize('NFD'))).toBe(true);
  });

  test('an unknown name costs the same scrypt as a wrong password, at the cost the file uses', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'bb-acc-')), 'accounts.json');
    const slow = { N: 2 ** 14, r: 8, p: 1 }; // long enough to measure over the noise of a shared machine
    const r = await addAccount(EMPTY, 'ann', 'supervisor', 'ann has a long password', NOW, slow);
    if (!r.ok) throw new Error(r.error);
    await writeAccounts(path, r.value);
    const store = new AccountStore(path);
    await store.authenticate('nobody', 'x'); // warms the stand-in hash
    const time = async (name: string) => {
      const t = performance.now();
      expect(await store.authenticate(name, 'a wrong password')).toBeNull();
      return performance.now() - t;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time('ann'));
      unknown.push(await time('nobody'));
    }
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
    expect(await store.authenticate('ann', 'ann has a long password')).toEqual({ name: 'ann', role: 'supervisor' });
  });
});

describe('the accounts file', () => {
  test('written 0600 and read back; the console sees a change on disk at once', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'bb-acc-')), 'sub', 'accounts.json');
    await writeAccounts(path, await file({ ann: 'supervisor' }));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).not.toContain('ann has a long password');
    const store = new AccountStore(path);
    expect(await store.lookup('ann')).toEqual({ name: 'ann', role: 'supervisor' });
    const f = await readAccounts(path);
    if (!f.ok) throw new Error(f.error);
    const demoted = await changeAccount(f.value, 'ann', { role: 'viewer' }, NOW, TEST_COST);
    if (!demoted.ok) throw new Error(demoted.error);
    await new Promise((r) => setTimeout(r, 20)); // a new mtime
    await writeAccounts(path, demoted.value);
    expect(await store.lookup('ann')).toEqual({ name: 'ann', role: 'viewer' });
    const removed = await changeAccount(demoted.value, 'ann', { remove: true }, NOW);
    if (!removed.ok) throw new Error(removed.error);
    await writeAccounts(path, removed.value);
    expect(await store.lookup('ann')).toBeNull();
  });

  test('a new password replaces the old one', async () => {
    const f = await file({ bob: 'viewer' });
    const r = await changeAccount(f, 'bob', { password: 'bob has a new password' }, NOW, TEST_COST);
    if (!r.ok) throw new Error(r.error);
    const bob = r.value.accounts[0];
    if (!bob) throw new Error('no bob');
    expect(await verifyPassword(bob.password, 'bob has a new password')).toBe(true);
    expect(await verifyPassword(bob.password, 'bob has a long password')).toBe(false);
  });

  test('refusals: a taken name, a name that is not one, a short password, an unknown account', async () => {
    const f = await file({ ann: 'supervisor' });
    expect(await addAccount(f, 'ann', 'viewer', 'another long password', NOW, TEST_COST)).toEqual({
      ok: false,
      error: 'ann exists: change its password or role instead',
    });
    expect(await addAccount(f, 'Ann Wong', 'viewer', 'another long password', NOW, TEST_COST)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/'Ann Wong' is not an account name/) as unknown,
    });
    expect(await addAccount(f, 'bob', 'viewer', 'short', NOW, TEST_COST)).toEqual({
      ok: false,
      error: 'a password has at least 12 characters',
    });
    expect(await changeAccount(f, 'nobody', { remove: true }, NOW)).toEqual({ ok: false, error: 'no account nobody' });
  });

  test('a file that is not right is refused, naming the account at fault', async () => {
    expect(parseAccounts('{')).toMatchObject({ ok: false });
    expect(parseAccounts('{"v":1,"accounts":[{"name":"ann","role":"king"}]}')).toEqual({
      ok: false,
      error: 'ann: role "king" is unknown',
    });
    const path = join(mkdtempSync(join(tmpdir(), 'bb-acc-')), 'accounts.json');
    writeFileSync(path, '{"v":1,"accounts":[{"name":"ann","role":"viewer","password":{"N":16}}]}');
    expect(await readAccounts(path)).toMatchObject({
      ok: false,
      error: expect.stringContaining('ann: the password hash is not scrypt') as unknown,
    });
    const store = new AccountStore(path);
    expect(await store.authenticate('ann', 'anything at all')).toBeNull();
  });
});
