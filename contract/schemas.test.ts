import { describe, expect, it } from 'vitest';
import { RANKS, SUITS } from '../baccarat/types';
import { EXAMPLES } from './examples';
import { JSON_SCHEMAS, type JsonSchema } from './json-schema';
import { parseMessage } from './mqtt';
import { EVENT_TYPES, DISPLAY_COMMANDS, MESSAGE_KINDS, isId, isTimestamp } from './schemas/index';
import { encodeUtf8 } from './text-codec';
import { validate } from './validate';

describe('examples', () => {
  it.each(MESSAGE_KINDS)('every %s example parses, from text and from bytes', (kind) => {
    expect(EXAMPLES[kind].length).toBeGreaterThan(0);
    for (const example of EXAMPLES[kind]) {
      const text = JSON.stringify(example);
      expect(parseMessage(kind, text)).toEqual({ ok: true, value: example });
      expect(parseMessage(kind, encodeUtf8(text))).toEqual({ ok: true, value: example });
    }
  });

  it('cover every event type, command and display state', () => {
    expect(new Set(EXAMPLES.event.map((e) => e.type))).toEqual(new Set(EVENT_TYPES));
    expect(new Set(EXAMPLES.displayCommand.map((c) => c.command))).toEqual(new Set(DISPLAY_COMMANDS));
    expect(new Set(EXAMPLES.displayStatus.map((s) => s.state))).toEqual(new Set(['online', 'offline']));
    expect(new Set(EXAMPLES.signage.map((s) => s.variant.kind))).toEqual(new Set(['commission', 'modified-odds']));
  });
});

/** Every subschema, with its JSON pointer inside the schema. */
function* walk(schema: unknown, path = ''): Generator<[string, Record<string, unknown>]> {
  if (typeof schema !== 'object' || schema === null) return;
  if (Array.isArray(schema)) {
    for (const [i, s] of schema.entries()) yield* walk(s, `${path}/${i}`);
    return;
  }
  const s = schema as Record<string, unknown>;
  if ('type' in s || 'anyOf' in s || 'const' in s) yield [path, s];
  for (const [k, v] of Object.entries(s)) if (typeof v === 'object') yield* walk(v, `${path}/${k}`);
}

describe('JSON Schemas', () => {
  it.each(MESSAGE_KINDS)('%s: $id, title, description; every object closed; every string bounded', (kind) => {
    const schema: JsonSchema = JSON_SCHEMAS[kind];
    expect(schema.$id).toMatch(/^urn:baccarat-board:contract:v1:/);
    expect(schema.title).toEqual(expect.any(String));
    expect(schema.description).toEqual(expect.any(String));
    for (const [path, s] of walk(schema)) {
      if (path !== '') expect(s.$id, path).toBeUndefined(); // nested $ids would clash inside AsyncAPI
      if (s.type === 'object') expect(s.additionalProperties, path).toBe(false);
      if (s.type === 'string' && !('const' in s)) expect(s.maxLength, path).toEqual(expect.any(Number));
      if (s.type === 'array') expect(s.maxItems, path).toEqual(expect.any(Number));
    }
  });

  it('$ids are unique', () => {
    const ids = MESSAGE_KINDS.map((k) => JSON_SCHEMAS[k].$id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('are plain JSON (no TypeBox symbols)', () => {
    for (const kind of MESSAGE_KINDS)
      expect(JSON.parse(JSON.stringify(JSON_SCHEMAS[kind]))).toEqual(JSON_SCHEMAS[kind]);
    expect(Object.getOwnPropertySymbols(JSON_SCHEMAS.hand)).toEqual([]);
  });
});

const hand = EXAMPLES.hand[0]!;
const cardsOk = (card: string) => validate('hand', { ...hand, cards: { player: [card, '2S'], banker: ['3S', '4S'] } });

describe('cards', () => {
  it('accepts every rank and suit of the core vocabulary, and T for ten', () => {
    for (const rank of [...RANKS, 'T'])
      for (const suit of SUITS) expect(cardsOk(`${rank}${suit}`), rank + suit).toEqual([]);
  });
  it.each(['1H', '11S', '9X', '9h', 'h9', '', '10', 'TT', '10SS', ' 9H', 'JOKER'])('rejects %j', (card) => {
    expect(cardsOk(card)).toMatchObject([{ path: '/cards/player/0' }]);
  });
});

describe('timestamps', () => {
  it.each([
    '2024-11-22T14:05:09Z',
    '2024-11-22T14:05:09.250Z',
    '2024-11-22T22:05:09.123456789+08:00',
    '2024-02-29T00:00:00-05:30',
    '2000-02-29T23:59:59Z',
    '2016-12-31T23:59:60Z',
  ])('accepts %s', (ts) => {
    expect(isTimestamp(ts)).toBe(true);
    expect(validate('hand', { ...hand, timestamp: ts })).toEqual([]);
  });
  it.each([
    '2024-11-22 14:05:09Z',
    '2024-11-22T14:05:09',
    '2024-11-22',
    '2023-02-29T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '2024-04-31T00:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-11-22T24:00:00Z',
    '2024-11-22T14:05:09.Z',
    '2024-11-22T14:05:09+8:00',
    '1732284309',
  ])('rejects %s', (ts) => {
    expect(isTimestamp(ts)).toBe(false);
    expect(validate('hand', { ...hand, timestamp: ts })).toMatchObject([{ path: '/timestamp' }]);
  });
});

describe('ids', () => {
  it.each(['T12', 'board-T12', 'a_b-C', 'x'.repeat(64)])('accepts %j', (id) => expect(isId(id)).toBe(true));
  it.each(['', 'x'.repeat(65), 'a/b', 'a+b', 'a#', 'a b', 'é', '$SYS', 'a.b'])('rejects %j', (id) => {
    expect(isId(id)).toBe(false);
    expect(validate('hand', { ...hand, shoeId: id })).toMatchObject([{ path: '/shoeId' }]);
  });
});
