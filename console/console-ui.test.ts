/**
 * The console page in real Chromium (Debian's, driven by Playwright from Node): a simulated table part way
 * through a shoe and a real board (the Bridge) on an in-process broker, plus a board that went offline. The
 * page lists them with their states; a manager signs in, is refused a nonsense limit with the field marked,
 * switches the table to modified odds from a later hand through the confirmation step, and the retained sign on
 * the broker changes. Then what the floor must look at (issue 12): a board out of step, a board ahead of a sign
 * the broker lost, Perfect Pairs with no casino scale; and the sign republished above the board. Screenshots go
 * to test/output/console*.png.
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

test('what to look at: a board out of step, a board ahead of its sign, Perfect Pairs with no scale; republish', async () => {
  const retained = { qos: 1, retain: true } as const;
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  const status = (displayId: string, tableId: string, extra: Record<string, unknown>) =>
    makeDisplayStatus({
      v: 1,
      state: 'online',
      displayId,
      tableId,
      version: '0.1.0',
      timestamp: new Date().toISOString(),
      shoeId: 'S001',
      shoeNo: 1,
      handCount: 40,
      lastResultAt: minutesAgo(1),
      casinoSignageRevision: 2,
      rejectedMessages: 0,
      uptimeSeconds: 7_200,
      ...extra,
    } as Parameters<typeof makeDisplayStatus>[0]);
  // The broker lost the casino sign: Jade 8 offers Perfect Pairs with no scale published (issue 12, case 10).
  await pub.publishAsync(T.casinoSignage(), '', retained);
  // A second board at Jade 8 missed a hand and is out of step.
  await pub.publishAsync(
    T.displayStatus('jade8-b'),
    status('jade8-b', 'T2', {
      signageRevision: 5,
      handCount: 38,
      outOfStep: {
        code: 'gap',
        reason: 'hand 40 arrived before hand 39: asking the table for its snapshot',
        since: minutesAgo(4),
      },
    }),
    retained,
  );
  // Ruby 3: someone published an old sign (revision 1) over the one its board shows (13) (issue 12, case 9).
  await pub.publishAsync(
    T.tableSignage('T3'),
    makeTableSignage(signage(1, { tableName: 'Ruby 3', tableOpen: false, sideBets: ['playerPair', 'bankerPair'] })),
    retained,
  );
  await pub.publishAsync(
    T.displayStatus('ruby3-a'),
    status('ruby3-a', 'T3', {
      signageRevision: 13,
      shoeId: 'S77',
      shoeNo: 77,
      warnings: [
        {
          code: 'signage-ignored',
          detail: 'ignored table sign revision 1: it shows revision 13',
          since: minutesAgo(2),
        },
      ],
    }),
    retained,
  );

  const jade = page.locator('console-table-card').filter({ hasText: 'Jade 8' });
  const ruby = page.locator('console-table-card').filter({ hasText: 'Ruby 3' });
  const boards = page.locator('console-board-list');
  await expect.poll(() => jade.locator('[data-state="out-of-step"]').textContent()).toContain('1 board out of step');
  await expect
    .poll(() => jade.locator('li[data-code="perfect-pairs-scale-missing"]').textContent())
    .toContain('Perfect Pairs is offered, but no casino pay scale is published');
  await expect
    .poll(() => ruby.locator('li[data-code="signage-ahead"]').textContent())
    .toContain("Board ruby3-a shows revision 13; the table's sign is revision 1 — republish the sign");
  await expect
    .poll(() => boards.locator('tr[data-board="jade8-b"] [data-state="out-of-step"]').textContent())
    .toContain('gap');
  await expect
    .poll(() => boards.locator('tr[data-attention="jade8-b"]').textContent())
    .toMatch(/out of step \(gap\): hand 40 arrived before hand 39.*· for [34] min/s);
  await expect.poll(() => boards.locator('tr[data-board="ruby3-a"]').textContent()).toMatch(/77\s*S77/);
  await expect.poll(() => boards.locator('tr[data-board="ruby3-a"] [data-flag="signage-ahead"]').count()).toBe(1);
  // The real board keeps the casino sign it shows (a board never goes back): its row has the pill, and the casino
  // panel says, once for every board, that the broker lost the sign.
  await expect
    .poll(() => boards.locator('tr[data-board="jade8-a"] [data-flag="casino-ahead"]').count(), { timeout: 8_000 })
    .toBe(1);
  await expect
    .poll(() => page.locator('section.casino li[data-code="casino-ahead"]').textContent())
    .toMatch(
      /^\s*Casino sign\s*Boards jade8-a, jade8-b, ruby3-a show up to casino sign revision 2; the broker has no casino sign — set the pay scale again/,
    );
  await page.screenshot({ path: join(OUT, 'console-attention.png'), fullPage: true });

  // Republish Ruby 3's sign: straight to the review, revision 1 → 14, then applied.
  await ruby.getByRole('button', { name: 'Republish sign…' }).click();
  const dialog = page.locator('console-sign-editor dialog');
  await expect.poll(() => dialog.locator('h3').textContent()).toContain('revision 1 → 14 (a board shows revision 13)');
  expect(await dialog.locator('[data-why="revision"]').textContent()).toContain('publishing it again as revision 14');
  await page.screenshot({ path: join(OUT, 'console-republish.png') });
  await dialog.getByRole('button', { name: 'Apply to the boards' }).click();
  await expect.poll(() => monitor.view().tables.find((t) => t.tableId === 'T3')?.signage?.revision).toBe(14);
  expect(monitor.view().tables.find((t) => t.tableId === 'T3')?.signage).toMatchObject({
    tableName: 'Ruby 3',
    tableOpen: false,
  });
}, 30_000);
