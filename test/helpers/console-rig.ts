/**
 * A console for tests: an accounts file (cheap scrypt), its audit log and audit feed, the fleet monitor and the
 * server, against a broker the test started; and an HTTP client that signs in and keeps the session cookie.
 *
 * ```ts
 * const c = await startConsoleRig({ broker: broker.url, accounts: { ann: 'supervisor', vic: 'viewer' } });
 * const ann = await c.signIn('ann');               // a client with ann's session
 * await ann.post('/api/apply', { tableId: 'T1', changes: [['min', '50']], reason: 'test' });
 * await c.stop();
 * ```
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountStore, addAccount, writeAccounts, type AccountsFile, type ScryptCost } from '../../console/accounts';
import { AuditFeed } from '../../console/audit-feed';
import { AuditLog } from '../../console/audit-log';
import type { ApprovedBuilds } from '../../console/board-checks';
import { FleetMonitor } from '../../console/monitor';
import type { BrokerOptions } from '../../console/mqtt-session';
import type { Role } from '../../console/roles';
import { startConsoleServer, type ConsoleServer } from '../../console/server';
import type { SessionOptions } from '../../console/sessions';
import type { DisplayCommandName } from '../../contract/schemas';
import type { SigningKey } from '../../mqtt-bridge/signing';

/** Cheap enough for tests; the console's default is 2^15. */
export const TEST_COST: ScryptCost = { N: 2 ** 12, r: 8, p: 1 };
/** Every test account's password is its name and this. */
export const passwordOf = (name: string): string => `${name}-correct-horse`;

/** An accounts file at `path` with these accounts. */
export async function writeTestAccounts(path: string, accounts: Readonly<Record<string, Role>>): Promise<void> {
  let file: AccountsFile = { v: 1, accounts: [] };
  for (const [name, role] of Object.entries(accounts)) {
    const r = await addAccount(file, name, role, passwordOf(name), new Date().toISOString(), TEST_COST);
    if (!r.ok) throw new Error(r.error);
    file = r.value;
  }
  await writeAccounts(path, file);
}

export interface RigOptions {
  readonly broker: string | BrokerOptions;
  readonly accounts: Readonly<Record<string, Role>>;
  readonly token?: string | null;
  readonly key?: SigningKey | null;
  readonly auditFile?: string;
  readonly accountsFile?: string;
  readonly clientId?: string;
  readonly uiDir?: string;
  readonly approvedBuilds?: ApprovedBuilds | null;
  readonly confirmMs?: number;
  readonly fleetTimeoutMs?: (command: DisplayCommandName) => number;
  readonly sessions?: SessionOptions;
  readonly reconnectMs?: number; // the monitor's first reconnect wait; default the console's
}

/** A signed-in (or not) HTTP client of the rig's server. */
export interface RigClient {
  cookie: string | null;
  get(path: string): Promise<Response>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
}

export interface ConsoleRig {
  readonly server: ConsoleServer;
  readonly monitor: FleetMonitor;
  readonly feed: AuditFeed;
  readonly audit: AuditLog;
  readonly accounts: AccountStore;
  readonly base: string;
  readonly token: string | null;
  client(cookie?: string | null): RigClient;
  signIn(name: string, password?: string): Promise<RigClient>;
  stop(): Promise<void>;
}

export async function startConsoleRig(o: RigOptions): Promise<ConsoleRig> {
  const dir = mkdtempSync(join(tmpdir(), 'bb-console-rig-'));
  const broker: BrokerOptions =
    typeof o.broker === 'string'
      ? { url: o.broker, root: 'baccarat', protocolVersion: 4, username: 'console' }
      : o.broker;
  const accountsFile = o.accountsFile ?? join(dir, 'accounts.json');
  if (!o.accountsFile) await writeTestAccounts(accountsFile, o.accounts);
  const uiDir = o.uiDir ?? join(dir, 'ui');
  if (!o.uiDir) {
    mkdirSync(uiDir);
    writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>console</title>');
  }
  const audit = new AuditLog(o.auditFile ?? join(dir, 'audit.jsonl'));
  const key = o.key ?? null;
  const monitor = new FleetMonitor(broker, {
    approvedBuilds: o.approvedBuilds ?? null,
    signingKid: key?.kid ?? null,
    ...(o.reconnectMs !== undefined && { reconnectMs: o.reconnectMs }),
  });
  await monitor.start();
  const feed = new AuditFeed({
    broker,
    clientId: o.clientId ?? `rig-audit-${Math.random().toString(16).slice(2, 10)}`,
    log: audit,
    key,
    reconnectMs: 200,
  });
  await feed.start();
  const accounts = new AccountStore(accountsFile);
  const token = o.token === undefined ? 'rig-token-0123456789abcdef' : o.token;
  const server = await startConsoleServer({
    monitor,
    audit,
    feed,
    accounts,
    key,
    host: '127.0.0.1',
    port: 0,
    token,
    uiDir,
    ...(o.confirmMs !== undefined && { confirmMs: o.confirmMs }),
    ...(o.fleetTimeoutMs && { fleetTimeoutMs: o.fleetTimeoutMs }),
    ...(o.sessions && { sessions: o.sessions }),
  });
  const base = `http://127.0.0.1:${server.port}`;
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const client = (cookie: string | null = null): RigClient => {
    const c: RigClient = {
      cookie,
      get: (path) => fetch(`${base}${path}`, { headers: { ...auth, ...(c.cookie && { cookie: c.cookie }) } }),
      post: (path, body, headers = {}) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth, ...(c.cookie && { cookie: c.cookie }), ...headers },
          body: JSON.stringify(body),
        }),
    };
    return c;
  };
  return {
    server,
    monitor,
    feed,
    audit,
    accounts,
    base,
    token,
    client,
    async signIn(name, password = passwordOf(name)) {
      const res = await client().post('/api/login', { account: name, password });
      if (res.status !== 200) throw new Error(`sign-in of ${name}: ${res.status} ${await res.text()}`);
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      return client(cookie);
    },
    async stop() {
      await server.close();
      await feed.stop();
      await monitor.stop();
    },
  };
}
