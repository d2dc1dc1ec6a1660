// Builds what runs outside the test runner: the command-line tool (and, as they land, the Electron main
// process, the preload and the renderer). esbuild bundles our own code and leaves node_modules external.
import { build } from 'esbuild';

const started = Date.now();
await build({
  entryPoints: { cli: 'cli/run.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`build: dist/ in ${Date.now() - started} ms`);
