/**
 * Who acts from the command line, and the record of what they did, for `signage` and `fleet` alike: the
 * operating-system user the command runs as, or with `--by NAME` an account of the console's accounts file, proven
 * by its password (typed at a prompt that does not echo, or the first line of standard input) and held to its role.
 * Never free text. Their records go to the shared audit trail on `{root}/pit/audit`, confirmed by the broker passing
 * them back, and with `--audit FILE` to a local log as well.
 *
 * ```ts
 * const actor = await resolveActor({ by: 'alice', accountsPath, io, env }); // { who, role } or an error text
 * const refused = actorRefusal(actor, [permissionOfCommand('reload')]); // '--by alice: a floor manager cannot …'
 * const { error } = await recordAudit(client, broker, records, { key, file: values.audit });
 * ```
 * @packageDocumentation
 */
import { hostname, userInfo } from 'node:os';
import type { MqttClient } from 'mqtt';
import type { SigningKey } from '../mqtt-bridge/signing';
import { AccountStore } from '../console/accounts';
import { publishAudit } from '../console/audit-feed';
import { AuditLog } from '../console/audit-log';
import type { AuditRecord, Who } from '../console/audit-record';
import type { BrokerOptions } from '../console/mqtt-session';
import { may, refusal, type Permission, type Role } from '../console/roles';
import { promptHidden } from './accounts-command';
import { type CliIo, inputLines } from './io';

/** What an accountable command needs from the process, injectable for tests. */
export interface ActorEnv {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly now: () => Date;
}
export const PROCESS_ENV: ActorEnv = { env: process.env, now: () => new Date() };

/** The flags of an accountable command: who (`--by`, from `--accounts`), and a local log to append to (`--audit`). */
export const ACTOR_ARGS = {
  by: { type: 'string' },
  accounts: { type: 'string' },
  audit: { type: 'string' },
} as const;

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

/**
 * Why the actor may not do what needs `needs`, in words (`--by fred: a floor manager cannot …: ask a supervisor`),
 * or null. An OS user is held to no role: the broker's account is the gate, and the OS user is on record.
 */
export function actorRefusal(actor: Actor, needs: readonly Permission[]): string | null {
  const role = actor.role;
  if (role === null) return null;
  const denied = needs.find((p) => !may(role, p));
  return denied ? `--by ${actor.who.account}: ${refusal(role, denied)}` : null;
}

/**
 * Publishes the records on `{root}/pit/audit`, signed with the pit's key when there is one, each confirmed by the
 * broker passing it back (`client` must be subscribed to that topic first), and appends them to `file` (`--audit`)
 * too. Resolves with the records the broker confirmed, and why it stopped, if it did.
 */
export async function recordAudit(
  client: MqttClient,
  broker: Pick<BrokerOptions, 'root' | 'protocolVersion'>,
  records: readonly AuditRecord[],
  o: { readonly key: SigningKey | null; readonly file: string | undefined },
): Promise<{ readonly published: AuditRecord[]; readonly error: string | null }> {
  const shared = await publishAudit(client, broker, records, { key: o.key });
  if (o.file) await new AuditLog(o.file).append(shared.published.length ? shared.published : records);
  return shared;
}

/** What to say when what was done has no confirmed audit record: why, and the records, to add to the log by hand. */
export const unconfirmedAudit = (done: string, error: string, records: readonly AuditRecord[]): string =>
  `${done}, but its audit record was not confirmed: ${error}\n` +
  `The record, to add to the audit log by hand:\n${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
