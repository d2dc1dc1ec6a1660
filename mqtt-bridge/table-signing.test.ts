import { describe, expect, test } from 'vitest';
import { TableSigning } from './table-signing';

const NOW = '2026-11-28T12:00:00.000Z';
const LATER = '2026-11-28T12:01:00.000Z';

describe('a table that signs is held to it', () => {
  // [what, messages taken before (kind, signed), then: kind and signed asked, refused?]
  const cases: [string, [string, boolean][], string, boolean, boolean][] = [
    ['nothing taken yet: an unsigned hand is taken', [], 'hand', false, false],
    ['unsigned results taken: another unsigned one is taken', [['hand', false]], 'hand', false, false],
    ['a signed hand taken: an unsigned hand is refused', [['hand', true]], 'hand', false, true],
    [
      'a signed snapshot taken: an unsigned controller status is refused',
      [['shoe', true]],
      'controllerStatus',
      false,
      true,
    ],
    [
      'only a signed controller status taken: an unsigned hand is taken',
      [['controllerStatus', true]],
      'hand',
      false,
      false,
    ],
    [
      'unsigned first, then a signed event: held',
      [
        ['hand', false],
        ['event', true],
      ],
      'event',
      false,
      true,
    ],
    ['held: a signed hand is taken', [['hand', true]], 'hand', true, false],
  ];
  test.each(cases)('%s', (_what, before, kind, verified, refused) => {
    const s = new TableSigning(() => 'unsigned');
    for (const [k, v] of before) s.taken(k, v, NOW);
    const why = s.refusal(kind, verified);
    if (refused)
      expect(why).toBe(`an unsigned ${kind} on a table whose controller signs (its results signed since ${NOW})`);
    else expect(why).toBeNull();
  });

  test("'results-unverified' comes with an unsigned result taken and goes with a signed one taken", () => {
    const s = new TableSigning(() => 'results arrive unsigned');
    expect(s.taken('hand', false, NOW)).toBe(true);
    expect(s.warning).toEqual({ code: 'results-unverified', detail: 'results arrive unsigned', since: NOW });
    expect(s.showsUnsigned).toBe(true);
    expect(s.taken('hand', false, LATER)).toBe(false); // unchanged: since the first
    expect(s.taken('shoe', true, LATER)).toBe(true);
    expect(s.warning).toBeNull();
    expect(s.showsUnsigned).toBe(false);
  });

  test('restored from the history, or reset by the operator', () => {
    const s = new TableSigning(() => 'x');
    s.reset(NOW);
    expect(s.refusal('shoe', false)).toMatch(/since 2026-11-28T12:00:00.000Z/);
    s.reset();
    expect(s.refusal('shoe', false)).toBeNull();
  });
});
