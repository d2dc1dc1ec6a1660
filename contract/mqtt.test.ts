import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryPayload } from './arbitraries';
import { EXAMPLES } from './examples';
import {
  DEFAULT_MAX_BYTES,
  makeHandMessage,
  makeMessage,
  parseHandMessage,
  parseMessage,
  parseTopicMessage,
  type ContractErrorCode,
} from './mqtt';
import { MESSAGE_KINDS, type HandMessage, type MessageKind } from './schemas/index';
import { encodeUtf8 } from './text-codec';

const hand = EXAMPLES.hand[0]!;
const signage = EXAMPLES.signage[0]!;
const correction = EXAMPLES.event.find((e) => e.type === 'correction')!;
const shoe = EXAMPLES.shoe[1]!;
const json = (x: unknown) => JSON.stringify(x);
const without = (o: object, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

/** [what, kind, data, expected code, text the message must contain] */
const INVALID: [string, MessageKind, Uint8Array | string, ContractErrorCode, string][] = [
  ['empty', 'hand', '', 'bad-json', 'hand:'],
  ['truncated JSON', 'hand', json(hand).slice(0, -1), 'bad-json', 'JSON'],
  ['not UTF-8', 'hand', new Uint8Array([0x7b, 0xff, 0x7d]), 'bad-json', 'not UTF-8'],
  ['lone surrogate bytes', 'hand', new Uint8Array([0xed, 0xa0, 0x80]), 'bad-json', 'not UTF-8'],
  ['a JSON array', 'hand', '[1]', 'bad-shape', '/: Expected an object'],
  ['JSON null', 'event', 'null', 'bad-shape', 'Expected an object'],
  ['a JSON string', 'shoe', '"hi"', 'bad-shape', 'Expected an object'],
  ['no version', 'hand', json(without(hand, 'v')), 'unsupported-version', 'missing version'],
  ['version 2', 'hand', json({ ...hand, v: 2 }), 'unsupported-version', 'v 2'],
  ['version "1"', 'signage', json({ ...signage, v: '1' }), 'unsupported-version', 'v "1"'],
  ['points over 9', 'hand', json({ ...hand, playerPoints: 10 }), 'bad-shape', '/playerPoints: Expected integer ≤ 9'],
  ['negative points', 'hand', json({ ...hand, bankerPoints: -1 }), 'bad-shape', '/bankerPoints: Expected integer ≥ 0'],
  ['fractional points', 'hand', json({ ...hand, bankerPoints: 7.5 }), 'bad-shape', '/bankerPoints: Expected integer'],
  ['hand 0', 'hand', json({ ...hand, handNo: 0 }), 'bad-shape', '/handNo: Expected integer ≥ 1'],
  ['hand 201', 'hand', json({ ...hand, handNo: 201 }), 'bad-shape', '/handNo: Expected integer ≤ 200'],
  ['unknown outcome', 'hand', json({ ...hand, outcome: 'dragon' }), 'bad-shape', '/outcome: Expected one of "banker"'],
  ['typo in a key', 'hand', json({ ...without(hand, 'playerPoints'), playerPoint: 5 }), 'bad-shape', '/playerPoint'],
  [
    'one card',
    'hand',
    json({ ...hand, cards: { player: ['9H'], banker: ['KD', '7C'] } }),
    'bad-shape',
    '/cards/player',
  ],
  [
    'bad card',
    'hand',
    json({ ...hand, cards: { player: ['9H', '1S'], banker: ['KD', '7C'] } }),
    'bad-shape',
    '/cards/player/1',
  ],
  ['slash in shoe id', 'hand', json({ ...hand, shoeId: 'a/b' }), 'bad-shape', '/shoeId'],
  ['unknown void reason', 'hand', json({ ...hand, voidHand: { reason: 'x' } }), 'bad-shape', '/voidHand/reason'],
  ['unknown event type', 'event', json({ ...correction, type: 'nope' }), 'bad-shape', '/type: Expected one of'],
  ['event without type', 'event', json(without(correction, 'type')), 'bad-shape', '/type: Missing'],
  ['event without seq', 'event', json(without(correction, 'seq')), 'bad-shape', '/seq: Missing required property'],
  ['negative seq', 'event', json({ ...correction, seq: -1 }), 'bad-shape', '/seq'],
  ['seq above 2^52 − 1', 'event', json({ ...correction, seq: 2 ** 52 }), 'bad-shape', '/seq: Expected integer'],
  [
    'a 2-deck shoe (the rules allow 4 to 8)',
    'event',
    json({
      v: 1,
      type: 'shoe-start',
      seq: 1,
      controllerId: 'C1',
      timestamp: correction.timestamp,
      shoeId: 'S1',
      decks: 2,
    }),
    'bad-shape',
    '/decks: Expected integer ≥ 4',
  ],
  [
    'cut card without firstCardOfRound',
    'event',
    json({ ...EXAMPLES.event.find((e) => e.type === 'cut-card')!, firstCardOfRound: undefined }),
    'bad-shape',
    '/firstCardOfRound: Missing',
  ],
  [
    'burn count 11',
    'event',
    json({ ...EXAMPLES.event[3]!, burn: { card: '4D', count: 11 } }),
    'bad-shape',
    '/burn/count',
  ],
  ['correction of another hand', 'event', json({ ...correction, handNo: 8 }), 'bad-shape', '/hand/handNo'],
  [
    'correction, bad inner hand',
    'event',
    json({ ...correction, hand: { ...hand, natural: 'no' } }),
    'bad-shape',
    '/hand/natural',
  ],
  [
    'snapshot hands out of order',
    'shoe',
    json({ ...shoe, hands: [...shoe.hands].reverse() }),
    'bad-shape',
    '/hands/0/handNo',
  ],
  ['snapshot, unknown phase', 'shoe', json({ ...shoe, phase: 'paused' }), 'bad-shape', '/phase'],
  [
    'minimum over maximum',
    'signage',
    json({ ...signage, limits: { ...signage.limits, minimum: 6000 } }),
    'bad-shape',
    '/limits/minimum',
  ],
  [
    'a side bet minimum over its maximum',
    'signage',
    json({ ...signage, limits: { ...signage.limits, sideBetLimits: { urWayEgalite: { minimum: 50, maximum: 5 } } } }),
    'bad-shape',
    '/limits/sideBetLimits/urWayEgalite/minimum: Expected ≤ /limits/sideBetLimits/urWayEgalite/maximum',
  ],
  [
    'limits for a pair bet (pairMaximum limits pairs)',
    'signage',
    json({ ...signage, limits: { ...signage.limits, sideBetLimits: { playerPair: { minimum: 5, maximum: 50 } } } }),
    'bad-shape',
    '/limits/sideBetLimits/playerPair',
  ],
  [
    'a side bet limit with a currency of its own',
    'signage',
    json({
      ...signage,
      limits: { ...signage.limits, sideBetLimits: { perfectPairs: { minimum: 5, maximum: 50, currency: 'USD' } } },
    }),
    'bad-shape',
    '/limits/sideBetLimits/perfectPairs/currency',
  ],
  ['tie pays 10', 'signage', json({ ...signage, tiePays: 10 }), 'bad-shape', '/tiePays: Expected one of 8, 9'],
  [
    'lower-case currency',
    'signage',
    json({ ...signage, limits: { ...signage.limits, currency: 'aud' } }),
    'bad-shape',
    '/limits/currency',
  ],
  [
    'duplicate side bet',
    'signage',
    json({ ...signage, sideBets: ['playerPair', 'playerPair'] }),
    'bad-shape',
    '/sideBets',
  ],
  [
    'message too long',
    'signage',
    json({ ...signage, message: 'x'.repeat(281) }),
    'bad-shape',
    '/message: Expected at most 280',
  ],
  ['unknown language', 'signage', json({ ...signage, language: 'fr' }), 'bad-shape', '/language'],
  ['negative revision', 'signage', json({ ...signage, revision: -1 }), 'bad-shape', '/revision'],
  [
    'modified odds without effectiveFromHand',
    'signage',
    json({ ...signage, variant: { kind: 'modified-odds', effectiveFromShoe: 'S1' } }),
    'bad-shape',
    '/variant/effectiveFromHand: Missing',
  ],
  [
    'commission with half an effective point',
    'signage',
    json({ ...signage, variant: { kind: 'commission', commissionPercent: 5, effectiveFromHand: 3 } }),
    'bad-shape',
    '/variant/effectiveFromShoe: Missing; required with effectiveFromHand',
  ],
  [
    'unknown variant',
    'signage',
    json({ ...signage, variant: { kind: 'free' } }),
    'bad-shape',
    '/variant/kind: Expected one of',
  ],
  [
    'pay scale three',
    'casinoSignage',
    json({ ...EXAMPLES.casinoSignage[0]!, perfectPairsScale: 'three' }),
    'bad-shape',
    '/perfectPairsScale',
  ],
  [
    'controller state',
    'controllerStatus',
    json({ ...EXAMPLES.controllerStatus[0]!, state: 'up' }),
    'bad-shape',
    '/state',
  ],
  [
    'offline with counters',
    'displayStatus',
    json({ ...EXAMPLES.displayStatus[1]!, handCount: 3 }),
    'bad-shape',
    '/handCount: Unknown property',
  ],
  [
    'online without counters',
    'displayStatus',
    json(without(EXAMPLES.displayStatus[0]!, 'handCount')),
    'bad-shape',
    '/handCount: Missing',
  ],
  [
    'unknown command',
    'displayCommand',
    json({ ...EXAMPLES.displayCommand[0]!, command: 'reboot' }),
    'bad-shape',
    '/command',
  ],
  [
    'identify for an hour',
    'displayCommand',
    json({ ...EXAMPLES.displayCommand[0]!, durationSeconds: 3600 }),
    'bad-shape',
    '/durationSeconds',
  ],
];

describe('parseMessage rejects', () => {
  it.each(INVALID)('%s', (_, kind, data, code, text) => {
    const r = parseMessage(kind, data);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error.message).toContain(text);
  });

  it('lists at most maxIssues issues', () => {
    const bad = json({ ...hand, playerPoints: 10, bankerPoints: 10, outcome: 'x', natural: 1, extra: 1 });
    const r = parseMessage('hand', bad);
    expect(!r.ok && r.error.message.split('; ').length).toBe(3);
    const all = parseMessage('hand', bad, { maxIssues: 10 });
    expect(!all.ok && all.error.message.split('; ').length).toBe(5);
  });

  it('data that is neither text nor bytes', () => {
    expect(parseMessage('hand', 42 as unknown as string)).toMatchObject({ ok: false, error: { code: 'bad-json' } });
  });
});

describe('size limit', () => {
  const pad = (text: string, size: number) => text.replace(/}$/, ' '.repeat(size - encodeUtf8(text).length) + '}');
  it.each(MESSAGE_KINDS)('%s: accepts the limit, rejects one byte more', (kind) => {
    const max = DEFAULT_MAX_BYTES[kind];
    const text = json(EXAMPLES[kind][0]);
    expect(parseMessage(kind, pad(text, max)).ok).toBe(true);
    expect(parseMessage(kind, encodeUtf8(pad(text, max))).ok).toBe(true);
    expect(parseMessage(kind, pad(text, max + 1))).toMatchObject({ ok: false, error: { code: 'too-large' } });
    expect(parseMessage(kind, encodeUtf8(pad(text, max + 1)))).toMatchObject({
      ok: false,
      error: { code: 'too-large' },
    });
  });

  it('is checked before decoding: oversized garbage is too-large, not bad-json', () => {
    expect(parseMessage('hand', new Uint8Array(8193).fill(0xff))).toMatchObject({
      ok: false,
      error: { code: 'too-large' },
    });
    expect(parseMessage('hand', '{'.repeat(8193))).toMatchObject({ ok: false, error: { code: 'too-large' } });
  });

  it('counts UTF-8 bytes, not characters', () => {
    const text = json({ ...signage, message: '龍'.repeat(280) }); // 3 bytes each
    expect(parseMessage('signage', text).ok).toBe(true);
    expect(parseMessage('signage', text, { maxBytes: text.length + 100 })).toMatchObject({
      error: { code: 'too-large' },
    });
  });

  it('is configurable', () => {
    expect(parseMessage('hand', json(hand), { maxBytes: 100 })).toMatchObject({
      ok: false,
      error: { code: 'too-large' },
    });
  });

  it('a full shoe fits the snapshot limit: 200 hands of six cards, 16-character shoe id', () => {
    const shoeId = 'S20241122-T12-03';
    const hands = Array.from({ length: 200 }, (_, i): HandMessage => ({
      ...hand,
      shoeId,
      handNo: i + 1,
      cards: { player: ['10S', '10H', '10D'], banker: ['10C', '10S', '10H'] },
    }));
    const size = encodeUtf8(makeMessage('shoe', { ...shoe, shoeId, hands })).length;
    expect(size).toBeLessThan(DEFAULT_MAX_BYTES.shoe);
    // and a realistic 8-deck shoe, about 80 hands, is well under half of it
    expect((size * 80) / 200).toBeLessThan(DEFAULT_MAX_BYTES.shoe / 2);
  });
});

describe('makeMessage', () => {
  it('serialises a valid payload to JSON', () => {
    expect(JSON.parse(makeMessage('hand', hand))).toEqual(hand);
    expect(makeHandMessage(hand)).toBe(makeMessage('hand', hand));
    expect(parseHandMessage(makeHandMessage(hand))).toEqual({ ok: true, value: hand });
  });
  it('throws a TypeError naming the path on an invalid payload (a bug of ours)', () => {
    expect(() => makeMessage('hand', { ...hand, playerPoints: 12 as 9 })).toThrow(
      /\/playerPoints: Expected integer ≤ 9/,
    );
    expect(() => makeMessage('event', { ...correction, handNo: 9 })).toThrow(TypeError);
  });
  it('throws when the payload is over the limit', () => {
    expect(() => makeMessage('hand', hand, { maxBytes: 50 })).toThrow(/over the limit of 50/);
  });
});

describe('parseTopicMessage', () => {
  it('parses the payload as the kind of its topic', () => {
    expect(parseTopicMessage('baccarat', 'baccarat/tables/T12/hand', json(hand))).toEqual({
      ok: true,
      value: { topic: { kind: 'hand', tableId: 'T12' }, payload: hand },
    });
  });
  it('rejects an unknown topic before the payload', () => {
    expect(parseTopicMessage('baccarat', 'baccarat/tables/T12/nope', 'garbage')).toMatchObject({
      ok: false,
      error: { code: 'unknown-topic' },
    });
  });
  it('rejects a payload of the wrong kind for the topic', () => {
    expect(parseTopicMessage('baccarat', 'baccarat/tables/T12/event', json(hand))).toMatchObject({
      ok: false,
      error: { code: 'bad-shape' },
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Properties

const kinds = fc.constantFrom(...MESSAGE_KINDS);

describe('properties', () => {
  it('random bytes and text never throw, and are rejected', () => {
    const data = fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.string({ unit: 'binary' }), fc.json());
    fc.assert(
      fc.property(kinds, data, (kind, d) => {
        const r = parseMessage(kind, d);
        expect(r.ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('random JSON objects with v: 1 are rejected as bad-shape', () => {
    fc.assert(
      fc.property(kinds, fc.dictionary(fc.string(), fc.jsonValue()), (kind, o) => {
        expect(parseMessage(kind, json({ ...o, v: 1 }))).toMatchObject({ ok: false, error: { code: 'bad-shape' } });
      }),
    );
  });

  it.each(MESSAGE_KINDS)('%s: make → parse is the identity, for text and bytes', (kind) => {
    fc.assert(
      fc.property(arbitraryPayload(kind), (payload) => {
        const text = makeMessage(kind, payload);
        expect(parseMessage(kind, text)).toEqual({ ok: true, value: payload });
        expect(parseMessage(kind, encodeUtf8(text))).toEqual({ ok: true, value: payload });
      }),
      { numRuns: 200 },
    );
  });

  type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
  /** Every location in a JSON value: [JSON pointer, parent, key]. */
  const locations = (value: Json, path = ''): [string, Json[] | { [k: string]: Json }, string | number][] => {
    if (typeof value !== 'object' || value === null) return [];
    const entries: [string | number, Json][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value);
    return entries.flatMap(([k, v]) => [[`${path}/${k}`, value, k] as const, ...locations(v, `${path}/${k}`)]) as never;
  };
  const jsonType = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  const OTHER_VALUES: Json[] = [null, true, 1.5, 'x', [], {}];
  const expectRejected = (kind: MessageKind, value: Json, path: string) => {
    const r = parseMessage(kind, json(value));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    if (path === '/v') expect(r.error.code).toBe('unsupported-version');
    else {
      expect(r.error.code).toBe('bad-shape');
      expect(r.error.message).toContain(path);
    }
  };
  const mutation = <K extends MessageKind>(kind: K) =>
    arbitraryPayload(kind).chain((payload) => {
      const value = JSON.parse(json(payload)) as Json;
      const locs = locations(value);
      return fc.tuple(fc.constant(value), fc.nat(locs.length - 1), fc.nat(4));
    });
  /** The properties mutate their value: work on a copy, since fast-check replays values while shrinking. */
  const copy = (value: Json): Json => JSON.parse(json(value)) as Json;

  it.each(MESSAGE_KINDS)('%s: deleting a required key is rejected, naming it', (kind) => {
    fc.assert(
      fc.property(mutation(kind), ([original, i]) => {
        const value = copy(original);
        const [path, parent, key] = locations(value)[i]!;
        if (Array.isArray(parent)) return; // deleting array items is not this property
        delete parent[key as string];
        if (parseMessage(kind, json(value)).ok) return; // it was optional
        expectRejected(kind, value, path);
      }),
      { numRuns: 300 },
    );
  });

  it.each(MESSAGE_KINDS)('%s: changing a value to another JSON type is rejected, naming it', (kind) => {
    fc.assert(
      fc.property(mutation(kind), ([original, i, j]) => {
        const value = copy(original);
        const [path, parent, key] = locations(value)[i]!;
        const old = (parent as Record<string | number, Json>)[key]!;
        const replacement = OTHER_VALUES.filter((v) => jsonType(v) !== jsonType(old))[j]!;
        (parent as Record<string | number, Json>)[key] = replacement;
        expectRejected(kind, value, path);
      }),
      { numRuns: 300 },
    );
  });

  it.each(MESSAGE_KINDS)('%s: an unknown key anywhere is rejected, naming it', (kind) => {
    fc.assert(
      fc.property(mutation(kind), ([original, i]) => {
        const value = copy(original);
        const objects: [string, { [k: string]: Json }][] = [
          ['', value as { [k: string]: Json }],
          ...locations(value)
            .map(([p, parent, k]) => [p, (parent as Record<string | number, Json>)[k]] as const)
            .filter((x): x is [string, { [k: string]: Json }] => jsonType(x[1]!) === 'object'),
        ];
        const [path, target] = objects[i % objects.length]!;
        target.unexpected = 1;
        expectRejected(kind, value, `${path}/unexpected`);
      }),
      { numRuns: 300 },
    );
  });
});
