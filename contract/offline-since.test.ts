/** Since when a board is offline: never more precise than is known (a will is stamped when the board connected). */
import { describe, expect, test } from 'vitest';
import type { DisplaySeen, DisplayStatus } from './schemas/index';
import { lastSeenOf, later, offlineSince, type SeenGoing } from './offline-since';

const status = (will: boolean | undefined): Extract<DisplayStatus, { state: 'offline' }> => ({
  v: 1,
  state: 'offline',
  displayId: 'D1',
  tableId: 'T1',
  version: '1.0.0',
  timestamp: '14:00:00',
  ...(will !== undefined && { will }),
});

describe('offline since', () => {
  const cases: [string, boolean | undefined, SeenGoing, string][] = [
    ['a goodbye: stamped as it stopped', false, {}, 'since 14:00:00'],
    ['a goodbye, even seen going', false, { goneAt: '14:06:05', lastSeen: '14:05:40' }, 'since 14:00:00'],
    ['a goodbye, with a last-seen time', false, { lastSeen: '13:59:40' }, 'since 14:00:00'],
    [
      'a will seen arriving',
      true,
      { goneAt: '14:06:05', lastSeen: '14:05:40' },
      'since about 14:06:05, last seen 14:05:40',
    ],
    ['an older board, seen going', undefined, { goneAt: '14:06:05' }, 'since about 14:06:05'],
    [
      'a will read later, with its last-seen time',
      true,
      { lastSeen: '14:05:40' },
      'since some time after 14:05:40 (last seen)',
    ],
    ['a will read later: only when it connected', true, {}, 'since some time after 14:00:00, when it connected'],
    ["an older board's status read later", undefined, {}, 'since 14:00:00 or later'],
  ];
  test.each(cases)('%s', (_, will, seen, words) => {
    expect(offlineSince(status(will), seen, (iso) => iso)).toBe(words);
  });

  test('the time is written by the reader: a page puts the date before one not of today', () => {
    const day = (iso: string) => (iso.startsWith('2026-11-26') ? `26 Nov ${iso.slice(11, 19)}` : iso.slice(11, 19));
    const will = { ...status(true), timestamp: '2026-11-20T09:00:00.000Z' };
    expect(offlineSince(will, { lastSeen: '2026-11-26T23:59:40.000Z' }, day)).toBe(
      'since some time after 26 Nov 23:59:40 (last seen)',
    );
  });
});

describe('the retained last-seen time of a will', () => {
  const will = { ...status(true), timestamp: '2026-11-27T09:00:00.000Z' };
  const seen = (over: Partial<DisplaySeen> = {}): DisplaySeen => ({
    v: 1,
    displayId: 'D1',
    tableId: 'T1',
    timestamp: '2026-11-27T14:02:10.000Z',
    ...over,
  });
  const cases: [string, Extract<DisplayStatus, { state: 'offline' }>, DisplaySeen | null, string | undefined][] = [
    ["of the will's connection", will, seen(), '2026-11-27T14:02:10.000Z'],
    ['published as it connected', will, seen({ timestamp: will.timestamp }), will.timestamp],
    ['none (an older board, or refused by the broker)', will, null, undefined],
    [
      'from before the connection: says nothing of it',
      will,
      seen({ timestamp: '2026-11-26T22:00:00.000Z' }),
      undefined,
    ],
    ['of another table (the board was moved)', will, seen({ tableId: 'T2' }), undefined],
    ["of another board's topic", will, seen({ displayId: 'D2' }), undefined],
    ['a goodbye needs none', { ...will, will: false }, seen(), undefined],
    ["an older board's status cannot say it is a will", status(undefined), seen(), undefined],
  ];
  test.each(cases)('%s', (_, b, s, lastSeen) => {
    expect(lastSeenOf(b, s)).toBe(lastSeen);
  });

  test('the later of two times, either unknown', () => {
    expect(later(undefined, undefined)).toBeUndefined();
    expect(later('2026-11-27T14:00:00.000Z', undefined)).toBe('2026-11-27T14:00:00.000Z');
    expect(later(undefined, '2026-11-27T14:00:00.000Z')).toBe('2026-11-27T14:00:00.000Z');
    expect(later('2026-11-27T14:00:30.000Z', '2026-11-27T14:00:00.000Z')).toBe('2026-11-27T14:00:30.000Z');
    expect(later('2026-11-27T14:00:00.000Z', '2026-11-27T14:00:30.000Z')).toBe('2026-11-27T14:00:30.000Z');
  });
});
