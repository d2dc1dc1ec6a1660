/**
 * The responses every HTTP server of the project sends the same way: the security headers (the board's
 * Content-Security-Policy and friends), the MIME types, plain-text and JSON answers, refused WebSocket upgrades, and
 * the answer to a request Node's parser cannot read. One copy, for `serve`, `console` and any later server.
 *
 * ```ts
 * const server = createServer(handler);
 * guardServer(server); // 400 / 431 / 408 with the security headers for unreadable requests, shorter timeouts
 * sendText(res, 400, 'bad request\n');
 * ```
 * @packageDocumentation
 */
import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { CONTENT_SECURITY_POLICY } from '../contract/csp';

/** Sent with every response: the page may load only its own files, may not be framed, and shares nothing. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** Content types by file extension, for the files the builds write. */
export const MIME: Readonly<Record<string, string>> = {
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

const TEXT = 'text/plain; charset=utf-8';

/** A short answer that is not cached: an error, `ok`, or a JSON body with its type (plus any `extra` headers). */
export function sendText(
  res: ServerResponse,
  status: number,
  body: string,
  type = TEXT,
  extra: Readonly<Record<string, string>> = {},
): void {
  res.writeHead(status, { ...SECURITY_HEADERS, ...extra, 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

/**
 * Whether an `Accept` header asks for JSON: `application/json` named with a quality above 0, and not below
 * `text/plain`'s when that is named too. A wildcard (any type, as curl sends) is not asking for JSON.
 */
export function acceptsJson(accept: string | undefined): boolean {
  const quality = (type: string): number | null => {
    for (const range of (accept ?? '').toLowerCase().split(',')) {
      const [name, ...params] = range.split(';').map((s) => s.trim());
      if (name !== type) continue;
      const q = params.find((p) => p.startsWith('q='));
      const n = q === undefined ? 1 : Number(q.slice(2));
      return Number.isFinite(n) ? n : 0;
    }
    return null;
  };
  const json = quality('application/json');
  return json !== null && json > 0 && json >= (quality('text/plain') ?? 0);
}

/** `value` as JSON, not cached. */
export const sendJson = (res: ServerResponse, status: number, value: unknown): void =>
  sendText(res, status, JSON.stringify(value), MIME['.json']);

/** A raw response on a socket that is no HTTP response's (an upgrade refused, a request the parser refused). */
function endRaw(socket: Duplex, status: number): void {
  const reason = STATUS_CODES[status] ?? 'Error';
  const headers = Object.entries(SECURITY_HEADERS).map(([k, v]) => `${k}: ${v}\r\n`);
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n${headers.join('')}content-type: ${TEXT}\r\n` +
      `content-length: ${reason.length + 1}\r\nconnection: close\r\n\r\n${reason}\n`,
  );
}

/** Refuses a WebSocket upgrade with `status` (400, 401, 403, 404, 421) and closes the socket. */
export function refuseUpgrade(socket: Duplex, status: number): void {
  if (socket.writable) endRaw(socket, status);
  else socket.destroy();
}

/**
 * Node's `clientError`: a request its parser cannot read (a bad request line or header, invalid chunked encoding,
 * headers over `maxHeaderSize`, a timeout). Answered as Node would (431 for headers too large, 408 for a timeout,
 * else 400) but with the security headers, unless a response on that socket has begun; then the socket is closed.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  endRaw(socket, err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400);
}

/** Headers must arrive within this, in ms: a client trickling them (slowloris) holds a socket no longer. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** A whole request must arrive within this, in ms (the largest body any server takes is 16 KiB). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Hardens a new server: unreadable requests answered as above, and the timeouts above. */
export function guardServer(server: Server): Server {
  server.on('clientError', answerClientError);
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  return server;
}
