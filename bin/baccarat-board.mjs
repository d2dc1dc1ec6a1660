#!/usr/bin/env node
// The installed command. It runs the bundled build (dist/, made by `npm run build`, which `npm install` and
// `npm test` run); in a source checkout without a build it runs the TypeScript sources through tsx.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/cli/cli.mjs', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../cli/run.ts', import.meta.url).href);
}
