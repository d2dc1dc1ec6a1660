// Builds the console page into dist/console/: console.js (console/ui/main.ts, one classic script, so it runs
// under the board's strict CSP), index.html, console.css, and Noto Sans (Latin, 400 and 700) from @fontsource
// with a generated fonts.css. No network fonts.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FONTS = join(ROOT, 'node_modules', '@fontsource', 'noto-sans', 'files');

/** Builds dist/console/. Options: `outdir` (default dist/console), `minify` (default true). */
export async function buildConsole({ outdir = join(ROOT, 'dist', 'console'), minify = true } = {}) {
  const started = Date.now();
  await mkdir(join(outdir, 'fonts'), { recursive: true });
  await build({
    entryPoints: { console: join(ROOT, 'console', 'ui', 'main.ts') },
    outdir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['chrome120'],
    tsconfig: join(ROOT, 'console', 'ui', 'tsconfig.json'), // experimentalDecorators, useDefineForClassFields: false
    minify,
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    absWorkingDir: ROOT,
  });
  await copyFile(join(ROOT, 'console', 'ui', 'console.css'), join(outdir, 'console.css'));
  const fonts = [];
  for (const weight of [400, 700]) {
    const file = `noto-sans-latin-${weight}-normal.woff2`;
    await copyFile(join(FONTS, file), join(outdir, 'fonts', file));
    fonts.push(
      `@font-face { font-family: 'Noto Sans'; font-style: normal; font-weight: ${weight}; font-display: swap; src: url(fonts/${file}) format('woff2'); }`,
    );
  }
  await writeFile(
    join(outdir, 'fonts.css'),
    `/* Noto Sans (OFL-1.1) from @fontsource, Latin. */\n${fonts.join('\n')}\n`,
  );
  await copyFile(join(ROOT, 'console', 'ui', 'index.html'), join(outdir, 'index.html'));
  return { outdir: relative(ROOT, outdir), ms: Date.now() - started };
}

// Run directly: node console/build.mjs
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await buildConsole();
  console.log(`build: ${r.outdir}/ in ${r.ms} ms`);
}
