// The demo's signs are what a first-time user sees: they must be signs a board takes, with a Perfect Pairs range.
import { expect, test } from 'vitest';
import { makeCasinoSignage, makeTableSignage } from '../contract/mqtt';
import { demoCasinoSignage, demoRevision, demoTableSignage } from './demo-signage';

test('the demo signs are valid contract messages, and show a side bet with its limits', () => {
  const table = demoTableSignage('2026-11-26T10:00:00.000Z');
  expect(() => makeTableSignage(table)).not.toThrow();
  expect(() => makeCasinoSignage(demoCasinoSignage('2026-11-26T10:00:00.000Z'))).not.toThrow();
  expect(table.sideBets).toContain('perfectPairs');
  expect(table.limits.sideBetLimits?.perfectPairs).toEqual({ minimum: 100, maximum: 5_000 });
});

test('a demo started again publishes signs above those of a run before, and of signs set by hand during it', () => {
  const first = demoTableSignage('2026-11-26T10:00:00.000Z').revision;
  const setByHand = first + 3; // three signs set with `signage set` during that run
  const again = demoTableSignage('2026-11-26T10:05:00.000Z').revision; // five minutes later
  expect(again).toBeGreaterThan(setByHand);
  expect(demoCasinoSignage('2026-11-26T10:05:00.000Z').revision).toBe(again);
  expect(demoRevision('2025-06-01T00:00:00.000Z')).toBe(1); // a clock before 2026: never below 1
});
