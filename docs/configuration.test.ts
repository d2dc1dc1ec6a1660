import { readFileSync } from 'node:fs';
import type { TSchema } from '@sinclair/typebox';
import { describe, expect, test } from 'vitest';
import { DEFAULT_LANGUAGE } from '../contract/kiosk';
import { ConfigSchema, ENV_VARS } from '../mqtt-bridge/config';
import { allowed } from '../mqtt-bridge/config-errors';

const doc = readFileSync(new URL('./configuration.md', import.meta.url), 'utf8');

/** Every leaf field of the configuration schema, as a dotted path. */
function leaves(schema: TSchema, prefix = ''): string[] {
  const s = schema as TSchema & { properties?: Record<string, TSchema>; anyOf?: TSchema[] };
  if (s.type === 'object' && s.properties) {
    return Object.entries(s.properties).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  }
  const objectBranch = s.anyOf?.find((b) => (b as { type?: string }).type === 'object');
  return objectBranch ? leaves(objectBranch, prefix) : [prefix];
}

/** Every leaf field of the configuration schema, with its schema. */
function leafSchemas(schema: TSchema, prefix = ''): [string, TSchema][] {
  const s = schema as TSchema & { properties?: Record<string, TSchema>; anyOf?: TSchema[] };
  if (s.type === 'object' && s.properties)
    return Object.entries(s.properties).flatMap(([k, v]) => leafSchemas(v, prefix ? `${prefix}.${k}` : k));
  const objectBranch = s.anyOf?.find((b) => (b as { type?: string }).type === 'object');
  return objectBranch ? leafSchemas(objectBranch, prefix) : [[prefix, schema]];
}

/**
 * The range of a field in the validator's own words ('from 5 to 600', 'of 0 or more', a list or text 'up to 16'), or
 * null.
 */
const rangeWords = (schema: TSchema): string | null =>
  /(from -?\d+ to -?\d+|of -?\d+ or more|up to -?\d+)/.exec(allowed(schema))?.[1] ?? null;

/** A field's row in the table of fields. */
const rowOf = (field: string): string => doc.split('\n').find((l) => l.startsWith(`| \`${field}\``)) ?? '';

describe('docs/configuration.md is in step with the configuration', () => {
  test.each(leaves(ConfigSchema))('documents the field %s', (field) => {
    expect(doc).toMatch(new RegExp(`\\|\\s*\`${field.replaceAll('.', '\\.')}\`\\s*\\|`));
  });

  // The ranges were in the errors only (mqtt.keepaliveSeconds 5 to 600 …): a reader of the doc met them on a refusal.
  const ranged = leafSchemas(ConfigSchema).flatMap(([field, schema]) => {
    const words = rangeWords(schema);
    return words === null ? [] : [[field, words] as const];
  });
  test('the fields with a range are found (the check below checks something)', () => {
    expect(ranged.map(([f]) => f)).toEqual(expect.arrayContaining(['mqtt.keepaliveSeconds', 'mqtt.maxPayloadBytes']));
  });
  test.each(ranged)('documents the range of %s as the validator says it: %s', (field, words) => {
    expect(rowOf(field)).toContain(words);
  });

  test.each(Object.entries(ENV_VARS))('documents %s as setting %s', (name, field) => {
    expect(doc).toMatch(new RegExp(`\\|\\s*\`${name}\`\\s*\\|\\s*\`${field.replaceAll('.', '\\.')}\``));
  });
});

/** The Default cell of a field's row. */
const defaultOf = (field: string): string =>
  new RegExp(`\\|\\s*\`${field.replaceAll('.', '\\.')}\`\\s*\\|([^|]*)\\|`).exec(doc)?.[1]?.trim() ?? '';

describe('the defaults docs/configuration.md gives are what the board does without the field', () => {
  test('board.language: the language the board draws when neither it nor the signs set one', () => {
    expect(defaultOf('board.language')).toContain(`\`${DEFAULT_LANGUAGE}\``);
  });

  test('board.logo: the logo the header shows without one (it said none, and a placeholder showed)', () => {
    const panels = readFileSync(new URL('../renderer/components/board-panels.ts', import.meta.url), 'utf8');
    const drawn = /settings\.logo \?\? '([^']+)'/.exec(panels)?.[1];
    expect(drawn).toBeDefined();
    expect(defaultOf('board.logo')).toContain(`\`${drawn}\``);
  });

  test('board.orientation: the way the board turns, which says how to mount the screen (it said nothing of turning)', () => {
    const styles = readFileSync(new URL('../renderer/components/kiosk-app.styles.ts', import.meta.url), 'utf8');
    expect(styles).toMatch(/\.board\.rotated \{[^}]*rotate\(90deg\)/);
    const row = doc.split('\n').find((l) => l.startsWith('| `board.orientation`')) ?? '';
    expect(row).toContain('a quarter turn clockwise');
  });
});
