/**
 * `baccarat-board console accounts add|passwd|role|remove|list`: the console's accounts file. A password is never
 * an argument (it would show in the process list and the shell's history): it is typed twice at a prompt that does
 * not echo, or read from the first line of standard input for scripts. Hashed with scrypt and a salt of its own.
 * @packageDocumentation
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import {
  addAccount,
  changeAccount,
  defaultAccountsPath,
  readAccounts,
  writeAccounts,
  type AccountsFile,
} from '../console/accounts';
import { isRole, ROLE_NAMES, ROLES, type Role } from '../console/roles';
import { type CliIo, EXIT, inputLines, UsageError } from './io';

/** What each role may do, for the usage and for an unknown role. */
const ROLE_DOES: { readonly [R in Role]: string } = {
  viewer: 'reads the floor and the audit log',
  'floor-manager': "also changes a table's signs; sends a board identify, about and screenshot",
  supervisor:
    "also closes and opens tables, restores an earlier revision, changes the casino's sign; reloads and resyncs boards",
};
const ROLES_TEXT = ROLES.map((r) => `  ${r.padEnd(16)}${ROLE_DOES[r]}`).join('\n');

export const ACCOUNTS_USAGE = `Usage: baccarat-board console accounts add NAME --role ROLE [--file FILE]
       baccarat-board console accounts passwd NAME [--file FILE]
       baccarat-board console accounts role NAME ROLE [--file FILE]
       baccarat-board console accounts remove NAME [--file FILE]
       baccarat-board console accounts list [--file FILE]

The people who may sign in to the console, and what each may do:
${ROLES_TEXT}

add and passwd ask for the password twice (it is not shown); from a script, give it as the first line of
standard input. At least 12 characters. Stored as scrypt with a salt of its own; the file is mode 0600.
The console reads the file at every sign-in: changes count at once, and a removed or changed account's sessions end.
The last supervisor cannot be removed or demoted.

Options:
  --file FILE   the accounts file (default ${defaultAccountsPath()}); the console's --accounts
  --role ROLE   ${ROLES.join(', ')}
`;

/** Reads a password without echoing it, from the terminal. */
export function promptHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _enc, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

/** The new password: typed twice at a terminal, else the first line of standard input. */
async function newPassword(io: CliIo, name: string): Promise<string | null> {
  if (!io.stdinIsTty) return inputLines(await io.readStdin())[0] ?? '';
  const first = await promptHidden(`Password for ${name}: `);
  const again = await promptHidden('Again: ');
  if (first !== again) {
    io.err('baccarat-board accounts: the two passwords differ; nothing changed\n');
    return null;
  }
  return first;
}

const supervisors = (f: AccountsFile) => f.accounts.filter((a) => a.role === 'supervisor').length;

export async function accountsCommand(args: string[], io: CliIo, now: () => Date = () => new Date()): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { file: { type: 'string' }, role: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [action, name, extra] = positionals;
  if (values.help || action === undefined) {
    io.out(ACCOUNTS_USAGE);
    return values.help ? EXIT.ok : EXIT.badInput;
  }
  const path = values.file ?? defaultAccountsPath();
  const file = await readAccounts(path);
  if (!file.ok) {
    io.err(`baccarat-board accounts: ${file.error}\n`);
    return EXIT.failure;
  }
  if (action === 'list') {
    if (file.value.accounts.length === 0) io.out(`no accounts in ${path}\n`);
    for (const a of file.value.accounts)
      io.out(`${a.name.padEnd(24)} ${ROLE_NAMES[a.role].padEnd(14)} since ${a.created}\n`);
    return EXIT.ok;
  }
  if (!['add', 'passwd', 'role', 'remove'].includes(action)) throw new UsageError(`unknown action '${action}'`);
  if (!name) throw new UsageError(`accounts ${action} needs an account NAME`);
  const roleText = action === 'role' ? extra : values.role;
  if ((action === 'add' || action === 'role') && !roleText)
    throw new UsageError(`accounts ${action} needs a role: ${ROLES.join(', ')}`);
  let role: Role | undefined;
  if (roleText !== undefined) {
    if (!isRole(roleText)) throw new UsageError(`unknown role '${roleText}'; the roles are:\n${ROLES_TEXT}`);
    role = roleText;
  }
  const at = now().toISOString();
  const before = file.value.accounts.find((a) => a.name === name);
  const losesSupervisor =
    before?.role === 'supervisor' && (action === 'remove' || (action === 'role' && role !== 'supervisor'));
  if (losesSupervisor && supervisors(file.value) === 1) {
    io.err(`baccarat-board accounts: ${name} is the last supervisor: add another supervisor first\n`);
    return EXIT.failure;
  }
  let password: string | undefined;
  if (action === 'add' || action === 'passwd') {
    if (action === 'passwd' && !before) {
      io.err(`baccarat-board accounts: no account ${name} in ${path}\n`);
      return EXIT.failure;
    }
    const p = await newPassword(io, name);
    if (p === null) return EXIT.failure;
    password = p;
  }
  const next =
    action === 'add'
      ? await addAccount(file.value, name, role ?? 'viewer', password ?? '', at)
      : await changeAccount(
          file.value,
          name,
          action === 'remove'
            ? { remove: true }
            : { ...(role && { role }), ...(password !== undefined && { password }) },
          at,
        );
  if (!next.ok) {
    io.err(`baccarat-board accounts: ${next.error}\n`);
    return EXIT.badInput;
  }
  await writeAccounts(path, next.value);
  const done = {
    add: `added ${name} (${ROLE_NAMES[role ?? 'viewer']})`,
    passwd: `changed the password of ${name}`,
    role: `${name} is now ${ROLE_NAMES[role ?? 'viewer']}`,
    remove: `removed ${name}`,
  };
  io.out(`accounts: ${done[action as keyof typeof done]} in ${path}\n`);
  return EXIT.ok;
}
