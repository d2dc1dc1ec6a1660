/**
 * The fleet's screenshot and about commands end to end in browser mode, with the real processes: a broker (Aedes),
 * the board served by `baccarat-board serve`, a kiosk browser (Debian's Chromium) showing it, and
 * `baccarat-board fleet …` as casino IT runs it. The picture comes back as a PNG file drawn by a headless Chromium
 * at the size the kiosk's browser reported (`source: rendered`), of that size and not blank; without Chromium the
 * answer says why. Needs `npm run build` (npm test builds first).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mqtt from 'mqtt';
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeShoeSnapshot, makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { chromiumLaunchOptions, CHROMIUM_PATH } from '../test/helpers/chromium';
import { startCli, type CliProcess } from '../test/helpers/cli-process';
import { cleanupList, tempDir, until } from '../test/helpers/lifecycle';
import { decodePng } from '../test/helpers/png';
import { CARDS, coup, handMessage, signage, snapshot } from '../test/helpers/table-messages';
import { announceAuditKeeper } from '../test/helpers/audit-keeper';

const BIN = new URL('../bin/baccarat-board.mjs', import.meta.url).pathname;
const T = topics('baccarat');
const cleanups = cleanupList();
const run = promisify(execFile);

/** `baccarat-board fleet …` as a process: its exit status and output. */
async function fleet(args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    // Whatever Node.js runs the tests: its standard error is the command's alone (no unsupported-Node warning).
    const env = { ...process.env, BACCARAT_NODE_CHECK: 'off' };
    const { stdout, stderr } = await run(process.execPath, [BIN, 'fleet', ...args], { timeout: 60_000, env });
    return { code: 0, out: stdout, err: stderr };
  } catch (e) {
    const x = e as { code?: number; stdout?: string; stderr?: string };
    return { code: x.code ?? -1, out: x.stdout ?? '', err: x.stderr ?? '' };
  }
}

const serve = (url: string, display: string, env: Record<string, string> = {}) =>
  startCli(['serve', '--broker', url, '--table', 'T1', '--display', display, '--port', '0'], /board: +(http:\S+)/, {
    BACCARAT_JOURNAL_DIR: tempDir('bb-shot-'),
    ...env,
  });

let broker: EmbeddedBroker;
let browser: Browser;
beforeAll(async () => {
  broker = await startEmbeddedBroker();
  const ctl = await mqtt.connectAsync(broker.url, { clientId: 'ctl-shot', reconnectPeriod: 0 });
  const cards = [CARDS.banker, CARDS.banker, CARDS.player, CARDS.tie, CARDS.playerNine, CARDS.banker];
  const hands = cards.map((c, i) => handMessage('S1', i + 1, coup(c)));
  await ctl.publishAsync(T.tableSignage('T1'), makeTableSignage(signage(1)), { qos: 1, retain: true });
  await ctl.publishAsync(T.tableShoe('T1'), makeShoeSnapshot(snapshot('S1', hands)), { qos: 1, retain: true });
  await announceAuditKeeper(ctl); // a console has connected once: fleet's records reach its log
  await ctl.endAsync();
  browser = await chromium.launch(chromiumLaunchOptions());
}, 30_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await browser.close();
  await broker.close();
});

describe.skipIf(!existsSync(CHROMIUM_PATH))('fleet screenshot and about, browser mode', () => {
  test('the picture is the board drawn at the kiosk browser size, written by the CLI as a PNG', async () => {
    const board: CliProcess = await serve(broker.url, 'D1');
    cleanups.push(() => board.stop());
    // The kiosk's browser: a 1280×800 screen. Its page tells the host its size.
    const kiosk = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    cleanups.push(() => kiosk.close());
    await kiosk.goto(board.url);
    await kiosk.waitForFunction(() => {
      const root = document.querySelector('kiosk-app')?.shadowRoot;
      return root?.querySelector('.board:not(.waiting)') && root.querySelector('kiosk-bead-plate');
    });

    const out = join(tempDir('bb-shot-out-'), 'board.png');
    const r = await fleet(['screenshot', '--broker', broker.url, '--display', 'D1', '--out', out]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/board\.png: 1280×800 PNG, \d+ KiB, from display D1/);
    expect(r.out).toContain('source: rendered (browser mode');
    mkdirSync('test/output/fleet', { recursive: true });
    copyFileSync(out, 'test/output/fleet/rendered-1280x800.png'); // to look at
    const png = decodePng(readFileSync(out));
    expect([png.width, png.height]).toEqual([1280, 800]);
    expect(png.colours()).toBeGreaterThan(20); // a board, not a blank page
    // The felt's dark green at the top left, and the board's red and blue marks somewhere.
    const [r0, g0, b0] = png.pixel(2, 2);
    expect(g0).toBeGreaterThanOrEqual(r0);
    expect(b0).toBeLessThan(80);

    // --json: the answer's fields, without the PNG.
    const j = await fleet(['screenshot', '--broker', broker.url, '--display', 'D1', '--out', out, '--json']);
    expect(j.code).toBe(0);
    expect(JSON.parse(j.out)).toMatchObject({ ok: true, source: 'rendered', width: 1280, height: 800, file: out });
    expect(j.out).not.toContain('"png"');

    // about: shown on the kiosk, acknowledged in the status.
    const a = await fleet(['about', '--broker', broker.url, '--display', 'D1', '--seconds', '30']);
    expect(a).toMatchObject({
      code: 0,
      out: 'D1: about done — its screen shows what it runs and how it is connected, for 30 s\n',
    });
    await kiosk.waitForFunction(() =>
      document.querySelector('kiosk-app')?.shadowRoot?.querySelector('kiosk-about[open]'),
    );
    const text = await kiosk.evaluate(
      () => document.querySelector('kiosk-app')!.shadowRoot!.querySelector('kiosk-about')!.shadowRoot!.textContent,
    );
    expect(text).toContain('browser mode');
    expect(text).toContain(broker.url.replace('mqtt://', ''));
    await kiosk.screenshot({ path: 'test/output/fleet/about-browser-mode-1280x800.png' });
  }, 90_000);

  test('clear errors: no Chromium on the board machine, a board that does not answer, bad input', async () => {
    const board = await serve(broker.url, 'D2', { BACCARAT_CHROMIUM: '/nonexistent/chromium' });
    cleanups.push(() => board.stop());
    // No page shows it yet: identify is not done and no picture is drawn offscreen, each saying why.
    await until(async () => {
      const unseen = await fleet(['identify', '--broker', broker.url, '--display', 'D2', '--timeout', '2']);
      expect(unseen.code).toBe(1);
      expect(unseen.out).toMatch(/^D2: identify failed: no browser shows this board \(browser mode\)/);
    }, 15_000);
    const blind = join(tempDir('bb-shot-out-'), 'blind.png');
    const unseen = await fleet(['screenshot', '--broker', broker.url, '--display', 'D2', '--out', blind]);
    expect(unseen.err).toMatch(/display D2 took no picture \(unavailable\): no browser shows this board/);
    expect(existsSync(blind)).toBe(false);
    // A page shows it: the rest is about Chromium.
    const kiosk = await browser.newPage();
    cleanups.push(() => kiosk.close());
    await kiosk.goto(board.url);
    await until(async () => {
      const status = await fleet(['identify', '--broker', broker.url, '--display', 'D2', '--timeout', '2']);
      expect(status.code).toBe(0);
    }, 15_000);
    const out = join(tempDir('bb-shot-out-'), 'none.png');
    const none = await fleet(['screenshot', '--broker', broker.url, '--display', 'D2', '--out', out]);
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/display D2 took no picture \(unavailable\): browser mode: no Chromium/);
    expect(existsSync(out)).toBe(false);

    const missing = await fleet([
      'screenshot',
      '--broker',
      broker.url,
      '--display',
      'nobody',
      '--out',
      out,
      '--timeout',
      '1',
    ]);
    expect(missing.code).toBe(1);
    // No status on the broker: said at once, and nothing sent (a command would wait there for a board never seen).
    expect(missing.err).toMatch(
      /no board nobody on the broker: the broker holds no status for it.*so nothing was sent/,
    );
    expect(existsSync(out)).toBe(false);

    const usage = await fleet(['screenshot', '--broker', broker.url, '--display', 'D2']);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('screenshot needs --out FILE.png');
    const unknown = await fleet(['dance', '--broker', broker.url, '--display', 'D2']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("unknown command 'dance': list, identify, about, reload, resync, screenshot, forget");
  }, 90_000);
});
