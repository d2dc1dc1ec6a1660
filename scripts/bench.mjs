// `npm run bench`: runs every bench/*.bench.ts in turn (or those named: npm run bench -- roads bridge) and prints
// their figures. Speed and memory targets live here, never in timed tests. Each bench is bundled with esbuild
// first, as the shipped code is (a TypeScript loader at run time makes the same code measurably slower).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dir = fileURLToPath(new URL('../bench/', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();
// Bundles sit one level below the root, as bench/ does, so that their `new URL('../…', import.meta.url)` paths
// and node_modules resolve as from the sources; the folder is ignored by git.
const out = join(root, '.bench-out');
mkdirSync(out, { recursive: true });
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const bundle = join(out, f.replace(/\.ts$/, '.mjs'));
  await build({
    entryPoints: [join(dir, f)],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  const r = spawnSync(process.execPath, ['--expose-gc', bundle], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) {
    failed++;
    console.log(`${f} failed (exit ${r.status ?? r.signal})`);
  }
}
process.exitCode = failed ? 1 : 0;
