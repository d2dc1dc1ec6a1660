/**
 * The about overlay in real Chromium, over a whole board at 1080p: what it says (from the host's answer, the view's
 * connection and the page's own screen), that it moves nothing under it, the `i` and Escape keys, and its labels in
 * English with the board's Chinese. A picture of it goes to test/output/about/ to look at.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { AboutInfo, KioskApi, TableView } from '../../contract/kiosk';
import { makeView } from '../../test/fixtures/views/build-view';
import { DemoKiosk } from '../demo-kiosk';
import { cleanup, mount, settle } from '../test-support/fixtures';
import { brokerInUse, browserOf, formatTrust, formatUptime } from './about-text';
import './kiosk-app';
import type { KioskApp } from './kiosk-app';

afterEach(cleanup);
const NOW = Date.now();

const INFO: AboutInfo = {
  product: 'baccarat-board',
  version: '1.4.0',
  build: '9f2c4e81d0b7a6c35e1f08d2b4a79c6e0d3f5a8b7c6e1d2f0a9b8c7d6e5f4a3b',
  displayId: 'board-t12',
  tableId: 'T12',
  brokers: ['mqtts://broker-a.casino.lan:8883', 'mqtts://broker-b.casino.lan:8883'],
  configFile: '/etc/baccarat-board/config.json',
  startedAt: new Date(NOW - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000).toISOString(),
  runtime: { kind: 'electron', electron: '45.4.1', chromium: '142.0.7444.235', node: '22.20.0' },
  trust: { requireSignatures: true, controllerKeys: 2, pitKeys: 1 },
};

const tableView = (language: 'en' | 'en+zh-Hans' | 'zh-Hant'): TableView => {
  const v = makeView({ shoe: 'BBPBTPPBBBPBPPTBBP', language }, NOW);
  return {
    ...v,
    tableId: 'T12',
    displayId: 'board-t12',
    connection: {
      state: 'connected',
      since: new Date(NOW - 60_000).toISOString(),
      lastMessageAt: null,
      broker: 'mqtts://broker-b.casino.lan:8883',
    },
  };
};

async function board(api: KioskApi): Promise<KioskApp> {
  const app = document.createElement('kiosk-app');
  app.api = api;
  await mount(app, 1920, 1080);
  for (let i = 0; i < 3; i++) await settleAll(app);
  return app;
}

async function settleAll(app: KioskApp): Promise<void> {
  await settle(app);
  for (const el of app.shadowRoot!.querySelectorAll('*'))
    if ('updateComplete' in el) await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  await new Promise<void>((r) => requestAnimationFrame(() => r()));
}

const overlayOf = (app: KioskApp) => app.shadowRoot!.querySelector('kiosk-about') as HTMLElement & { open: boolean };
const rowText = (app: KioskApp, id: string) =>
  (overlayOf(app).shadowRoot!.querySelector(`[data-row="${id}"]`)?.textContent ?? '').replace(/\s+/g, ' ').trim();
const key = (k: string) => window.dispatchEvent(new KeyboardEvent('keydown', { key: k }));

describe('<kiosk-about>', () => {
  it('shows what the host says over the board, moving nothing, and closes when its time is up', async () => {
    await page.viewport(1920, 1080);
    const demo = new DemoKiosk(tableView('en+zh-Hans'));
    const app = await board(demo);
    const before = app.shadowRoot!.querySelector('main')!.getBoundingClientRect().toJSON() as DOMRect;
    expect(overlayOf(app).open).toBe(false);
    demo.about(60, INFO);
    for (let i = 0; i < 2; i++) await settleAll(app);
    const overlay = overlayOf(app);
    expect(overlay.open).toBe(true);
    expect(rowText(app, 'about.version')).toBe('baccarat-board 1.4.0');
    expect(rowText(app, 'about.build')).toBe('9f2c4e81d0b7a6c3…');
    expect(rowText(app, 'identify.display')).toBe('board-t12');
    expect(rowText(app, 'identify.table')).toBe('T12');
    const brokers = [...overlay.shadowRoot!.querySelectorAll('[data-broker]')].map((b) =>
      b.getAttribute('data-broker'),
    );
    expect(brokers).toEqual(['standby', 'in-use']);
    expect(overlay.shadowRoot!.querySelector('[data-broker=in-use]')!.textContent).toContain('broker-b');
    expect(rowText(app, 'about.connection')).toMatch(/^connected since \d\d:\d\d:\d\d$/);
    expect(rowText(app, 'about.config')).toBe('/etc/baccarat-board/config.json');
    expect(rowText(app, 'about.uptime')).toMatch(/^2 d 03:04:0[5-9]$/);
    expect(rowText(app, 'about.runtime')).toBe('Electron 45.4.1 · Chromium 142.0.7444.235 · Node 22.20.0');
    expect(rowText(app, 'about.trust')).toBe('signatures required · 2 controller keys, 1 pit key');
    expect(rowText(app, 'about.screen')).toMatch(/^\d+×\d+ px · board \d+×\d+ CSS px at [\d.]+×$/);
    expect(rowText(app, 'about.staff')).toBe('nothing');
    // What staff should know, whole (a portrait header says it in a few words only).
    const since = new Date(Date.now() - 75_000).toISOString();
    const shown = tableView('en+zh-Hans');
    demo.push({
      ...shown,
      seq: shown.seq + 1,
      outOfStep: { code: 'gap', reason: 'hand 21 arrived but hand 20 is next', since },
      warnings: [{ code: 'results-unverified', detail: 'results are not signed', since }],
    });
    await settleAll(app);
    expect(rowText(app, 'about.staff')).toMatch(
      /^Out of step: a hand missing · 与牌桌不同步：缺少一局 · 1:1\d — hand 21 arrived but hand 20 is next Results not verified · 结果未经验证 — results are not signed$/,
    );
    // Labels in English and the board's Chinese.
    expect(overlay.shadowRoot!.querySelector('h2')!.textContent).toBe('About this board · 关于本显示屏');
    expect(overlay.shadowRoot!.textContent).toContain('Uptime · 运行时间');
    // Over the board: the board under it is where it was, and the overlay covers it.
    const after = app.shadowRoot!.querySelector('main')!.getBoundingClientRect().toJSON() as DOMRect;
    expect(after).toEqual(before);
    const box = overlay.shadowRoot!.querySelector('.box')!.getBoundingClientRect();
    expect(box.width).toBeGreaterThan(600);
    expect(box.bottom).toBeLessThanOrEqual(1080);
    const shot = await page.screenshot({ path: '../../test/output/about/about-1080p-en-zh-Hans.png' });
    expect(shot).toBeTruthy();
    demo.about(1, INFO);
    await new Promise((r) => setTimeout(r, 1100));
    await settleAll(app);
    expect(overlay.open).toBe(false);
  });

  it('opens and closes with the i key, asks the host each time, and Escape closes it', async () => {
    const demo = new DemoKiosk(tableView('zh-Hant'));
    const asked: string[] = [];
    const api: KioskApi = {
      on: (channel, fn) => demo.on(channel, fn),
      request: (channel, ...args) => (asked.push(channel), demo.request(channel, ...args)),
    };
    const app = await board(api);
    expect(asked).toContain('kiosk:screen'); // the board tells its host its size
    key('i');
    await settleAll(app);
    expect(overlayOf(app).open).toBe(true);
    expect(asked.filter((c) => c === 'kiosk:about')).toHaveLength(1);
    expect(rowText(app, 'about.runtime')).toMatch(/^browser mode · Chromium [\d.]+ · host Node none \(demo\)$/);
    expect(rowText(app, 'about.trust')).toMatch(/^unverified: signatures not required/);
    expect(overlayOf(app).shadowRoot!.textContent).toContain('Version · 版本'); // a Chinese board: English too
    expect(overlayOf(app).shadowRoot!.querySelector('[data-broker]')).toBeNull();
    key('i');
    await settleAll(app);
    expect(overlayOf(app).open).toBe(false);
    key('I');
    await settleAll(app);
    expect(overlayOf(app).open).toBe(true);
    expect(asked.filter((c) => c === 'kiosk:about')).toHaveLength(2);
    key('Escape');
    await settleAll(app);
    expect(overlayOf(app).open).toBe(false);
  });

  it('says so when the host does not answer', async () => {
    const demo = new DemoKiosk(tableView('en'));
    const api: KioskApi = {
      on: (channel, fn) => demo.on(channel, fn),
      request: (channel, ...args) =>
        channel === 'kiosk:about' ? Promise.reject(new Error('timed out')) : demo.request(channel, ...args),
    };
    const app = await board(api);
    key('i');
    for (let i = 0; i < 2; i++) await settleAll(app);
    expect(overlayOf(app).shadowRoot!.textContent).toContain('The host did not answer: timed out');
    expect(rowText(app, 'about.connection')).toMatch(/^connected since/);
  });
});

describe('about-text', () => {
  it('finds the broker in use by host and port, default ports included', () => {
    const c = { state: 'connected', since: '', lastMessageAt: null, broker: 'mqtt://b:1883' } as const;
    expect(brokerInUse(['mqtt://a', 'mqtt://b'], c)).toBe(1);
    expect(brokerInUse(['mqtt://a', 'mqtt://b'], { ...c, state: 'reconnecting' })).toBe(-1);
    expect(brokerInUse(['mqtts://b:8883'], { ...c, broker: 'mqtts://b:8883' })).toBe(0);
  });

  it('words uptime, trust and the browser', () => {
    expect(formatUptime('2026-03-01T10:00:00Z', Date.parse('2026-03-01T10:00:09Z'))).toBe('00:00:09');
    expect(formatUptime('2026-03-01T10:00:00Z', Date.parse('2026-03-02T11:02:03Z'))).toBe('1 d 01:02:03');
    expect(formatTrust({ requireSignatures: false, controllerKeys: 1, pitKeys: 0 })).toBe(
      'unverified: signatures not required · 1 controller key, 0 pit keys',
    );
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0.1.2 Safari/537.36')).toBe('Chromium 142.0.1.2');
  });
});
