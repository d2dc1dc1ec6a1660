/**
 * Who makes a change from the command line, for the sign's `updatedBy` and the audit log: the operating-system user
 * the command runs as, or with `--by NAME` an account of the console's accounts file, proven by its password (typed
 * at a prompt that does not echo, or the first line of standard input) and held to its role. Never free text.
 *
 * ```ts
 * const actor = await resolveActor({ by: 'alice', accountsPath, io, env }); // { who, role } or an error text
 * ```
 * @packageDocumentation
 */
import { hostname, userInfo } from 'node:os';
import { AccountStore } from '../console/accounts';
import type { Who } from '../console/audit-record';
import type { Role } from '../console/roles';
import { promptHidden } from './accounts-command';
import { type CliIo, inputLines } from './io';

/** The person behind a command: who the audit log names, and the role to hold them to (null: an OS user). */
export interface Actor {
  readonly who: Who;
  readonly role: Role | null;
}

/** The OS user this process runs as (`$USER`, `$LOGNAME`, else the password database). */
export function osUser(env: Readonly<Record<string, string | undefined>>): string {
  try {
    return (env.USER ?? env.LOGNAME ?? userInfo().username).slice(0, 64) || 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Resolves the actor; an error text when `--by` names no account or the password is wrong. */
export async function resolveActor(o: {
  readonly by: string | undefined;
  readonly accountsPath: string;
  readonly io: CliIo;
  readonly env: Readonly<Record<string, string | undefined>>;
}): Promise<Actor | string> {
  const os = osUser(o.env);
  const host = hostname().slice(0, 255) || 'unknown';
  if (o.by === undefined) return { who: { account: os, via: 'cli', osUser: os, host }, role: null };
  const name = o.by.trim().toLowerCase();
  const password = o.io.stdinIsTty
    ? await promptHidden(`Password for ${name}: `)
    : (inputLines(await o.io.readStdin())[0] ?? '');
  const store = new AccountStore(o.accountsPath);
  const loaded = await store.load();
  if (!loaded.ok) return loaded.error;
  const p = await store.authenticate(name, password);
  if (!p) return `--by ${name}: wrong account name or password (accounts: ${o.accountsPath})`;
  return { who: { account: p.name, role: p.role, via: 'cli', osUser: os, host }, role: p.role };
}
