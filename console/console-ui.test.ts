/**
 * The console page in real Chromium (Debian's, driven by Playwright from Node): a simulated table part way
 * through a shoe and a real board (the Bridge) on an in-process broker, plus a board that went offline. The
 * page lists them with their states; a manager signs in, is refused a nonsense limit with the field marked,
 * switches the table to modified odds from a later hand through the confirmation step, and the retained sign on
 * the broker changes. Screenshots go to test/output/console*.png.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeCasinoSignage, makeDisplayStatus, makeTableSignage } from '../contract/mqtt';
import type { TableSignage } from '../contract/schemas';
import { topics } from '../contract/topics';
import { Bridge } from '../mqtt-bridge/bridge';
import { defaultConfig } from '../mqtt-bridge/config';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { memoryLogger } from '../mqtt-bridge/log';
import { simulateTable } from '../simulator/dealer';
import { startTableSimulator, type TableSimulator } from '../simulator/publisher';
import type { Step } from '../simulator/steps';
import { casino, signage } from '../test/helpers/table-messages';
import { AuditLog } from './audit-log';
import { buildConsole } from './build.mjs';
import { FleetMonitor } from './monitor';
import { startConsoleServer, type ConsoleServer } from './server';
import { chromiumLaunchOptions } from '../test/helpers/chromium';

const T = topics('baccarat');
const OUT = join(import.meta.dirname, '..', 'test', 'output');
const TOKEN = 'ui-test-token-0123456789';
let broker: EmbeddedBroker;
let sim: TableSimulator;
let bridge: Bridge;
let pub: MqttClient;
let monitor: FleetMonitor;
let server: ConsoleServer;
let browser: Browser;
let page: Page;

function* take(steps: Iterable<Step>, n: number): Generator<Step> {
  let i = 0;
  for (const s of steps) {
    if (i++ >= n) return;
    yield s;
  }
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  const uiDir = mkdtempSync(join(tmpdir(), 'bb-console-ui-'));
  const built = buildConsole({ outdir: uiDir });
  broker = await startEmbeddedBroker();
  sim = await startTableSimulator({
    broker: broker.url,
    tableId: 'T2',
    steps: take(simulateTable({ seed: 'ui', shoes: 1, decks: 4 }), 60),
    speed: 0,
  });
  await sim.done;
  pub = await connectAsync(broker.url, { clientId: 'management' });
  await pub.publishAsync(T.tableSignage('T2'), makeTableSignage(signage(4, { message: 'Welcome — 欢迎光临' })), {
    qos: 1,
    retain: true,
  });
  await pub.publishAsync(T.casinoSignage(), makeCasinoSignage(casino(1)), { qos: 1, retain: true });
  await pub.publishAsync(
    T.displayStatus('lobby-2'),
    makeDisplayStatus({
      v: 1,
      state: 'offline',
      displayId: 'lobby-2',
      tableId: 'T2',
      version: '0.1.0',
      timestamp: new Date(Date.now() - 600_000).toISOString(),
    }),
    { qos: 1, retain: true },
  );
  const c = defaultConfig();
  bridge = new Bridge(
    {
      ...c,
      tableId: 'T2',
      displayId: 'jade8-a',
      mqtt: { ...c.mqtt, brokers: [broker.url], clientId: 'board-jade8-a' },
      journal: { dir: mkdtempSync(join(tmpdir(), 'bb-j-')), syncIntervalMs: 0 },
    },
    { logger: memoryLogger().logger },
  );
  await bridge.start();
  monitor = new FleetMonitor(
    { url: broker.url, root: 'baccarat', protocolVersion: 4, username: 'console' },
    { consoleUser: 'floor' },
  );
  await monitor.start();
  await built;
  const audit = new AuditLog(join(mkdtempSync(join(tmpdir(), 'bb-audit-')), 'audit.jsonl'));
  server = await startConsoleServer({ monitor, audit, host: '127.0.0.1', port: 0, token: TOKEN, uiDir });
  browser = await chromium.launch({
    ...chromiumLaunchOptions(),
  });
  page = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await monitor?.stop();
  await bridge?.stop();
  await sim?.stop();
  await pub?.endAsync();
  await broker?.close();
});

async function retainedSign(): Promise<TableSignage | null> {
  const c = await connectAsync(broker.url, { clientId: `peek-${Math.random()}` });
  const got = new Promise<TableSignage | null>((resolve) => {
    c.on('message', (_, p) => resolve(JSON.parse(p.toString()) as TableSignage));
    setTimeout(() => resolve(null), 500);
  });
  await c.subscribeAsync(T.tableSignage('T2'), { qos: 1 });
  const s = await got;
  await c.endAsync();
  return s;
}

test('the console lists the table and its boards, and changes the variant through the confirmation step', async () => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);

  // The table, its controller and both boards with their states.
  const card = page.locator('console-table-card');
  await expect.poll(() => card.locator('h3').textContent()).toContain('Jade 8');
  await expect.poll(() => card.locator('[data-state="controller"]').textContent()).toContain('online');
  await expect.poll(() => card.locator('[data-state="table"]').textContent()).toBe('Open');
  const boards = page.locator('console-board-list');
  await expect
    .poll(() => boards.locator('tr[data-board="jade8-a"] [data-state="board"]').textContent(), { timeout: 8_000 })
    .toBe('Online');
  await expect
    .poll(() => boards.locator('tr[data-board="lobby-2"] [data-state="board"]').textContent())
    .toBe('Offline');
  await expect.poll(() => page.locator('[data-state="broker"]').textContent()).toBe('connected');

  // Sign in, open the editor from the keyboard.
  await page.getByLabel('Signed in as').fill('Alice Wong');
  await page.getByRole('button', { name: 'Change signs of Jade 8' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('console-sign-editor dialog');
  await expect.poll(() => dialog.getAttribute('open')).toBe('');

  // A minimum above the maximum is refused, naming the field, and the field is marked.
  await page.getByLabel('Minimum').fill('999999');
  await page.getByRole('button', { name: 'Review change…' }).click();
  await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('min (999999) is above max (50000)');
  expect(await page.getByLabel('Minimum').getAttribute('aria-invalid')).toBe('true');
  await page.screenshot({ path: join(OUT, 'console-error.png') });
  await page.getByLabel('Minimum').fill('100');

  // Modified odds from a hand after the next one, through the review.
  const shoe = monitor.view().tables.find((t) => t.tableId === 'T2')?.shoe;
  const from = (shoe?.earliestHand ?? 1) + 1;
  await page.getByLabel(/Modified odds/).check();
  await page.getByLabel('From hand').fill(String(from));
  await page.getByRole('button', { name: 'Review change…' }).click();
  const text = `variant commission 5% → modified odds from hand ${from} of shoe S001`;
  await expect.poll(() => dialog.locator('li[data-field="variant"]').textContent()).toBe(text);
  expect(await dialog.locator('li').count()).toBe(1);
  await page.screenshot({ path: join(OUT, 'console-review.png') });
  await dialog.getByRole('button', { name: 'Apply to the boards' }).click();

  // Published: the notice, the card, the audit log, and the retained sign on the broker.
  await expect
    .poll(() => page.getByRole('status').textContent())
    .toContain(`Published Jade 8 (T2), revision 4 → 5: ${text}`.replace('Published ', 'Published: '));
  await expect.poll(() => card.locator('.variant').textContent()).toBe(`modified odds from hand ${from} of shoe S001`);
  await expect.poll(() => page.locator('console-audit-list li').first().textContent()).toContain('Alice Wong');
  const sign = await retainedSign();
  expect(sign).toMatchObject({
    revision: 5,
    variant: { kind: 'modified-odds', effectiveFromShoe: 'S001', effectiveFromHand: from },
    previousVariant: { kind: 'commission', commissionPercent: 5 },
    updatedBy: 'Alice Wong',
  });
  // The real board takes the new sign and reports its revision; until then it is flagged as behind.
  await expect
    .poll(() => boards.locator('tr[data-board="jade8-a"]').textContent(), { timeout: 5_000 })
    .toContain('rev 5');
  await page.screenshot({ path: join(OUT, 'console.png'), fullPage: true });
  expect(errors).toEqual([]);
}, 30_000);

test('the casino Perfect Pairs scale, from the keyboard, through the confirmation step', async () => {
  await page.getByRole('button', { name: 'Change pay scale…' }).click();
  const dialog = page.locator('console-sign-editor dialog');
  await expect.poll(() => dialog.getAttribute('open')).toBe('');
  await page.getByLabel(/Pay Scale Two/).check();
  await page.keyboard.press('Enter'); // submits the form: review
  await expect
    .poll(() => dialog.locator('li[data-field="pp-scale"]').textContent())
    .toBe('pp-scale Pay Scale One → Pay Scale Two');
  await page.screenshot({ path: join(OUT, 'console-casino.png') });
  await dialog.getByRole('button', { name: 'Apply to the boards' }).click();
  await expect
    .poll(() => page.locator('section.casino').textContent())
    .toContain('Pay Scale Two (mixed 6, coloured 12, perfect 25 to 1)');
  expect(monitor.view().casino).toMatchObject({ perfectPairsScale: 'two', revision: 2, updatedBy: 'Alice Wong' });
}, 15_000);
