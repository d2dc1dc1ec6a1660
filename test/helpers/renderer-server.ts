/**
 * The built renderer (dist/renderer/) served over HTTP on a free port, for tests that open the board's demo page in
 * real Chromium (`index.html?demo=<fixture>`). One server for every such test, so that their MIME types and paths
 * are stated once.
 *
 * ```ts
 * const site = await serveRenderer();             // after buildRenderer()
 * await page.goto(`${site.base}/index.html?demo=no-shoe&askBlink=0`);
 * await site.close();
 * ```
 * @packageDocumentation
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const DIST = new URL('../../dist/renderer/', import.meta.url).pathname;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export interface RendererSite {
  readonly base: string; // http://127.0.0.1:PORT
  close(): Promise<void>;
}

/**
 * Serves dist/renderer/ (build it first); files are cached by the browser for ten minutes, as fonts are many. `dist`:
 * where it is, for code bundled elsewhere than this file (the benches run from .bench-out/).
 */
export async function serveRenderer(dist = DIST): Promise<RendererSite> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    readFile(join(dist, path === '/' ? 'index.html' : path)).then(
      (body) => {
        res.writeHead(200, {
          'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
          'cache-control': 'max-age=600',
        });
        res.end(body);
      },
      () => {
        res.writeHead(404);
        res.end();
      },
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
