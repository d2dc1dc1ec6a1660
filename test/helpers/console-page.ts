/**
 * The console page in real Chromium for tests (Debian's, driven by Playwright from Node): a simulated table part
 * way through a shoe (T2, Jade 8) and a real board (the Bridge, jade8-a, answering screenshots with {@link BOARD_PNG})
 * on an in-process broker, a board that went offline (lobby-2), the console with three accounts (alice.wong, floor
 * manager; sue.chan, supervisor; vic, viewer) and a page. Helpers sign in and out as a person would and read the
 * retained sign.
 *
 * ```ts
 * const ui = await startConsolePage();
 * await ui.page.goto(ui.server.url); await ui.signIn('sue.chan');
 * await ui.stop();
 * ```
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { chromium, type Browser, type Page } from 'playwright';
import { expect } from 'vitest';
import { AccountStore } from '../../console/accounts';
import { AuditFeed } from '../../console/audit-feed';
import { AuditLog } from '../../console/audit-log';
import { buildConsole } from '../../console/build.mjs';
import { FleetMonitor } from '../../console/monitor';
import { startConsoleServer, type ConsoleServer } from '../../console/server';
import { makeCasinoSignage, makeDisplayStatus, makeTableSignage } from '../../contract/mqtt';
import type { DisplayCommand, DisplayCommandName, TableSignage } from '../../contract/schemas';
import { topics } from '../../contract/topics';
import { Bridge } from '../../mqtt-bridge/bridge';
import { defaultConfig } from '../../mqtt-bridge/config';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../mqtt-bridge/embedded-broker';
import { memoryLogger } from '../../mqtt-bridge/log';
import { answerScreenshots } from '../../mqtt-bridge/screenshot-reply';
import { simulateTable } from '../../simulator/dealer';
import { startTableSimulator, type TableSimulator } from '../../simulator/publisher';
import type { Step } from '../../simulator/steps';
import { chromiumLaunchOptions } from './chromium';
import { passwordOf, writeTestAccounts } from './console-rig';
import { encodePng } from './png';
import { casino, signage } from './table-messages';
import { peekRetained } from './peek-retained';

export const OUT = join(import.meta.dirname, '..', 'output');
const T = topics('baccarat');
const TOKEN = 'ui-test-token-0123456789';

function* take(steps: Iterable<Step>, n: number): Generator<Step> {
  let i = 0;
  for (const s of steps) {
    if (i++ >= n) return;
    yield s;
  }
}

/** The picture board jade8-a answers a screenshot with: 480×270, a green baize with a red and a blue bead. */
export const BOARD_PNG = encodePng(480, 270, (x, y) => {
  const bead = (cx: number) => (x - cx) ** 2 + (y - 135) ** 2 < 40 ** 2;
  return bead(160) ? [200, 30, 40] : bead(320) ? [30, 70, 200] : [15, 61, 46];
});

export interface ConsolePageOptions {
  /** How long the console waits for a board, in ms; default the console's (10 s, 30 s for a screenshot). */
  readonly fleetTimeoutMs?: (command: DisplayCommandName) => number;
}

export interface ConsolePage {
  readonly broker: EmbeddedBroker; // the current one, after a restart the new one
  readonly pub: MqttClient; // the casino's management system: publishes signs and statuses directly
  readonly monitor: FleetMonitor;
  readonly server: ConsoleServer;
  readonly page: Page;
  /** The fleet commands board jade8-a was handed, in order. */
  readonly commands: readonly DisplayCommand[];
  signIn(name: string, password?: string): Promise<void>;
  signOut(): Promise<void>;
  /** In the sign editor's review step: the reason, then Apply. */
  applyWith(reason: string): Promise<void>;
  /** Stops the broker and starts another on its port, without the retained messages (no persistence). */
  restartBroker(): Promise<void>;
  /** Table T2's retained sign on the broker. */
  retainedSign(): Promise<TableSignage | null>;
  stop(): Promise<void>;
}

export async function startConsolePage(options: ConsolePageOptions = {}): Promise<ConsolePage> {
  let sim: TableSimulator | undefined;
  let bridge: Bridge | undefined;
  let feed: AuditFeed | undefined;
  let browser: Browser | undefined;
  mkdirSync(OUT, { recursive: true });
  const uiDir = mkdtempSync(join(tmpdir(), 'bb-console-ui-'));
  const built = buildConsole({ outdir: uiDir });
  let broker = await startEmbeddedBroker();
  sim = await startTableSimulator({
    broker: broker.url,
    tableId: 'T2',
    steps: take(simulateTable({ seed: 'ui', shoes: 1, decks: 4 }), 60),
    speed: 0,
  });
  await sim.done;
  const pub = await connectAsync(broker.url, { clientId: 'management' });
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
  const commands: DisplayCommand[] = [];
  bridge.on('command', (command) => void commands.push(command));
  answerScreenshots(bridge, 'jade8-a', async () => ({ png: BOARD_PNG, width: 480, height: 270, source: 'window' }));
  await bridge.start();
  const brokerOptions = { url: broker.url, root: 'baccarat', protocolVersion: 4, username: 'console' } as const;
  const monitor = new FleetMonitor(brokerOptions);
  await monitor.start();
  await built;
  const state = mkdtempSync(join(tmpdir(), 'bb-console-state-'));
  const audit = new AuditLog(join(state, 'audit.jsonl'));
  feed = new AuditFeed({ broker: brokerOptions, clientId: `ui-audit-${Math.random()}`, log: audit, key: null });
  await feed.start();
  await writeTestAccounts(join(state, 'accounts.json'), {
    'alice.wong': 'floor-manager',
    'sue.chan': 'supervisor',
    vic: 'viewer',
  });
  const accounts = new AccountStore(join(state, 'accounts.json'));
  const server = await startConsoleServer({
    monitor,
    audit,
    feed,
    accounts,
    host: '127.0.0.1',
    port: 0,
    token: TOKEN,
    uiDir,
    ...(options.fleetTimeoutMs && { fleetTimeoutMs: options.fleetTimeoutMs }),
  });
  browser = await chromium.launch({ ...chromiumLaunchOptions() });
  const page = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
  const dialog = () => page.locator('console-sign-editor dialog');
  return {
    get broker() {
      return broker;
    },
    pub,
    monitor,
    server,
    page,
    commands,
    async signIn(name, password = passwordOf(name)) {
      await page.getByLabel('Account').fill(name);
      await page.getByLabel('Password').fill(password);
      await page.keyboard.press('Enter');
    },
    async signOut() {
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).count()).toBe(1);
    },
    async applyWith(reason) {
      await dialog()
        .getByLabel(/^Reason/)
        .fill(reason);
      await dialog().getByRole('button', { name: 'Apply to the boards' }).click();
    },
    async restartBroker() {
      const port = broker.port;
      await broker.close();
      broker = await startEmbeddedBroker({ port });
    },
    retainedSign: () => peekRetained<TableSignage>(broker.url, T.tableSignage('T2')),
    async stop() {
      await browser?.close();
      await server.close();
      await feed?.stop();
      await monitor.stop();
      await bridge?.stop();
      await sim?.stop();
      await pub.endAsync();
      await broker.close();
    },
  };
}
