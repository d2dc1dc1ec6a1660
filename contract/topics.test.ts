import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ID_PATTERN, MESSAGE_KINDS } from './schemas/index';
import {
  TOPIC_KINDS,
  TOPIC_SPECS,
  boardSubscriptions,
  parseRoot,
  parseTopic,
  topics,
  type ParsedTopic,
} from './topics';

describe('TOPIC_SPECS', () => {
  it('has one topic per payload kind', () => {
    expect([...TOPIC_KINDS].sort()).toEqual([...MESSAGE_KINDS].sort());
  });

  it.each([
    ['hand', 'tables/{tableId}/hand', 1, false],
    ['event', 'tables/{tableId}/event', 1, false],
    ['shoe', 'tables/{tableId}/shoe', 1, true],
    ['signage', 'tables/{tableId}/signage', 1, true],
    ['controllerStatus', 'tables/{tableId}/controller/status', 1, true],
    ['casinoSignage', 'casino/signage', 1, true],
    ['displayStatus', 'displays/{displayId}/status', 1, true],
    ['displayCommand', 'displays/{displayId}/command', 1, false],
  ] as const)('%s: %s, QoS %d, retain %s', (kind, levels, qos, retain) => {
    const spec = TOPIC_SPECS[kind];
    expect(spec.levels.join('/')).toBe(levels);
    expect(spec.qos).toBe(qos);
    expect(spec.retain).toBe(retain);
  });
});

describe('topics()', () => {
  const t = topics('baccarat');
  it('builds every topic', () => {
    expect(t.tableHand('T12')).toBe('baccarat/tables/T12/hand');
    expect(t.tableEvent('T12')).toBe('baccarat/tables/T12/event');
    expect(t.tableShoe('T12')).toBe('baccarat/tables/T12/shoe');
    expect(t.tableSignage('T12')).toBe('baccarat/tables/T12/signage');
    expect(t.controllerStatus('T12')).toBe('baccarat/tables/T12/controller/status');
    expect(t.casinoSignage()).toBe('baccarat/casino/signage');
    expect(t.displayStatus('board-1')).toBe('baccarat/displays/board-1/status');
    expect(t.displayCommand('board-1')).toBe('baccarat/displays/board-1/command');
    expect(t.topic('hand', 'T1')).toBe('baccarat/tables/T1/hand');
    expect(t.topic('casinoSignage')).toBe('baccarat/casino/signage');
  });

  it('builds subscription filters', () => {
    expect(t.filter('hand')).toBe('baccarat/tables/+/hand');
    expect(t.filter('controllerStatus')).toBe('baccarat/tables/+/controller/status');
    expect(t.filter('displayStatus')).toBe('baccarat/displays/+/status');
    expect(t.filter('casinoSignage')).toBe('baccarat/casino/signage');
    expect(t.table('T12')).toBe('baccarat/tables/T12/#');
  });

  it('defaults the root to baccarat and accepts a multi-level root', () => {
    expect(topics().tableHand('T1')).toBe('baccarat/tables/T1/hand');
    expect(topics('site-a/floor2').tableHand('T1')).toBe('site-a/floor2/tables/T1/hand');
  });

  it.each(['', '/baccarat', 'baccarat/', 'a//b', 'bac+carat', 'bac#', '$SYS', 'a\u0000b', 'x'.repeat(129)])(
    'throws on the invalid root %j',
    (root) => {
      expect(parseRoot(root).ok).toBe(false);
      expect(() => topics(root)).toThrow(TypeError);
    },
  );

  it.each(['', 'a/b', '+', '#', 'a b', 'x'.repeat(65)])('throws on the invalid id %j', (id) => {
    expect(() => t.tableHand(id)).toThrow(/invalid tableId/);
    expect(() => t.displayCommand(id)).toThrow(/invalid displayId/);
  });
});

describe('parseTopic', () => {
  it.each<[string, string, ParsedTopic]>([
    ['baccarat', 'baccarat/tables/T12/hand', { kind: 'hand', tableId: 'T12' }],
    ['baccarat', 'baccarat/tables/T12/event', { kind: 'event', tableId: 'T12' }],
    ['baccarat', 'baccarat/tables/T12/shoe', { kind: 'shoe', tableId: 'T12' }],
    ['baccarat', 'baccarat/tables/T12/signage', { kind: 'signage', tableId: 'T12' }],
    ['baccarat', 'baccarat/tables/T12/controller/status', { kind: 'controllerStatus', tableId: 'T12' }],
    ['baccarat', 'baccarat/casino/signage', { kind: 'casinoSignage' }],
    ['baccarat', 'baccarat/displays/d-1/status', { kind: 'displayStatus', displayId: 'd-1' }],
    ['baccarat', 'baccarat/displays/d-1/command', { kind: 'displayCommand', displayId: 'd-1' }],
    ['site/a', 'site/a/tables/hand/hand', { kind: 'hand', tableId: 'hand' }],
  ])('%s: %s', (root, topic, expected) => {
    expect(parseTopic(root, topic)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['baccarat', 'other/tables/T12/hand', 'not under root'],
    ['baccarat', 'baccarat', 'not under root'],
    ['baccarat', 'baccaratx/tables/T12/hand', 'not under root'],
    ['baccarat', 'baccarat/tables/T12/hands', 'unknown topic'],
    ['baccarat', 'baccarat/tables/T12', 'unknown topic'],
    ['baccarat', 'baccarat/tables/T12/hand/extra', 'unknown topic'],
    ['baccarat', 'baccarat/tables/T12/controller', 'unknown topic'],
    ['baccarat', 'baccarat/casino/signage/x', 'unknown topic'],
    ['baccarat', 'baccarat/displays/d1/status/', 'unknown topic'],
    ['baccarat', 'baccarat/tables//hand', 'invalid tableId ""'],
    ['baccarat', 'baccarat/tables/+/hand', 'invalid tableId "+"'],
    ['baccarat', 'baccarat/tables/#/hand', 'invalid tableId'],
    ['baccarat', 'baccarat/displays/a b/command', 'invalid displayId'],
    ['baccarat', '', 'not under root'],
    ['/baccarat', '/baccarat/tables/T1/hand', 'starts or ends with /'],
    ['bac+', 'bac+/tables/T1/hand', 'wildcard'],
  ])('rejects %s: %j (%s)', (root, topic, reason) => {
    const r = parseTopic(root, topic);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain(reason);
  });

  it('round-trips every built topic, for any valid root and id', () => {
    const level = fc.stringMatching(/^[a-z0-9_-]{1,8}$/);
    const root = fc.array(level, { minLength: 1, maxLength: 3 }).map((xs) => xs.join('/'));
    const id = fc.stringMatching(new RegExp(ID_PATTERN));
    fc.assert(
      fc.property(root, fc.constantFrom(...TOPIC_KINDS), id, (r, kind, i) => {
        const spec = TOPIC_SPECS[kind];
        const topic = spec.param === null ? topics(r).topic('casinoSignage') : topics(r).topic(kind as 'hand', i);
        const parsed = parseTopic(r, topic);
        expect(parsed).toEqual({ ok: true, value: spec.param === null ? { kind } : { kind, [spec.param]: i } });
      }),
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (root, topic) => {
        const r = parseTopic(root, topic);
        expect(typeof r.ok).toBe('boolean');
      }),
    );
  });
});

describe('boardSubscriptions', () => {
  it('subscribes to everything but the boards’ own status, for its table and display', () => {
    expect(boardSubscriptions('baccarat', 'T12', 'board-T12')).toEqual([
      { kind: 'hand', topic: 'baccarat/tables/T12/hand', qos: 1 },
      { kind: 'event', topic: 'baccarat/tables/T12/event', qos: 1 },
      { kind: 'shoe', topic: 'baccarat/tables/T12/shoe', qos: 1 },
      { kind: 'signage', topic: 'baccarat/tables/T12/signage', qos: 1 },
      { kind: 'controllerStatus', topic: 'baccarat/tables/T12/controller/status', qos: 1 },
      { kind: 'casinoSignage', topic: 'baccarat/casino/signage', qos: 1 },
      { kind: 'displayCommand', topic: 'baccarat/displays/board-T12/command', qos: 1 },
    ]);
  });
});
