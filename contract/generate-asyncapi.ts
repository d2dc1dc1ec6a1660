/**
 * Node-only dev tool: writes docs/asyncapi.yaml from the contract schemas (see `asyncapi.ts`), formatted with the
 * repository's Prettier settings so that `check-format` passes on it.
 *
 * ```sh
 * node --import tsx contract/generate-asyncapi.ts
 * ```
 * @packageDocumentation
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { asyncApiYaml } from './asyncapi-yaml';

const target = fileURLToPath(new URL('../docs/asyncapi.yaml', import.meta.url));
const options = (await resolveConfig(target)) ?? {};
writeFileSync(target, await format(asyncApiYaml(), { ...options, filepath: target }));
console.log(`wrote ${target}`);
