/**
 * The check of `board.logo` against the board's own files (its built renderer, whose page resolves the path): the
 * board's Content-Security-Policy loads images from those files and `data:` URLs only, so a logo anywhere else, or a
 * path to no file, showed no logo and nothing said. Checked with the configuration, so IT hears of it at deployment.
 *
 * ```ts
 * logoProblem('assets/logo.svg', '/opt/board/dist/renderer');  // null: the file is there
 * logoProblem('assets/nope.svg', '/opt/board/dist/renderer');  // 'is not among the board's files: …'
 * ```
 * @packageDocumentation
 */
import { statSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';

/** What to give instead, said after each problem. */
const GIVE =
  "give a path among the board's files, as the page sees them (assets/logo.svg), or a data: URL (data:image/svg+xml;base64,…)";

/**
 * Why `logo` would show no logo on a board whose page is served from `root` (the built renderer), or null when it
 * shows: a `data:image/…` URL, or a path to a file under `root` (relative to the page, or from its root with `/`).
 */
export function logoProblem(logo: string, root: string): string | null {
  const shown = JSON.stringify(logo);
  if (/^data:/i.test(logo))
    return /^data:image\//i.test(logo)
      ? null
      : `${JSON.stringify(logo.slice(0, 30))}${logo.length > 30 ? '…' : ''} is a data: URL but not an image: ${GIVE}`;
  // An address (https:, file:, //host): the page's Content-Security-Policy loads no image from it.
  if (/^[a-z][a-z\d+.-]*:/i.test(logo) || logo.startsWith('//'))
    return `${shown} is an address the board's Content-Security-Policy loads no image from, so it would show no logo: ${GIVE}`;
  const path = logo.replace(/[?#].*$/, '');
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return `${shown} is not a path the board can read (a malformed %-escape): ${GIVE}`;
  }
  const base = resolve(root);
  const file = normalize(join(base, decoded.replace(/^\/+/, '')));
  if (!file.startsWith(base + sep)) return `${shown} leads outside the board's files (${base}): ${GIVE}`;
  let isFile = false;
  try {
    isFile = statSync(file).isFile();
  } catch {
    return `${shown} is not among the board's files (there is no ${file}), so it would show no logo: ${GIVE}`;
  }
  return isFile ? null : `${shown} is a folder among the board's files (${file}), not an image: ${GIVE}`;
}
