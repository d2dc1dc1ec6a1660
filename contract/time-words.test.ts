import { expect, it } from 'vitest';
import { ago, duration } from './time-words';

const NOW = Date.parse('2026-11-27T14:00:00.000Z');
it.each([
  [null, '—'],
  ['not a time', '—'],
  ['2026-11-27T13:59:20.000Z', 'just now'],
  ['2026-11-27T14:00:30.000Z', 'just now'], // a board's clock a little ahead
  ['2026-11-27T13:57:00.000Z', '3 min ago'],
  ['2026-11-27T11:00:00.000Z', '3 h ago'],
  ['2026-11-25T14:00:00.000Z', '2 d ago'],
])('ago(%s) is %s', (iso, words) => expect(ago(iso, NOW)).toBe(words));

it.each([
  [undefined, '—'],
  [45, '45 s'],
  [720, '12 min'],
  [7500, '2 h 5 min'],
  [273_600, '3 d 4 h'],
])('duration(%s) is %s', (s, words) => expect(duration(s)).toBe(words));
