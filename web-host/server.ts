/**
 * Browser mode: the same renderer served to any browser, with the same kiosk contract pushed over a WebSocket
 * instead of Electron's IPC. For screens that only run a browser, for remote viewing, and where no Electron
 * binary can be installed. Loopback only unless configured otherwise, and then a token is required. The page
 * links the fonts of the view's language as preloads (page.ts); files are kept in memory once read
 * (static-files.ts), and the build's brotli / gzip copies are served to a browser that accepts them.
 *
 * ```ts
 * const host = await startWebHost({ source: bridge, host: '127.0.0.1', port: 8080, token: null, rendererDir, logger });
 * console.log(host.url); // http://127.0.0.1:8080/
 * ```
 * @packageDocumentation
 */
import { timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { Logger } from 'pino';
import type { WebSocket, WebSocketServer } from 'ws';
import { viewLanguage, type PushEvents, type Requests, type SocketFrame, type TableView } from '../contract/kiosk';
import { CONTENT_SECURITY_POLICY } from '../contract/csp';
import type { DisplayCommand } from '../contract/schemas';
import { lazyImport } from '../mqtt-bridge/lazy-import';
import { boardPage, fontPreloads, parseFontPreloads } from './page';
import { stateJson } from './state-json';
import { staticFiles, type StaticFiles } from './static-files';

/** What a host needs from the bridge: the view, and its changes and fleet commands. */
export interface KioskSourceEvents {
  view: (view: TableView) => void;
  command: (command: DisplayCommand) => void;
}
export interface KioskSource {
  view(): TableView;
  on<K extends keyof KioskSourceEvents>(event: K, listener: KioskSourceEvents[K]): unknown;
  off<K extends keyof KioskSourceEvents>(event: K, listener: KioskSourceEvents[K]): unknown;
  readonly counters?: Readonly<object>;
}

export interface WebHostOptions {
  readonly source: KioskSource;
  readonly host: string;
  readonly port: number;
  readonly token: string | null;
  readonly rendererDir: string; // dist/renderer
  readonly logger: Logger;
}

export interface WebHost {
  readonly url: string; // the board's address, with the token in the hash when one is set
  readonly port: number;
  close(): Promise<void>;
}

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
};

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * The build's precompressed copy of a file (`app.js.br`, `fonts.css.gz`) the browser accepts, if there is one:
 * the script and the font faces' stylesheet are a tenth of their size, and the page is ready sooner.
 */
function compressed(
  files: StaticFiles,
  file: string,
  accepted: string | undefined,
): { body: Buffer; encoding: 'br' | 'gzip' } | null {
  const encodings = (accepted ?? '').split(',').map((e) => e.trim().split(';')[0]);
  for (const [encoding, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    const body = encodings.includes(encoding) ? files.read(file + ext) : null;
    if (body) return { body, encoding };
  }
  return null;
}

function tokenOk(expected: string | null, given: string | null): boolean {
  if (expected === null) return true;
  if (given === null) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function givenToken(req: IncomingMessage, url: URL): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  return url.searchParams.get('token');
}

export async function startWebHost(opts: WebHostOptions): Promise<WebHost> {
  const { source, token, logger } = opts;
  const log = logger.child({ component: 'web-host' });
  const root = normalize(opts.rendererDir);
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`the renderer is not built (${join(root, 'index.html')} is missing): run npm run build`);
  }
  const files = staticFiles();
  const preloads = parseFontPreloads(files.read(join(root, 'font-preloads.json'))?.toString('utf8') ?? null);

  const send = (res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8') => {
    res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type, 'cache-control': 'no-store' });
    res.end(body);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed\n');
    if (url.pathname === '/healthz') return send(res, 200, 'ok\n');
    if (url.pathname === '/api/state') {
      if (!tokenOk(token, givenToken(req, url))) return send(res, 401, 'a valid token is required\n');
      return send(res, 200, JSON.stringify(stateJson(source.view(), source.counters ?? {})), MIME['.json']);
    }
    // Static files of the renderer, never outside its folder; the page with the fonts of the view's language.
    const rel = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname).replace(/^\/+/, '');
    if (rel === 'index.html') {
      const html = files.read(join(root, rel));
      if (html === null) return send(res, 404, 'not found\n');
      const page = boardPage(html.toString('utf8'), fontPreloads(preloads, viewLanguage(source.view())));
      res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': MIME['.html'], 'cache-control': 'no-cache' });
      return res.end(req.method === 'HEAD' ? undefined : page);
    }
    const file = normalize(join(root, rel));
    if (!file.startsWith(root + sep)) return send(res, 404, 'not found\n');
    const packed = compressed(files, file, req.headers['accept-encoding']);
    const body = packed?.body ?? files.read(file);
    if (body === null) return send(res, 404, 'not found\n');
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': MIME[extname(file)] ?? 'application/octet-stream',
      'cache-control': extname(file) === '.woff2' ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(packed ? { 'content-encoding': packed.encoding, vary: 'accept-encoding' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return undefined;
  });

  // The WebSocket server (and its library) loads on the first board's connection, after the page is served.
  let wss: Promise<WebSocketServer> | null = null;
  const socketServer = () =>
    (wss ??= lazyImport(() => import('ws')).then(({ WebSocketServer }) => {
      const s = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
      s.on('connection', onConnection);
      return s;
    }));
  const clients = new Set<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/kiosk' || !tokenOk(token, givenToken(req, url))) {
      socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    void socketServer().then((s) => s.handleUpgrade(req, socket, head, (ws) => s.emit('connection', ws)));
  });

  const push = <K extends keyof PushEvents>(ws: WebSocket, channel: K, ...args: Parameters<PushEvents[K]>) => {
    const frame: SocketFrame = { type: 'push', channel, args };
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };

  // Board → host requests, one handler a channel (a Record, so that a new channel is a compile error here).
  const requests: { [K in keyof Requests]: () => ReturnType<Requests[K]> } = { 'table:view': () => source.view() };

  function onConnection(ws: WebSocket): void {
    clients.add(ws);
    log.info({ clients: clients.size }, 'board connected');
    ws.on('close', () => clients.delete(ws));
    ws.on('message', (data) => {
      let frame: SocketFrame;
      try {
        frame = JSON.parse(data.toString()) as SocketFrame;
      } catch {
        return log.warn('unreadable frame from a board');
      }
      if (frame.type !== 'request') return undefined;
      const handler = (requests as Record<string, (() => unknown) | undefined>)[frame.channel];
      const reply: SocketFrame = handler
        ? { type: 'response', id: frame.id, result: handler() }
        : { type: 'response', id: frame.id, error: `unknown channel ${String(frame.channel)}` };
      ws.send(JSON.stringify(reply));
      return undefined;
    });
  }

  const onView = (view: TableView) => {
    for (const ws of clients) push(ws, 'table:view', view);
  };
  const onCommand = (c: DisplayCommand) => {
    for (const ws of clients) {
      if (c.command === 'identify') push(ws, 'kiosk:identify', c.durationSeconds ?? 30);
      if (c.command === 'reload') push(ws, 'kiosk:reload');
    }
  };
  source.on('view', onView);
  source.on('command', onCommand);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  // Load the WebSocket library now, in the background, so that the first board does not wait for it.
  void socketServer();
  const port = (server.address() as AddressInfo).port;
  const shownHost = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  const url = `http://${shownHost}:${port}/${token ? `#token=${encodeURIComponent(token)}` : ''}`;
  log.info({ url: url.replace(/#token=.*/, '#token=…') }, 'browser mode serving');
  return {
    url,
    port,
    async close() {
      source.off('view', onView);
      source.off('command', onCommand);
      for (const ws of clients) ws.terminate();
      const s = await wss;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
