/** Since when a board is offline: never more precise than is known (a will is stamped when the board connected). */
import { describe, expect, test } from 'vitest';
import type { DisplayStatus } from '../contract/schemas';
import { offlineSince, type SeenGoing } from './offline-since';

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
    [
      'a will seen arriving',
      true,
      { goneAt: '14:06:05', lastSeen: '14:05:40' },
      'since about 14:06:05, last seen 14:05:40',
    ],
    ['an older board, seen going', undefined, { goneAt: '14:06:05' }, 'since about 14:06:05'],
    ['a will read later: only when it connected', true, {}, 'since some time after 14:00:00, when it connected'],
    ["an older board's status read later", undefined, {}, 'since 14:00:00 or later'],
  ];
  test.each(cases)('%s', (_, will, seen, words) => {
    expect(offlineSince(status(will), seen, (iso) => iso)).toBe(words);
  });
});
