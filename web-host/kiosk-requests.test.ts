/**
 * The web host's side of the about overlay, of browser mode's screenshot and of the board's fit, over a real
 * WebSocket: `kiosk:about` answered from the host's facts (or an error without them), `kiosk:about` pushed on the
 * fleet's about command, `kiosk:screen` kept only when it is a plausible size, and `kiosk:fit` given to the bridge
 * only once the contract has checked it (anything else refused with its reason, logged).
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import type { AboutInfo, FitReport, SocketFrame, TableView } from '../contract/kiosk';
import type { DisplayCommand } from '../contract/schemas';
import { memoryLogger } from '../mqtt-bridge/log';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { startWebHost, type KioskSource } from './server';

const cleanups = cleanupList();
const ABOUT = { product: 'baccarat-board', version: '9.9.9' } as AboutInfo;

async function setup(about?: () => AboutInfo) {
  const rendererDir = mkdtempSync(join(tmpdir(), 'bb-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>board</title>');
  const fits: FitReport[] = [];
  const source = Object.assign(new EventEmitter(), {
    view: () => ({ v: 1 }) as unknown as TableView,
    boardFit: (report: FitReport) => fits.push(report),
  });
  const { logger, records } = memoryLogger();
  const host = await startWebHost({
    source: source as unknown as KioskSource,
    host: '0.0.0.0',
    port: 0,
    token: 'a-token-of-sixteen-chars',
    rendererDir,
    logger,
    ...(about && { about }),
  });
  cleanups.push(() => host.close());
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/kiosk?token=a-token-of-sixteen-chars`);
  const frames: SocketFrame[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(d.toString()) as SocketFrame));
  cleanups.push(async () => ws.close());
  await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
  let id = 0;
  const request = async (channel: string, ...args: unknown[]) => {
    const n = ++id;
    ws.send(JSON.stringify({ type: 'request', id: n, channel, args }));
    await until(() => expect(frames.some((f) => f.type === 'response' && f.id === n)).toBe(true));
    return frames.find((f) => f.type === 'response' && f.id === n);
  };
  return { host, source, frames, request, fits, records };
}

describe('web host: about and screen', () => {
  test('answers kiosk:about from the host, and pushes it on the about command (60 s by default)', async () => {
    const { source, frames, request } = await setup(() => ABOUT);
    expect(await request('kiosk:about')).toMatchObject({ result: { version: '9.9.9' } });
    const command = { v: 1, command: 'about', requestId: 'r', timestamp: '2026-03-01T10:00:00Z' } as DisplayCommand;
    source.emit('command', command);
    source.emit('command', { ...command, durationSeconds: 5 });
    await until(() =>
      expect(
        frames.filter((f) => f.type === 'push' && f.channel === 'kiosk:about').map((f) => f.type === 'push' && f.args),
      ).toEqual([[60], [5]]),
    );
  });

  test('without the host facts, kiosk:about is an error response, and the host carries on', async () => {
    const { request } = await setup();
    expect(await request('kiosk:about')).toMatchObject({ error: 'this host has no about information' });
    expect(await request('table:view')).toMatchObject({ result: { v: 1 } });
  });

  test('keeps the last plausible kiosk:screen; garbage changes nothing; the local address is loopback', async () => {
    const { host, request } = await setup();
    expect(host.screen()).toBeNull();
    expect(host.localUrl).toBe(`http://127.0.0.1:${host.port}/#token=a-token-of-sixteen-chars`);
    await request('kiosk:screen', { width: 1280, height: 800, scale: 1.5 });
    expect(host.screen()).toEqual({ width: 1280, height: 800, scale: 1.5 });
    for (const bad of [
      null,
      7,
      { width: 0, height: 800, scale: 1 },
      { width: 99999, height: 1, scale: 1 },
      { width: 1, height: 1, scale: 100 },
    ])
      await request('kiosk:screen', bad);
    await request('kiosk:screen');
    expect(host.screen()).toEqual({ width: 1280, height: 800, scale: 1.5 });
  });

  test("gives a board's kiosk:fit to the bridge; refuses anything else with its reason, logged, and carries on", async () => {
    const { request, fits, records } = await setup();
    const cut = { messageCut: true, messageLines: 3, streaksHidden: false };
    expect(await request('kiosk:fit', cut)).toEqual({ type: 'response', id: 1, result: null });
    expect(fits).toEqual([cut]);
    for (const [bad, reason] of [
      [undefined, 'not an object'],
      [null, 'not an object'],
      [{ messageCut: 'yes', streaksHidden: false }, 'messageCut: expected a boolean'],
      [{ messageCut: true, messageLines: -1, streaksHidden: false }, 'messageLines: expected 1 to 100, got -1'],
      [{ messageCut: true, streaksHidden: false, html: '<b>' }, 'unknown property "html"'],
    ] as const) {
      expect(await request('kiosk:fit', bad)).toMatchObject({ error: `kiosk:fit refused: ${reason}` });
      expect(records.at(-1)).toMatchObject({ level: 40, msg: 'kiosk:fit refused', reason });
    }
    expect(fits).toEqual([cut]);
    expect(await request('table:view')).toMatchObject({ result: { v: 1 } });
  });
});
