/**
 * The keypad end-to-end tests' rig: one Chromium and one Mosquitto for the whole file, started before its tests and
 * stopped after them, and the built keypad page they serve. Call once at the top of a test file; the getters give
 * the browser and the broker inside tests (they are started only when the rig can run).
 *
 * ```ts
 * const rig = keypadRig();
 * describe.skipIf(rig.missing)('the keypad', () => {
 *   test('…', async () => {
 *     const page = await rig.browser().newPage();
 *     const { kp, server } = await servedKeypad(rig, cleanups, 'T1', { keying: 'outcome' });
 *     await act(kp, { type: 'open-table' }); // then page.goto(server.url)
 *   });
 * });
 * ```
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright';
import { afterAll, beforeAll } from 'vitest';
import { startKeypad, type Keypad } from '../../keypad/keypad';
import type { SigningKey } from '../../mqtt-bridge/signing';
import type { Keying } from '../../keypad/protocol';
import { startKeypadServer, type KeypadServer } from '../../keypad/server';
import { Supervisors } from '../../keypad/supervisors';
import { tempDir } from './lifecycle';
export { act } from './keypad-actions';
import { chromiumLaunchOptions } from './chromium';
import { mosquittoMissing, startMosquitto, type Mosquitto, type MosquittoOptions } from './mosquitto';

const ROOT = new URL('../..', import.meta.url).pathname;
/** The keypad page as `npm run build` writes it, which the keypad's server serves. */
export const KEYPAD_UI = join(ROOT, 'dist', 'keypad');
/** Where the keypad tests save their screens, to look at (test/output is gitignored). */
export const KEYPAD_SCREENS = join(ROOT, 'test', 'output', 'keypad');

export interface KeypadRig {
  /** Why the file's tests cannot run here (no Mosquitto, the page not built), or null when they can. */
  readonly missing: string | null;
  /** The file's Chromium. */
  readonly browser: () => Browser;
  /** The file's broker. */
  readonly broker: () => Mosquitto;
}

/**
 * Registers the file's beforeAll (Chromium, Mosquitto with `mosquitto`'s options, the screens' folder) and
 * afterAll (both closed). Nothing is started when the rig cannot run.
 */
export function keypadRig(mosquitto: MosquittoOptions = { persistence: false }): KeypadRig {
  const missing = mosquittoMissing() ?? (existsSync(join(KEYPAD_UI, 'index.html')) ? null : 'dist/keypad is not built');
  let browser: Browser | undefined;
  let broker: Mosquitto | undefined;
  beforeAll(async () => {
    if (missing) return;
    browser = await chromium.launch(chromiumLaunchOptions());
    broker = await startMosquitto(mosquitto);
    mkdirSync(KEYPAD_SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await broker?.close();
  });
  const started = <T>(what: string, value: T | undefined): T => {
    if (value === undefined) throw new Error(`keypadRig: no ${what} (${missing ?? 'not started yet'})`);
    return value;
  };
  return { missing, browser: () => started('browser', browser), broker: () => started('broker', broker) };
}

/**
 * A keypad for `tableId` on the rig's broker, with a new journal, and the server of its page (on a free port, no
 * token); both stopped by `cleanups` (the file's `cleanupList()`).
 */
export async function servedKeypad(
  rig: KeypadRig,
  cleanups: (() => unknown)[],
  tableId: string,
  {
    keying = 'cards',
    supervisors = new Supervisors(new Map()),
    decks,
    now,
    broker = rig.broker().url,
    signingKey,
  }: {
    keying?: Keying;
    supervisors?: Supervisors;
    decks?: number;
    now?: () => Date;
    broker?: string;
    signingKey?: SigningKey;
  } = {},
): Promise<{ kp: Keypad; server: KeypadServer }> {
  const kp = await startKeypad({
    broker,
    tableId,
    journalPath: join(tempDir('bb-keypad-'), 'keypad.journal'),
    keying,
    supervisors,
    version: '0.1.0',
    // The undo's window (10 s by default) is keypad.test.ts's to test. Here it must outlast the screens a test goes
    // through: under a busy machine (two test files at once) six pages between rounds took longer than 10 s, and
    // Undo was gone from the last.
    undoMs: 120_000,
    ...(decks !== undefined && { decks }),
    ...(now && { now }),
    ...(signingKey && { signingKey }),
  });
  const server = await startKeypadServer({ keypad: kp, host: '127.0.0.1', port: 0, token: null, uiDir: KEYPAD_UI });
  cleanups.push(
    () => kp.stop(),
    () => server.close(),
  );
  return { kp, server };
}

/** The keypad's page at `url`, at a size and in a language, once it shows the keypad; closed by `cleanups`. */
export async function openKeypadPage(
  rig: KeypadRig,
  cleanups: (() => unknown)[],
  url: string,
  [width, height]: readonly [number, number] = [1280, 800],
  language = 'en',
): Promise<Page> {
  const page = await rig.browser().newPage({ viewport: { width, height } });
  await page.addInitScript((l) => localStorage.setItem('keypad.language', l), language);
  await page.goto(url);
  await page.locator('keypad-app main[data-screen]').waitFor();
  await page.evaluate(() => document.fonts.ready);
  cleanups.push(() => (page.isClosed() ? undefined : page.close()));
  return page;
}

/**
 * The screen's enabled buttons that are not wholly in view: below or above the visible part of `main` (which
 * scrolls), so hidden under the hands or the header until the dealer scrolls.
 */
export async function outOfView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('keypad-app')!.shadowRoot!.querySelector('main')!;
    const box = main.getBoundingClientRect();
    const out: string[] = [];
    const walk = (root: Element | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) walk(el.shadowRoot);
        if (el.tagName !== 'BUTTON' || (el as HTMLButtonElement).disabled) continue;
        const r = el.getBoundingClientRect();
        if (r.width > 0 && (r.bottom > box.bottom + 0.5 || r.top < box.top - 0.5)) out.push(el.textContent!.trim());
      }
    };
    walk(main);
    return out;
  });
}
