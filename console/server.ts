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
import { timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import pino, { type Logger } from 'pino';
import { type WebSocket, WebSocketServer } from 'ws';
import { CONTENT_SECURITY_POLICY } from '../contract/csp';
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

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);
export const isLoopback = (host: string): boolean => LOOPBACK.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
/** Shortest token accepted, in characters. */
export const MIN_TOKEN_LENGTH = 16;
const MAX_BODY = 16 * 1024;
const AUDIT_PUSHED = 100; // records pushed to the page; GET /api/audit has them all

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};
const HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

function tokenOk(expected: string | null, req: IncomingMessage, url: URL): boolean {
  if (expected === null) return true;
  const auth = req.headers.authorization;
  const given = auth?.startsWith('Bearer ') ? auth.slice(7) : url.searchParams.get('token');
  if (given === null) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

export async function startConsoleServer(opts: ConsoleServerOptions): Promise<ConsoleServer> {
  const { monitor, audit, token } = opts;
  const log = (opts.logger ?? pino({ level: 'silent' })).child({ component: 'console' });
  if (!isLoopback(opts.host) && !token)
    throw new Error(`a token is required to listen on ${opts.host} (not loopback): --token`);
  if (token !== null && token.length < MIN_TOKEN_LENGTH)
    throw new Error(`the token must be ${MIN_TOKEN_LENGTH} characters or more`);
  const root = normalize(opts.uiDir);
  if (!existsSync(join(root, 'index.html')))
    throw new Error(`the console page is not built (${join(root, 'index.html')} is missing): run npm run build`);
  const changes = signChanges({
    monitor,
    audit,
    ...(opts.now && { now: opts.now }),
    ...(opts.confirmMs !== undefined && { confirmMs: opts.confirmMs }),
  });
  let port = 0;

  /** Host names this server answers to: on loopback, only its own (a rebound DNS name is refused). */
  const hostOk = (req: IncomingMessage): boolean => {
    if (!isLoopback(opts.host)) return true;
    const h = req.headers.host ?? '';
    return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `${opts.host}:${port}`].includes(h);
  };
  /** A browser sends Origin on a POST and a WebSocket: it must be this page's own. */
  const originOk = (req: IncomingMessage): boolean => {
    const origin = req.headers.origin;
    return origin === undefined || origin === `http://${req.headers.host ?? ''}`;
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const json = typeof body !== 'string';
    res.writeHead(status, {
      ...HEADERS,
      'content-type': json ? MIME['.json'] : 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(json ? JSON.stringify(body) : body);
  };

  const api = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    if (!tokenOk(token, req, url)) return send(res, 401, 'a valid token is required\n');
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    if (route === 'GET /api/state') return send(res, 200, monitor.view());
    if (route === 'GET /api/audit') {
      const limit = Number(url.searchParams.get('limit') ?? Infinity);
      return send(res, 200, await audit.read(Number.isFinite(limit) && limit > 0 ? limit : Infinity));
    }
    if (route !== 'POST /api/preview' && route !== 'POST /api/apply') return send(res, 404, 'not found\n');
    if (!originOk(req)) return send(res, 403, 'cross-origin requests are refused\n');
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

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!hostOk(req)) return send(res, 421, 'unknown host\n');
    if (url.pathname.startsWith('/api/')) {
      api(req, res, url).catch((e: unknown) => {
        log.error({ err: e }, 'console API failed');
        if (!res.headersSent) send(res, 500, 'internal error\n');
      });
      return undefined;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed\n');
    if (url.pathname === '/healthz') return send(res, 200, 'ok\n');
    const rel = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname).replace(/^\/+/, '');
    const file = normalize(join(root, rel));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile())
      return send(res, 404, 'not found\n');
    res.writeHead(200, {
      ...HEADERS,
      'content-type': MIME[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
    return undefined;
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 });
  const clients = new Set<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/live' || !hostOk(req) || !originOk(req) || !tokenOk(token, req, url)) {
      socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
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
