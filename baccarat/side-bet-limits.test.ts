import { describe, expect, test } from 'vitest';
import type { SideBet } from './pay-tables';
import { offeredSideBetLimits, sideBetLimitsProblem, type SideBetLimits } from './side-bet-limits';
import { payTableRows, validateSignage, type Signage } from './signage';

const ALL: readonly SideBet[] = ['playerPair', 'bankerPair', 'perfectPairs', 'urWayEgalite', 'threeGivesEight'];
const PP = { min: 10, max: 500 };

describe('sideBetLimitsProblem', () => {
  test.each<[string, SideBetLimits | undefined, readonly SideBet[]]>([
    ['no side-bet limits (an older sign)', undefined, []],
    ['an empty set', {}, []],
    ['Perfect Pairs 10 to 500 (rule 11A.4)', { perfectPairs: PP }, ['perfectPairs']],
    ['min equal to max', { threeGivesEight: { min: 25, max: 25 } }, ['threeGivesEight']],
    ['max equal to the table maximum', { urWayEgalite: { min: 5, max: 5_000 } }, ['urWayEgalite']],
    ['a min below the table minimum', { perfectPairs: { min: 1, max: 50 } }, ['perfectPairs']],
    ['all three', { perfectPairs: PP, urWayEgalite: { min: 5, max: 100 }, threeGivesEight: { min: 5, max: 50 } }, ALL],
  ])('accepts %s', (_, limits, offered) => {
    expect(sideBetLimitsProblem(limits, 5_000, offered)).toBeNull();
  });

  test.each<[string, unknown, readonly SideBet[], string | RegExp]>([
    [
      'min above max',
      { perfectPairs: { min: 500, max: 10 } },
      ALL,
      'limits.sideBetLimits.perfectPairs.min (500) is above limits.sideBetLimits.perfectPairs.max (10)',
    ],
    [
      'max above the table maximum',
      { threeGivesEight: { min: 5, max: 6_000 } },
      ALL,
      'limits.sideBetLimits.threeGivesEight.max (6000) is above limits.max (5000)',
    ],
    ['a zero min', { urWayEgalite: { min: 0, max: 10 } }, ALL, /urWayEgalite.min \(0\) must be a positive finite/],
    ['a missing max', { urWayEgalite: { min: 1 } }, ALL, /urWayEgalite.max \(undefined\) must be a positive/],
    ['an amount given as text', { perfectPairs: { min: '10', max: 50 } }, ALL, /perfectPairs.min \(10\) must be/],
    [
      'a side bet the table does not offer',
      { urWayEgalite: { min: 5, max: 100 } },
      ['perfectPairs'],
      'limits.sideBetLimits.urWayEgalite is set but urWayEgalite is not offered: add it to sideBets or remove the limits',
    ],
    [
      'pairs (their maximum is pairMax)',
      { playerPair: { min: 5, max: 100 } },
      ALL,
      /limits.pairMax \(house rule 6.1.3\)/,
    ],
    ['an unknown bet', { dragonBonus: { min: 5, max: 100 } }, ALL, /dragonBonus is unknown: expected one of perfect/],
    ['a bare number', { perfectPairs: 500 }, ALL, 'limits.sideBetLimits.perfectPairs must be a range (min and max)'],
  ])('refuses %s', (_, limits, offered, message) => {
    expect(sideBetLimitsProblem(limits as SideBetLimits, 5_000, offered)).toMatch(message);
  });
});

describe('offeredSideBetLimits', () => {
  test.each<[string, SideBetLimits | undefined, readonly SideBet[], string[]]>([
    ['none set', undefined, ALL, []],
    ['in SIDE_BETS order', { threeGivesEight: PP, perfectPairs: PP }, ALL, ['perfectPairs', 'threeGivesEight']],
    ['a bet not offered is left out', { threeGivesEight: PP, perfectPairs: PP }, ['perfectPairs'], ['perfectPairs']],
  ])('%s', (_, limits, offered, bets) => {
    expect(offeredSideBetLimits(limits, offered).map((l) => l.bet)).toEqual(bets);
  });
});

describe('the sign', () => {
  const SIGN: Signage = {
    revision: 1,
    tableName: 'BAC 7',
    open: true,
    language: 'en',
    limits: { currency: 'HKD', min: 500, max: 100_000, sideBetLimits: { perfectPairs: PP } },
    payTable: { variant: 'commission', effectiveFromHand: 1 },
    tiePays: 8,
    sideBets: ['perfectPairs', 'threeGivesEight'],
    perfectPairsScale: 'one',
  };
  test('validateSignage checks the side-bet limits', () => {
    expect(validateSignage(SIGN).ok).toBe(true);
    const off = { ...SIGN, sideBets: ['threeGivesEight'] as const, perfectPairsScale: undefined };
    expect(validateSignage(off)).toEqual({ ok: false, error: expect.stringMatching(/perfectPairs is not offered/) });
  });
  test('payTableRows carries each side bet its limits, and none where none are set', () => {
    const rows = payTableRows(SIGN, 1);
    expect(rows.find((r) => r.bet === 'perfectPairs')).toMatchObject({ limits: PP });
    expect(rows.find((r) => r.bet === 'threeGivesEight')).not.toHaveProperty('limits');
  });
});
