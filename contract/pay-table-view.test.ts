/**
 * The pay table a board shows, round by round (rule 5.11: the modified-odds sign is up from the beginning of the
 * round at which the modification takes effect, and while a round under it is still settled), with a controller
 * that sends betting events and one that sends none, and with a change scheduled for a later shoe.
 */
import { describe, expect, test } from 'vitest';
import { addHand, closeBetting, newShoe, openBetting, type Shoe } from '../baccarat/shoe';
import type { RoadHand } from '../baccarat/types';
import { casino, signage } from '../test/helpers/table-messages';
import { payTableView, signRounds } from './pay-table-view';
import type { TableSignage, Variant } from './schemas';

const H: RoadHand = { outcome: 'banker', playerPair: false, bankerPair: false, natural: false };
const unwrap = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
/** Shoe `id` started at 10:00 with `hands` results; `phase` as a controller's events left it. */
function shoe(hands: number, phase: 'idle' | 'betting' | 'dealing' = 'idle', id = 'S1'): Shoe {
  let s = unwrap(newShoe(id, { decks: 8, at: '2026-11-22T10:00:00.000Z' }));
  for (let no = 1; no <= hands; no++) s = unwrap(addHand(s, { no, hand: H }));
  if (phase === 'betting') s = unwrap(openBetting(s));
  if (phase === 'dealing') s = unwrap(closeBetting(unwrap(openBetting(s))));
  return s;
}
const MODIFIED_FROM_31: Variant = { kind: 'modified-odds', effectiveFromShoe: 'S1', effectiveFromHand: 31 };
const COMMISSION: Variant = { kind: 'commission', commissionPercent: 5 };
const sign = (variant: Variant, previousVariant: Variant | undefined, updatedAt = '2026-11-22T10:30:00.000Z') =>
  signage(7, { variant, ...(previousVariant && { previousVariant }), updatedAt }) as TableSignage;

describe('the modified-odds sign, round by round (rule 5.11)', () => {
  const on = sign(MODIFIED_FROM_31, COMMISSION);
  const off = sign(
    { kind: 'commission', commissionPercent: 5, effectiveFromShoe: 'S1', effectiveFromHand: 31 },
    { kind: 'modified-odds', effectiveFromShoe: 'S1', effectiveFromHand: 1 },
  );
  test.each<[string, Shoe, boolean, boolean]>([
    // [moment, shoe, sign when modified odds start at 31, sign when they end at 31]
    ['hand 29 done, no betting events', shoe(29), false, true],
    ['hand 30 done, no betting events: round 31 may begin, round 30 may still be settled', shoe(30), true, true],
    ['bets open for round 31', shoe(30, 'betting'), true, false],
    ['round 31 dealt', shoe(30, 'dealing'), true, false],
    ['hand 31 done', shoe(31), true, false],
  ])('%s', (_, s, starting, ending) => {
    expect(payTableView(on, null, s)!.modifiedOddsSign).toBe(starting);
    expect(payTableView(off, null, s)!.modifiedOddsSign).toBe(ending);
  });
  test('the rows follow the round whose bets are taken next', () => {
    expect(payTableView(on, null, shoe(30))).toMatchObject({ variant: 'modified-odds', fromHand: 31 });
    expect(payTableView(on, null, shoe(29))).toMatchObject({
      variant: 'commission',
      scheduled: { variant: 'modified-odds', fromHand: 31 },
    });
  });
  test('the Super 6 count: the Banker wins with 6 from the hand modified odds took effect, while the sign is up', () => {
    const SIX: RoadHand = { ...H, bankerPoints: 6, playerPoints: 2 };
    // Banker wins with 6 at hands 5, 20, 31 and 33; the rest plain Banker wins.
    let s = unwrap(newShoe('S1', { decks: 8, at: '2026-11-22T10:00:00.000Z' }));
    for (let no = 1; no <= 33; no++) s = unwrap(addHand(s, { no, hand: [5, 20, 31, 33].includes(no) ? SIX : H }));
    expect(payTableView(on, null, s)).toMatchObject({ modifiedOddsSign: true, superSix: 2 }); // 31 and 33, not 5, 20
    const whole = sign({ kind: 'modified-odds', effectiveFromShoe: 'S1', effectiveFromHand: 1 }, undefined);
    expect(payTableView(whole, null, s)!.superSix).toBe(4);
    expect(payTableView(sign(COMMISSION, undefined), null, s)!.superSix).toBeNull();
    // Modified odds ending at 31: while hand 30 settles the count stays (5 and 20); then the sign and count go.
    const before31 = unwrap(newShoe('S1', { decks: 8, at: '2026-11-22T10:00:00.000Z' }));
    let upTo30 = before31;
    for (let no = 1; no <= 30; no++) upTo30 = unwrap(addHand(upTo30, { no, hand: [5, 20].includes(no) ? SIX : H }));
    expect(payTableView(off, null, upTo30)).toMatchObject({ modifiedOddsSign: true, superSix: 2 });
    expect(payTableView(off, null, unwrap(openBetting(upTo30)))).toMatchObject({
      modifiedOddsSign: false,
      superSix: null,
    });
  });
  test('the rounds the sign speaks for', () => {
    expect(signRounds(null)).toEqual({ current: 1, settling: null });
    expect(signRounds(shoe(30))).toEqual({ current: 31, settling: 30 });
    expect(signRounds(shoe(30, 'betting'))).toEqual({ current: 31, settling: null });
  });
});

describe('a change scheduled for another shoe', () => {
  const next: Variant = { kind: 'modified-odds', effectiveFromShoe: 'S2', effectiveFromHand: 1 };
  test('signed during this shoe for one the board has not seen: announced, not in force until that shoe', () => {
    const view = payTableView(sign(next, COMMISSION), null, shoe(12));
    expect(view).toMatchObject({ variant: 'commission', modifiedOddsSign: false, scheduled: { fromHand: null } });
    const started = payTableView(sign(next, COMMISSION), null, shoe(0, 'idle', 'S2'));
    expect(started).toMatchObject({ variant: 'modified-odds', modifiedOddsSign: true, scheduled: null });
  });
  test('naming a shoe the board has shown before, or signed before this shoe began: in force from hand 1', () => {
    const earlier: Variant = { kind: 'modified-odds', effectiveFromShoe: 'S0', effectiveFromHand: 40 };
    expect(payTableView(sign(earlier, COMMISSION), null, shoe(3), ['S0'])!.modifiedOddsSign).toBe(true);
    const old = sign(earlier, COMMISSION, '2026-11-22T09:00:00.000Z');
    expect(payTableView(old, null, shoe(3))!.modifiedOddsSign).toBe(true);
  });
});

describe('Perfect Pairs (rule 11A.8)', () => {
  test('offered with no casino scale published: the row says so instead of disappearing', () => {
    const s = signage(1, { sideBets: ['perfectPairs'] });
    expect(payTableView(s, null, null)!.perfectPairs).toEqual({ scale: null });
    expect(payTableView(s, casino(1, 'two'), null)!.perfectPairs).toMatchObject({ scale: 'two' });
    expect(payTableView(signage(1, { sideBets: [] }), null, null)!.perfectPairs).toBeNull();
  });
});

describe('side-bet limits (rule 11A.4)', () => {
  const limits = (sideBetLimits: TableSignage['limits']['sideBetLimits']) =>
    signage(1, {
      sideBets: ['perfectPairs', 'threeGivesEight'],
      limits: { ...signage(1).limits, sideBetLimits },
    });
  test.each<[string, TableSignage['limits']['sideBetLimits'], object[]]>([
    ['none on the sign (an older publisher)', undefined, []],
    [
      'each offered bet with its range, in the table currency, in SIDE_BETS order',
      { threeGivesEight: { minimum: 5, maximum: 100 }, perfectPairs: { minimum: 10, maximum: 500 } },
      [
        { bet: 'perfectPairs', currency: 'HKD', minimum: 10, maximum: 500 },
        { bet: 'threeGivesEight', currency: 'HKD', minimum: 5, maximum: 100 },
      ],
    ],
    [
      'a range for a bet the table does not offer is ignored',
      { urWayEgalite: { minimum: 5, maximum: 100 }, perfectPairs: { minimum: 10, maximum: 500 } },
      [{ bet: 'perfectPairs', currency: 'HKD', minimum: 10, maximum: 500 }],
    ],
  ])('%s', (_, sideBetLimits, expected) => {
    expect(payTableView(limits(sideBetLimits), casino(1, 'one'), null)!.sideBetLimits).toEqual(expected);
  });
});
