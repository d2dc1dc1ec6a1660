/**
 * Browser mode: the same renderer served to any browser, with the same kiosk contract pushed over a WebSocket
 * instead of Electron's IPC. For screens that only run a browser, for remote viewing, and where no Electron
 * binary can be installed. Loopback only unless configured otherwise, and then a token is required. The page
 * links the fonts of the view's language as preloads (page.ts); files are kept in memory once read
 * (static-files.ts), and the build's brotli / gzip copies are served to a browser that accepts them. `/healthz`
 * says the process answers; `/readyz` (readiness.ts) whether the board shows its table live, guarded as `/api/state`.
 *
 * ```ts
 * const host = await startWebHost({ source: bridge, host: '127.0.0.1', port: 8080, token: null, rendererDir, logger });
 * console.log(host.url); // http://127.0.0.1:8080/
 * ```
 * @packageDocumentation
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { WebSocket, WebSocketServer } from 'ws';
import {
  viewLanguage,
  type AboutInfo,
  type FitReport,
  type PushEvents,
  type Requests,
  type ScreenReport,
  type SocketFrame,
  type StaffWarning,
  type TableView,
} from '../contract/kiosk';
import { combineFitReports, parseFitReport } from '../contract/fit-report';
import type { DisplayCommand } from '../contract/schemas';
import { lazyImport } from '../mqtt-bridge/lazy-import';
import { givenToken, isLoopback, isWildcard, requestGuard, tokenOk } from './http-guard';
import { acceptsJson, guardServer, MIME, refuseUpgrade, SECURITY_HEADERS, sendJson, sendText } from './http-response';
import { listen } from './listen';
import { boardPage, fontPreloads, parseFontPreloads } from './page';
import { readiness, readinessText } from './readiness';
import { requestTarget } from './request-target';
import { stateJson } from './state-json';
import { staticSite } from './static-site';

/** What a host needs from the bridge: the view, and its changes and fleet commands; it takes the board's fit. */
export interface KioskSourceEvents {
  view: (view: TableView) => void;
  command: (command: DisplayCommand) => void;
}
export interface KioskSource {
  view(): TableView;
  on<K extends keyof KioskSourceEvents>(event: K, listener: KioskSourceEvents[K]): unknown;
  off<K extends keyof KioskSourceEvents>(event: K, listener: KioskSourceEvents[K]): unknown;
  readonly counters?: Readonly<object>;
  /** The board's fit (`kiosk:fit`), once checked: staff warnings in its status. */
  boardFit?(report: FitReport): void;
  /** The staff warnings of the board's status (the view's and its fit's), for `/api/state`: else the view's. */
  statusWarnings?(): readonly StaffWarning[];
  /** How many pages show the board now: none for a while is the staff warning `no-screen`. */
  screens?(pages: number): void;
}

export interface WebHostOptions {
  readonly source: KioskSource;
  readonly host: string;
  readonly port: number;
  readonly token: string | null;
  readonly rendererDir: string; // dist/renderer
  readonly logger: Logger;
  /** What the about overlay shows (the `about` command, the `i` key); without it the board is told there is none. */
  readonly about?: () => AboutInfo;
}

export interface WebHost {
  readonly url: string; // the board's address, with the token in the hash when one is set
  readonly port: number;
  /** The board's address from this machine (loopback when listening on every address), with the token. */
  readonly localUrl: string;
  /** The size the last board that said so is drawn at (`kiosk:screen`), or null before any did. */
  screen(): ScreenReport | null;
  close(): Promise<void>;
}

/** A board's `kiosk:screen` report, if it is one: sizes in CSS px up to 16384, a ratio from 0.25 to 8. */
const screenReport = (r: unknown): ScreenReport | null => {
  const { width, height, scale } = (typeof r === 'object' && r !== null ? r : {}) as Record<string, unknown>;
  const within = (n: unknown, lo: number, hi: number): n is number => typeof n === 'number' && n >= lo && n <= hi;
  return within(width, 1, 16384) && within(height, 1, 16384) && within(scale, 0.25, 8)
    ? { width: Math.round(width), height: Math.round(height), scale }
    : null;
};

const isRequestFrame = (f: unknown): f is Extract<SocketFrame, { type: 'request' }> =>
  typeof f === 'object' && f !== null && (f as { type?: unknown }).type === 'request';

export async function startWebHost(opts: WebHostOptions): Promise<WebHost> {
  const { source, token, logger } = opts;
  const log = logger.child({ component: 'web-host' });
  if (!isLoopback(opts.host) && !token) throw new Error(`a token is required to listen on ${opts.host} (not loopback)`);
  const site = staticSite(opts.rendererDir);
  if (!existsSync(join(site.root, 'index.html'))) {
    throw new Error(`the renderer is not built (${join(site.root, 'index.html')} is missing): run npm run build`);
  }
  const preloads = parseFontPreloads(site.files.read(join(site.root, 'font-preloads.json'))?.toString('utf8') ?? null);
  let port = 0;
  const guard = requestGuard(opts.host, () => port);

  const server = guardServer(
    createServer((req, res) => {
      // A target that cannot be read (a malformed escape: issue 17), then a Host this server is not (DNS rebinding).
      const target = requestTarget(req.url);
      if (target === null) return sendText(res, 400, 'bad request\n');
      if (!guard.hostOk(req.headers.host)) return sendText(res, 421, 'unknown host\n');
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'method not allowed\n');
      if (target.pathname === '/healthz') return sendText(res, 200, 'ok\n');
      if (target.pathname === '/api/state' || target.pathname === '/readyz') {
        // The same Origin and token checks for both: readiness says what the board shows of its table.
        if (!guard.originOk(req.headers.origin, req.headers.host))
          return sendText(res, 403, 'cross-origin requests are refused\n');
        if (!tokenOk(token, givenToken(req.headers, target.query)))
          return sendText(res, 401, 'a valid token is required\n');
        if (target.pathname === '/api/state')
          return sendJson(res, 200, stateJson(source.view(), source.counters ?? {}, source.statusWarnings?.()));
        // Before a first connection: the configured brokers. No page open is not "not ready" (readiness.ts says why).
        const ready = readiness(source.view(), opts.about?.().brokers, clients.size);
        const status = ready.ready ? 200 : 503;
        const vary = { vary: 'Accept' };
        return acceptsJson(req.headers.accept)
          ? sendText(res, status, JSON.stringify(ready), MIME['.json'], vary)
          : sendText(res, status, readinessText(ready), undefined, vary);
      }
      // The page with the fonts of the view's language; the renderer's other files as they are.
      if (target.path !== '' && target.path !== 'index.html') return site.send(req, res, target.path);
      const html = site.files.read(join(site.root, 'index.html'));
      if (html === null) return sendText(res, 404, 'not found\n');
      const page = boardPage(html.toString('utf8'), fontPreloads(preloads, viewLanguage(source.view())));
      res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': MIME['.html'], 'cache-control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : page);
      return undefined;
    }),
  );

  // The WebSocket server (and its library) loads on the first board's connection, after the page is served.
  let wss: Promise<WebSocketServer> | null = null;
  const socketServer = () =>
    (wss ??= lazyImport(() => import('ws')).then(({ WebSocketServer }) => {
      const s = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
      s.on('connection', onConnection);
      return s;
    }));
  const clients = new Set<WebSocket>();
  let closing = false;
  server.on('upgrade', (req, socket, head) => {
    // A page on another site, or a rebound name, gets no view: a browser always sends its page's Origin here.
    const target = requestTarget(req.url);
    if (target === null) return refuseUpgrade(socket, 400);
    if (!guard.hostOk(req.headers.host)) return refuseUpgrade(socket, 421);
    if (!guard.originOk(req.headers.origin, req.headers.host)) return refuseUpgrade(socket, 403);
    if (target.pathname !== '/kiosk' || !tokenOk(token, givenToken(req.headers, target.query)))
      return refuseUpgrade(socket, 401);
    void socketServer().then((s) => s.handleUpgrade(req, socket, head, (ws) => s.emit('connection', ws)));
    return undefined;
  });

  const push = <K extends keyof PushEvents>(ws: WebSocket, channel: K, ...args: Parameters<PushEvents[K]>) => {
    const frame: SocketFrame = { type: 'push', channel, args };
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };

  // Each page's fit (a board may be open in several windows, each its own size): the bridge is told the worst of them
  // (combineFitReports), again when a page that reported goes, so that the last page to report does not hide a cut.
  const fits = new Map<WebSocket, FitReport>();
  const tellFit = () => {
    const fit = combineFitReports(fits.values());
    if (fit) source.boardFit?.(fit);
  };

  // Board → host requests, one handler a channel (a Record, so that a new channel is a compile error here), given the
  // page's socket.
  let screen: ScreenReport | null = null;
  const requests: { [K in keyof Requests]: (ws: WebSocket, ...args: unknown[]) => ReturnType<Requests[K]> } = {
    'table:view': () => source.view(),
    'kiosk:about': () => {
      if (!opts.about) throw new Error('this host has no about information');
      return opts.about();
    },
    'kiosk:screen': (_ws, report) => {
      screen = screenReport(report) ?? screen;
      return null;
    },
    // Checked here, before the bridge sees it: anything else is refused (an error response), logged, and changes nothing.
    'kiosk:fit': (ws, report) => {
      const fit = parseFitReport(report);
      if (!fit.ok) {
        log.warn({ reason: fit.error }, 'kiosk:fit refused');
        throw new Error(`kiosk:fit refused: ${fit.error}`);
      }
      fits.set(ws, fit.value);
      tellFit();
      return null;
    },
  };

  function onConnection(ws: WebSocket): void {
    clients.add(ws);
    source.screens?.(clients.size);
    log.info({ clients: clients.size }, 'board connected');
    ws.on('close', () => {
      clients.delete(ws);
      if (!closing) source.screens?.(clients.size); // closing: the board stops, nobody left to tell
      if (fits.delete(ws)) tellFit(); // the pages still open say what patrons see now (none left: as last told)
      // Said, so that IT reading the log learns when the screen's browser went away; the last one is a warning: the
      // board still follows its table and answers /readyz, but no page shows it (the bridge warns staff after a grace
      // period, `no-screen`, and answers the commands done on the screen not done).
      if (clients.size > 0) log.info({ clients: clients.size }, 'board disconnected');
      else log.warn({ clients: 0 }, 'board disconnected: no browser shows this board now');
    });
    // A frame ws cannot read (bad opcode, RSV bits, over maxPayload) is an 'error' event: unheard, it ended the
    // process. ws closes the socket itself.
    ws.on('error', (err) => log.warn({ err: err.message }, 'unreadable WebSocket frame from a board'));
    ws.on('message', (data) => {
      let frame: unknown;
      try {
        frame = JSON.parse(data.toString());
      } catch {
        return log.warn('unreadable frame from a board');
      }
      // `null` or `1` parse too: reading `.type` of null threw in the socket's listener and ended the process.
      if (!isRequestFrame(frame)) return undefined;
      // An own channel only: `hasOwnProperty` or `__proto__` would be found on the object's prototype.
      const handler = Object.hasOwn(requests, frame.channel)
        ? (requests as Record<string, (ws: WebSocket, ...args: unknown[]) => unknown>)[frame.channel]
        : undefined;
      let reply: SocketFrame;
      try {
        reply = handler
          ? { type: 'response', id: frame.id, result: handler(ws, ...(Array.isArray(frame.args) ? frame.args : [])) }
          : { type: 'response', id: frame.id, error: `unknown channel ${String(frame.channel)}` };
      } catch (e) {
        reply = { type: 'response', id: frame.id, error: e instanceof Error ? e.message : String(e) };
      }
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
      if (c.command === 'about') push(ws, 'kiosk:about', c.durationSeconds ?? 60);
    }
  };
  source.on('view', onView);
  source.on('command', onCommand);
  source.screens?.(0); // none yet: the grace period for a browser to open the board starts now

  await listen(server, opts.port, opts.host);
  // Load the WebSocket library now, in the background, so that the first board does not wait for it.
  void socketServer();
  port = (server.address() as AddressInfo).port;
  const shownHost = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  const hash = token ? `#token=${encodeURIComponent(token)}` : '';
  const url = `http://${shownHost}:${port}/${hash}`;
  const localUrl = isWildcard(opts.host) ? `http://127.0.0.1:${port}/${hash}` : url;
  return {
    url,
    port,
    localUrl,
    screen: () => screen,
    async close() {
      closing = true;
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
