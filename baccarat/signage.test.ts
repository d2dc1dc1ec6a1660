import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Result } from './types';
import {
  bankerNetOdds,
  carryPayTableToNewShoe,
  casinoPayScale,
  changePayTable,
  PERFECT_PAIRS_PAY_SCALES,
  payTableInForce,
  payTableRows,
  showModifiedOddsSign,
  UR_WAY_EGALITE_ODDS,
  validateSignage,
  type GameVariant,
  type PayTable,
  type Signage,
} from './signage';

const SIGN: Signage = {
  revision: 3,
  tableName: 'BAC 7',
  open: true,
  language: 'en+zh-Hant',
  limits: { currency: 'HKD', min: 500, max: 100_000, tieMax: 10_000, pairMax: 5_000, maxDifferential: 150_000 },
  payTable: { variant: 'commission', effectiveFromHand: 1 },
  tiePays: 8,
  sideBets: ['playerPair', 'bankerPair'],
};
const errorOf = (r: Result<unknown, string>): string => (r.ok ? '(accepted)' : r.error);
function unwrap<T>(r: Result<T, string>): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}
/** Commission to hand 19, modified odds from 20, commission again (4 %) from 40. */
const SWITCHED: Signage = {
  ...SIGN,
  payTable: {
    variant: 'commission',
    commissionRate: 0.04,
    effectiveFromHand: 40,
    previous: {
      variant: 'modifiedOdds',
      effectiveFromHand: 20,
      previous: { variant: 'commission', effectiveFromHand: 1 },
    },
  },
};

describe('validateSignage', () => {
  test('accepts a sensible sign and returns it', () => {
    expect(validateSignage(SIGN)).toEqual({ ok: true, value: SIGN });
    expect(validateSignage(SWITCHED).ok).toBe(true);
  });
  test.each<[string, Partial<Signage['limits']>]>([
    ['tieMax equal to max', { tieMax: 100_000 }],
    ['maxDifferential equal to max', { maxDifferential: 100_000 }],
    ['min equal to max', { min: 100_000 }],
    ['no optional limits', { tieMax: undefined, pairMax: undefined, maxDifferential: undefined }],
  ])('accepts %s', (_, limits) => {
    expect(validateSignage({ ...SIGN, limits: { ...SIGN.limits, ...limits } }).ok).toBe(true);
  });
  test.each<[string, Partial<Signage['limits']>, string | RegExp]>([
    ['min above max', { min: 500, max: 100 }, 'limits.min (500) is above limits.max (100)'],
    ['a negative min', { min: -5 }, 'limits.min (-5) must be a positive finite amount'],
    ['a zero max', { max: 0 }, /limits.max \(0\) must be a positive/],
    ['a NaN max', { max: NaN }, /limits.max \(NaN\)/],
    ['an infinite tieMax', { tieMax: Infinity }, /limits.tieMax \(Infinity\)/],
    ['a max given as text', { max: '1000' as unknown as number }, /limits.max \(1000\)/],
    ['tieMax above max', { tieMax: 200_000 }, 'limits.tieMax (200000) is above limits.max (100000)'],
    ['pairMax above max', { pairMax: 100_001 }, /limits.pairMax \(100001\) is above limits.max/],
    ['maxDifferential below max', { maxDifferential: 50_000 }, /limits.maxDifferential \(50000\) is below limits.max/],
    ['a lower-case currency', { currency: 'hkd' }, /limits.currency \(hkd\) is not an ISO 4217 code/],
    ['a currency symbol', { currency: 'HK$' }, /limits.currency \(HK\$\)/],
    ['a four-letter currency', { currency: 'EURO' }, /limits.currency \(EURO\)/],
  ])('refuses %s', (_, limits, message) => {
    expect(errorOf(validateSignage({ ...SIGN, limits: { ...SIGN.limits, ...limits } }))).toMatch(message);
  });
  const pt = (t: object): Signage => ({ ...SIGN, payTable: t as PayTable });
  test.each<[string, Signage, RegExp]>([
    [
      'effectiveFromHand 0',
      pt({ variant: 'modifiedOdds', effectiveFromHand: 0 }),
      /payTable.effectiveFromHand \(0\) must be a whole number from 1/,
    ],
    [
      'effectiveFromHand 2.5',
      pt({ variant: 'modifiedOdds', effectiveFromHand: 2.5 }),
      /payTable.effectiveFromHand \(2.5\)/,
    ],
    [
      'an unknown variant',
      pt({ variant: 'noCommission', effectiveFromHand: 1 }),
      /payTable.variant \(noCommission\) is unknown/,
    ],
    [
      'a negative commission',
      pt({ variant: 'commission', commissionRate: -0.01, effectiveFromHand: 1 }),
      /payTable.commissionRate \(-0.01\) must be from 0 to 0.25/,
    ],
    [
      'a 30 % commission',
      pt({ variant: 'commission', commissionRate: 0.3, effectiveFromHand: 1 }),
      /commissionRate \(0.3\)/,
    ],
    [
      'a commission of 5 (not 0.05)',
      pt({ variant: 'commission', commissionRate: 5, effectiveFromHand: 1 }),
      /commissionRate \(5\)/,
    ],
    [
      'a history out of order',
      pt({
        variant: 'modifiedOdds',
        effectiveFromHand: 10,
        previous: { variant: 'commission', effectiveFromHand: 10 },
      }),
      /payTable.previous.effectiveFromHand \(10\) must be before payTable.effectiveFromHand \(10\)/,
    ],
    [
      'a bad entry deep in the history',
      pt({
        ...SWITCHED.payTable,
        previous: {
          variant: 'modifiedOdds',
          effectiveFromHand: 20,
          previous: { variant: 'commission', effectiveFromHand: -1 },
        },
      }),
      /payTable.previous.previous.effectiveFromHand \(-1\)/,
    ],
    [
      'an unknown scale',
      { ...SIGN, sideBets: ['perfectPairs'], perfectPairsScale: 'three' as 'one' },
      /perfectPairsScale \(three\) is unknown: expected one or two/,
    ],
    [
      'Perfect Pairs without a scale',
      { ...SIGN, sideBets: ['perfectPairs'] },
      /perfectPairsScale is required when perfectPairs is offered \(rule 11A.8\)/,
    ],
    [
      'an unknown side bet',
      { ...SIGN, sideBets: ['dragonBonus' as 'playerPair'] },
      /sideBets\[0\] \(dragonBonus\) is unknown/,
    ],
    [
      'a side bet twice',
      { ...SIGN, sideBets: ['playerPair', 'playerPair'] },
      /sideBets\[1\] \(playerPair\) is listed twice/,
    ],
    ['tie at 7 to 1', { ...SIGN, tiePays: 7 as 8 }, /tiePays \(7\) must be 8 or 9/],
    ['an unknown language', { ...SIGN, language: 'fr' as 'en' }, /language \(fr\) is unknown/],
    ['a negative revision', { ...SIGN, revision: -1 }, /revision \(-1\)/],
    ['an empty table name', { ...SIGN, tableName: '' }, /tableName/],
    ['open as text', { ...SIGN, open: 'yes' as unknown as boolean }, /open \(yes\)/],
  ])('refuses %s', (_, sign, message) => {
    expect(errorOf(validateSignage(sign))).toMatch(message);
  });
  test('accepts commission rates 0 and 0.25', () => {
    for (const commissionRate of [0, 0.25])
      expect(validateSignage(pt({ variant: 'commission', commissionRate, effectiveFromHand: 1 })).ok).toBe(true);
  });
});

describe('payTableInForce', () => {
  test.each<[number, GameVariant, number | undefined]>([
    [1, 'commission', 0.05],
    [19, 'commission', 0.05],
    [20, 'modifiedOdds', undefined],
    [39, 'modifiedOdds', undefined],
    [40, 'commission', 0.04],
    [75, 'commission', 0.04],
  ])('hand %i of a shoe switched both ways: %s', (hand, variant, rate) => {
    const t = payTableInForce(SWITCHED, hand);
    expect(t.variant).toBe(variant);
    if (t.variant === 'commission') expect(t.commissionRate).toBe(rate);
  });
  test('before the earliest entry, rule 5.10 applies: commission at 5 %', () => {
    const late: Signage = { ...SIGN, payTable: { variant: 'modifiedOdds', effectiveFromHand: 5 } };
    expect(payTableInForce(late, 4)).toEqual({ variant: 'commission', commissionRate: 0.05, effectiveFromHand: 1 });
    expect(payTableInForce(late, 5)).toEqual({ variant: 'modifiedOdds', effectiveFromHand: 5 });
  });
});

describe('showModifiedOddsSign (rule 5.11)', () => {
  test.each<[number, boolean, boolean, string]>([
    [18, false, false, 'betting for round 19, commission'],
    [19, true, false, 'round 19 in play, commission'],
    [19, false, true, 'round 19 done: betting for round 20 opens under the sign'],
    [20, true, true, 'round 20 in play'],
    [39, true, true, 'round 39 in play: the sign stays up to the end of the round'],
    [39, false, false, 'round 39 done: betting for round 40 at commission, sign down'],
    [40, true, false, 'round 40 in play at commission'],
  ])('round %i, in progress %s → %s (%s)', (round, inProgress, shown) => {
    expect(showModifiedOddsSign(SWITCHED, round, inProgress)).toBe(shown);
  });
  test('a non-commission table from hand 1 shows it before the first round', () => {
    expect(
      showModifiedOddsSign({ ...SIGN, payTable: { variant: 'modifiedOdds', effectiveFromHand: 1 } }, 0, false),
    ).toBe(true);
  });
  const scheduleArb = fc
    .uniqueArray(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 6 })
    .chain((hands) =>
      fc.tuple(
        fc.constant(hands.sort((a, b) => a - b)),
        fc.array(fc.boolean(), { minLength: hands.length, maxLength: hands.length }),
      ),
    )
    .map(([hands, modified]) =>
      hands.reduce<PayTable | undefined>(
        (previous, effectiveFromHand, i) => ({
          variant: modified[i] ? 'modifiedOdds' : 'commission',
          effectiveFromHand,
          ...(previous && { previous }),
        }),
        undefined,
      )!,
    );
  test('property: up for every round under modified odds, from its betting to its end, and never otherwise', () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: 1, max: 100 }), (payTable, n) => {
        const sign = { ...SIGN, payTable };
        expect(validateSignage(sign).ok).toBe(true);
        const modified = payTableInForce(sign, n).variant === 'modifiedOdds';
        expect(showModifiedOddsSign(sign, n, true)).toBe(modified); // while round n is played
        expect(showModifiedOddsSign(sign, n - 1, false)).toBe(modified); // while bets are taken for round n
      }),
    );
  });
});

describe('changePayTable', () => {
  test('schedules a switch mid-shoe and keeps the history', () => {
    const s = unwrap(changePayTable(SIGN, { variant: 'modifiedOdds', effectiveFromHand: 30 }, 25));
    expect(s.revision).toBe(4);
    expect(s.payTable).toEqual({ variant: 'modifiedOdds', effectiveFromHand: 30, previous: SIGN.payTable });
    expect(payTableInForce(s, 29).variant).toBe('commission');
    expect(payTableInForce(s, 30).variant).toBe('modifiedOdds');
    const back = unwrap(changePayTable(s, { variant: 'commission', effectiveFromHand: 45 }));
    expect([29, 30, 44, 45].map((h) => payTableInForce(back, h).variant)).toEqual([
      'commission',
      'modifiedOdds',
      'modifiedOdds',
      'commission',
    ]);
    expect(SIGN.revision).toBe(3); // the original is untouched
  });
  test.each<[string, Signage, Parameters<typeof changePayTable>[1], number, RegExp]>([
    [
      'a change before the latest change',
      SWITCHED,
      { variant: 'modifiedOdds', effectiveFromHand: 30 },
      1,
      /change.effectiveFromHand \(30\) is before the latest change, at hand 40/,
    ],
    [
      'replacing a change already begun',
      SWITCHED,
      { variant: 'modifiedOdds', effectiveFromHand: 40 },
      41,
      /change.effectiveFromHand \(40\): that round has begun; hand 41 is the earliest/,
    ],
    [
      'a round already begun',
      SIGN,
      { variant: 'modifiedOdds', effectiveFromHand: 12 },
      13,
      /change.effectiveFromHand \(12\): that round has begun; hand 13 is the earliest/,
    ],
    ['no change', SIGN, { variant: 'commission', effectiveFromHand: 9 }, 1, /changes nothing/],
    [
      'a bad rate',
      SIGN,
      { variant: 'commission', commissionRate: 0.5, effectiveFromHand: 9 },
      1,
      /change.commissionRate \(0.5\)/,
    ],
    ['hand 0', SIGN, { variant: 'modifiedOdds', effectiveFromHand: 0 }, 1, /change.effectiveFromHand \(0\)/],
  ])('refuses %s', (_, sign, change, notBefore, message) => {
    expect(errorOf(changePayTable(sign, change, notBefore))).toMatch(message);
  });
  test('a change at the latest entry replaces it: a scheduled change not yet begun, or hand 1 of a new shoe', () => {
    const s = unwrap(changePayTable(SWITCHED, { variant: 'modifiedOdds', effectiveFromHand: 40 }, 35));
    expect(s.payTable).toEqual({
      variant: 'modifiedOdds',
      effectiveFromHand: 40,
      previous: SWITCHED.payTable.previous,
    });
    const fresh = unwrap(
      changePayTable(carryPayTableToNewShoe(SWITCHED), { variant: 'modifiedOdds', effectiveFromHand: 1 }),
    );
    expect(fresh.payTable).toEqual({ variant: 'modifiedOdds', effectiveFromHand: 1 });
    expect(validateSignage(fresh).ok).toBe(true);
  });
  test('a new commission rate is a change', () => {
    expect(changePayTable(SIGN, { variant: 'commission', commissionRate: 0.04, effectiveFromHand: 9 }).ok).toBe(true);
  });
  test('property: a change never alters the pay table of the hands before it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 40, max: 90 }),
        fc.constantFrom<GameVariant>('commission', 'modifiedOdds'),
        (from, variant) => {
          const r = changePayTable(SWITCHED, { variant, commissionRate: 0.03, effectiveFromHand: from });
          const s = unwrap(r);
          for (let h = 1; h < from; h++) expect(payTableInForce(s, h)).toEqual(payTableInForce(SWITCHED, h));
          expect(payTableInForce(s, from).variant).toBe(variant);
        },
      ),
    );
  });
  test('carryPayTableToNewShoe keeps the newest table, from hand 1', () => {
    const s = carryPayTableToNewShoe(SWITCHED);
    expect(s.payTable).toEqual({ variant: 'commission', commissionRate: 0.04, effectiveFromHand: 1 });
    expect(s.revision).toBe(4);
  });
});

describe('Perfect Pairs: one scale for the casino (rule 11A.8)', () => {
  const pp = (tableName: string, perfectPairsScale?: 'one' | 'two'): Signage => ({
    ...SIGN,
    tableName,
    sideBets: ['perfectPairs'],
    ...(perfectPairsScale && { perfectPairsScale }),
  });
  test.each<[string, Signage[], Result<'one' | 'two' | null, string> | RegExp]>([
    ['no table offers it', [SIGN, { ...SIGN, tableName: 'BAC 8' }], { ok: true, value: null }],
    ['all agree', [pp('BAC 1', 'two'), SIGN, pp('BAC 3', 'two')], { ok: true, value: 'two' }],
    [
      'two tables differ',
      [pp('BAC 1', 'one'), pp('BAC 2', 'one'), pp('BAC 3', 'two')],
      /tables BAC 1 \(scale one\) and BAC 3 \(scale two\) differ: rule 11A.8/,
    ],
    ['a table names no scale', [pp('BAC 1', 'one'), pp('BAC 4')], /table BAC 4 offers perfectPairs with no pay scale/],
  ])('%s', (_, signs, expected) => {
    const r = casinoPayScale(signs);
    if (expected instanceof RegExp) expect(errorOf(r)).toMatch(expected);
    else expect(r).toEqual(expected);
  });
  test('the scales are those of rule 11A.7', () => {
    expect(PERFECT_PAIRS_PAY_SCALES).toEqual({
      one: { mixed: { win: 5, lose: 1 }, coloured: { win: 10, lose: 1 }, perfect: { win: 30, lose: 1 } },
      two: { mixed: { win: 6, lose: 1 }, coloured: { win: 12, lose: 1 }, perfect: { win: 25, lose: 1 } },
    });
  });
});

describe('payTableRows', () => {
  test('commission table: Banker 1 to 1 less 5 %, net 19 to 20; Player 1 to 1; tie 8 to 1; pairs 11 to 1', () => {
    expect(payTableRows(SIGN, 1)).toEqual([
      {
        bet: 'banker',
        odds: { win: 1, lose: 1 },
        note: 'lessCommission',
        commissionRate: 0.05,
        netOdds: { win: 19, lose: 20 },
      },
      { bet: 'player', odds: { win: 1, lose: 1 } },
      { bet: 'tie', odds: { win: 8, lose: 1 } },
      { bet: 'playerPair', odds: { win: 11, lose: 1 } },
      { bet: 'bankerPair', odds: { win: 11, lose: 1 } },
    ]);
  });
  test('modified odds from hand 20: Banker six pays 1 to 2', () => {
    expect(payTableRows(SWITCHED, 19)[0]).toMatchObject({ note: 'lessCommission' });
    expect(payTableRows(SWITCHED, 20)[0]).toEqual({
      bet: 'banker',
      odds: { win: 1, lose: 1 },
      note: 'bankerSixHalf',
      bankerSixOdds: { win: 1, lose: 2 },
    });
    expect(payTableRows(SWITCHED, 40)[0]).toMatchObject({ commissionRate: 0.04, netOdds: { win: 24, lose: 25 } });
  });
  test('punto-banco: égalité 9 to 1, every side bet in a fixed order', () => {
    const sign: Signage = {
      ...SIGN,
      tiePays: 9,
      sideBets: ['threeGivesEight', 'urWayEgalite', 'perfectPairs', 'bankerPair'],
      perfectPairsScale: 'two',
    };
    const rows = payTableRows(sign, 1);
    expect(rows.map((r) => r.bet)).toEqual([
      'banker',
      'player',
      'tie',
      'bankerPair',
      'perfectPairs',
      'urWayEgalite',
      'threeGivesEight',
    ]);
    expect(rows[2]).toEqual({ bet: 'tie', odds: { win: 9, lose: 1 } });
    expect(rows[4]).toEqual({ bet: 'perfectPairs', scale: 'two', odds: PERFECT_PAIRS_PAY_SCALES.two });
    expect(rows[6]).toEqual({ bet: 'threeGivesEight', odds: { win: 180, lose: 1 } });
  });
  test('UR Way Égalité odds per score, as in the punto-banco table', () => {
    const table = [150, 215, 225, 200, 120, 110, 45, 45, 80, 80];
    table.forEach((win, score) => expect(UR_WAY_EGALITE_ODDS[score as 0]).toEqual({ win, lose: 1 }));
  });
  test.each<[number, number, number]>([
    [0.05, 19, 20],
    [0.04, 24, 25],
    [0.025, 39, 40],
    [0, 1, 1],
    [0.25, 3, 4],
  ])('bankerNetOdds(%f) is %i to %i', (rate, win, lose) => {
    expect(bankerNetOdds(rate)).toEqual({ win, lose });
  });
  test('property: net odds are 1 − rate, in lowest terms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2500 }), (bp) => {
        const { win, lose } = bankerNetOdds(bp / 10_000);
        expect(win / lose).toBeCloseTo(1 - bp / 10_000, 10);
        const g = (a: number, b: number): number => (b ? g(b, a % b) : a);
        expect(g(win, lose)).toBe(1);
      }),
    );
  });
});
