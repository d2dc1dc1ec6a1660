/**
 * The AsyncAPI document as YAML text, exactly as `docs/asyncapi.yaml` holds it. Imports `yaml` (a dev
 * dependency): for the generator and the tests, not for the app.
 *
 * ```ts
 * writeFileSync('docs/asyncapi.yaml', asyncApiYaml());
 * ```
 * @packageDocumentation
 */
import { stringify } from 'yaml';
import { asyncApiDocument } from './asyncapi';

export const REGENERATE_COMMAND = 'node --import tsx contract/generate-asyncapi.ts';

const HEADER = `# GENERATED from contract/schemas by \`${REGENERATE_COMMAND}\`: do not edit by hand.
# The AsyncAPI 3.0.0 description of the baccarat-board MQTT contract; human-readable guide: docs/contract.md.
`;

export const asyncApiYaml = (): string =>
  HEADER + stringify(asyncApiDocument(), { aliasDuplicateObjects: false, lineWidth: 120 });
