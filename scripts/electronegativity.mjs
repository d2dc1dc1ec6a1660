// Electronegativity over the Electron main process and preload. Its own command line misreads its options with
// the commander version npm hoists here, and its exit status is always 0, so we call its runner and gate on
// the findings ourselves: any HIGH finding fails (exit 1). By default it reads a copy of main/ without its tests
// (a test may hold an insecure sample on purpose; the tool skips .cjs bundles). Usage: node scripts/electronegativity.mjs [DIR]
import { cpSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity/dist/runner.js');
const electron = require('electron/package.json').version;
function mainSources() {
  const dir = join(mkdtempSync(join(tmpdir(), 'electronegativity-')), 'main');
  cpSync(fileURLToPath(new URL('../main', import.meta.url)), dir, {
    recursive: true,
    filter: (src) => !src.endsWith('.test.ts'),
  });
  return dir;
}
const input = process.argv[2] ?? mainSources();

// The tool tries to fetch translations and Electron's release list; offline it says so on stderr and goes on.
const quiet = console.log;
console.log = () => undefined;
const result = await run(
  {
    input,
    isSarif: false,
    customScan: [],
    excludeFromScan: [],
    isRelative: true,
    isVerbose: false,
    electronVersionOverride: electron,
    parserPlugins: [],
  },
  false,
).finally(() => {
  console.log = quiet;
});

const rank = { HIGH: 3, MEDIUM: 2, LOW: 1, INFORMATIONAL: 0 };
const issues = [...result.issues].sort((a, b) => rank[b.severity.name] - rank[a.severity.name]);
console.log(
  `electronegativity ${input}: ${result.atomicChecks} atomic and ${result.globalChecks} global checks, Electron ${electron}`,
);
for (const i of issues) {
  console.log(
    `  ${i.severity.name.padEnd(6)} ${i.confidence.name.padEnd(9)} ${i.id} ${i.file}:${i.location.line} ${i.description}`,
  );
}
for (const e of result.errors) console.log(`  error: ${JSON.stringify(e)}`);
const high = issues.filter((i) => i.severity.name === 'HIGH');
console.log(high.length ? `FAIL: ${high.length} HIGH finding(s)` : 'ok: no HIGH finding');
process.exitCode = high.length || result.errors.length ? 1 : 0;
