// The demo's signs are what a first-time user sees: they must be signs a board takes, with a Perfect Pairs range.
import { expect, test } from 'vitest';
import { makeCasinoSignage, makeTableSignage } from '../contract/mqtt';
import { demoCasinoSignage, demoTableSignage } from './demo-signage';

test('the demo signs are valid contract messages, and show a side bet with its limits', () => {
  const table = demoTableSignage('2026-11-26T10:00:00.000Z');
  expect(() => makeTableSignage(table)).not.toThrow();
  expect(() => makeCasinoSignage(demoCasinoSignage('2026-11-26T10:00:00.000Z'))).not.toThrow();
  expect(table.sideBets).toContain('perfectPairs');
  expect(table.limits.sideBetLimits?.perfectPairs).toEqual({ minimum: 100, maximum: 5_000 });
});
