import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { rawGet } from '../test/helpers/raw-http';
import { requestTarget } from './request-target';
import { staticSite } from './static-site';

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function site() {
  const root = mkdtempSync(join(tmpdir(), 'bb-site-'));
  const dir = join(root, 'dist');
  mkdirSync(join(dir, 'fonts'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html>');
  writeFileSync(join(dir, 'app.js'), 'export {};');
  writeFileSync(join(dir, 'app.js.gz'), gzipSync('export {};'));
  writeFileSync(join(dir, 'fonts', 'a.woff2'), 'wOF2');
  writeFileSync(join(dir, 'data.bin'), 'x');
  writeFileSync(join(root, 'outside.txt'), 'outside');
  const s = staticSite(dir);
  server = createServer((req, res) => {
    const target = requestTarget(req.url);
    if (target) s.send(req, res, target.path);
    else res.writeHead(400).end();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { s, dir, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('staticSite', () => {
  test('serves the folder with types, the security headers and caching by kind', async () => {
    const { base } = await site();
    const index = await fetch(`${base}/`);
    expect([index.status, index.headers.get('content-type'), await index.text()]).toEqual([
      200,
      'text/html; charset=utf-8',
      '<!doctype html>',
    ]);
    expect(index.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const font = await fetch(`${base}/fonts/a.woff2`);
    expect([font.headers.get('content-type'), font.headers.get('cache-control')]).toEqual([
      'font/woff2',
      'public, max-age=31536000, immutable',
    ]);
    expect((await fetch(`${base}/data.bin`)).headers.get('content-type')).toBe('application/octet-stream');
    const js = await fetch(`${base}/app.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect([js.headers.get('content-encoding'), await js.text()]).toEqual(['gzip', 'export {};']);
    const head = await fetch(`${base}/app.js`, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);
  });

  test('nothing outside the folder, and no folder itself', async () => {
    const { base, s, dir } = await site();
    const port = Number(new URL(base).port);
    for (const path of ['/../outside.txt', '/%2e%2e/outside.txt', '/..%2foutside.txt', '/fonts', '/fonts/', '/nope'])
      expect((await rawGet(port, path)).status, path).toBe(404);
    expect(s.file('../outside.txt')).toBeNull();
    expect(s.file('')).toBe(join(dir, 'index.html'));
  });
});
