/**
 * The console's JSON API, behind the server's Host, Origin and token checks: signing in and out
 * (`POST /api/login`, `POST /api/logout`, `GET /api/session`), the floor and the audit log (`GET /api/state`,
 * `GET /api/audit`), changes (`POST /api/preview`, `POST /api/apply`) and fleet commands to a board
 * (`POST /api/fleet`). Everything but signing in needs a session; what a session may change or send is its account's
 * role, decided here, in `changes.ts` and in `fleet-commands.ts`, never by the page.
 * An account removed or given another role in the accounts file loses its sessions at its next request.
 *
 * ```ts
 * const api = consoleApi({ accounts, sessions, throttle, changes, fleet, monitor, audit, entries, log });
 * await api(req, res, target); // answers every /api/ route
 * ```
 * @packageDocumentation
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { sendJson, sendText } from '../web-host/http-response';
import type { RequestTarget } from '../web-host/request-target';
import type { AccountStore } from './accounts';
import type { AuditLog } from './audit-log';
import type { AuditRecord } from './audit-record';
import type { SignChanges } from './changes';
import type { FleetCommands } from './fleet-commands';
import type { FleetMonitor } from './monitor';
import type { AuditEntry, LoginRequest, SessionInfo } from './protocol';
import { Sessions, type LoginThrottle, type Session } from './sessions';

const MAX_BODY = 16 * 1024;

/**
 * The request's JSON body. A body over MAX_BODY is read to its end and dropped, then refused: stopping half way
 * (a thrown error inside `for await`) reset the connection, and the client never saw the answer.
 */
export function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('close', () => (req.complete ? undefined : reject(new Error('request aborted'))));
    req.on('end', () => {
      if (size > MAX_BODY) return reject(new Error('request body too large'));
      try {
        return resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
      } catch (e) {
        return reject(e as Error);
      }
    });
  });
}

export interface ApiDeps {
  readonly accounts: AccountStore;
  readonly sessions: Sessions;
  readonly throttle: LoginThrottle;
  readonly changes: SignChanges;
  readonly fleet: Pick<FleetCommands, 'send'>;
  readonly monitor: FleetMonitor;
  readonly audit: AuditLog;
  readonly entries: (records: readonly AuditRecord[]) => AuditEntry[];
  readonly log: Logger;
  readonly onLogout: (s: Session) => void; // closes the session's pages
  readonly onApplied: () => void; // pushes the audit log
}

const send = (res: ServerResponse, status: number, body: unknown) =>
  typeof body === 'string' ? sendText(res, status, body) : sendJson(res, status, body);

/**
 * The session of a request, as it stands now: its account must still exist with the same role in the accounts file,
 * or the session ends (the person signs in again, under what the file says now).
 */
export async function currentSession(
  sessions: Sessions,
  accounts: AccountStore,
  cookie: string | undefined,
): Promise<Session | null> {
  const s = sessions.find(cookie);
  if (!s) return null;
  const now = await accounts.lookup(s.principal.name);
  if (now?.role === s.principal.role) return s;
  sessions.end(s);
  return null;
}

/** The API's handler. */
export function consoleApi(d: ApiDeps) {
  const login = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    const b = body as Partial<LoginRequest> | null;
    if (
      typeof b?.account !== 'string' ||
      typeof b.password !== 'string' ||
      b.account.length > 64 ||
      b.password.length > 1024
    )
      return send(res, 400, { ok: false, message: 'give an account name and a password' });
    const name = b.account.trim().toLowerCase();
    const wait = d.throttle.wait(name);
    if (wait > 0) {
      d.log.warn({ account: name }, 'sign-in refused: too many failures');
      return send(res, 429, {
        ok: false,
        message: `too many failed sign-ins for ${name}: try again in ${Math.ceil(wait / 60_000)} min`,
      });
    }
    const who = await d.accounts.authenticate(name, b.password);
    if (!who) {
      d.throttle.failed(name);
      d.log.warn({ account: name, from: req.socket.remoteAddress }, 'sign-in failed');
      return send(res, 401, { ok: false, message: 'wrong account name or password' });
    }
    d.throttle.succeeded(name);
    const { cookie } = d.sessions.create(who);
    res.setHeader('set-cookie', cookie);
    d.log.info({ account: who.name, role: who.role }, 'signed in');
    return send(res, 200, { account: who.name, role: who.role } satisfies SessionInfo);
  };

  return async (req: IncomingMessage, res: ServerResponse, target: RequestTarget): Promise<void> => {
    const route = `${req.method ?? 'GET'} ${target.pathname}`;
    const posts = ['POST /api/login', 'POST /api/logout', 'POST /api/preview', 'POST /api/apply', 'POST /api/fleet'];
    const gets = ['GET /api/session', 'GET /api/state', 'GET /api/audit'];
    if (!posts.includes(route) && !gets.includes(route)) return send(res, 404, 'not found\n');
    let body: unknown = null;
    if (req.method === 'POST') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
        return send(res, 415, 'send JSON (content-type: application/json)\n');
      try {
        body = await readBody(req);
      } catch (e) {
        return send(res, 400, { ok: false, field: 'request', message: (e as Error).message });
      }
    }
    if (route === 'POST /api/login') return login(req, res, body);

    const session = await currentSession(d.sessions, d.accounts, req.headers.cookie);
    if (route === 'POST /api/logout') {
      if (session) {
        d.sessions.end(session);
        d.onLogout(session);
        d.log.info({ account: session.principal.name }, 'signed out');
      }
      res.setHeader('set-cookie', Sessions.clearCookie());
      return send(res, 200, { ok: true });
    }
    if (!session) return send(res, 401, { ok: false, field: 'session', message: 'sign in first' });
    const who = session.principal;
    if (route === 'GET /api/session')
      return send(res, 200, { account: who.name, role: who.role } satisfies SessionInfo);
    if (route === 'GET /api/state') return send(res, 200, d.monitor.view());
    if (route === 'GET /api/audit') {
      const limit = Number(target.query.get('limit') ?? Infinity);
      return send(res, 200, d.entries(await d.audit.read(Number.isFinite(limit) && limit > 0 ? limit : Infinity)));
    }
    if (route === 'POST /api/fleet') {
      const { status, body: r } = await d.fleet.send(body, who);
      const fields = { display: (body as { displayId?: unknown } | null)?.displayId, account: who.name };
      if (r.ok) d.log.info({ ...fields, command: r.command, requestId: r.requestId }, 'fleet command done');
      else if (r.outcome === 'refused')
        d.log.warn({ ...fields, field: r.field, message: r.message }, 'fleet command refused');
      else
        d.log.warn(
          { ...fields, outcome: r.outcome, requestId: r.requestId, message: r.message },
          'fleet command not done',
        );
      if (r.warning) d.log.warn({ warning: r.warning }, 'audit record not shared');
      return send(res, status, r);
    }
    if (route === 'POST /api/preview') {
      const p = await d.changes.preview(body, who);
      return send(res, !p.ok && p.field === 'role' ? 403 : 200, p);
    }
    const r = await d.changes.apply(body, who);
    if (r.ok) {
      d.log.info(
        { records: r.records.map((x) => x.summary), account: who.name, reason: r.records[0]?.reason },
        'signs changed',
      );
      if (r.warning) d.log.warn({ warning: r.warning }, 'audit record not shared');
      d.onApplied();
    } else d.log.warn({ field: r.field, message: r.message, account: who.name }, 'change refused');
    const status = r.ok ? 200 : r.field === 'revision' ? 409 : r.field === 'role' ? 403 : r.field === null ? 502 : 400;
    return send(res, status, r);
  };
}
