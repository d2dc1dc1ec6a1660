import { describe, expect, test } from 'vitest';
import type { Variant } from '../contract/schemas';
import type { ShoePosition } from './shoe-position';
import { variantNow } from './variant-now';

const MODIFIED: Variant = { kind: 'modified-odds', effectiveFromShoe: 'S1', effectiveFromHand: 12 };
const SIGN = {
  variant: MODIFIED,
  previousVariant: { kind: 'commission', commissionPercent: 5 } as Variant,
  updatedAt: '2026-11-27T05:45:00.000Z',
};
const at = (shoeId: string, nextHand: number, o: Partial<ShoePosition> = {}): ShoePosition => ({
  shoeId,
  handsPlayed: nextHand - 1,
  phase: 'waiting',
  nextHand,
  earliestHand: nextHand,
  ...o,
});

describe("the Banker's terms at the table's shoe", () => {
  test.each([
    {
      name: 'before hand 12 of shoe S1',
      shoe: at('S1', 11),
      now: { text: 'modified odds from hand 12 of shoe S1', note: 'until then: commission 5%' },
    },
    {
      name: 'hand 11 being dealt',
      shoe: at('S1', 11, { phase: 'dealing', earliestHand: 12 }),
      now: { text: 'modified odds from hand 12 of shoe S1', note: 'until then: commission 5%' },
    },
    {
      name: 'hand 12 next (it begins at once)',
      shoe: at('S1', 12),
      now: { text: 'modified odds since hand 12 of shoe S1', note: 'before: commission 5%' },
    },
    {
      name: 'later in shoe S1',
      shoe: at('S1', 30),
      now: { text: 'modified odds since hand 12 of shoe S1', note: 'before: commission 5%' },
    },
    // It read "modified odds from hand 12 of shoe S1 (before: commission 5%)" all through shoe 2.
    {
      name: 'a later shoe',
      shoe: at('S2', 1, { startedAt: '2026-11-27T05:49:31.000Z' }),
      now: { text: 'modified odds', note: null },
    },
    {
      name: 'a shoe that started before the sign named a shoe to come',
      shoe: at('S0', 40, { startedAt: '2026-11-27T05:00:00.000Z' }),
      now: { text: 'modified odds from hand 12 of shoe S1', note: 'until then: commission 5%' },
    },
    {
      name: 'no snapshot',
      shoe: null,
      now: { text: 'modified odds from hand 12 of shoe S1', note: 'before: commission 5%' },
    },
  ])('$name', ({ shoe, now }) => {
    expect(variantNow(SIGN, shoe)).toEqual(now);
  });

  test('a variant with no hand named is as written, in any shoe', () => {
    const sign = { variant: { kind: 'commission', commissionPercent: 5 } as Variant, updatedAt: SIGN.updatedAt };
    expect(variantNow(sign, at('S2', 3))).toEqual({ text: 'commission 5%', note: null });
  });
});

// A floor manager's walk: a change made from the next shoe read "modified odds from hand 1 of shoe S1-next" before
// and after that shoe began (and as in force at once where the snapshot gives no start time).
describe('a change made from the next shoe (shoe S1-next)', () => {
  const NEXT = {
    ...SIGN,
    variant: { kind: 'modified-odds', effectiveFromShoe: 'S1-next', effectiveFromHand: 1 } as Variant,
  };
  test.each([
    {
      name: 'shoe S1, with no start time',
      shoe: at('S1', 20),
      now: { text: 'modified odds from the next shoe (after shoe S1)', note: 'until then: commission 5%' },
    },
    {
      name: 'shoe S1, started before the sign',
      shoe: at('S1', 20, { startedAt: '2026-11-27T05:00:00.000Z' }),
      now: { text: 'modified odds from the next shoe (after shoe S1)', note: 'until then: commission 5%' },
    },
    {
      name: 'the next shoe, in force',
      shoe: at('S2', 3, { startedAt: '2026-11-27T06:00:00.000Z' }),
      now: { text: 'modified odds', note: null },
    },
  ])('$name', ({ shoe, now }) => {
    expect(variantNow(NEXT, shoe)).toEqual(now);
  });
});
