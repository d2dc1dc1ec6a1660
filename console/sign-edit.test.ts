/**
 * KEY=VALUE parsing and its application to the retained signs: every key, the variant and from-hand rules
 * (rule 5.11), the casino-wide Perfect Pairs scale (rule 11A.8), and refusals that name the key.
 */
import { describe, expect, test } from 'vitest';
import { coreSignage } from '../contract/pay-table-view';
import type { CasinoSignage, TableSignage } from '../contract/schemas';
import { isPayload } from '../contract/validate';
import { CARDS, casino, coup, handMessage, signage, snapshot } from '../test/helpers/table-messages';
import { planSummary } from './audit-record';
import { currentShoe, shoePosition, type ShoePosition } from './shoe-position';
import { defaultTableSignage, planSignChange, type SignContext } from './sign-edit';
import { formatFieldError, parseAssignments, SIGN_KEYS } from './sign-keys';
import { describeShoe } from './sign-text';

const NOW = '2026-11-22T12:00:00.000Z';
const S1: ShoePosition = { shoeId: 'S1', handsPlayed: 30, phase: 'waiting', nextHand: 31, earliestHand: 31 };
const ctx = (over: Partial<SignContext> = {}): SignContext => ({
  tableId: 'T1',
  table: signage(4),
  casino: casino(1),
  shoe: S1,
  user: 'alice',
  now: NOW,
  ...over,
});

function plan(args: string[], over: Partial<SignContext> = {}) {
  const edits = parseAssignments(args);
  if (!edits.ok) return edits;
  return planSignChange(ctx(over), edits.value);
}
function after(args: string[], over: Partial<SignContext> = {}): TableSignage {
  const p = plan(args, over);
  if (!p.ok) throw new Error(formatFieldError(p.error));
  if (!p.value.table) throw new Error('no table change');
  expect(isPayload('signage', p.value.table.after)).toBe(true);
  return p.value.table.after;
}
function refused(args: string[], over: Partial<SignContext> = {}) {
  const p = plan(args, over);
  if (p.ok) throw new Error(`accepted: ${JSON.stringify(p.value)}`);
  return { field: p.error.field, text: formatFieldError(p.error) };
}

describe('every key, applied to the retained sign', () => {
  const cases: [string[], (s: TableSignage) => unknown, unknown, string][] = [
    [['name=Jade 9'], (s) => s.tableName, 'Jade 9', 'name "Jade 8" → "Jade 9"'],
    [['currency=aud'], (s) => s.limits.currency, 'AUD', 'currency HKD → AUD'],
    [['min=200'], (s) => s.limits.minimum, 200, 'min 100 → 200'],
    [['max=55,000'], (s) => s.limits.maximum, 55_000, 'max 50,000 → 55,000'],
    [['tie-max=4_000'], (s) => s.limits.tieMaximum, 4_000, 'tie-max 5,000 → 4,000'],
    [['pair-max=2000'], (s) => s.limits.pairMaximum, 2_000, 'pair-max 2,500 → 2,000'],
    [['pair-max=none'], (s) => s.limits.pairMaximum, undefined, 'pair-max 2,500 → none'],
    [['differential=75000'], (s) => s.limits.maxDifferential, 75_000, 'differential 60,000 → 75,000'],
    [['differential='], (s) => s.limits.maxDifferential, undefined, 'differential 60,000 → none'],
    [
      ['commission=4'],
      (s) => s.variant,
      { kind: 'commission', commissionPercent: 4, effectiveFromShoe: 'S1', effectiveFromHand: 31 },
      'variant commission 5% → commission 4% from hand 31 of shoe S1',
    ],
    [
      ['variant=modified-odds', 'from-hand=33'],
      (s) => [s.variant, s.previousVariant],
      [
        { kind: 'modified-odds', effectiveFromShoe: 'S1', effectiveFromHand: 33 },
        { kind: 'commission', commissionPercent: 5 },
      ],
      'variant commission 5% → modified odds from hand 33 of shoe S1',
    ],
    [['tie-pays=9'], (s) => s.tiePays, 9, 'tie-pays 8 to 1 → 9 to 1'],
    [
      ['side-bets=urWayEgalite,playerPair'],
      (s) => s.sideBets,
      ['playerPair', 'urWayEgalite'],
      'side-bets playerPair, bankerPair, perfectPairs → playerPair, urWayEgalite',
    ],
    [
      ['side-bets=-perfectPairs,+threeGivesEight'],
      (s) => s.sideBets,
      ['playerPair', 'bankerPair', 'threeGivesEight'],
      'side-bets playerPair, bankerPair, perfectPairs → playerPair, bankerPair, threeGivesEight',
    ],
    [['language=zh-hant'], (s) => s.language, 'zh-Hant', 'language en+zh-Hans → zh-Hant'],
    [['message=Last shoe tonight'], (s) => s.message, 'Last shoe tonight', 'message none → "Last shoe tonight"'],
    [['open=false'], (s) => s.tableOpen, false, 'table open → closed'],
    [['disclaimer=no'], (s) => s.showDisclaimer, false, 'disclaimer shown → hidden'],
  ];
  test.each(cases)('%j', (args, get, value, text) => {
    const p = plan(args);
    if (!p.ok) throw new Error(formatFieldError(p.error));
    const s = after(args);
    expect(get(s)).toEqual(value);
    expect(s.revision).toBe(5);
    expect(s.updatedBy).toBe('alice');
    expect(s.updatedAt).toBe(NOW);
    expect(p.value.casino).toBeNull();
    expect(p.value.table?.changes.map((c) => c.text)).toEqual([text]);
  });

  // Found by a floor manager: unticking both pair bets left pair-max on the sign, unseen, to come back unreviewed with
  // a pair bet; a side bet's range goes with its bet, and says so.
  test('the last pair bet taken away takes the pair maximum with it, said as a change; one pair bet kept keeps it', () => {
    const none = plan(['side-bets=none']);
    if (!none.ok) throw new Error(formatFieldError(none.error));
    expect(none.value.table?.after.limits.pairMaximum).toBeUndefined();
    expect(none.value.table?.changes.map((c) => c.text)).toEqual([
      'pair-max 2,500 → none',
      'side-bets playerPair, bankerPair, perfectPairs → none',
    ]);
    const one = plan(['side-bets=-bankerPair']);
    if (!one.ok) throw new Error(formatFieldError(one.error));
    expect(one.value.table?.after.limits.pairMaximum).toBe(2500);
  });

  test('pp-scale and casino-name change the casino sign only (rule 11A.8: one scale for every table)', () => {
    const p = plan(['pp-scale=two', 'casino-name=Crown']);
    if (!p.ok) throw new Error(p.error.message);
    expect(p.value.table).toBeNull();
    expect(p.value.casino?.after).toMatchObject({
      perfectPairsScale: 'two',
      casinoName: 'Crown',
      revision: 2,
      updatedBy: 'alice',
    });
    expect(p.value.casino?.changes.map((c) => c.text)).toEqual([
      'casino-name "Test Casino" → "Crown"',
      'pp-scale Pay Scale One → Pay Scale Two',
    ]);
    expect(isPayload('casinoSignage', p.value.casino?.after)).toBe(true);
  });

  test('every key is covered above', () => {
    const covered = new Set([
      'name',
      'currency',
      'min',
      'max',
      'tie-max',
      'pair-max',
      'differential',
      'variant',
      'commission',
      'from-hand',
      'tie-pays',
      'side-bets',
      ...['pp-limits', 'ur-way-limits', '3g8-limits'], // side-bet-limits.test.ts
      'language',
      'message',
      'open',
      'disclaimer',
      'pp-scale',
      'casino-name',
    ]);
    expect(new Set(SIGN_KEYS)).toEqual(covered);
  });
});

describe('refused, naming the field', () => {
  const cases: [string[], string, RegExp][] = [
    [['min=60000'], 'min', /^min \(60000\) is above max \(50000\)/],
    [['tie-max=60000'], 'tie-max', /^tie-max \(60000\) is above max/],
    [['pair-max=70000'], 'pair-max', /pair-max \(70000\) is above max/],
    [['differential=100'], 'differential', /differential \(100\) is below max/],
    [['min=0'], 'min', /^min: '0' must be above 0$/],
    [['min=-5'], 'min', /^min: '-5' must be above 0$/],
    [['differential=0'], 'differential', /^differential: '0' must be above 0$/],
    [['min=lots'], 'min', /^min: 'lots' is not an amount/],
    // A point before three digits separates thousands in much of the world: never read as decimals.
    [['min=1.500'], 'min', /^min: '1.500' has more than two decimals: write thousands with a comma \(1,500\)/],
    [['max=1.555'], 'max', /^max: '1.555' has more than two decimals/],
    [['pp-limits=100-1.000'], 'pp-limits', /not a range of wagers/],
    [['commission=4.555'], 'commission', /'4.555' has more than two decimals: a percentage is given to two at most/],
    // Found by casino IT: echoed as 1e+23 and as …992, neither of which was typed.
    [['max=99999999999999999999999'], 'max', /^max: '99999999999999999999999' has more digits than any amount/],
    [['max=9007199254740993'], 'max', /^max: '9007199254740993' has more digits than any amount/],
    [['currency=EURO'], 'currency', /^currency: 'EURO' is not an ISO 4217 currency code: three letters, e\.g\. HKD/],
    // Three letters, but no currency: every board said "HDK 500" (a typo of HKD).
    [['currency=HDK'], 'currency', /^currency: 'HDK' is not an ISO 4217 currency code/],
    [['currency=ZZ'], 'currency', /^currency: 'ZZ' is not an ISO 4217/],
    [['currency=dollars'], 'currency', /^currency: 'dollars' is not an ISO 4217/],
    [['commission=12'], 'commission', /^commission \(12\): at most 10$/],
    [['commission=-1'], 'commission', /^commission \(-1\): at least 0$/],
    // A bound said with its thousands separated, in a floor manager's words (it read "expected number ≤ 1000000000").
    [['max=2000000000'], 'max', /^max \(2000000000\): at most 1,000,000,000$/],
    [['pp-limits=100-2000000000'], 'pp-limits', /^pp-limits \(2000000000\): at most 1,000,000,000$/],
    [['commission=five'], 'commission', /not a percentage/],
    [['variant=dragon'], 'variant', /'dragon' is unknown: expected commission or modified-odds/],
    [['variant=modified-odds', 'commission=4'], 'commission', /modified odds pay no commission/],
    // Read in the console too, which shows no key: self-contained, no `key=` words, what to do in either.
    [
      ['from-hand=35'],
      'from-hand',
      /^from-hand \(35\) says from which hand a change of what the Banker pays applies, and none is made: change the variant or the commission with it \(Banker pays, in the console\), or leave from-hand out$/,
    ],
    [
      ['variant=modified-odds', 'from-hand=12'],
      'from-hand',
      /hand 12 of shoe S1 has been played: the earliest is hand 31/,
    ],
    [['variant=modified-odds', 'from-hand=0'], 'from-hand', /not a hand number/],
    [['variant=commission', 'from-hand=35'], 'from-hand', /commission 5% is already in force/],
    [['tie-pays=7'], 'tie-pays', /'7' is not allowed: a tie pays 8 or 9 to 1/],
    [['side-bets=dragonBonus'], 'side-bets', /'dragonBonus' is unknown: expected playerPair, bankerPair/],
    [['side-bets=playerPair,+bankerPair'], 'side-bets', /either a whole list/],
    [['language=fr'], 'language', /'fr' is unknown: expected one of en, zh-Hans/],
    [['message=' + 'x'.repeat(281)], 'message', /expected at most 280 characters/],
    [['open=maybe'], 'open', /'maybe' is not true or false/],
    [['disclaimer=2'], 'disclaimer', /not true or false/],
    [['pp-scale=three'], 'pp-scale', /'three' is unknown: expected one or two \(rule 11A.7\)/],
    [['name='], 'name', /must not be empty/],
    [['name=' + 'n'.repeat(65)], 'name', /expected at most 64 characters/],
    [['colour=red'], 'colour', /is not a key/],
    [['min'], 'args', /not KEY=VALUE/],
    [['min=1', 'min=2'], 'min', /given twice/],
    // Every refused value at once, each with its reason (found by casino IT: only the first was named, the second
    // after the first was corrected).
    [
      ['min=lots', 'tie-pays=7', 'colour=red', 'max=60000'],
      'min',
      /^min: 'lots' is not an amount.*; tie-pays: '7' is not allowed: a tie pays 8 or 9 to 1 .*; colour: is not a key/,
    ],
    [[], 'args', /^nothing to change: give KEY=VALUE/], // not 'args: …' (found by casino IT: an internal name)
  ];
  test.each(cases)('%j → %s', (args, field, message) => {
    const r = refused(args);
    expect(r.field).toBe(field);
    expect(r.text).toMatch(message);
  });

  test('Perfect Pairs offered with no casino scale is refused (rule 11A.8); with pp-scale in the same change it is fine', () => {
    const r = refused(['side-bets=+perfectPairs'], { table: signage(4, { sideBets: [] }), casino: null });
    expect(r).toEqual({ field: 'side-bets', text: expect.stringMatching(/add pp-scale=one or pp-scale=two/) });
    const p = plan(['side-bets=+perfectPairs', 'pp-scale=two', 'casino-name=Crown'], {
      table: signage(4, { sideBets: [] }),
      casino: null,
    });
    expect(p.ok && [p.value.casino?.after.perfectPairsScale, p.value.table?.after.sideBets]).toEqual([
      'two',
      ['perfectPairs'],
    ]);
  });

  test('table keys need a table; a user is required', () => {
    expect(refused(['min=200'], { tableId: null }).field).toBe('table');
    // Closing is never refused for what the sign already says: here Perfect Pairs with no casino scale.
    expect(refused(['min=200'], { casino: null }).field).toBe('side-bets');
    expect(after(['open=false'], { casino: null }).tableOpen).toBe(false);
    expect(refused(['open=true'], { casino: null, table: signage(4, { tableOpen: false }) }).field).toBe('side-bets');
    expect(refused(['min=200'], { user: ' ' }).field).toBe('user');
  });
});

describe('variant and from-hand (rule 5.11)', () => {
  test('with no from-hand, a switch applies from the first round not yet begun, and the old variant is kept', () => {
    const betting = { ...S1, phase: 'betting' as const, earliestHand: 32 };
    const s = after(['variant=modified-odds'], { shoe: betting });
    expect(s.variant).toEqual({ kind: 'modified-odds', effectiveFromShoe: 'S1', effectiveFromHand: 32 });
    expect(s.previousVariant).toEqual({ kind: 'commission', commissionPercent: 5 });
    expect(refused(['variant=modified-odds', 'from-hand=31'], { shoe: betting }).text).toMatch(
      /hand 31 of shoe S1 has begun/,
    );
  });

  test('a change scheduled and not yet begun is replaced, or cancelled by going back', () => {
    const scheduled = after(['variant=modified-odds', 'from-hand=40']);
    const moved = after(['variant=commission', 'commission=4', 'from-hand=45'], { table: scheduled });
    expect(moved.variant).toEqual({
      kind: 'commission',
      commissionPercent: 4,
      effectiveFromShoe: 'S1',
      effectiveFromHand: 45,
    });
    expect(moved.previousVariant).toEqual({ kind: 'commission', commissionPercent: 5 });
    const cancelled = after(['variant=commission'], { table: scheduled });
    expect(cancelled.variant).toEqual({ kind: 'commission', commissionPercent: 5 });
    expect(cancelled.previousVariant).toBeUndefined();
  });

  test('a change made for the next shoe is pending: replaced, or cancelled by going back, never put in force', () => {
    // Found on a shift: modified odds scheduled for the next shoe (--shoe), then `variant=commission` to cancel it.
    // Read as in force, it went out as "commission from hand 31, modified odds before": the boards showed the
    // modified-odds sign at once, on a round whose bets were taken at commission.
    const S1s = { ...S1, startedAt: '2026-11-22T11:00:00.000Z' };
    const next = currentShoe(S1s, 'S2');
    const ahead = after(['variant=modified-odds', 'from-hand=1'], {
      shoe: next,
      table: signage(4, { variant: { kind: 'commission', commissionPercent: 4 } }),
    });
    expect(ahead.variant).toEqual({ kind: 'modified-odds', effectiveFromShoe: 'S2', effectiveFromHand: 1 });
    expect(ahead.previousVariant).toEqual({ kind: 'commission', commissionPercent: 4 });
    const board = { shoe: { id: 'S1', startedAt: S1s.startedAt }, pastShoes: [] };
    expect(coreSignage(ahead, casino(1), board).payTable).toMatchObject({
      variant: 'commission',
      commissionRate: 0.04,
    });

    const cancelled = after(['variant=commission'], { table: ahead, shoe: S1s });
    expect(cancelled.variant).toEqual({ kind: 'commission', commissionPercent: 4 });
    expect(coreSignage(cancelled, casino(1), board).payTable.variant).toBe('commission');
    const moved = after(['variant=modified-odds', 'from-hand=40'], { table: ahead, shoe: S1s });
    expect(moved.variant).toEqual({ kind: 'modified-odds', effectiveFromShoe: 'S1', effectiveFromHand: 40 });
    expect(moved.previousVariant).toEqual({ kind: 'commission', commissionPercent: 4 });
  });

  // Found while adding the console's From the next shoe: a change for the next shoe was planned against the sign as
  // if it were in force, so one pending (later in this shoe, or for the next shoe) became its previousVariant, and the
  // boards dealing this shoe showed that pending variant at once, from hand 1, mid-shoe (rule 5.11).
  test('a change from the next shoe while another is pending: the variant in force stays in force until then', () => {
    const S1s = { ...S1, startedAt: '2026-11-22T11:00:00.000Z' };
    const board = { shoe: { id: 'S1', startedAt: S1s.startedAt }, pastShoes: [] };
    const next = currentShoe(S1s, 'S1-next'); // as namedShoe('next', 'S1') names it
    // Modified odds scheduled from hand 45 of this shoe; commission 4% from the next shoe replaces it.
    const later = signage(4, {
      variant: { kind: 'modified-odds', effectiveFromShoe: 'S1', effectiveFromHand: 45 },
      previousVariant: { kind: 'commission', commissionPercent: 5 },
    });
    const replaced = after(['commission=4', 'variant=commission'], { table: later, shoe: next });
    expect(replaced.variant).toEqual({
      kind: 'commission',
      commissionPercent: 4,
      effectiveFromShoe: 'S1-next',
      effectiveFromHand: 1,
    });
    expect(replaced.previousVariant).toEqual({ kind: 'commission', commissionPercent: 5 });
    expect(coreSignage(replaced, casino(1), board).payTable).toMatchObject({
      variant: 'commission',
      commissionRate: 0.05,
    });
    // Modified odds scheduled for the next shoe; going back to commission from the next shoe cancels it.
    const ahead = after(['variant=modified-odds'], { shoe: next, table: signage(4) });
    expect(ahead.variant).toEqual({ kind: 'modified-odds', effectiveFromShoe: 'S1-next', effectiveFromHand: 1 });
    const cancelled = after(['variant=commission'], { table: ahead, shoe: next });
    expect(cancelled.variant).toEqual({ kind: 'commission', commissionPercent: 5 });
    expect(coreSignage(cancelled, casino(1), board).payTable.variant).toBe('commission');
    // The review's "Now:" says where the shoe dealt stands, not the placeholder's "no snapshot of it".
    expect(describeShoe(next!)).toBe(
      'shoe S1: 30 hands played, waiting; next hand 31; the change is for the next shoe',
    );
  });

  test('once begun, the next switch keeps the variant in force as previous; back to commission keeps the last rate', () => {
    const modified = after(['commission=4', 'from-hand=35']);
    const later = { ...S1, handsPlayed: 40, nextHand: 41, earliestHand: 41 };
    const mo = after(['variant=modified-odds'], { table: modified, shoe: later });
    expect(mo.previousVariant).toEqual(modified.variant);
    const back = after(['variant=commission'], {
      table: mo,
      shoe: { ...later, handsPlayed: 50, nextHand: 51, earliestHand: 51 },
    });
    expect(back.variant).toMatchObject({ kind: 'commission', commissionPercent: 4, effectiveFromHand: 51 });
  });

  test('modified odds need a shoe; commission with no shoe known applies at once', () => {
    expect(refused(['variant=modified-odds'], { shoe: null }).text).toMatch(/no shoe snapshot.*--shoe ID/);
    expect(refused(['commission=4', 'from-hand=3'], { shoe: null }).field).toBe('from-hand');
    expect(after(['commission=4'], { shoe: null }).variant).toEqual({ kind: 'commission', commissionPercent: 4 });
  });

  test('a variant scheduled in an earlier shoe is written plain when the sign changes in a later one', () => {
    // Found on a shift: commission from hand 30 of shoe S4 (modified odds before), then min changed in shoe S6. Kept as
    // written under a new updatedAt, a board new to the table read it as made for a shoe to come and showed modified
    // odds (Banker wins with 6 pays 1 to 2) at a table paying commission, until the next shoe.
    const S6 = { ...S1, shoeId: 'S6', startedAt: '2026-11-22T11:00:00.000Z' };
    const table = signage(5, {
      variant: { kind: 'commission', commissionPercent: 5, effectiveFromShoe: 'S4', effectiveFromHand: 30 },
      previousVariant: { kind: 'modified-odds', effectiveFromShoe: 'S3', effectiveFromHand: 23 },
      updatedAt: '2026-11-22T10:00:00.000Z', // during shoe S4
    });
    const p = plan(['min=200'], { table, shoe: S6 });
    if (!p.ok || !p.value.table) throw new Error('no table change');
    const s = p.value.table.after;
    expect(s.variant).toEqual({ kind: 'commission', commissionPercent: 5 });
    expect(s.previousVariant).toBeUndefined();
    expect(p.value.table.changes.map((c) => c.text)).toEqual(['min 100 → 200']);
    const newBoard = { shoe: { id: 'S6', startedAt: S6.startedAt }, pastShoes: [] };
    expect(coreSignage(s, casino(1), newBoard).payTable.variant).toBe('commission');

    const mo = signage(5, {
      variant: { kind: 'modified-odds', effectiveFromShoe: 'S4', effectiveFromHand: 23 },
      previousVariant: { kind: 'commission', commissionPercent: 5 },
      updatedAt: '2026-11-22T10:00:00.000Z',
    });
    const wider = after(['max=60,000'], { table: mo, shoe: S6 });
    expect(wider.variant).toEqual({ kind: 'modified-odds', effectiveFromShoe: 'S6', effectiveFromHand: 1 });
    expect(wider.previousVariant).toBeUndefined();
    expect(coreSignage(wider, casino(1), newBoard).payTable.variant).toBe('modifiedOdds');
    // A sign that names a shoe yet to come (made during S6 for S7) stays as it is.
    const ahead = signage(5, {
      variant: { kind: 'modified-odds', effectiveFromShoe: 'S7', effectiveFromHand: 1 },
      previousVariant: { kind: 'commission', commissionPercent: 5 },
      updatedAt: '2026-11-22T11:30:00.000Z',
    });
    expect(after(['min=200'], { table: ahead, shoe: S6 }).variant).toEqual(ahead.variant);
  });

  test('the same variant again changes nothing', () => {
    const p = plan(['variant=commission', 'commission=5']);
    expect(p.ok && p.value.table).toBeNull();
  });
});

describe('restoring the sign the boards show, which the broker lost', () => {
  // Found on a shift: remade from the defaults plus edits, a table on modified odds since hand 1 got 'modified odds
  // from hand 52, previousVariant commission 5%' — false history for any dispute about hands 1 to 51.
  const S7: ShoePosition = { shoeId: 'S7', handsPlayed: 50, phase: 'dealing', nextHand: 51, earliestHand: 52 };
  const boards = { table: 9, casino: 1 };
  const restored = (sign: TableSignage, over: Partial<SignContext> = {}) => {
    const p = planSignChange(
      ctx({ table: null, shoe: S7, boards, republish: 'table', restore: { target: 'table', sign }, ...over }),
      {},
    );
    if (!p.ok) throw new Error(formatFieldError(p.error));
    if (!p.value.table) throw new Error('no table change');
    expect(isPayload('signage', p.value.table.after)).toBe(true);
    return p.value;
  };

  test('as it is, variant and previousVariant included; only revision, updatedAt and updatedBy are new', () => {
    const since1 = signage(9, {
      variant: { kind: 'modified-odds', effectiveFromShoe: 'S7', effectiveFromHand: 1 },
      message: 'Welcome',
    });
    const p = restored(since1);
    const { revision: _r, updatedAt: _u, updatedBy: _b, ...same } = since1;
    expect(p.table?.after).toEqual({ ...same, revision: 10, updatedAt: NOW, updatedBy: 'alice' });
    expect(p.table?.restored).toEqual({ revision: 9, settled: false });
    expect(planSummary(p)).toEqual([
      'Jade 8 (T1), new sign, revision 10 (a board shows revision 9): revision 9 as the boards show it, published again',
    ]);
    // Scheduled within this shoe: kept with its hand and what was in force before it.
    const scheduled = signage(9, {
      variant: { kind: 'modified-odds', effectiveFromShoe: 'S7', effectiveFromHand: 60 },
      previousVariant: { kind: 'commission', commissionPercent: 4 },
    });
    const s = restored(scheduled).table?.after;
    expect([s?.variant, s?.previousVariant]).toEqual([scheduled.variant, scheduled.previousVariant]);
  });

  test('a variant in force since an earlier shoe is dated from hand 1 of this one, as every board reads it', () => {
    const S7at = { ...S7, startedAt: '2026-11-22T11:00:00.000Z' };
    const old = signage(9, {
      variant: { kind: 'modified-odds', effectiveFromShoe: 'S5', effectiveFromHand: 23 },
      previousVariant: { kind: 'commission', commissionPercent: 5 },
      updatedAt: '2026-11-22T09:00:00.000Z',
    });
    const p = restored(old, { shoe: S7at });
    const s = p.table?.after;
    expect(s?.variant).toEqual({ kind: 'modified-odds', effectiveFromShoe: 'S7', effectiveFromHand: 1 });
    expect(s?.previousVariant).toBeUndefined();
    // Kept as written under the new updatedAt, a new board would read S5 as a shoe to come and show commission.
    const newBoard = { shoe: { id: 'S7', startedAt: S7at.startedAt }, pastShoes: [] };
    expect(coreSignage(s!, casino(1), newBoard).payTable.variant).toBe('modifiedOdds');
    expect(planSummary(p)[0]).toMatch(
      /revision 9 as the boards show it, published again, its variant dated from hand 1 of shoe S7/,
    );
  });

  test('refused when its variant names a shoe and the shoe is unknown; keys change that sign, not the defaults', () => {
    const named = signage(9, { variant: { kind: 'modified-odds', effectiveFromShoe: 'S7', effectiveFromHand: 1 } });
    const p = planSignChange(ctx({ table: null, shoe: null, boards, restore: { target: 'table', sign: named } }), {});
    expect(!p.ok && formatFieldError(p.error)).toMatch(/^shoe: .*shoe S7.*no shoe snapshot on the broker/);
    // With keys (the console's Change signs… on a lost sign): made to that sign, the changes said against it.
    const S7 = { shoeId: 'S7', handsPlayed: 50, phase: 'waiting' as const, nextHand: 51, earliestHand: 51 };
    const edited = planSignChange(ctx({ table: null, shoe: S7, boards, restore: { target: 'table', sign: named } }), {
      min: 500,
    });
    if (!edited.ok || !edited.value.table) throw new Error('not planned');
    expect(edited.value.table.after).toMatchObject({
      variant: named.variant,
      limits: { minimum: 500, maximum: 50_000 },
    });
    expect(planSummary(edited.value)[0]).toMatch(
      /: revision 9 as the boards show it, published again, with min 100 → 500$/,
    );
    // A plain commission names no shoe: restored as it is.
    const plain = planSignChange(
      ctx({ table: null, shoe: null, boards, restore: { target: 'table', sign: signage(9) } }),
      {},
    );
    expect(plain.ok && plain.value.table?.after.variant).toEqual({ kind: 'commission', commissionPercent: 5 });
  });
});

describe('defaults and the shoe position', () => {
  test('with no sign retained, a table starts from documented defaults at revision 1', () => {
    const s = after(['name=Jade 8'], { table: null });
    expect(s).toMatchObject({ ...defaultTableSignage('T1', 'alice', NOW), revision: 1, tableName: 'Jade 8' });
    const p = plan(['min=50'], { table: null });
    expect(p.ok && p.value.table?.changes.map((c) => c.field)).toContain('variant');
    expect(p.ok && p.value.table?.changes[0]?.text).toBe('name "T1"');
  });

  test('a first sign keeps the language the boards show without one: the casino default, else en+zh-Hans', () => {
    // A floor manager setting only the limits of a new table must not turn its bilingual boards English-only.
    expect(after(['min=100'], { table: null }).language).toBe('en+zh-Hans');
    expect(after(['min=100'], { table: null, casino: null }).language).toBe('en+zh-Hans');
    const casinoSaysHant = { ...casino(1), defaultLanguage: 'zh-Hant' as const };
    expect(after(['min=100'], { table: null, casino: casinoSaysHant }).language).toBe('zh-Hant');
    expect(after(['language=en'], { table: null, casino: casinoSaysHant }).language).toBe('en');
  });

  test('shoePosition: a round has begun once bets open for it', () => {
    const hands = [1, 2, 3].map((n) => handMessage('S9', n, coup(CARDS.banker)));
    expect(shoePosition(snapshot('S9', hands, { phase: 'waiting' }))).toMatchObject({ nextHand: 4, earliestHand: 4 });
    expect(shoePosition(snapshot('S9', hands, { phase: 'betting' }))).toMatchObject({ nextHand: 4, earliestHand: 5 });
    expect(shoePosition(snapshot('S9', hands, { phase: 'dealing' }))).toMatchObject({ nextHand: 4, earliestHand: 5 });
    expect(currentShoe(shoePosition(snapshot('S9', hands)), 'S10')).toEqual({
      shoeId: 'S10',
      handsPlayed: null,
      phase: null,
      nextHand: null,
      earliestHand: 1,
      beingDealt: shoePosition(snapshot('S9', hands)), // where a change still pending is read
    });
    expect(currentShoe(null)).toBeNull();
  });

  test("the shoe by the controller's number when it gives one", () => {
    const hands = [1, 2, 3].map((n) => handMessage('S9', n, coup(CARDS.banker)));
    const numbered = shoePosition(snapshot('S9', hands, { phase: 'waiting', shoeNo: 12 }));
    expect(numbered.shoeNo).toBe(12);
    expect(describeShoe(numbered)).toBe('shoe 12 (S9): 3 hands played, waiting; next hand 4');
    expect(describeShoe(shoePosition(snapshot('S9', hands, { phase: 'waiting' })))).toBe(
      'shoe S9: 3 hands played, waiting; next hand 4',
    );
    // Beside 'from hand 5', 'dealing; next hand 4' read as if hand 4 were still to come (a floor manager's report).
    expect(describeShoe(shoePosition(snapshot('S9', hands, { phase: 'dealing' })))).toBe(
      'shoe S9: 3 hands played; hand 4 is being dealt',
    );
    expect(describeShoe(shoePosition(snapshot('S9', hands, { phase: 'betting' })))).toBe(
      'shoe S9: 3 hands played; bets are taken for hand 4',
    );
  });

  test('the casino sign starts from defaults too, but for its name, which every board shows', () => {
    const p = plan(['pp-scale=two', 'casino-name=Crown'], { casino: null });
    const c: CasinoSignage | undefined = p.ok ? p.value.casino?.after : undefined;
    expect(c).toMatchObject({ revision: 1, casinoName: 'Crown', perfectPairsScale: 'two' });
    expect(plan(['casino-name=Crown'], { casino: null })).toMatchObject({
      ok: true,
      value: { casino: { after: { perfectPairsScale: 'one' } } },
    });
    expect(plan(['pp-scale=two'], { casino: null })).toEqual({
      ok: false,
      error: {
        field: 'casino-name',
        message:
          'the broker has no casino sign: name the casino too (casino-name=…), which every board shows in its header',
      },
    });
  });
});
