// Runs after `npm install`. Two jobs, neither of which may fail the install:
// 1. Fetch the Electron binary. Electron's own install script is denied in package.json (`allowScripts`),
//    because it fails the whole install where GitHub cannot be reached; here we run it ourselves, with a time
//    limit, and on failure say clearly that the kiosk will run in browser mode.
// 2. Build dist/ (the command-line tool, the kiosk's main process, preload and renderer).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { electronBinaryPath } from './electron-binary.mjs';

const require = createRequire(import.meta.url);

const electronBinaryPresent = () => electronBinaryPath() !== null;

function fetchElectron() {
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return 'skipped (ELECTRON_SKIP_BINARY_DOWNLOAD is set)';
  if (electronBinaryPresent()) return 'present';
  let installer;
  try {
    installer = require.resolve('electron/install.js');
  } catch {
    return 'not installed (the electron package is missing: a production install without dev dependencies?)';
  }
  const r = spawnSync(process.execPath, [installer], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 });
  if (r.status === 0 && electronBinaryPresent()) return 'downloaded';
  const why = (r.stderr?.toString() ?? '').split('\n').find((l) => /error/i.test(l)) ?? `exit ${r.status ?? r.signal}`;
  return `could not be downloaded (${why.trim().slice(0, 160)})`;
}

const electron = fetchElectron();
if (electron === 'present' || electron === 'downloaded') {
  console.log(`baccarat-board: Electron binary ${electron}; \`npm start\` opens the kiosk window.`);
} else {
  console.log(
    `baccarat-board: the Electron binary ${electron}.\n` +
      '  The kiosk will run in browser mode: `npm start` serves the board to a browser instead of opening\n' +
      '  an Electron window. To get Electron later: `node node_modules/electron/install.js`.',
  );
}

if (existsSync(new URL('../node_modules/esbuild', import.meta.url))) {
  const b = spawnSync(process.execPath, [new URL('./build.mjs', import.meta.url).pathname], { stdio: 'inherit' });
  if (b.status !== 0) console.log('baccarat-board: the build failed; run `npm run build` to see why.');
}
