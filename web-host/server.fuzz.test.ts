/**
 * `serve` (the browser-mode web host) under an HTTP fuzz (test/helpers/http-fuzz.ts, issue 17): 100,000 seeded
 * hostile requests, with and without a token. The process (this one: the host runs in it, so an exception in a
 * handler fails the run) carries on, answers /healthz, and its state is what it was: /api/state byte for byte, and
 * a board connected throughout has been pushed nothing.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { makeHandMessage, makeTableEvent } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { Bridge } from '../mqtt-bridge/bridge';
import { defaultConfig } from '../mqtt-bridge/config';
import { memoryLogger } from '../mqtt-bridge/log';
import { formatFuzzReport, fuzzHttp } from '../test/helpers/http-fuzz';
import { cleanupList } from '../test/helpers/lifecycle';
import { CARDS, coup, event, handMessage } from '../test/helpers/table-messages';
import { startWebHost } from './server';

const T = topics('baccarat');
const cleanups = cleanupList();
const SEED = process.env.FUZZ_SEED ?? 'serve-17';
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 100_000);

async function setup(token: string | null) {
  const rendererDir = mkdtempSync(join(tmpdir(), 'bb-fuzz-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(join(rendererDir, 'app.js'), 'export {};');
  writeFileSync(join(rendererDir, 'app.js.br'), brotliCompressSync('export {};'));
  mkdirSync(join(rendererDir, 'fonts'));
  writeFileSync(join(rendererDir, 'fonts', 'a.woff2'), 'wOF2');
  writeFileSync(join(rendererDir, 'font-preloads.json'), JSON.stringify({ en: ['fonts/a.woff2'] }));
  const { logger } = memoryLogger();
  const bridge = new Bridge(
    {
      ...defaultConfig(),
      tableId: 'T1',
      displayId: 'D1',
      journal: { dir: mkdtempSync(join(tmpdir(), 'bb-fuzz-j-')), syncIntervalMs: 0 },
    },
    { logger },
  );
  await bridge.start();
  cleanups.push(() => bridge.stop());
  bridge.onMessage(T.tableEvent('T1'), Buffer.from(makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 }))));
  for (const [i, c] of [CARDS.banker, CARDS.player, CARDS.tie].entries())
    bridge.onMessage(T.tableHand('T1'), Buffer.from(makeHandMessage(handMessage('S1', i + 1, coup(c)))));
  const host = await startWebHost({ source: bridge, host: '127.0.0.1', port: 0, token, rendererDir, logger });
  cleanups.push(() => host.close());
  return { bridge, host };
}

test.each([
  ['without a token', null],
  ['with a token', 'fuzz-token-0123456789'],
])(
  'serve %s: 50,000 hostile requests (100,000 with the other); it answers and its state is unchanged',
  async (_name, token) => {
    const { bridge, host } = await setup(token);
    const base = `http://127.0.0.1:${host.port}`;
    const auth = token ? { authorization: `Bearer ${token}` } : undefined;
    const state = async () => (await fetch(`${base}/api/state`, { headers: auth })).text();
    const before = await state();
    const view = bridge.view();
    const board = new WebSocket(`ws://127.0.0.1:${host.port}/kiosk${token ? `?token=${token}` : ''}`);
    const pushed: string[] = [];
    board.on('message', (d) => pushed.push(d.toString()));
    await new Promise((resolve, reject) => (board.once('open', resolve), board.once('error', reject)));
    cleanups.push(() => board.close());

    const report = await fuzzHttp(
      {
        port: host.port,
        hosts: [`127.0.0.1:${host.port}`, `localhost:${host.port}`],
        token,
        paths: [
          '/',
          '/index.html',
          '/app.js',
          '/fonts/a.woff2',
          '/font-preloads.json',
          '/healthz',
          '/readyz',
          '/api/state',
        ],
        sockets: ['/kiosk'],
      },
      { seed: `${SEED}/${token ? 'token' : 'open'}`, requests: REQUESTS / 2 },
    );
    console.log(formatFuzzReport(`serve ${_name} (seed ${SEED})`, report));

    expect(report.requests).toBe(REQUESTS / 2);
    expect(report.answered + report.unanswered).toBe(report.pipelined);
    expect(report.unanswered).toBe(0); // every pipelined request answered: no connection died under it
    expect(report.statuses['500'] ?? 0).toBe(0);
    expect(report.statuses['400']).toBeGreaterThan(0); // the malformed escapes, answered
    expect(report.statuses['421']).toBeGreaterThan(0); // the foreign Host names
    expect(report.statuses['200']).toBeGreaterThan(0);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await state()).toBe(before);
    expect(bridge.view()).toBe(view); // not even a new object: nothing reached the bridge
    expect(board.readyState).toBe(WebSocket.OPEN);
    expect(pushed).toEqual([]);
  },
  120_000,
);
