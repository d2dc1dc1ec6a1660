/**
 * The console's small web server: the page (Lit, built to dist/console), the fleet and the audit log pushed live
 * over a WebSocket (`/live`), and a JSON API (`api.ts`: sign changes, fleet commands). Every person signs in with an account of the accounts file
 * (`accounts.ts`); a session is an HttpOnly, SameSite=Strict cookie (`sessions.ts`), needed by the API and the
 * WebSocket, and its account's role decides what it may change. Loopback only unless a token is set; with a token
 * every API call and the WebSocket need it as well. The page runs under the board's Content-Security-Policy;
 * requests from other origins (a page on another site posting to 127.0.0.1) and other Host names (DNS
 * rebinding) are refused.
 *
 * ```ts
 * const server = await startConsoleServer({ monitor, audit, feed, accounts, host: '127.0.0.1', port: 8088, token: null, uiDir });
 * console.log(server.url); // http://127.0.0.1:8088/
 * ```
 * @packageDocumentation
 */
import { existsSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import { type WebSocket, WebSocketServer } from 'ws';
import type { DisplayCommandName } from '../contract/schemas';
import { topics } from '../contract/topics';
import type { SigningKey } from '../mqtt-bridge/signing';
import { givenToken, isLoopback, MIN_TOKEN_LENGTH, requestGuard, tokenOk } from '../web-host/http-guard';
import { guardServer, refuseUpgrade, sendJson, sendText } from '../web-host/http-response';
import { listen } from '../web-host/listen';
import { requestTarget } from '../web-host/request-target';
import { staticSite } from '../web-host/static-site';
import type { AccountStore } from './accounts';
import { consoleApi, currentSession } from './api';
import type { AuditFeed } from './audit-feed';
import type { AuditLog } from './audit-log';
import type { AuditRecord } from './audit-record';
import { signChanges } from './changes';
import { fleetCommands } from './fleet-commands';
import type { FleetMonitor } from './monitor';
import { auditSignature } from './pit-signature';
import type { AuditEntry, ConsoleFrame } from './protocol';
import { LoginThrottle, Sessions, type Session, type SessionOptions } from './sessions';

export interface ConsoleServerOptions {
  readonly monitor: FleetMonitor;
  readonly audit: AuditLog;
  readonly feed: AuditFeed;
  readonly accounts: AccountStore;
  readonly key?: SigningKey | null; // the pit's key: signs what the console publishes
  readonly host: string;
  readonly port: number;
  readonly token: string | null;
  readonly uiDir: string; // dist/console
  readonly logger?: Logger;
  readonly now?: () => Date;
  readonly confirmMs?: number;
  readonly fleetTimeoutMs?: (command: DisplayCommandName) => number; // how long to wait for a board; default 10 s, 30 s for a screenshot
  readonly sessions?: SessionOptions;
}

export interface ConsoleServer {
  readonly url: string; // with the token in the hash when one is set
  readonly port: number;
  close(): Promise<void>;
}

// The Host, Origin and token checks are the web host's, shared by every server of the project.
export { isLoopback, MIN_TOKEN_LENGTH };
const AUDIT_PUSHED = 100; // records pushed to the page; GET /api/audit has them all
const SWEEP_MS = 15_000; // how often pages of ended sessions are closed
/** The WebSocket close code of a page whose session ended: the page shows the sign-in again. */
export const SESSION_ENDED = 4401;

export async function startConsoleServer(opts: ConsoleServerOptions): Promise<ConsoleServer> {
  const { monitor, audit, feed, accounts, token } = opts;
  const log = (opts.logger ?? pino({ level: 'silent' })).child({ component: 'console' });
  if (!isLoopback(opts.host) && !token)
    throw new Error(`a token is required to listen on ${opts.host} (not loopback): --token`);
  if (token !== null && token.length < MIN_TOKEN_LENGTH)
    throw new Error(`the token must be ${MIN_TOKEN_LENGTH} characters or more`);
  const site = staticSite(opts.uiDir);
  if (!existsSync(join(site.root, 'index.html')))
    throw new Error(`the console page is not built (${join(site.root, 'index.html')} is missing): run npm run build`);
  const key = opts.key ?? null;
  const changes = signChanges({
    monitor,
    audit,
    feed,
    key,
    ...(opts.now && { now: opts.now }),
    ...(opts.confirmMs !== undefined && { confirmMs: opts.confirmMs }),
  });
  const fleet = fleetCommands({
    monitor,
    feed,
    key,
    ...(opts.now && { now: opts.now }),
    ...(opts.fleetTimeoutMs && { timeoutMs: opts.fleetTimeoutMs }),
  });
  const sessions = new Sessions(opts.sessions);
  const pages = new Map<WebSocket, Session>();
  const auditTopic = topics(monitor.broker.root).pitAudit();
  const entries = (records: readonly AuditRecord[]): AuditEntry[] =>
    records.map((r) => {
      const s = auditSignature(r, auditTopic, key);
      return { ...r, signature: s === 'verified' ? 'verified' : 'unverified' };
    });
  let port = 0;

  const guard = requestGuard(opts.host, () => port);
  const send = (res: ServerResponse, status: number, body: unknown) =>
    typeof body === 'string' ? sendText(res, status, body) : sendJson(res, status, body);
  const frame = (ws: WebSocket, f: ConsoleFrame) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(f));
  };
  const pushAudit = async () => {
    const records = entries(await audit.read(AUDIT_PUSHED));
    for (const ws of pages.keys()) frame(ws, { type: 'audit', records });
  };
  const closePages = (s: Session) => {
    for (const [ws, owner] of pages) if (owner === s) ws.close(SESSION_ENDED, 'session ended');
  };

  const api = consoleApi({
    accounts,
    sessions,
    throttle: new LoginThrottle(),
    changes,
    fleet,
    monitor,
    audit,
    entries,
    log,
    onLogout: closePages,
    onApplied: () => void pushAudit(),
  });

  const server = guardServer(
    createServer((req, res) => {
      // A target that cannot be read (a malformed escape: issue 17), then a Host this server is not (DNS rebinding).
      const target = requestTarget(req.url);
      if (target === null) return send(res, 400, 'bad request\n');
      if (!guard.hostOk(req.headers.host)) return send(res, 421, 'unknown host\n');
      if (target.pathname.startsWith('/api/')) {
        // A browser sends Origin on a POST and a WebSocket, and on a cross-origin GET: it must be this page's own.
        if (!guard.originOk(req.headers.origin, req.headers.host))
          return send(res, 403, 'cross-origin requests are refused\n');
        if (!tokenOk(token, givenToken(req.headers, target.query)))
          return send(res, 401, 'a valid token is required\n');
        api(req, res, target).catch((e: unknown) => {
          log.error({ err: e }, 'console API failed');
          if (!res.headersSent) send(res, 500, 'internal error\n');
        });
        return undefined;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed\n');
      if (target.pathname === '/healthz') return send(res, 200, 'ok\n');
      return site.send(req, res, target.path);
    }),
  );

  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    const target = requestTarget(req.url);
    if (target === null) return refuseUpgrade(socket, 400);
    if (!guard.hostOk(req.headers.host)) return refuseUpgrade(socket, 421);
    if (!guard.originOk(req.headers.origin, req.headers.host)) return refuseUpgrade(socket, 403);
    if (target.pathname !== '/live' || !tokenOk(token, givenToken(req.headers, target.query)))
      return refuseUpgrade(socket, 401);
    currentSession(sessions, accounts, req.headers.cookie).then(
      (s) => {
        if (!s) return refuseUpgrade(socket, 401);
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, s));
        return undefined;
      },
      () => refuseUpgrade(socket, 500),
    );
    return undefined;
  });
  wss.on('connection', (ws: WebSocket, s: Session) => {
    pages.set(ws, s);
    s.pages++;
    ws.on('close', () => {
      if (pages.delete(ws)) s.pages--;
    });
    // A frame ws cannot read is an 'error' event: unheard, it ended the process. ws closes the socket itself.
    ws.on('error', (err) => log.warn({ err: err.message }, 'unreadable WebSocket frame from the page'));
    frame(ws, { type: 'fleet', fleet: monitor.view() });
    void audit.read(AUDIT_PUSHED).then((records) => frame(ws, { type: 'audit', records: entries(records) }));
  });

  // Pages of sessions that ran out (12 h), or whose account was removed or changed, are closed.
  const sweep = setInterval(() => {
    for (const s of new Set(pages.values()))
      void accounts.lookup(s.principal.name).then((now) => {
        if (sessions.live(s) && now?.role === s.principal.role) return;
        sessions.end(s);
        closePages(s);
      });
  }, SWEEP_MS);
  sweep.unref();

  // Bursts (a reconnect replays every retained message) become one push.
  let pending: NodeJS.Timeout | null = null;
  const onChange = () => {
    pending ??= setTimeout(() => {
      pending = null;
      const fleet = monitor.view();
      for (const ws of pages.keys()) frame(ws, { type: 'fleet', fleet });
    }, 50);
  };
  monitor.on('change', onChange);
  const onAppended = () => void pushAudit();
  feed.on('appended', onAppended);

  await listen(server, opts.port, opts.host);
  port = (server.address() as AddressInfo).port;
  const shown = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  const url = `http://${shown}:${port}/${token ? `#token=${encodeURIComponent(token)}` : ''}`;
  log.info({ url: url.replace(/#token=.*/, '#token=…') }, 'console serving');
  return {
    url,
    port,
    async close() {
      clearInterval(sweep);
      fleet.close();
      monitor.off('change', onChange);
      feed.off('appended', onAppended);
      if (pending) clearTimeout(pending);
      for (const ws of pages.keys()) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
