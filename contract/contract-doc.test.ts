import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JSON_SCHEMAS } from './json-schema';
import { parseMessage } from './mqtt';
import { MESSAGE_KINDS, type MessageKind } from './schemas/index';

const doc = readFileSync(new URL('../docs/contract.md', import.meta.url), 'utf8');

/** `<!-- example: kind -->` followed by a ```json block. */
const examples = [...doc.matchAll(/<!-- example: (\w+) -->\s*```json\n([\s\S]*?)```/g)].map(
  ([, kind, json]) => [kind as MessageKind, json!] as const,
);

/** Every property name a schema declares, at any depth. */
const propertyNames = (schema: unknown, out = new Set<string>()): Set<string> => {
  if (typeof schema !== 'object' || schema === null) return out;
  const s = schema as { properties?: Record<string, unknown> };
  for (const key of Object.keys(s.properties ?? {})) out.add(key);
  for (const v of Object.values(schema)) propertyNames(v, out);
  return out;
};

describe('docs/contract.md', () => {
  it('has an example of every kind', () => {
    expect(new Set(examples.map(([kind]) => kind))).toEqual(new Set(MESSAGE_KINDS));
  });

  it.each(examples.map(([kind, json], i) => [`${i + 1}: ${kind}`, kind, json] as const))(
    'example %s is valid',
    (_, kind, json) => {
      expect(parseMessage(kind, json)).toMatchObject({ ok: true });
    },
  );

  it.each(MESSAGE_KINDS)('names every property of %s', (kind) => {
    const missing = [...propertyNames(JSON_SCHEMAS[kind])].filter((name) => !doc.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
