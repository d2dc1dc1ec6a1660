// Builds what runs outside the test runner: the command-line tool, the Electron main process and preload, and
// the renderer. esbuild bundles our own code; node_modules stay external except in the sandboxed preload,
// which cannot require anything but `electron` and so is bundled whole.
import { existsSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const started = Date.now();
// Chunk names carry a hash: without clearing them, every build left the previous ones beside the new (160 files
// after a day's work), and a package would ship them.
rmSync('dist/cli/chunks', { recursive: true, force: true });
const common = { bundle: true, sourcemap: true, logLevel: 'warning', legalComments: 'none' };
await Promise.all([
  build({
    ...common,
    // Split: each command is a chunk of its own, loaded when it runs, so `roads` starts without MQTT et al.
    entryPoints: { cli: 'cli/run.ts' },
    outdir: 'dist/cli',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies are bundled too: resolving and compiling hundreds of small files was most of a cold start.
    // Left out: what must be resolved at run time (electron, playwright, esbuild) and pino's worker-based
    // transports (thread-stream), which load files by path.
    external: ['electron', 'playwright', 'playwright-core', 'esbuild', 'thread-stream', 'pino-pretty'],
    banner: {
      // CommonJS dependencies bundled into ESM still call require() for Node's built-ins.
      js: "import { createRequire as __bbRequire } from 'node:module'; const require = __bbRequire(import.meta.url);",
    },
  }),
  build({
    ...common,
    entryPoints: { main: 'main/main.ts' },
    outdir: 'dist/main',
    outExtension: { '.js': '.cjs' },
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    packages: 'external',
  }),
  build({
    ...common,
    entryPoints: { preload: 'main/preload.ts' },
    outdir: 'dist/main',
    outExtension: { '.js': '.cjs' },
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['electron'],
  }),
]);
if (existsSync(new URL('../renderer/build.mjs', import.meta.url))) {
  const { buildRenderer } = await import('../renderer/build.mjs');
  await buildRenderer();
}
if (existsSync(new URL('../console/build.mjs', import.meta.url))) {
  const { buildConsole } = await import('../console/build.mjs');
  await buildConsole();
}
if (existsSync(new URL('../keypad/build.mjs', import.meta.url))) {
  const { buildKeypad } = await import('../keypad/build.mjs');
  await buildKeypad();
}
console.log(`build: dist/ in ${Date.now() - started} ms`);
