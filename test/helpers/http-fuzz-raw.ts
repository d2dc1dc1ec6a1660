/**
 * The raw requests the HTTP fuzz (http-fuzz.ts) sends, each on a connection of its own: garbage bytes, broken
 * request lines and headers, invalid chunked encoding, huge headers, raw non-ASCII and NUL bytes, WebSocket upgrades
 * (then garbage frames), partial and slow requests. Seeded, like the pipelined ones (http-fuzz-requests.ts).
 */
import type { Rng } from '../../simulator/prng';
import { chance, fuzzPath, pick, pipelinedRequest, type FuzzTarget } from './http-fuzz-requests';

/** A request on a connection of its own, sent in pieces with pauses, then ended (FIN) or reset. */
export interface RawRequest {
  readonly kind: string;
  readonly chunks: readonly Buffer[];
  readonly pauseMs: number; // between chunks
  readonly close: 'end' | 'destroy';
  readonly websocket: boolean; // a WebSocket upgrade: garbage frames follow a 101
}

const bytes = (rng: Rng, n: number): Buffer => Buffer.from(Array.from({ length: n }, () => rng.int(256)));

/** The raw requests: each a way to be unreadable, or to stop half way. */
const RAW: readonly [string, (rng: Rng, t: FuzzTarget, h: string) => string | Buffer][] = [
  ['garbage', (rng) => bytes(rng, 1 + rng.int(2000))],
  [
    'request line',
    (rng) =>
      pick(rng, [
        'GET',
        'GET /',
        'GET / HTTP/9.9',
        'GET  / HTTP/1.1',
        'get / HTTP/1.1',
        'FOO / HTTP/1.1',
        'G\0T / HTTP/1.1',
        'GET / HTTP/1.1 x',
        'GET /\r',
        '\r\n\r\n\r\n',
      ]) + '\r\n\r\n',
  ],
  ['HTTP/0.9', () => 'GET /\r\n'],
  ['CONNECT', (_rng, _t, h) => `CONNECT ${h} HTTP/1.1\r\nHost: ${h}\r\n\r\n`],
  ['OPTIONS *', (_rng, _t, h) => `OPTIONS * HTTP/1.1\r\nHost: ${h}\r\n\r\n`],
  [
    'absolute form',
    (rng, _t, h) =>
      `GET ${pick(rng, ['http://evil.example/', `http://${h}/api/state`, 'http://[/', 'http://a:b@c/'])} HTTP/1.1\r\nHost: ${h}\r\n\r\n`,
  ],
  ['no Host', (rng, t) => `GET ${fuzzPath(rng, t)} HTTP/1.1\r\n\r\n`],
  ['HTTP/1.0 without Host', (rng, t) => `GET ${fuzzPath(rng, t)} HTTP/1.0\r\n\r\n`],
  [
    'raw bytes in the path',
    (rng, _t, h) =>
      Buffer.concat([
        Buffer.from('GET /'),
        bytes(rng, 1 + rng.int(20)),
        Buffer.from(` HTTP/1.1\r\nHost: ${h}\r\n\r\n`),
      ]),
  ],
  [
    'raw overlong UTF-8',
    (_rng, _t, h) =>
      Buffer.concat([
        Buffer.from('GET /'),
        Buffer.from([0xc0, 0xae, 0xc0, 0xae, 0x2f]),
        Buffer.from(`x HTTP/1.1\r\nHost: ${h}\r\n\r\n`),
      ]),
  ],
  ['NUL in a header', (_rng, _t, h) => `GET / HTTP/1.1\r\nHost: ${h}\r\nX-A: a\0b\r\n\r\n`],
  ['header without colon', (_rng, _t, h) => `GET / HTTP/1.1\r\nHost: ${h}\r\nnocolon\r\n\r\n`],
  ['space before colon', (_rng, _t, h) => `GET / HTTP/1.1\r\nHost : ${h}\r\n\r\n`],
  ['folded header', (_rng, _t, h) => `GET / HTTP/1.1\r\nHost: ${h}\r\nX-A: a\r\n b\r\n\r\n`],
  ['bare LF', (_rng, _t, h) => `GET / HTTP/1.1\nHost: ${h}\n\n`],
  [
    'huge header',
    (rng, _t, h) => `GET / HTTP/1.1\r\nHost: ${h}\r\nX-Big: ${'h'.repeat(17_000 + rng.int(50_000))}\r\n\r\n`,
  ],
  [
    'many headers',
    (rng, _t, h) =>
      `GET / HTTP/1.1\r\nHost: ${h}\r\n${Array.from({ length: 2000 + rng.int(2000) }, (_, i) => `X-${i}: v`).join('\r\n')}\r\n\r\n`,
  ],
  ['huge URL', (rng, _t, h) => `GET /${'u'.repeat(17_000 + rng.int(50_000))} HTTP/1.1\r\nHost: ${h}\r\n\r\n`],
  [
    'bad content-length',
    (rng, _t, h) =>
      `POST /api/preview HTTP/1.1\r\nHost: ${h}\r\nContent-Type: application/json\r\nContent-Length: ${pick(rng, ['-1', 'abc', '1, 2', '99999999999999999999', '0x10'])}\r\n\r\n{}`,
  ],
  [
    'two content-lengths',
    (_rng, _t, h) => `POST /api/apply HTTP/1.1\r\nHost: ${h}\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}`,
  ],
  [
    'CL and TE',
    (_rng, _t, h) =>
      `POST /api/apply HTTP/1.1\r\nHost: ${h}\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
  ],
  [
    'invalid chunked',
    (rng, _t, h) =>
      `POST /api/preview HTTP/1.1\r\nHost: ${h}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${pick(rng, ['zz\r\n{}\r\n0\r\n\r\n', '2\r\n{}0\r\n\r\n', 'ffffffffffffffffff\r\n{}', '-2\r\n{}\r\n', '2;\0\r\n{}\r\n0\r\n\r\n', '1\r\n{\r\n'])}`,
  ],
  [
    'unknown transfer-encoding',
    (_rng, _t, h) => `POST /api/preview HTTP/1.1\r\nHost: ${h}\r\nTransfer-Encoding: gzip, chunked, x\r\n\r\n0\r\n\r\n`,
  ],
  ['partial headers', (rng, t, h) => `GET ${fuzzPath(rng, t)} HTTP/1.1\r\nHost: ${h}\r\nX-Cut: `],
  [
    'partial body',
    (rng, t, h) =>
      `POST /api/preview HTTP/1.1\r\nHost: ${h}\r\nContent-Type: application/json\r\n${t.token ? `Authorization: Bearer ${t.token}\r\n` : ''}Content-Length: ${100 + rng.int(1000)}\r\n\r\n{"tableId":`,
  ],
  [
    'mutated request',
    (rng, t) => {
      const b = Buffer.from(pipelinedRequest(rng, t).bytes);
      for (let n = 1 + rng.int(8); n > 0; n--) b[rng.int(b.length)] = rng.int(256);
      return b;
    },
  ],
];

function upgrade(rng: Rng, t: FuzzTarget, h: string): string {
  const path = chance(rng, 0.6) ? (pick(rng, t.sockets) ?? '/') : fuzzPath(rng, t);
  const q = t.token && chance(rng, 0.6) ? `${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(t.token)}` : '';
  const lines = [
    `GET ${path}${q} HTTP/1.1`,
    `Host: ${chance(rng, 0.8) ? h : 'evil.example'}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
  ];
  if (chance(rng, 0.85)) lines.push(`Sec-WebSocket-Key: ${pick(rng, ['dGhlIHNhbXBsZSBub25jZQ==', 'bad', ''])}`);
  if (chance(rng, 0.85)) lines.push(`Sec-WebSocket-Version: ${pick(rng, ['13', '13', '8', 'x'])}`);
  if (chance(rng, 0.4)) lines.push(`Origin: ${pick(rng, [`http://${h}`, 'http://evil.example', 'null'])}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** A request on a connection of its own. */
export function rawRequest(rng: Rng, target: FuzzTarget): RawRequest {
  const h = target.hosts[0] ?? '';
  const websocket = chance(rng, 0.15);
  const [kind, make] = websocket ? (['websocket', upgrade] as const) : pick(rng, RAW);
  const data = Buffer.from(make(rng, target, h));
  const slow = chance(rng, 0.03); // a few bytes at a time (slowloris), a short pause between
  const pieces = slow ? 2 + rng.int(8) : 1;
  const chunks: Buffer[] = [];
  for (let i = 0; i < pieces; i++)
    chunks.push(data.subarray(Math.floor((i * data.length) / pieces), Math.floor(((i + 1) * data.length) / pieces)));
  return {
    kind: slow ? `slow ${kind}` : kind,
    chunks,
    pauseMs: slow ? 1 + rng.int(20) : 0,
    close: chance(rng, 0.2) ? 'destroy' : 'end',
    websocket,
  };
}
