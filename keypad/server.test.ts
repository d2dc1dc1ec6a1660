/**
 * The keypad's web server: the web host's checks (Host, Origin, token, unreadable targets, security headers), the
 * API, and the live view; with a stand-in keypad, so that only the server is under test.
 */
import { EventEmitter } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { cleanupList, tempDir } from '../test/helpers/lifecycle';
import { rawGet, rawRequest } from '../test/helpers/raw-http';
import type { Keypad } from './keypad';
import type { KeypadFrame, KeypadView } from './protocol';
import { startKeypadServer } from './server';

const cleanups = cleanupList();
const TOKEN = 'a-token-of-twenty-chars';

function standIn() {
  const requests: unknown[] = [];
  const kp = Object.assign(new EventEmitter(), {
    view: () => ({ v: 1, revision: requests.length, tableId: 'T1' }) as unknown as KeypadView,
    request: async (body: unknown) => (requests.push(body), { ok: true, view: kp.view() }),
    recheck: async () => kp.view(),
  });
  return { kp: kp as unknown as Keypad & EventEmitter, requests };
}

async function serve(token: string | null, host = '127.0.0.1') {
  const uiDir = tempDir('bb-kpui-');
  writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>keypad</title>');
  const { kp, requests } = standIn();
  const server = await startKeypadServer({ keypad: kp, host, port: 0, token, uiDir });
  cleanups.push(() => server.close());
  return { server, kp, requests, base: `http://127.0.0.1:${server.port}` };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('the keypad server', () => {
  test('serves the page with the security headers, and the API', async () => {
    const { base, requests } = await serve(null);
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await (await fetch(`${base}/api/view`)).json()).toMatchObject({ v: 1, tableId: 'T1' });
    const r = await post(`${base}/api/action`, { action: { type: 'open-table' } });
    expect(r.status).toBe(200);
    expect(requests).toEqual([{ action: { type: 'open-table' } }]);
    expect((await fetch(`${base}/api/nothing`)).status).toBe(404);
    expect((await fetch(`${base}/api/action`, { method: 'POST', body: '{}' })).status).toBe(415);
    expect((await post(`${base}/api/action`, 'x'.repeat(5000))).status).toBe(400);
  });

  test('refuses an unreadable target (400), a foreign Host (421), a foreign Origin (403)', async () => {
    const { server, base } = await serve(null);
    expect((await rawGet(server.port, '/%E0%A4%A')).status).toBe(400);
    expect((await rawGet(server.port, '/api/view', { host: 'evil.example' })).status).toBe(421);
    expect((await post(`${base}/api/action`, {}, { origin: 'http://evil.example' })).status).toBe(403);
    const raw = await rawRequest(server.port, `GET /api/view HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
    expect(raw.status).toBe(200);
  });

  test('with a token: the API and the WebSocket need it; the page address carries it', async () => {
    const { server, base } = await serve(TOKEN, '0.0.0.0');
    expect(server.url).toContain(`#token=${TOKEN}`);
    expect((await fetch(`${base}/api/view`)).status).toBe(401);
    expect((await fetch(`${base}/api/view`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    const refused = new WebSocket(`ws://127.0.0.1:${server.port}/live`);
    await expect(new Promise((_, reject) => refused.on('error', reject))).rejects.toThrow(/401/);
  });

  test('refuses to serve beyond loopback without a token', async () => {
    await expect(serve(null, '0.0.0.0')).rejects.toThrow(/token is required/);
  });

  test('pushes the view on the WebSocket at once and after every change', async () => {
    const { server, kp } = await serve(null);
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/live`);
    cleanups.push(() => ws.close());
    const frames: KeypadFrame[] = [];
    ws.on('message', (d) => frames.push(JSON.parse(String(d)) as KeypadFrame));
    await new Promise((r) => ws.once('open', r));
    await new Promise((r) => setTimeout(r, 100));
    kp.emit('view', { v: 1, revision: 7 });
    await new Promise((r) => setTimeout(r, 100));
    expect(frames.map((f) => f.view.revision)).toEqual([0, 7]);
  });
});
