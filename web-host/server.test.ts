import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import type { SocketFrame, TableView } from '../contract/kiosk';
import { makeHandMessage, makeTableEvent, makeDisplayCommand } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { Bridge } from '../mqtt-bridge/bridge';
import { defaultConfig } from '../mqtt-bridge/config';
import { memoryLogger } from '../mqtt-bridge/log';
import { CARDS, coup, event, handMessage } from '../test/helpers/table-messages';
import { rawGet as getAsIs, rawRequest } from '../test/helpers/raw-http';
import { startWebHost, type WebHost } from './server';
import { cleanupList, until } from '../test/helpers/lifecycle';

const T = topics('baccarat');
const cleanups = cleanupList();

async function setup(token: string | null = null, dir?: string) {
  const rendererDir = dir ?? mkdtempSync(join(tmpdir(), 'bb-renderer-'));
  if (!dir) {
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>board</title>');
    writeFileSync(join(rendererDir, 'app.js'), 'export {};');
    mkdirSync(join(rendererDir, 'fonts'));
    writeFileSync(join(rendererDir, 'secret.txt'), 'inside');
    writeFileSync(join(rendererDir, '..', 'outside.txt'), 'outside');
  }
  const c = defaultConfig();
  const { logger, records } = memoryLogger();
  const bridge = new Bridge(
    { ...c, tableId: 'T1', displayId: 'D1', journal: { dir: mkdtempSync(join(tmpdir(), 'bb-j-')), syncIntervalMs: 0 } },
    { logger },
  );
  await bridge.start();
  cleanups.push(() => bridge.stop());
  const host = await startWebHost({ source: bridge, host: '127.0.0.1', port: 0, token, rendererDir, logger });
  cleanups.push(() => host.close());
  return { bridge, host, rendererDir, base: `http://127.0.0.1:${host.port}`, records };
}

/** A GET that decodes nothing itself (fetch would), with the content-encoding it came in. */
function rawGet(url: string, acceptEncoding: string): Promise<{ encoding: string | null; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'] ?? null;
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ encoding, body: body.toString() });
      });
    }).on('error', reject);
  });
}

function socket(host: WebHost, token: string | null = null, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/kiosk${token ? `?token=${token}` : ''}`, { headers });
  const frames: SocketFrame[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(d.toString()) as SocketFrame));
  cleanups.push(async () => ws.close());
  return {
    ws,
    frames,
    open: new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject))),
  };
}

describe('browser-mode web host', () => {
  test('logs each page that leaves as it logs each that comes, and warns when none is left (only the first was said)', async () => {
    const { host, records } = await setup();
    const a = socket(host);
    const b = socket(host);
    await Promise.all([a.open, b.open]);
    const said = (msg: string) => records.filter((r) => r.msg === msg);
    await until(() => expect(said('board connected')).toHaveLength(2));
    a.ws.close();
    await until(() => expect(said('board disconnected')).toEqual([expect.objectContaining({ level: 30, clients: 1 })]));
    b.ws.close();
    await until(() =>
      expect(said('board disconnected: no browser shows this board now')).toEqual([
        expect.objectContaining({ level: 40, clients: 0 }),
      ]),
    );
  });

  test('serves the renderer with a strict CSP, and nothing outside its folder', async () => {
    const { base } = await setup();
    const index = await fetch(`${base}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('text/html');
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(index.headers.get('content-security-policy')).not.toContain('unsafe');
    expect((await fetch(`${base}/app.js`)).headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${base}/../outside.txt`)).status).toBe(404);
    expect((await fetch(`${base}/%2e%2e/outside.txt`)).status).toBe(404);
    expect((await fetch(`${base}/nope.js`)).status).toBe(404);
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
  });

  test("links the fonts of the view's language from the page, and serves the build's compressed copies to a browser that takes them", async () => {
    const { base, rendererDir } = await setup();
    writeFileSync(
      join(rendererDir, 'index.html'),
      '<!doctype html><html><head><script src="app.js" defer></script></head><body></body></html>',
    );
    writeFileSync(
      join(rendererDir, 'font-preloads.json'),
      JSON.stringify({ en: ['fonts/l.woff2'], 'zh-Hans': ['fonts/l.woff2', 'fonts/sc.woff2'], 'zh-Hant': [] }),
    );
    writeFileSync(join(rendererDir, 'app.js.br'), brotliCompressSync('export {};'));
    writeFileSync(join(rendererDir, 'app.js.gz'), gzipSync('export {};'));
    const { host } = await setup(null, rendererDir); // the preloads are read when the host starts
    const page = await (await fetch(`http://127.0.0.1:${host.port}/`)).text();
    expect([...page.matchAll(/rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1])).toEqual([
      'fonts/l.woff2',
      'fonts/sc.woff2',
    ]); // no signs yet: the default language, English and Simplified Chinese
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const r = await rawGet(`${base}/app.js`, accept);
      expect([r.encoding, r.body]).toEqual([encoding, 'export {};']);
    }
  });

  test('pushes every new view over the WebSocket and answers table:view requests', async () => {
    const { bridge, host } = await setup();
    const s = socket(host);
    await s.open;
    s.ws.send(JSON.stringify({ type: 'request', id: 7, channel: 'table:view', args: [] } satisfies SocketFrame));
    await until(() =>
      expect(s.frames.find((f) => f.type === 'response')).toMatchObject({ id: 7, result: { tableId: 'T1' } }),
    );
    bridge.onMessage(T.tableEvent('T1'), Buffer.from(makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 }))));
    bridge.onMessage(T.tableHand('T1'), Buffer.from(makeHandMessage(handMessage('S1', 1, coup(CARDS.player)))));
    await until(() => {
      const views = s.frames.filter((f) => f.type === 'push' && f.channel === 'table:view');
      const last = views.at(-1) as { args: [TableView] } | undefined;
      expect(last?.args[0].shoe?.rounds).toHaveLength(1);
    });
    bridge.onMessage(
      T.displayCommand('D1'),
      Buffer.from(
        makeDisplayCommand({
          v: 1,
          command: 'identify',
          requestId: 'r1',
          durationSeconds: 5,
          timestamp: new Date().toISOString(),
        }),
      ),
    );
    await until(() => expect(s.frames.some((f) => f.type === 'push' && f.channel === 'kiosk:identify')).toBe(true));
  });

  test("a board's kiosk:fit reaches the bridge's status as a staff warning (the bridge is the host's source)", async () => {
    const { bridge, host, base } = await setup();
    const s = socket(host);
    await s.open;
    const fit = { messageCut: true, messageLines: 2, streaksHidden: false };
    s.ws.send(JSON.stringify({ type: 'request', id: 3, channel: 'kiosk:fit', args: [fit] } satisfies SocketFrame));
    await until(() =>
      expect(s.frames.find((f) => f.type === 'response')).toEqual({ type: 'response', id: 3, result: null }),
    );
    const status = bridge.displayStatus();
    expect(status.state === 'online' && status.warnings).toMatchObject([
      { code: 'pit-message-cut', detail: expect.stringContaining('cut to 2 lines') },
    ]);
    // And /api/state says the same as the status (found by casino IT: fleet list showed it, /api/state did not).
    const state = (await (await fetch(`${base}/api/state`)).json()) as { warnings: { code: string }[] };
    expect(state.warnings.map((w) => w.code)).toEqual(['pit-message-cut']);
  });

  test('with the board open in two windows, staff are warned of the worse fit, whichever reported last', async () => {
    const { bridge, host } = await setup();
    const warnings = () => {
      const status = bridge.displayStatus();
      return status.state === 'online' ? (status.warnings ?? []).map((w) => `${w.code}: ${w.detail}`) : [];
    };
    const small = socket(host);
    const big = socket(host);
    await Promise.all([small.open, big.open]);
    const report = (s: typeof small, id: number, fit: object) => {
      s.ws.send(JSON.stringify({ type: 'request', id, channel: 'kiosk:fit', args: [fit] } satisfies SocketFrame));
      return until(() => expect(s.frames.some((f) => f.type === 'response' && f.id === id)).toBe(true));
    };
    await report(small, 1, { messageCut: true, messageLines: 2, streaksHidden: false });
    await report(big, 1, { messageCut: false, streaksHidden: false }); // the big window shows it whole, and says so last
    expect(warnings()).toEqual([expect.stringMatching(/^pit-message-cut: .*cut to 2 lines/)]);
    await report(big, 2, { messageCut: true, messageLines: 5, streaksHidden: true });
    expect(warnings()).toEqual([
      expect.stringMatching(/^pit-message-cut: .*cut to 2 lines/),
      expect.stringMatching(/^streaks-hidden: /),
    ]);
    big.ws.close(); // the window that hid the streaks is gone: the small one's cut stands alone
    await until(() => expect(warnings()).toEqual([expect.stringMatching(/^pit-message-cut: .*cut to 2 lines/)]));
    await report(small, 2, { messageCut: false, streaksHidden: false });
    expect(warnings()).toEqual([]);
  });

  test('GET /api/state gives the shoe, its roads, signs, notices and connection', async () => {
    const { bridge, base } = await setup();
    bridge.onMessage(T.tableEvent('T1'), Buffer.from(makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 }))));
    for (const [i, c] of [CARDS.banker, CARDS.banker, CARDS.player, CARDS.tie].entries()) {
      bridge.onMessage(T.tableHand('T1'), Buffer.from(makeHandMessage(handMessage('S1', i + 1, coup(c)))));
    }
    bridge.onMessage(
      T.tableEvent('T1'),
      Buffer.from(makeTableEvent(event('cut-card', { shoeId: 'S1', handNo: 5, firstCardOfRound: true }))),
    );
    const state = (await (await fetch(`${base}/api/state`)).json()) as Record<string, any>;
    expect(state.shoe).toMatchObject({ id: 'S1' });
    expect(state.shoe.rounds).toHaveLength(4);
    expect(state.shoe.rounds[2].cards).toEqual({ player: ['4H', '4S'], banker: ['2D', '3C'] });
    expect(state.roads.bigRoad.map((c: { outcome: string; ties: number }) => [c.outcome, c.ties])).toEqual([
      ['banker', 0],
      ['banker', 0],
      ['player', 1],
    ]);
    expect(state.roads.stats).toMatchObject({ hands: 4, banker: 2, player: 1, tie: 1 });
    expect(state.connection.state).toBe('offline');
    expect(state.notices).toEqual([expect.objectContaining({ kind: 'lastCoup', hand: 5, lastCoupCase: 'a' })]);
    expect(state.counters).toMatchObject({ applied: 6, rejected: 0 });
  });

  test('with a token: the API and the WebSocket refuse requests without it', async () => {
    const token = 'correct-horse-battery-staple';
    const { host, base } = await setup(token);
    expect(host.url).toContain(`#token=${token}`);
    expect((await fetch(`${base}/api/state`)).status).toBe(401);
    expect((await fetch(`${base}/api/state?token=wrong-token-wrong-token`)).status).toBe(401);
    expect((await fetch(`${base}/api/state`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const denied = socket(host);
    await expect(denied.open).rejects.toThrow(/401/);
    const allowed = socket(host, token);
    await allowed.open;
  });

  test('a request it cannot decode gets 400 with the security headers, and the host carries on (issue 17)', async () => {
    const { host, base } = await setup();
    for (const path of ['/%E0%A4%A', '/%', '/app.js%', '/%C0%AE%C0%AE/outside.txt', '/%00', 'http://[/', '*']) {
      const r = await getAsIs(host.port, path);
      expect(r.status, path).toBe(400);
      expect(r.head, path).toContain("content-security-policy: default-src 'none'");
    }
    const upgrade = await rawRequest(
      host.port,
      `GET /kiosk%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    expect(upgrade.status).toBe(400);
    expect((await getAsIs(host.port, '//')).status).toBe(200); // the page; new URL('//', base) used to throw
    expect(await (await fetch(`${base}/healthz`)).text()).toBe('ok\n');
  });

  test('answers only to its own Host names on loopback: a DNS-rebinding page is refused (421)', async () => {
    const { host } = await setup();
    for (const name of ['evil.example', `evil.example:${host.port}`, `127.0.0.1:${host.port + 1}`, '127.0.0.1'])
      expect((await getAsIs(host.port, '/api/state', { host: name })).status, name).toBe(421);
    for (const name of [`127.0.0.1:${host.port}`, `localhost:${host.port}`, `[::1]:${host.port}`])
      expect((await getAsIs(host.port, '/api/state', { host: name })).status, name).toBe(200);
  });

  test('another origin gets neither the view over the WebSocket nor /api/state (403); its own origin, or none, does', async () => {
    const token = 'correct-horse-battery-staple';
    const { host, base } = await setup(token);
    const evil = socket(host, token, { origin: 'http://evil.example' });
    await expect(evil.open).rejects.toThrow(/403/);
    const rebound = socket(host, token, {
      host: `evil.example:${host.port}`,
      origin: `http://evil.example:${host.port}`,
    });
    await expect(rebound.open).rejects.toThrow(/421/);
    await socket(host, token, { origin: `http://127.0.0.1:${host.port}` }).open; // the board's page
    await socket(host, token).open; // no Origin: not a browser
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${base}/api/state`, { headers: { ...auth, origin: 'http://evil.example' } })).status).toBe(
      403,
    );
    expect((await fetch(`${base}/api/state`, { headers: auth })).status).toBe(200); // curl, monitoring
  });

  test('frames that are not requests, unknown channels and unreadable frames do not stop the host', async () => {
    const { host, base } = await setup();
    const s = socket(host);
    await s.open;
    for (const frame of ['null', '1', '"x"', '[]', '{}', '{"type":"request"}']) s.ws.send(frame);
    for (const channel of ['hasOwnProperty', '__proto__', 'constructor', 'toString'])
      s.ws.send(JSON.stringify({ type: 'request', id: 9, channel, args: [] }));
    await until(() => expect(s.frames.filter((f) => f.type === 'response' && f.error)).toHaveLength(5));
    const closed = new Promise((resolve) => s.ws.once('close', resolve));
    s.ws.send(Buffer.alloc(65 * 1024)); // over maxPayload: ws reports an error, which used to end the process
    await closed;
    const bad = socket(host);
    await bad.open;
    (bad.ws as unknown as { _socket: { write(b: Buffer): void } })._socket.write(Buffer.from([0xff, 0x80, 0, 0, 0, 0]));
    await new Promise((resolve) => bad.ws.once('close', resolve));
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  test('listening beyond loopback needs a token', async () => {
    const { bridge } = await setup();
    const { logger } = memoryLogger();
    await expect(
      startWebHost({ source: bridge, host: '0.0.0.0', port: 0, token: null, rendererDir: tmpdir(), logger }),
    ).rejects.toThrow(/token is required/);
  });
});
