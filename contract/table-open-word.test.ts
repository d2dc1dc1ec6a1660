import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { OPEN_WORD_MARGIN_MS, tableOpenVerdict, type OpenVerdict, type OpenWord } from './table-open-word';

const t0 = Date.parse('2026-11-27T20:00:00.000Z');
const at = (ms: number) => new Date(t0 + ms).toISOString();
const open = (ms: number): OpenWord => ({ open: true, at: at(ms) });
const shut = (ms: number): OpenWord => ({ open: false, at: at(ms) });
const M = OPEN_WORD_MARGIN_MS;

describe('tableOpenVerdict', () => {
  // [case, status word, shoe word, verdict]
  const table: [string, OpenWord | undefined, OpenWord | undefined, OpenVerdict | null][] = [
    ['neither says', undefined, undefined, null],
    ['the status alone', shut(0), undefined, { open: false, by: 'one' }],
    ['the snapshot alone', undefined, open(0), { open: true, by: 'one' }],
    ['both open, whatever their times', open(0), open(-3_600_000), { open: true, by: 'agree' }],
    ['both closed', shut(5), shut(0), { open: false, by: 'agree' }],
    ['new keypad closed after the old snapshot: closed', shut(600_000), open(0), { open: false, by: 'newer' }],
    ['a stale status before a newer open shoe: open', shut(0), open(600_000), { open: true, by: 'newer' }],
    ['a stale open snapshot after a close: closed', shut(M + 1), open(0), { open: false, by: 'newer' }],
    ['a stale open status after a close: closed', open(0), shut(M + 1), { open: false, by: 'newer' }],
    ['open said later by just over the margin', open(M + 1), shut(0), { open: true, by: 'newer' }],
    ['open said later by the margin exactly: unsure', open(M), shut(0), { open: false, by: 'unsure' }],
    ['closed later by less than the margin: unsure', shut(1_500), open(0), { open: false, by: 'unsure' }],
    ['equal times: unsure', open(0), shut(0), { open: false, by: 'unsure' }],
    ['a time that does not parse: unsure', { open: true, at: 'soon' }, shut(0), { open: false, by: 'unsure' }],
    // The dealer closes a second after the last snapshot: the live event, its snapshot a moment behind it.
    ['a live close near a retained open', { ...shut(1_000), live: true }, open(0), { open: false, by: 'live' }],
    ['a live open near a retained close', { ...open(0), live: true }, shut(500), { open: true, by: 'live' }],
    ['a live word older beyond the margin', { ...open(0), live: true }, shut(M + 1), { open: false, by: 'newer' }],
    [
      'two live words near each other',
      { ...open(0), live: true },
      { ...shut(0), live: true },
      { open: false, by: 'unsure' },
    ],
  ];
  test.each(table)('%s', (_case, status, shoe, verdict) => {
    expect(tableOpenVerdict(status, shoe)).toEqual(verdict);
  });

  test('a margin of its own (0: strictly later wins, equal stays unsure)', () => {
    expect(tableOpenVerdict(open(1), shut(0), 0)).toEqual({ open: true, by: 'newer' });
    expect(tableOpenVerdict(open(0), shut(0), 0)).toEqual({ open: false, by: 'unsure' });
  });

  const word = fc.record({
    open: fc.boolean(),
    at: fc.integer({ min: -1e7, max: 1e7 }).map(at),
    live: fc.boolean(),
  });
  test('either order of the two words gives the same verdict', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(tableOpenVerdict(a, b)).toEqual(tableOpenVerdict(b, a));
      }),
    );
  });

  test('the later word beyond the margin wins; within it the live one, else closed and unsure', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const v = tableOpenVerdict(a, b)!;
        const [first, last] = Date.parse(a.at) <= Date.parse(b.at) ? [a, b] : [b, a];
        if (Date.parse(last.at) - Date.parse(first.at) > M) expect(v.open).toBe(last.open);
        else if (a.open !== b.open && a.live === b.live) expect(v).toEqual({ open: false, by: 'unsure' });
        else if (a.open !== b.open) expect(v).toEqual({ open: a.live ? a.open : b.open, by: 'live' });
      }),
    );
  });
});
