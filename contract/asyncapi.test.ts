import { readFileSync } from 'node:fs';
import { Parser } from '@asyncapi/parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { asyncApiDocument } from './asyncapi';
import { REGENERATE_COMMAND, asyncApiYaml } from './asyncapi-yaml';
import { JSON_SCHEMAS } from './json-schema';
import { MESSAGE_KINDS, type MessageKind } from './schemas/index';
import { TOPIC_SPECS } from './topics';

const path = new URL('../docs/asyncapi.yaml', import.meta.url);
const text = readFileSync(path, 'utf8');

/** The parser decorates schemas and objects with `x-parser-*` keys: drop them to compare with ours. */
const strip = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !k.startsWith('x-parser-'))
      .map(([k, v]) => [k, strip(v)]),
  );
};

describe('docs/asyncapi.yaml', () => {
  it(`is up to date (if not, run: ${REGENERATE_COMMAND})`, () => {
    const stale = `docs/asyncapi.yaml is stale: regenerate it with \`${REGENERATE_COMMAND}\``;
    expect(parse(text), stale).toEqual(asyncApiDocument());
    expect(parse(asyncApiYaml())).toEqual(asyncApiDocument()); // the generator's YAML says the same
  });

  describe('parsed by @asyncapi/parser', () => {
    let parsed: Awaited<ReturnType<Parser['parse']>>;
    beforeAll(async () => {
      parsed = await new Parser().parse(text);
    }, 30_000);

    it('has no error diagnostics', () => {
      const errors = parsed.diagnostics.filter((d) => d.severity === 0);
      expect(errors.map((d) => `${d.code} at ${d.path.join('.')}: ${d.message}`)).toEqual([]);
      expect(parsed.document).toBeDefined();
    });

    it.each(MESSAGE_KINDS)('message %s: its payload is the TypeBox JSON Schema', (kind) => {
      const message = parsed.document
        ?.messages()
        .all()
        .find((m) => m.id() === kind);
      expect(message, kind).toBeDefined();
      expect(strip(message?.payload()?.json())).toEqual(JSON_SCHEMAS[kind]);
    });

    it.each(MESSAGE_KINDS)(
      'channel and operation %s: address, QoS and retain follow TOPIC_SPECS',
      (kind: MessageKind) => {
        const spec = TOPIC_SPECS[kind];
        const channel = parsed.document?.channels().get(kind);
        expect(channel?.address()).toBe(['baccarat', ...spec.levels].join('/'));
        const operations = parsed.document
          ?.operations()
          .all()
          .filter((o) =>
            o
              .channels()
              .all()
              .some((c) => c.id() === kind),
          );
        expect(operations).toHaveLength(1);
        const op = operations?.[0];
        expect(op?.action()).toBe(spec.publisher === 'board' ? 'send' : 'receive');
        expect(op?.bindings().get('mqtt')?.value()).toMatchObject({ qos: spec.qos, retain: spec.retain });
      },
    );
  });
});
