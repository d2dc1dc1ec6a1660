/**
 * A built page's folder served over HTTP (the board's dist/renderer, the console's dist/console): never a file
 * outside it, the content type by extension, the security headers, the build's brotli / gzip copies to a browser
 * that accepts them, and files kept in memory once read (static-files.ts).
 *
 * ```ts
 * const site = staticSite('/…/dist/console');
 * const target = requestTarget(req.url); // null → 400
 * if (target) site.send(req, res, target.path); // 200 with the file, or 404
 * ```
 * @packageDocumentation
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { MIME, SECURITY_HEADERS, sendText } from './http-response';
import { staticFiles, type StaticFiles } from './static-files';

/** One folder's files, served. */
export interface StaticSite {
  /** The folder, absolute and normalised. */
  readonly root: string;
  /** The cache the files are read through. */
  readonly files: StaticFiles;
  /** The file a decoded path (`fonts/a.woff2`; `''` is `index.html`) names, or null if it would leave the folder. */
  file(path: string): string | null;
  /** Answers with the file a decoded path names (HEAD: its headers only), or 404. */
  send(req: IncomingMessage, res: ServerResponse, path: string): void;
}

/**
 * The build's precompressed copy of a file (`app.js.br`, `fonts.css.gz`) the browser accepts, if there is one:
 * the script and the font faces' stylesheet are a tenth of their size, and the page is ready sooner.
 */
function compressed(
  files: StaticFiles,
  file: string,
  accepted: string | undefined,
): { body: Buffer; encoding: 'br' | 'gzip' } | null {
  const encodings = (accepted ?? '').split(',').map((e) => e.trim().split(';')[0]);
  for (const [encoding, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    const body = encodings.includes(encoding) ? files.read(file + ext) : null;
    if (body) return { body, encoding };
  }
  return null;
}

/** Serves the files under `root`. */
export function staticSite(root: string, files: StaticFiles = staticFiles()): StaticSite {
  const base = resolve(root); // absolute, without a trailing separator
  const file = (path: string): string | null => {
    const f = normalize(join(base, path === '' ? 'index.html' : path));
    return f.startsWith(base + sep) ? f : null;
  };
  return {
    root: base,
    files,
    file,
    send(req, res, path) {
      const f = file(path);
      const packed = f === null ? null : compressed(files, f, req.headers['accept-encoding']);
      const body = packed?.body ?? (f === null ? null : files.read(f));
      if (f === null || body === null) return sendText(res, 404, 'not found\n');
      res.writeHead(200, {
        ...SECURITY_HEADERS,
        'content-type': MIME[extname(f)] ?? 'application/octet-stream',
        // Font files are named for their face and never change within a build; the rest is checked each time.
        'cache-control': extname(f) === '.woff2' ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...(packed ? { 'content-encoding': packed.encoding, vary: 'accept-encoding' } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return undefined;
    },
  };
}
