// Where the Electron binary is, without side effects: `require('electron')` itself tries to download the
// binary when it is missing, so we read the package's path.txt the way it does.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The Electron executable's path, or null when the package or its binary is missing. */
export function electronBinaryPath() {
  let dir;
  try {
    dir = dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = join(dir, 'path.txt');
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const p = join(
      process.env.ELECTRON_OVERRIDE_DIST_PATH,
      existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : 'electron',
    );
    return existsSync(p) ? p : null;
  }
  if (!existsSync(pathFile)) return null;
  const p = join(dir, 'dist', readFileSync(pathFile, 'utf8'));
  return existsSync(p) ? p : null;
}
