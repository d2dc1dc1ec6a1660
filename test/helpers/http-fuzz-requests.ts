/**
 * The pipelined requests the HTTP fuzz (http-fuzz.ts) sends, drawn from a seeded generator (simulator/prng.ts), so
 * a failing seed sends the same bytes again: requests Node's parser accepts (so every one is answered on a
 * kept-alive connection), with hostile contents: bad percent-escapes, overlong UTF-8, `%00`, dot segments, `//`,
 * long paths, foreign Host and Origin headers, wrong tokens, odd methods, JSON near-misses and random bodies,
 * chunked bodies. The requests sent each on a connection of their own are in http-fuzz-raw.ts.
 */
import type { Rng } from '../../simulator/prng';

/** The server under test, as the generator needs it. */
export interface FuzzTarget {
  readonly port: number;
  /** Host header values that name the server; the first is used most. */
  readonly hosts: readonly string[];
  /** The token its API wants, or null. */
  readonly token: string | null;
  /** Paths it routes (`/`, `/healthz`, `/api/state`, …), mutated to make the rest. */
  readonly paths: readonly string[];
  /** Its WebSocket paths (`/kiosk`). */
  readonly sockets: readonly string[];
  /** Request bodies worth sending it (JSON near-misses). They go to any path: none may change its state. */
  readonly bodies?: readonly string[];
  /** Header lines a signed-in client sends (`Cookie: …`): on every aimed request, and on some of the others. */
  readonly headers?: readonly string[];
}

/** A request on a kept-alive connection; `last` ones make the server close it (Connection: close, HTTP/1.0). */
export interface PipelinedRequest {
  readonly bytes: Buffer;
  readonly method: string;
  readonly last: boolean;
}

/** One of `items`. */
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)] as T;
/** True with probability `p`. */
export const chance = (rng: Rng, p: number): boolean => rng.next() < p;

const SAFE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@";
/** Escapes and pieces that have broken servers: malformed, overlong, NUL, traversal, encoded slashes. */
const NASTY = [
  '%',
  '%%',
  '%E0%A4%A',
  '%E0%A4',
  '%zz',
  '%4',
  '%u0041',
  '%00',
  '%C0%AE',
  '%C0%AF',
  '%E0%80%AE',
  '%ED%A0%80',
  '%F8%88%80%80%80',
  '%FF',
  '%FE%FF',
  '%2e%2e',
  '%2E',
  '..',
  '.',
  '%2f',
  '%2F',
  '%5c',
  '\\',
  '//',
  '%252e',
  '%c3%a9',
  '%e4%b8%ad',
  '%F0%9F%82%A1',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%0d%0a',
  '%20',
  '+',
  ';',
  '@',
  'index.html',
];
const METHODS = ['GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE'];
const ENCODINGS = ['gzip, deflate, br', 'br', 'gzip', 'identity', '*', 'br;q=0', ',,,', 'x'.repeat(300)];
const TYPES = ['application/json', 'application/json; charset=utf-8', 'text/plain', 'multipart/form-data', '', 'x'];

function segment(rng: Rng): string {
  if (chance(rng, 0.35)) return pick(rng, NASTY);
  let s = '';
  for (let n = 1 + rng.int(12); n > 0; n--) s += SAFE[rng.int(SAFE.length)];
  return s;
}

/** A path: a known route as it is, mutated, or built from pieces (sometimes several kilobytes long). */
export function fuzzPath(rng: Rng, target: FuzzTarget): string {
  const base = pick(rng, [...target.paths, ...target.sockets]);
  let path: string;
  const r = rng.next();
  if (r < 0.3) path = base;
  else if (r < 0.55) path = base + (base.endsWith('/') ? '' : '/') + segment(rng);
  else if (r < 0.7) {
    const at = rng.int(base.length + 1);
    path = base.slice(0, at) + pick(rng, NASTY) + base.slice(at);
  } else {
    path = '';
    for (let n = 1 + rng.int(6); n > 0; n--) path += '/' + segment(rng);
  }
  if (chance(rng, 0.01)) path += '/' + 'a%2e'.repeat(250 + rng.int(750)); // long; with X-Big, under the 16 KiB limit
  if (!path.startsWith('/')) path = '/' + path;
  if (chance(rng, 0.3)) path += '?' + query(rng, target);
  if (chance(rng, 0.02)) path += '#' + segment(rng);
  return path;
}

function query(rng: Rng, target: FuzzTarget): string {
  const parts: string[] = [];
  for (let n = 1 + rng.int(3); n > 0; n--) {
    const r = rng.next();
    if (r < 0.3 && target.token) parts.push(`token=${encodeURIComponent(target.token)}`);
    else if (r < 0.5) parts.push(`token=${segment(rng)}`);
    else if (r < 0.65) parts.push(`limit=${pick(rng, ['1', '0', '-1', 'NaN', '1e309', '99999999999', '%'])}`);
    else parts.push(`${segment(rng)}=${segment(rng)}`);
  }
  return parts.join('&');
}

/** A random JSON value, small and nested; never an object with a `changes` key (a change could then apply). */
function json(rng: Rng, depth = 0): unknown {
  const r = rng.next();
  if (depth > 3 || r < 0.3) return pick(rng, [null, true, false, 0, -1, 1e308, 'x', '', '\u0000', '__proto__']);
  if (r < 0.5) return segment(rng);
  if (r < 0.75) return Array.from({ length: rng.int(4) }, () => json(rng, depth + 1));
  const o: Record<string, unknown> = {};
  for (let n = rng.int(4); n > 0; n--)
    o[pick(rng, ['tableId', 'user', 'expect', 'shoeId', '__proto__', 'constructor', segment(rng)])] = json(
      rng,
      depth + 1,
    );
  return o;
}

function body(rng: Rng, target: FuzzTarget): string {
  const r = rng.next();
  if (r < 0.3) return '';
  if (r < 0.55 && target.bodies?.length) {
    const b = pick(rng, target.bodies);
    return chance(rng, 0.2) ? b.slice(0, rng.int(b.length)) : b; // a truncated one is not JSON
  }
  if (r < 0.8) return JSON.stringify(json(rng));
  if (r < 0.995) return segment(rng).repeat(1 + rng.int(50));
  return 'x'.repeat(16 * 1024 + rng.int(4096)); // over the console's limit
}

/** The header lines; `length` null for a chunked body (Content-Length with chunked is refused by the parser). */
function headerLines(rng: Rng, target: FuzzTarget, method: string, length: number | null): string[] {
  const own = target.hosts[0] ?? '';
  const lines: string[] = [];
  const host = chance(rng, 0.75)
    ? own
    : pick(rng, [
        ...target.hosts,
        'evil.example',
        `evil.example:${target.port}`,
        'localhost',
        `LOCALHOST:${target.port}`,
        `127.0.0.1:${target.port + 1}`,
        `[::1]:${target.port}`,
        '127.0.0.1',
        `${own}.`,
        `${own}, evil.example`,
      ]);
  lines.push(`Host: ${host}`);
  if (chance(rng, 0.3)) {
    const origin = pick(rng, [
      `http://${own}`,
      `https://${own}`,
      'http://evil.example',
      'null',
      `http://${host}`,
      segment(rng),
    ]);
    lines.push(`Origin: ${origin}`);
  }
  if (chance(rng, 0.4)) {
    const good = target.token ?? 'no-token-here-000';
    lines.push(
      `Authorization: ${pick(rng, [`Bearer ${good}`, `Bearer ${good}`, `Bearer ${good}x`, 'Bearer ', 'Basic Zm9vOmJhcg=='])}`,
    );
  }
  if (target.headers && chance(rng, 0.4)) lines.push(...target.headers);
  if (chance(rng, 0.3)) lines.push(`Accept-Encoding: ${pick(rng, ENCODINGS)}`);
  if (method === 'POST' || chance(rng, 0.05)) lines.push(`Content-Type: ${pick(rng, TYPES)}`);
  for (let n = chance(rng, 0.2) ? rng.int(8) : 0; n > 0; n--)
    lines.push(`X-${segment(rng).replace(/[^\w-]/g, 'f')}: ${segment(rng)}`);
  if (chance(rng, 0.005)) lines.push(`X-Big: ${'b'.repeat(4_000 + rng.int(4_000))}`); // large, under the limit
  if (chance(rng, 0.02)) lines.push('Expect: 100-continue');
  if (length !== null && (length > 0 || method === 'POST')) lines.push(`Content-Length: ${length}`);
  return lines;
}

/**
 * A request that passes every check but its payload: a known route, its own Host, the token, JSON, one of the
 * target's bodies. A fifth of the pipelined requests, so that the handlers behind the checks see many.
 */
function aimedRequest(
  rng: Rng,
  target: FuzzTarget,
): { method: string; path: string; payload: Buffer; lines: string[] } {
  const path = pick(rng, target.paths);
  const method = target.bodies?.length && path.startsWith('/api/') && chance(rng, 0.6) ? 'POST' : 'GET';
  const payload = Buffer.from(method === 'POST' ? pick(rng, target.bodies ?? ['{}']) : '');
  const lines = [`Host: ${target.hosts[0] ?? ''}`];
  if (target.token) lines.push(`Authorization: Bearer ${target.token}`);
  lines.push(...(target.headers ?? []));
  if (chance(rng, 0.5)) lines.push(`Origin: http://${target.hosts[0] ?? ''}`);
  if (method === 'POST') lines.push('Content-Type: application/json');
  return { method, path, payload, lines };
}

/** A request Node's parser accepts, for a kept-alive connection. */
export function pipelinedRequest(rng: Rng, target: FuzzTarget): PipelinedRequest {
  if (chance(rng, 0.2)) {
    const { method, path, payload, lines } = aimedRequest(rng, target);
    const chunked = payload.length > 0 && chance(rng, 0.1);
    if (!chunked) lines.push(`Content-Length: ${payload.length}`);
    else lines.push('Transfer-Encoding: chunked');
    const head = Buffer.from(`${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`, 'latin1');
    return { bytes: Buffer.concat([head, chunked ? chunkedBody(rng, payload) : payload]), method, last: false };
  }
  const method = pick(rng, METHODS);
  const path = fuzzPath(rng, target);
  const sendsBody = method === 'POST' || method === 'PUT' || method === 'PATCH' || chance(rng, 0.02);
  const payload = Buffer.from(sendsBody ? body(rng, target) : '');
  const chunked = payload.length > 0 && chance(rng, 0.1);
  const lines = headerLines(rng, target, method, chunked ? null : payload.length);
  if (chunked) lines.push('Transfer-Encoding: chunked');
  const ending = rng.next();
  const last = ending < 0.02;
  const version = last && ending < 0.005 ? 'HTTP/1.0' : 'HTTP/1.1';
  if (last && version === 'HTTP/1.1') lines.push('Connection: close');
  const head = Buffer.from(`${method} ${path} ${version}\r\n${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  const rest = chunked ? chunkedBody(rng, payload) : payload;
  return { bytes: Buffer.concat([head, rest]), method, last };
}

/** `payload` in chunks of random sizes, chunked encoding done right. */
function chunkedBody(rng: Rng, payload: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < payload.length;) {
    const n = Math.min(payload.length - at, 1 + rng.int(64));
    parts.push(Buffer.from(`${n.toString(16)}\r\n`), payload.subarray(at, at + n), Buffer.from('\r\n'));
    at += n;
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}
