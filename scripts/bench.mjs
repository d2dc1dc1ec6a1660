// `npm run bench`: runs every bench/*.bench.ts in turn (or those named: npm run bench -- roads bridge) and prints
// their figures. Speed and memory targets live here, never in timed tests.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const dir = new URL('../bench/', import.meta.url);
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', new URL(f, dir).pathname], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.log(`${f} failed (exit ${r.status ?? r.signal})`);
  }
}
process.exitCode = failed ? 1 : 0;
