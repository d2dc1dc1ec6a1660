/**
 * The keypad's small web server, for the dealer's tablet: the page (Lit, built to dist/keypad), the keypad's view
 * pushed live over a WebSocket (`/live`), `GET /api/view`, `POST /api/action` and `POST /api/recheck`. It is the
 * web host's: the same Host and Origin checks, token, security headers and 400 for a target that cannot be read
 * (`web-host/`). Loopback only unless a token is set; with a token every API call and the WebSocket need it.
 *
 * ```ts
 * const server = await startKeypadServer({ keypad, host: '127.0.0.1', port: 8090, token: null, uiDir });
 * console.log(server.url); // http://127.0.0.1:8090/
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
import { listen } from '../web-host/listen';
import { requestTarget, type RequestTarget } from '../web-host/request-target';
import { staticSite } from '../web-host/static-site';
import type { Keypad } from './keypad';
import type { KeypadFrame, KeypadView } from './protocol';

export interface KeypadServerOptions {
  readonly keypad: Keypad;
  readonly host: string;
  readonly port: number;
  readonly token: string | null;
  readonly uiDir: string; // dist/keypad
  readonly logger?: Logger;
}

export interface KeypadServer {
  readonly url: string; // with the token in the hash when one is set
  readonly port: number;
  close(): Promise<void>;
}

export { isLoopback, MIN_TOKEN_LENGTH };
const MAX_BODY = 4 * 1024; // the largest request, a correction with its cards and note, is well under 1 KiB

/** The request's JSON body; one over MAX_BODY is read to its end, then refused (so the client sees the answer). */
function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('error', reject);
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

export async function startKeypadServer(opts: KeypadServerOptions): Promise<KeypadServer> {
  const { keypad, token } = opts;
  const log = (opts.logger ?? pino({ level: 'silent' })).child({ component: 'keypad-http' });
  if (!isLoopback(opts.host) && !token)
    throw new Error(`a token is required to listen on ${opts.host} (not loopback): --token`);
  if (token !== null && token.length < MIN_TOKEN_LENGTH)
    throw new Error(`the token must be ${MIN_TOKEN_LENGTH} characters or more`);
  const site = staticSite(opts.uiDir);
  if (!existsSync(join(site.root, 'index.html')))
    throw new Error(`the keypad page is not built (${join(site.root, 'index.html')} is missing): run npm run build`);
  let port = 0;
  const guard = requestGuard(opts.host, () => port);

  const api = async (req: IncomingMessage, res: ServerResponse, target: RequestTarget): Promise<void> => {
    if (!guard.originOk(req.headers.origin, req.headers.host))
      return sendText(res, 403, 'cross-origin requests are refused\n');
    if (!tokenOk(token, givenToken(req.headers, target.query)))
      return sendText(res, 401, 'a valid token is required\n');
    const route = `${req.method ?? 'GET'} ${target.pathname}`;
    if (route === 'GET /api/view') return sendJson(res, 200, keypad.view());
    if (route === 'POST /api/recheck') return sendJson(res, 200, await keypad.recheck());
    if (route !== 'POST /api/action') return sendText(res, 404, 'not found\n');
    if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
      return sendText(res, 415, 'send JSON (content-type: application/json)\n');
    let body: unknown;
    try {
      body = await readBody(req);
    } catch (e) {
      return sendJson(res, 400, { ok: false, error: (e as Error).message });
    }
    const r = await keypad.request(body);
    return sendJson(
      res,
      r.ok ? 200 : r.code === 'refused' ? 409 : r.code === 'supervisor' || r.code === 'locked' ? 403 : 400,
      r,
    );
  };

  const server = guardServer(
    createServer((req, res) => {
      const target = requestTarget(req.url);
      if (target === null) return sendText(res, 400, 'bad request\n');
      if (!guard.hostOk(req.headers.host)) return sendText(res, 421, 'unknown host\n');
      if (target.pathname.startsWith('/api/')) {
        api(req, res, target).catch((e: unknown) => {
          log.error({ err: e }, 'keypad API failed');
          if (!res.headersSent) sendText(res, 500, 'internal error\n');
        });
        return undefined;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'method not allowed\n');
      if (target.pathname === '/healthz') return sendText(res, 200, 'ok\n');
      return site.send(req, res, target.path);
    }),
  );

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
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
  const frame = (ws: WebSocket, view: KeypadView) => {
    const f: KeypadFrame = { type: 'view', view };
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(f));
  };
  wss.on('connection', (ws) => {
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
    ws.on('error', (err) => log.warn({ err: err.message }, 'unreadable WebSocket frame from the page'));
    frame(ws, keypad.view());
  });
  const onView = (view: KeypadView) => {
    for (const ws of clients) frame(ws, view);
  };
  keypad.on('view', onView);

  await listen(server, opts.port, opts.host);
  port = (server.address() as AddressInfo).port;
  const shown = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  const url = `http://${shown}:${port}/${token ? `#token=${encodeURIComponent(token)}` : ''}`;
  log.info({ url: url.replace(/#token=.*/, '#token=…') }, 'keypad serving');
  return {
    url,
    port,
    async close() {
      keypad.off('view', onView);
      for (const ws of clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
