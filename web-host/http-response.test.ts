import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { rawGet, rawRequest } from '../test/helpers/raw-http';
import { acceptsJson, guardServer, MIME, refuseUpgrade, SECURITY_HEADERS, sendJson, sendText } from './http-response';

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function listen(s: Server): Promise<number> {
  server = s;
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
}

describe('shared responses', () => {
  test('every answer carries the security headers; JSON has its type', async () => {
    const port = await listen(
      createServer((req, res) => (req.url === '/json' ? sendJson(res, 200, { a: 1 }) : sendText(res, 404, 'no\n'))),
    );
    const json = await fetch(`http://127.0.0.1:${port}/json`);
    expect(await json.json()).toEqual({ a: 1 });
    expect(json.headers.get('content-type')).toBe(MIME['.json']);
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) expect(json.headers.get(k), k).toBe(v);
    expect(json.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`http://127.0.0.1:${port}/x`)).status).toBe(404);
  });

  test('a request the parser refuses gets 400 (431 for headers too large) with the headers, and the server carries on', async () => {
    const port = await listen(guardServer(createServer((_req, res) => sendText(res, 200, 'ok\n'))));
    const bad = await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n');
    expect(bad.status).toBe(400);
    expect(bad.head).toContain(`content-security-policy: ${SECURITY_HEADERS['content-security-policy']}`);
    const chunked = await rawRequest(
      port,
      'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    );
    expect(chunked.text).toMatch(/^HTTP\/1\.1 (200|400)/); // answered when its head arrived, or refused
    const big = await rawRequest(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    expect(big.head).toContain('x-frame-options: DENY');
    expect((await rawRequest(port, Buffer.from([0, 1, 2, 255, 13, 10, 13, 10]))).status).toBe(400);
    expect((await rawGet(port, '/')).status).toBe(200);
  });

  test('a refused upgrade gets its status and the socket is closed', async () => {
    const s = createServer();
    s.on('upgrade', (_req, socket) => refuseUpgrade(socket, 403));
    const port = await listen(s);
    const r = await rawRequest(
      port,
      'GET /live HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    expect(r.status).toBe(403);
    expect(r.head).toContain('connection: close');
  });
});

describe('acceptsJson', () => {
  test.each([
    [undefined, false],
    ['*/*', false], // curl
    ['text/plain', false],
    ['application/json', true],
    ['Application/JSON; charset=utf-8', true],
    ['text/html, application/json;q=0.9, */*;q=0.8', true],
    ['text/plain;q=0.5, application/json;q=0.9', true],
    ['text/plain, application/json;q=0.9', false],
    ['application/json;q=0', false],
    ['application/json;q=x', false],
  ])('%s: %s', (accept, json) => expect(acceptsJson(accept)).toBe(json));
});
