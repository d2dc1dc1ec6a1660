/**
 * Browser mode's screenshot. The host serves the board to a browser it does not control, and no page can read its
 * own pixels, so the host cannot have the screen's picture. What it can have honestly is the board's current view
 * drawn again: a headless Chromium found on this machine (`$BACCARAT_CHROMIUM`, `/usr/bin/chromium`, or `chromium`
 * on the PATH) loads the same page from this host, at the size the board last reported (`kiosk:screen`), waits until
 * it has drawn the view, and takes its picture. The answer says so (`source: 'rendered'`).
 *
 * Needs `playwright-core` at run time. It comes with a source checkout (`npm install`, a dev dependency), not with
 * an install of the package's production dependencies: there the answer is `unavailable` and says what to install.
 *
 * ```ts
 * const picture = await renderBoard({ url: web.localUrl, screen: web.screen() });
 * ```
 * @packageDocumentation
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { BrowserType } from 'playwright-core';
import type { ScreenReport } from '../contract/kiosk';
import { lazyImport } from '../mqtt-bridge/lazy-import';
import { CHROMIUM_FLAGS } from './chromium-flags';
import { ScreenshotFailure, type Picture } from '../mqtt-bridge/screenshot-reply';

/** The size drawn at when no board has reported one: a 1080p screen. */
export const DEFAULT_SCREEN: ScreenReport = { width: 1920, height: 1080, scale: 1 };

/** Chromium's flags for a closed network (web-host/chromium-flags.ts), and no scrollbars in the picture. */
const CHROMIUM_ARGS = [...CHROMIUM_FLAGS, '--hide-scrollbars'];

/** The Chromium to render with: `$BACCARAT_CHROMIUM`, then the usual places, then the PATH; null when none. */
export function findChromium(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  if (env.BACCARAT_CHROMIUM) return existsSync(env.BACCARAT_CHROMIUM) ? env.BACCARAT_CHROMIUM : null;
  const names = ['chromium', 'chromium-browser', 'google-chrome'];
  const dirs = ['/usr/bin', ...(env.PATH ?? '').split(delimiter).filter(Boolean)];
  for (const dir of dirs) for (const name of names) if (existsSync(join(dir, name))) return join(dir, name);
  return null;
}

/** Drawn: the first view's language and fonts are ready, so the board has left its waiting screen. */
const DRAWN = `(() => {
  const board = document.querySelector('kiosk-app')?.shadowRoot?.querySelector('.board');
  return !!board && !board.classList.contains('waiting');
})()`;
/** Every font loaded, and two frames painted since. */
const SETTLED = `document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))`;

export interface RenderOptions {
  readonly url: string; // the board's page on this host, with its token
  readonly screen: ScreenReport | null;
  readonly chromium?: string | null; // default: findChromium()
  readonly timeoutMs?: number; // the whole attempt (default 20 s)
}

/** Draws the board's current view in a headless Chromium and returns its picture. Rejects with a ScreenshotFailure. */
export async function renderBoard(o: RenderOptions): Promise<Picture> {
  const executablePath = o.chromium === undefined ? findChromium() : o.chromium;
  if (!executablePath)
    throw new ScreenshotFailure(
      'unavailable',
      'browser mode: no Chromium on the board machine to draw the board with (looked at $BACCARAT_CHROMIUM, ' +
        '/usr/bin/chromium and the PATH)',
    );
  let chromium: BrowserType;
  try {
    ({ chromium } = await lazyImport(() => import('playwright-core')));
  } catch {
    throw new ScreenshotFailure(
      'unavailable',
      'browser mode: playwright-core is not installed beside the board, so it cannot draw the board ' +
        '(npm install playwright-core@1.65.1 where the board runs)',
    );
  }
  const screen = o.screen ?? DEFAULT_SCREEN;
  const timeout = o.timeoutMs ?? 20_000;
  const browser = await chromium
    .launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout })
    .catch((e: unknown) => {
      throw new ScreenshotFailure('unavailable', `could not start ${executablePath}: ${(e as Error).message}`);
    });
  try {
    const page = await browser.newPage({
      viewport: { width: screen.width, height: screen.height },
      deviceScaleFactor: screen.scale,
    });
    await page.goto(o.url, { timeout });
    // Drawn: the first view's language and fonts are ready (the board leaves its waiting screen), nothing pending.
    // Page code as text: this module has no DOM types (Node only).
    await page.waitForFunction(DRAWN, undefined, { timeout }).catch(() => {
      throw new ScreenshotFailure('failed', `browser mode: the board was not drawn within ${timeout / 1000} s`);
    });
    await page.evaluate(SETTLED);
    // Animations run to their end (a new hand's glow, the ask marks' blink): the picture is the board at rest, not
    // a mark caught half drawn.
    const png = await page.screenshot({ type: 'png', timeout, animations: 'disabled' });
    return {
      png,
      width: Math.round(screen.width * screen.scale),
      height: Math.round(screen.height * screen.scale),
      source: 'rendered',
    };
  } finally {
    await browser.close().catch(() => undefined);
  }
}
