/**
 * The console's small web server: the page (Lit, built to dist/console), the fleet pushed live over a
 * WebSocket (`/live`), and a JSON API — `GET /api/state`, `GET /api/audit`, `POST /api/preview`,
 * `POST /api/apply`. Loopback only unless a token is set; with a token every API call and the WebSocket need it.
 * The page runs under the board's Content-Security-Policy; requests from other origins (a page on another site
 * posting to 127.0.0.1) and other Host names (DNS rebinding) are refused.
 *
 * ```ts
 * const server = await startConsoleServer({ monitor, audit, host: '127.0.0.1', port: 8088, token: null, uiDir });
 * console.log(server.url); // http://127.0.0.1:8088/
 * ```
 * @packageDocumentation
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import { type WebSocket, WebSocketServer } from 'ws';
import { givenToken, isLoopback, MIN_TOKEN_LENGTH, requestGuard, tokenOk } from '../web-host/http-guard';
import { guardServer, refuseUpgrade, sendJson, sendText } from '../web-host/http-response';
import { requestTarget, type RequestTarget } from '../web-host/request-target';
import { staticSite } from '../web-host/static-site';
import type { AuditLog } from './audit-log';
import { signChanges } from './changes';
import type { FleetMonitor } from './monitor';
import type { ConsoleFrame } from './protocol';

export interface ConsoleServerOptions {
  readonly monitor: FleetMonitor;
  readonly audit: AuditLog;
  readonly host: string;
  readonly port: number;
  readonly token: string | null;
  readonly uiDir: string; // dist/console
  readonly logger?: Logger;
  readonly now?: () => Date;
  readonly confirmMs?: number;
}

export interface ConsoleServer {
  readonly url: string; // with the token in the hash when one is set
  readonly port: number;
  close(): Promise<void>;
}

// The Host, Origin and token checks are the web host's, shared by every server of the project.
export { isLoopback, MIN_TOKEN_LENGTH };
const MAX_BODY = 16 * 1024;
const AUDIT_PUSHED = 100; // records pushed to the page; GET /api/audit has them all

/**
 * The request's JSON body. A body over MAX_BODY is read to its end and dropped, then refused: stopping half way
 * (a thrown error inside `for await`) reset the connection, and the client never saw the answer.
 */
function readBody(req: IncomingMessage): Promise<unknown> {
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

export async function startConsoleServer(opts: ConsoleServerOptions): Promise<ConsoleServer> {
  const { monitor, audit, token } = opts;
  const log = (opts.logger ?? pino({ level: 'silent' })).child({ component: 'console' });
  if (!isLoopback(opts.host) && !token)
    throw new Error(`a token is required to listen on ${opts.host} (not loopback): --token`);
  if (token !== null && token.length < MIN_TOKEN_LENGTH)
    throw new Error(`the token must be ${MIN_TOKEN_LENGTH} characters or more`);
  const site = staticSite(opts.uiDir);
  if (!existsSync(join(site.root, 'index.html')))
    throw new Error(`the console page is not built (${join(site.root, 'index.html')} is missing): run npm run build`);
  const changes = signChanges({
    monitor,
    audit,
    ...(opts.now && { now: opts.now }),
    ...(opts.confirmMs !== undefined && { confirmMs: opts.confirmMs }),
  });
  let port = 0;

  const guard = requestGuard(opts.host, () => port);
  /** JSON for anything but a string. */
  const send = (res: ServerResponse, status: number, body: unknown) =>
    typeof body === 'string' ? sendText(res, status, body) : sendJson(res, status, body);

  const api = async (req: IncomingMessage, res: ServerResponse, target: RequestTarget): Promise<void> => {
    // A browser sends Origin on a POST and a WebSocket, and on a cross-origin GET: it must be this page's own.
    if (!guard.originOk(req.headers.origin, req.headers.host))
      return send(res, 403, 'cross-origin requests are refused\n');
    if (!tokenOk(token, givenToken(req.headers, target.query))) return send(res, 401, 'a valid token is required\n');
    const route = `${req.method ?? 'GET'} ${target.pathname}`;
    if (route === 'GET /api/state') return send(res, 200, monitor.view());
    if (route === 'GET /api/audit') {
      const limit = Number(target.query.get('limit') ?? Infinity);
      return send(res, 200, await audit.read(Number.isFinite(limit) && limit > 0 ? limit : Infinity));
    }
    if (route !== 'POST /api/preview' && route !== 'POST /api/apply') return send(res, 404, 'not found\n');
    if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
      return send(res, 415, 'send JSON (content-type: application/json)\n');
    let body: unknown;
    try {
      body = await readBody(req);
    } catch (e) {
      return send(res, 400, { ok: false, field: 'request', message: (e as Error).message });
    }
    if (route === 'POST /api/preview') return send(res, 200, changes.preview(body));
    const r = await changes.apply(body);
    if (r.ok) {
      log.info({ records: r.records.map((x) => x.summary), user: r.records[0]?.user }, 'signs changed');
      void pushAudit();
    } else log.warn({ field: r.field, message: r.message }, 'change refused');
    return send(res, r.ok ? 200 : r.field === 'revision' ? 409 : r.field === null ? 502 : 400, r);
  };

  const server = guardServer(
    createServer((req, res) => {
      // A target that cannot be read (a malformed escape: issue 17), then a Host this server is not (DNS rebinding).
      const target = requestTarget(req.url);
      if (target === null) return send(res, 400, 'bad request\n');
      if (!guard.hostOk(req.headers.host)) return send(res, 421, 'unknown host\n');
      if (target.pathname.startsWith('/api/')) {
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
  const clients = new Set<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    const target = requestTarget(req.url);
    if (target === null) return refuseUpgrade(socket, 400);
    if (!guard.hostOk(req.headers.host)) return refuseUpgrade(socket, 421);
    if (!guard.originOk(req.headers.origin, req.headers.host)) return refuseUpgrade(socket, 403);
    if (target.pathname !== '/live' || !tokenOk(token, givenToken(req.headers, target.query)))
      return refuseUpgrade(socket, 401);
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
    return undefined;
  });
  const frame = (ws: WebSocket, f: ConsoleFrame) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(f));
  };
  const pushAudit = async () => {
    const records = await audit.read(AUDIT_PUSHED);
    for (const ws of clients) frame(ws, { type: 'audit', records });
  };
  wss.on('connection', (ws) => {
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
    // A frame ws cannot read is an 'error' event: unheard, it ended the process. ws closes the socket itself.
    ws.on('error', (err) => log.warn({ err: err.message }, 'unreadable WebSocket frame from the page'));
    frame(ws, { type: 'fleet', fleet: monitor.view() });
    void audit.read(AUDIT_PUSHED).then((records) => frame(ws, { type: 'audit', records }));
  });

  // Bursts (a reconnect replays every retained message) become one push.
  let pending: NodeJS.Timeout | null = null;
  const onChange = () => {
    pending ??= setTimeout(() => {
      pending = null;
      const fleet = monitor.view();
      for (const ws of clients) frame(ws, { type: 'fleet', fleet });
    }, 50);
  };
  monitor.on('change', onChange);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const shown = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  const url = `http://${shown}:${port}/${token ? `#token=${encodeURIComponent(token)}` : ''}`;
  log.info({ url: url.replace(/#token=.*/, '#token=…') }, 'console serving');
  return {
    url,
    port,
    async close() {
      monitor.off('change', onChange);
      if (pending) clearTimeout(pending);
      for (const ws of clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
