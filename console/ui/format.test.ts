import { describe, expect, it } from 'vitest';
import { count, withClockTimes } from './format';

describe('withClockTimes: a server message with its times as the page shows times', () => {
  // Local times, so that the cases hold in any time zone the page runs in.
  const now = new Date(2026, 10, 27, 9, 0, 0).getTime();
  const today = new Date(2026, 10, 27, 5, 47, 2, 801).toISOString(); // e.g. 2026-11-27T05:47:02.801Z in UTC
  const before = new Date(2026, 10, 22, 21, 14, 3).toISOString();
  it.each([
    [`confirmed by the board's status at ${today}`, "confirmed by the board's status at 05:47:02"],
    [`the board's status says reload failed (at ${today})`, "the board's status says reload failed (at 05:47:02)"],
    [
      `offline since some time after ${before} (last seen)`,
      'offline since some time after 22 Nov 21:14:03 (last seen)',
    ],
    ['1920×1080 PNG, 412 KiB, source window', '1920×1080 PNG, 412 KiB, source window'], // nothing to change
    ['revision 2026-11 of the sign', 'revision 2026-11 of the sign'], // not a time
  ])('%s', (message, shown) => expect(withClockTimes(message, now)).toBe(shown));
});

describe('count: a number and its noun', () => {
  // Found on the floor: a table card said "1 hands" at the first hand of a shoe.
  it.each([
    [1, '1 hand'],
    [0, '0 hands'],
    [18, '18 hands'],
  ])('%i', (n, said) => expect(count(n, 'hand')).toBe(said));
});
