/**
 * The console's accounts: a JSON file (mode 0600, replaced atomically) of names, roles and scrypt password hashes,
 * each with its own random salt and cost, managed by `baccarat-board console accounts` and read by the console at
 * every sign-in (so an account added, removed or demoted counts at once). A password is checked by recomputing
 * its scrypt hash and comparing in constant time; an unknown name costs the same scrypt, so timing does not tell
 * which names exist.
 *
 * ```ts
 * const store = new AccountStore(defaultAccountsPath());
 * const who = await store.authenticate('alice', password); // { name: 'alice', role: 'supervisor' } or null
 * await writeAccounts(path, await addAccount(await readAccounts(path), 'bob', 'viewer', password, now));
 * ```
 * @packageDocumentation
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { err, ok, type Result } from '../baccarat/types';
import { defaultConfig } from '../mqtt-bridge/config';
import { isRole, type Role } from './roles';

/** The cost of a hash: scrypt's N (a power of two), r and p. Stored with each hash, so it can rise later. */
export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** Today's cost: about 32 MiB and some 50–100 ms per check on a pit PC. */
export const DEFAULT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** Shortest and longest password accepted. */
export const MIN_PASSWORD = 12;
export const MAX_PASSWORD = 256;

/** A stored password: scrypt of the password with a salt of its own, both base64. */
export interface PasswordHash extends ScryptCost {
  readonly salt: string;
  readonly hash: string;
}

/** One account. */
export interface Account {
  readonly name: string;
  readonly role: Role;
  readonly password: PasswordHash;
  readonly created: string; // RFC 3339
  readonly changed: string; // the last change of password or role
}

/** The file. */
export interface AccountsFile {
  readonly v: 1;
  readonly accounts: readonly Account[];
}

/** Account names: lower case letters, digits, `.`, `_`, `-`; 1 to 32, starting with a letter or digit. */
export const ACCOUNT_NAME = /^[a-z0-9][a-z0-9._-]{0,31}$/;

/** `<state dir>/console-accounts.json`, beside the audit log. */
export const defaultAccountsPath = (): string => join(defaultConfig().journal.dir, 'console-accounts.json');

const scryptAsync = (password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_LENGTH,
      { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 },
      (e, key) => (e ? reject(e) : resolve(key)),
    ),
  );

/** A new hash of `password`, with a fresh random salt. */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_COST): Promise<PasswordHash> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptAsync(password, salt, cost);
  return { ...cost, salt: salt.toString('base64'), hash: key.toString('base64') };
}

/** Whether `password` matches `stored`: scrypt again with its salt and cost, compared in constant time. */
export async function verifyPassword(stored: PasswordHash, password: string): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const key = await scryptAsync(password, Buffer.from(stored.salt, 'base64'), stored);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Why a password is refused, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD) return `a password has at least ${MIN_PASSWORD} characters`;
  if (password.length > MAX_PASSWORD) return `a password has at most ${MAX_PASSWORD} characters`;
  return null;
}

const isHash = (h: unknown): h is PasswordHash => {
  if (typeof h !== 'object' || h === null) return false;
  const x = h as Record<string, unknown>;
  const int = (v: unknown, max: number) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= max;
  return (
    int(x.N, 2 ** 24) &&
    int(x.r, 64) &&
    int(x.p, 64) &&
    typeof x.salt === 'string' &&
    typeof x.hash === 'string' &&
    Buffer.from(x.hash, 'base64').length === KEY_LENGTH
  );
};

/** Reads the file's text; an error names the account at fault. */
export function parseAccounts(text: string): Result<AccountsFile, string> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return err(`not JSON: ${(e as Error).message}`);
  }
  const f = value as { v?: unknown; accounts?: unknown };
  if (f.v !== 1 || !Array.isArray(f.accounts)) return err('expected { "v": 1, "accounts": [ … ] }');
  const seen = new Set<string>();
  for (const [i, a] of (f.accounts as unknown[]).entries()) {
    const x = a as Partial<Record<keyof Account, unknown>>;
    const name = typeof x.name === 'string' ? x.name : '';
    if (!ACCOUNT_NAME.test(name)) return err(`accounts[${i}]: name ${JSON.stringify(x.name)} is not an account name`);
    if (seen.has(name)) return err(`accounts[${i}]: ${name} appears twice`);
    seen.add(name);
    if (typeof x.role !== 'string' || !isRole(x.role)) return err(`${name}: role ${JSON.stringify(x.role)} is unknown`);
    if (!isHash(x.password)) return err(`${name}: the password hash is not scrypt N, r, p, salt, hash`);
  }
  return ok(value as AccountsFile);
}

/** The file at `path`; a missing file is no accounts. */
export async function readAccounts(path: string): Promise<Result<AccountsFile, string>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return ok({ v: 1, accounts: [] });
    return err(`cannot read ${path}: ${(e as Error).message}`);
  }
  const f = parseAccounts(text);
  return f.ok ? f : err(`${path}: ${f.error}`);
}

/** Writes the file, mode 0600, through a temporary file and a rename: a reader never sees half of it. */
export async function writeAccounts(path: string, file: AccountsFile): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  await chmod(tmp, 0o600);
  await rename(tmp, path);
}

/** The file with a new account; refused when the name is taken or not a name, or the password too short. */
export async function addAccount(
  file: AccountsFile,
  name: string,
  role: Role,
  password: string,
  now: string,
  cost: ScryptCost = DEFAULT_COST,
): Promise<Result<AccountsFile, string>> {
  if (!ACCOUNT_NAME.test(name))
    return err(`'${name}' is not an account name (a-z 0-9 . _ -, up to 32, starting with a letter or digit)`);
  if (file.accounts.some((a) => a.name === name)) return err(`${name} exists: change its password or role instead`);
  const problem = passwordProblem(password);
  if (problem) return err(problem);
  const account: Account = { name, role, password: await hashPassword(password, cost), created: now, changed: now };
  return ok({ ...file, accounts: [...file.accounts, account] });
}

/** The file with one account changed (a new password, a new role) or removed; refused for an unknown name. */
export async function changeAccount(
  file: AccountsFile,
  name: string,
  change: { readonly password?: string; readonly role?: Role; readonly remove?: true },
  now: string,
  cost: ScryptCost = DEFAULT_COST,
): Promise<Result<AccountsFile, string>> {
  const found = file.accounts.find((a) => a.name === name);
  if (!found) return err(`no account ${name}`);
  if (change.remove) return ok({ ...file, accounts: file.accounts.filter((a) => a !== found) });
  if (change.password !== undefined) {
    const problem = passwordProblem(change.password);
    if (problem) return err(problem);
  }
  const updated: Account = {
    ...found,
    ...(change.role && { role: change.role }),
    ...(change.password !== undefined && { password: await hashPassword(change.password, cost) }),
    changed: now,
  };
  return ok({ ...file, accounts: file.accounts.map((a) => (a === found ? updated : a)) });
}

/** Who is signed in: an account's name and role. */
export interface Principal {
  readonly name: string;
  readonly role: Role;
}

/**
 * The accounts as the console sees them: the file, read again whenever it changed on disk, so `accounts add`,
 * `remove` and `role` count without a restart.
 */
export class AccountStore {
  private cached: { mtimeMs: number; size: number; file: AccountsFile } | null = null;
  private readonly dummies = new Map<string, Promise<PasswordHash>>();

  constructor(readonly path: string) {}

  /** The accounts now; an unreadable file is an error (the console then refuses every sign-in). */
  async load(): Promise<Result<AccountsFile, string>> {
    let s: { mtimeMs: number; size: number };
    try {
      s = await stat(this.path);
    } catch {
      this.cached = null;
      return ok({ v: 1, accounts: [] });
    }
    if (this.cached && this.cached.mtimeMs === s.mtimeMs && this.cached.size === s.size) return ok(this.cached.file);
    const f = await readAccounts(this.path);
    if (f.ok) this.cached = { mtimeMs: s.mtimeMs, size: s.size, file: f.value };
    return f;
  }

  /** The account named `name` as it is now, or null (removed, or the file unreadable). */
  async lookup(name: string): Promise<Principal | null> {
    const f = await this.load();
    const a = f.ok ? f.value.accounts.find((x) => x.name === name) : undefined;
    return a ? { name: a.name, role: a.role } : null;
  }

  /**
   * The account, when `password` is its password; else null. An unknown name is checked against a hash made for
   * the purpose, so it takes as long as a wrong password.
   */
  async authenticate(name: string, password: string): Promise<Principal | null> {
    const f = await this.load();
    const a = f.ok ? f.value.accounts.find((x) => x.name === name) : undefined;
    if (!a) {
      // At the cost the file's accounts use, so that it takes as long as theirs.
      const first = f.ok ? f.value.accounts[0]?.password : undefined;
      const cost = first ? { N: first.N, r: first.r, p: first.p } : DEFAULT_COST;
      const key = `${cost.N}/${cost.r}/${cost.p}`;
      let dummy = this.dummies.get(key);
      if (!dummy) this.dummies.set(key, (dummy = hashPassword(randomBytes(16).toString('hex'), cost)));
      await verifyPassword(await dummy, password);
      return null;
    }
    return (await verifyPassword(a.password, password)) ? { name: a.name, role: a.role } : null;
  }
}
