/**
 * The built renderer (dist/renderer/) served over HTTP on a free port, for tests that open the board's demo page in
 * real Chromium (`index.html?demo=<fixture>`). One server for every such test, and the product's: the web host's
 * static site.
 *
 * ```ts
 * const site = await serveRenderer();             // after buildRenderer()
 * await page.goto(`${site.base}/index.html?demo=no-shoe&askBlink=0`);
 * await site.close();
 * ```
 * @packageDocumentation
 */
import { createServer } from 'node:http';
import { chromium, type Browser } from 'playwright';
import { buildRenderer } from '../../renderer/build.mjs';
import { chromiumLaunchOptions } from './chromium';
import { requestTarget } from '../../web-host/request-target';
import { staticSite } from '../../web-host/static-site';

const DIST = new URL('../../dist/renderer/', import.meta.url).pathname;

export interface RendererSite {
  readonly base: string; // http://127.0.0.1:PORT
  close(): Promise<void>;
}

/**
 * Serves dist/renderer/ (build it first) as the board's web host does (web-host/static-site.ts: its content types,
 * security headers and policy, cache and compressed copies), so that the pages under test run as they do in browser
 * mode. `dist`: where it is, for code bundled elsewhere than this file (the benches run from .bench-out/).
 */
export async function serveRenderer(dist = DIST): Promise<RendererSite> {
  const site = staticSite(dist);
  const server = createServer((req, res) => {
    const target = requestTarget(req.url);
    if (target === null) {
      res.writeHead(400);
      res.end();
      return;
    }
    site.send(req, res, target.path);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The built renderer served, and a Chromium to open it in: what an end-to-end test of the board's page starts with. */
export interface RendererInChromium {
  readonly base: string; // http://127.0.0.1:PORT
  readonly browser: Browser;
  close(): Promise<void>;
}

/** Builds the renderer, serves it and launches Debian's Chromium (`beforeAll`, with a minute's time-out). */
export async function rendererInChromium(): Promise<RendererInChromium> {
  await buildRenderer();
  const site = await serveRenderer();
  const browser = await chromium.launch(chromiumLaunchOptions());
  return {
    base: site.base,
    browser,
    close: async () => {
      await browser.close();
      await site.close();
    },
  };
}
