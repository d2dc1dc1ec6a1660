/**
 * Who may talk to the project's HTTP servers (`serve`, `console`, and any later one): the Host names a server
 * answers to, the origins whose pages may use its API and WebSocket, and the token check.
 *
 * Why both checks (issue 17): any web page open on the same machine can send requests to a server on loopback. A
 * page on another site sends its own `Origin`, so a foreign Origin is refused where it matters (the API and the
 * WebSocket). A DNS-rebinding page is same-origin with itself: it sends `Host: evil.example:8080` and a matching
 * Origin, so on loopback only the server's own names are answered. Clients that are not browsers (curl, monitoring,
 * Electron) send no Origin, and they are let through to the token check.
 *
 * ```ts
 * const guard = requestGuard('127.0.0.1', () => port);
 * if (!guard.hostOk(req.headers.host)) return sendText(res, 421, 'unknown host\n');
 * if (!guard.originOk(req.headers.origin, req.headers.host)) return sendText(res, 403, 'cross-origin requests are refused\n');
 * ```
 * @packageDocumentation
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Shortest token accepted, in characters. */
export const MIN_TOKEN_LENGTH = 16;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);
/** Whether `host` (a listening address or name) is loopback: only this machine can connect. */
export const isLoopback = (host: string): boolean => LOOPBACK.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);

const WILDCARD = new Set(['', '0.0.0.0', '::', '0:0:0:0:0:0:0:0']);
/** Whether `host` listens on every address, so the names clients use for it cannot be known. */
export const isWildcard = (host: string): boolean => WILDCARD.has(host);

/** `host:port`, with an IPv6 address in brackets. */
const hostPort = (host: string, port: number) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * The Host header values a server bound to `bind` on `port` answers to, lower case, or null for any. On loopback:
 * 127.0.0.1, localhost, [::1] and the bound name, with the port (and without it on port 80, as browsers send it). On
 * another address or name: that one only. On a wildcard address (0.0.0.0, ::): any, since the names are not known
 * here; such a server needs a token, which a rebinding page does not have.
 */
export function allowedHosts(bind: string, port: number): ReadonlySet<string> | null {
  if (isWildcard(bind)) return null;
  const names = isLoopback(bind) ? new Set([...LOOPBACK, bind]) : new Set([bind]);
  const out = new Set<string>();
  for (const name of names) {
    out.add(hostPort(name.toLowerCase(), port));
    if (port === 80) out.add(name.includes(':') ? `[${name.toLowerCase()}]` : name.toLowerCase());
  }
  return out;
}

/** The Host and Origin checks of one server. */
export interface RequestGuard {
  /** Whether a request's Host header names this server (a missing one does not). */
  hostOk(host: string | undefined): boolean;
  /**
   * Whether a request's Origin may use the API and the WebSocket: none (not a browser), or this page's own
   * (`http://` or, behind a TLS proxy, `https://` and the request's Host).
   */
  originOk(origin: string | undefined, host: string | undefined): boolean;
}

/** The guard of a server bound to `bind`; `port` is read on each request (it is known once listening). */
export function requestGuard(bind: string, port: () => number): RequestGuard {
  let allowed: { port: number; hosts: ReadonlySet<string> | null } | null = null;
  return {
    hostOk(host) {
      const p = port();
      if (allowed?.port !== p) allowed = { port: p, hosts: allowedHosts(bind, p) };
      if (allowed.hosts === null) return host !== undefined && host !== '';
      return host !== undefined && allowed.hosts.has(host.toLowerCase());
    },
    originOk(origin, host) {
      if (origin === undefined) return true;
      if (host === undefined) return false;
      const o = origin.toLowerCase();
      const h = host.toLowerCase();
      return o === `http://${h}` || o === `https://${h}`;
    },
  };
}

/** The token a request carries: `Authorization: Bearer …`, else `?token=`, else null. */
export function givenToken(headers: IncomingHttpHeaders, query: URLSearchParams): string | null {
  const auth = headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  return query.get('token');
}

/** Whether `given` is the `expected` token (compared in constant time); any passes when none is expected. */
export function tokenOk(expected: string | null, given: string | null): boolean {
  if (expected === null) return true;
  if (given === null) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
