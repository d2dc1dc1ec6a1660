/**
 * Where the package's built parts are, from wherever this code runs: the TypeScript sources (cli/), or the
 * bundle and its chunks (dist/cli/, dist/cli/chunks/). Found by walking up to this package's package.json.
 * @packageDocumentation
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'baccarat-board') return dir;
      } catch {
        // not ours: keep walking
      }
    }
    if (dirname(dir) === dir) throw new Error(`baccarat-board: cannot find the package root above ${from}`);
  }
}

export const PACKAGE_ROOT = packageRoot(dirname(fileURLToPath(import.meta.url)));
/** The package's whole build (npm run build): its digest is the board's software identity. */
export const DIST_DIR = join(PACKAGE_ROOT, 'dist');
/** The built renderer (npm run build). */
export const RENDERER_DIR = join(PACKAGE_ROOT, 'dist', 'renderer');
/** The built signage console UI. */
export const CONSOLE_DIR = join(PACKAGE_ROOT, 'dist', 'console');
/** The built Electron main process. */
export const ELECTRON_MAIN = join(PACKAGE_ROOT, 'dist', 'main', 'main.cjs');
