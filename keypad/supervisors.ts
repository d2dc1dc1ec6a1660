/**
 * Supervisor codes: who may correct or void a hand the boards already show. A file of one supervisor a line,
 * `name:scrypt$N$r$p$salt$hash` (scrypt, RFC 7914; salt and hash base64), written by `keypad supervisors add`; the
 * codes themselves are never stored, never sent to the page, and never journaled (a correction records the name,
 * the contract's `by`). Wrong codes are slowed down: after 5 in a row the keypad refuses every code for a minute.
 *
 * ```ts
 * const codes = await loadSupervisors('/etc/baccarat-board/keypad-supervisors');
 * if (codes.ok) await codes.value.check('Lee', '4821'); // 'ok' | 'wrong' | 'locked'
 * ```
 * @packageDocumentation
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { err, ok, type Result } from '../baccarat/types';

const scrypt = (code: string, salt: Buffer, keylen: number, o: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => scryptCb(code, salt, keylen, o, (e, key) => (e ? reject(e) : resolve(key))));

/** scrypt's cost: N = 2^15, r = 8, p = 1 (about 50 ms and 32 MiB a check: slow for a guesser, fine for a pit). */
export const SCRYPT = { N: 32_768, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const maxmem = (N: number, r: number) => 256 * N * r; // twice what scrypt needs (128·N·r)

/** The shortest code accepted. */
export const MIN_CODE_LENGTH = 4;
/** Wrong codes in a row before the keypad refuses codes for {@link LOCK_MS}. */
export const MAX_WRONG = 5;
export const LOCK_MS = 60_000;

/** A supervisor's name: what a correction records as `by` (1–64 characters, no colon, no line break). */
export const isSupervisorName = (name: string): boolean =>
  name.trim() === name && name.length >= 1 && name.length <= 64 && !/[:\r\n]/.test(name);

/** The stored form of a code: `scrypt$N$r$p$salt$hash`. */
export async function hashCode(code: string, salt = randomBytes(16)): Promise<string> {
  const { N, r, p } = SCRYPT;
  const hash = await scrypt(code, salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Whether `code` matches a stored form (in constant time once hashed). */
export async function codeMatches(code: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const N = Number(n);
  const R = Number(r);
  const expected = Buffer.from(hash, 'base64');
  const got = await scrypt(code, Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: R,
    p: Number(p),
    maxmem: maxmem(N, R),
  });
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** The file's entries, name → stored form, or the first bad line. */
export function parseSupervisors(text: string): Result<Map<string, string>, string> {
  const out = new Map<string, string>();
  for (const [i, raw] of text.split('\n').entries()) {
    const l = raw.trim();
    if (l === '' || l.startsWith('#')) continue;
    const colon = l.lastIndexOf(':');
    const name = l.slice(0, colon);
    const stored = l.slice(colon + 1);
    if (
      colon < 1 ||
      !isSupervisorName(name) ||
      !/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/.test(stored)
    )
      return err(`line ${i + 1}: not 'name:scrypt$N$r$p$salt$hash'`);
    out.set(name, stored);
  }
  return ok(out);
}

/** The file's text for these entries. */
export const makeSupervisors = (entries: ReadonlyMap<string, string>): string =>
  `# baccarat-board keypad supervisors: name:scrypt$N$r$p$salt$hash (keypad supervisors add|remove)\n${[...entries]
    .map(([n, s]) => `${n}:${s}\n`)
    .join('')}`;

export type CodeCheck = 'ok' | 'wrong' | 'locked';

/**
 * The supervisors a keypad knows, and the check of their codes with its lock-out. Loaded from a file
 * (`loadSupervisors`), it reads the file again at every check, as the console reads its accounts at every sign-in:
 * a supervisor added while the keypad runs may correct at once (they were told "wrong code" until a restart), one
 * removed may no longer. A file unreadable then leaves the supervisors last read.
 */
export class Supervisors {
  private wrong = 0;
  private lockedUntil = 0;

  constructor(
    private entries: ReadonlyMap<string, string>,
    private readonly clock: () => number = Date.now,
    private readonly reread: (() => Promise<Result<Map<string, string>, string>>) | null = null,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** How long codes stay locked, in ms (0: not locked): the page counts it down and keeps Send off meanwhile. */
  lockedMs(): number {
    return Math.max(0, this.lockedUntil - this.clock());
  }

  /** Checks a supervisor's code. An unknown name is as wrong as a wrong code (and costs as long). */
  async check(name: string, code: string): Promise<CodeCheck> {
    if (this.clock() < this.lockedUntil) return 'locked';
    const fresh = this.reread ? await this.reread() : null;
    if (fresh?.ok) this.entries = fresh.value;
    const stored = this.entries.get(name);
    const good = await codeMatches(code, stored ?? (await dummy()));
    if (good && stored !== undefined) {
      this.wrong = 0;
      return 'ok';
    }
    if (++this.wrong >= MAX_WRONG) {
      this.wrong = 0;
      this.lockedUntil = this.clock() + LOCK_MS;
    }
    return 'wrong';
  }
}

let dummyStored: Promise<string> | null = null;
/** A stored form no code matches, so that an unknown name takes as long as a known one. */
const dummy = (): Promise<string> => (dummyStored ??= hashCode(randomBytes(16).toString('hex')));

/** Loads the supervisors file; an absent file is no supervisor (corrections are then refused). */
export async function loadSupervisors(path: string): Promise<Result<Supervisors, string>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      return ok(new Supervisors(new Map(), Date.now, () => readEntries(path)));
    return err(`${path}: ${(e as Error).message}`);
  }
  const parsed = parseSupervisors(text);
  return parsed.ok
    ? ok(new Supervisors(parsed.value, Date.now, () => readEntries(path)))
    : err(`${path}: ${parsed.error}`);
}

/** Adds or replaces a supervisor in the file (mode 0600). */
export async function addSupervisor(
  path: string,
  name: string,
  code: string,
): Promise<Result<'added' | 'replaced', string>> {
  if (!isSupervisorName(name)) return err('a name is 1 to 64 characters, without a colon or line break');
  if (code.length < MIN_CODE_LENGTH) return err(`a code is ${MIN_CODE_LENGTH} characters or more`);
  const current = await readEntries(path);
  if (!current.ok) return current;
  const had = current.value.has(name);
  current.value.set(name, await hashCode(code));
  // The first supervisor of a fresh machine: its configuration folder may not exist yet (private, as the file).
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, makeSupervisors(current.value), { mode: 0o600 });
  return ok(had ? 'replaced' : 'added');
}

/** Removes a supervisor from the file. */
export async function removeSupervisor(path: string, name: string): Promise<Result<void, string>> {
  const current = await readEntries(path);
  if (!current.ok) return current;
  if (!current.value.delete(name)) return err(`no supervisor '${name}' in ${path}`);
  await writeFile(path, makeSupervisors(current.value), { mode: 0o600 });
  return ok(undefined);
}

/** The names in the file. */
export async function supervisorNames(path: string): Promise<Result<string[], string>> {
  const current = await readEntries(path);
  return current.ok ? ok([...current.value.keys()]) : current;
}

async function readEntries(path: string): Promise<Result<Map<string, string>, string>> {
  try {
    return parseSupervisors(await readFile(path, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return ok(new Map());
    return err(`${path}: ${(e as Error).message}`);
  }
}
