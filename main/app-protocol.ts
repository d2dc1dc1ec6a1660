/**
 * The `app://` protocol's files: the kiosk page and its assets from the built renderer, never a file outside it.
 * Pure (no Electron), so that it is tested without one; main.ts answers with the file, or with the status.
 *
 * ```ts
 * appFile('/opt/board/renderer', 'app://bundle/fonts/a.woff2'); // { file: '/opt/board/renderer/fonts/a.woff2' }
 * appFile('/opt/board/renderer', 'app://bundle/%E0%A4%A');      // { status: 400 }: a malformed escape
 * ```
 * @packageDocumentation
 */
import { join, normalize, resolve, sep } from 'node:path';
import { decodePath } from '../web-host/request-target';

/**
 * The file an `app://` request names under `rendererDir` (`/` is index.html), or the status to answer with: 400 for
 * a URL that cannot be read or decoded (an unguarded `decodeURIComponent` threw in the main process: issue 17), 404
 * for a path that leaves the folder.
 */
export function appFile(
  rendererDir: string,
  requestUrl: string,
): { readonly file: string } | { readonly status: 400 | 404 } {
  let pathname: string;
  try {
    pathname = new URL(requestUrl).pathname;
  } catch {
    return { status: 400 };
  }
  const decoded = decodePath(pathname);
  if (decoded === null) return { status: 400 };
  const root = resolve(rendererDir); // without a trailing separator
  const file = normalize(join(root, decoded.replace(/^\/+/, '') || 'index.html'));
  return file.startsWith(root + sep) ? { file } : { status: 404 };
}
