import { describe, expect, test } from 'vitest';
import type { DisplayStatus, ShoePhase } from '../contract/schemas';
import { paysChangedNow, scaleReach, tablesWithLostSigns, type TableRound } from './pays-at-once';
import type { SignEdits } from './sign-keys';

/** A table whose round `nextHand` is in `phase`, offering Perfect Pairs unless `pp` is false. */
const round = (tableId: string, phase: ShoePhase | null, nextHand = 4, pp = true): TableRound => ({
  tableId,
  perfectPairs: pp,
  shoe: phase && { shoeId: 'S1', handsPlayed: nextHand - 1, phase, nextHand, earliestHand: nextHand + 1 },
});
const NO_SHOE: TableRound = { tableId: 'T9', shoe: null, perfectPairs: true };

describe('a change of what rounds pay, made while they are dealt', () => {
  const tableWarning = (keys: string, t = 'T1', hand = 4) =>
    `round ${hand} at ${t} is being dealt ("No more bets" was called): ${keys} what it pays at once, for the ` +
    'wagers already on it too. Made between rounds (after its result), no wager placed is caught by it.';
  test.each<{ name: string; edits: SignEdits; table: TableRound | null; floor?: TableRound[]; out: string[] }>([
    {
      name: 'tie-pays, round dealt',
      edits: { tiePays: 9 },
      table: round('T1', 'dealing'),
      out: [tableWarning('tie-pays changes')],
    },
    {
      name: 'tie-pays and side-bets, round dealt',
      edits: { tiePays: 9, sideBets: { add: ['perfectPairs'], remove: [] } },
      table: round('T1', 'dealing', 31),
      out: [tableWarning('tie-pays, side-bets change', 'T1', 31)],
    },
    {
      name: 'side-bets adding a bet: no wager can be on it (a floor manager report)',
      edits: { sideBets: { add: ['threeGivesEight'], remove: [] } },
      table: { ...round('T1', 'dealing'), sideBets: ['playerPair', 'bankerPair'] },
      out: [],
    },
    {
      name: 'side-bets taking away one offered',
      edits: { sideBets: { add: [], remove: ['bankerPair'] } },
      table: { ...round('T1', 'dealing'), sideBets: ['playerPair', 'bankerPair'] },
      out: [tableWarning('side-bets changes')],
    },
    {
      name: 'side-bets removing one not offered',
      edits: { sideBets: { add: [], remove: ['urWayEgalite'] } },
      table: { ...round('T1', 'dealing'), sideBets: ['playerPair'] },
      out: [],
    },
    {
      name: 'side-bets set, dropping one offered',
      edits: { sideBets: { set: ['playerPair', 'threeGivesEight'] } },
      table: { ...round('T1', 'dealing'), sideBets: ['playerPair', 'bankerPair'] },
      out: [tableWarning('side-bets changes')],
    },
    {
      name: 'side-bets set, keeping every one offered',
      edits: { sideBets: { set: ['playerPair', 'bankerPair', 'threeGivesEight'] } },
      table: { ...round('T1', 'dealing'), sideBets: ['playerPair', 'bankerPair'] },
      out: [],
    },
    {
      name: 'tie-pays while bets are open: wagers are placed already (a floor manager report)',
      edits: { tiePays: 9 },
      table: round('T1', 'betting'),
      out: [
        'round 4 at T1 has its bets open: tie-pays changes what it pays at once, for the wagers already placed on it ' +
          'too. Made between rounds (after its result, before bets open), no wager placed is caught by it.',
      ],
    },
    { name: 'tie-pays between rounds', edits: { tiePays: 9 }, table: round('T1', 'waiting'), out: [] },
    { name: 'tie-pays, no snapshot', edits: { tiePays: 9 }, table: NO_SHOE, out: [] },
    { name: 'a message pays nothing', edits: { message: 'Welcome' }, table: round('T1', 'dealing'), out: [] },
    {
      name: 'the variant waits for a round (from-hand)',
      edits: { variant: 'modified-odds' },
      table: round('T1', 'dealing'),
      out: [],
    },
    {
      name: 'pp-scale: only the tables offering Perfect Pairs whose round is dealt or open to bets, in id order',
      edits: { ppScale: 'two' },
      table: null,
      floor: [
        round('T10', 'dealing', 7),
        round('T2', 'dealing', 12),
        round('T3', 'dealing', 5, false),
        round('T4', 'betting'),
        NO_SHOE,
      ],
      out: [
        '2 tables offering Perfect Pairs deal their rounds now ("No more bets" was called): T2 (round 12), ' +
          'T10 (round 7). pp-scale changes what Perfect Pairs pays at once, for the wagers already on those ' +
          'rounds too.',
        'a table offering Perfect Pairs has its bets open: T4 (round 4). pp-scale changes what Perfect Pairs pays ' +
          'at once, for the wagers already placed on that round too.',
      ],
    },
    {
      name: 'pp-scale with tie-pays at a table dealing: one warning for each reach',
      edits: { ppScale: 'one', tiePays: 8 },
      table: round('T1', 'dealing'),
      floor: [round('T1', 'dealing')],
      out: [
        tableWarning('tie-pays changes'),
        'a table offering Perfect Pairs deals its round now ("No more bets" was called): T1 (round 4). pp-scale ' +
          'changes what Perfect Pairs pays at once, for the wagers already on that round too.',
      ],
    },
    {
      name: 'pp-scale, no round dealt',
      edits: { ppScale: 'two' },
      table: null,
      floor: [round('T1', 'waiting')],
      out: [],
    },
  ])('$name', ({ edits, table, floor, out }) => {
    expect(paysChangedNow(edits, table, floor)).toEqual(out);
  });

  test('a floor dealing at many tables names twelve and counts the rest', () => {
    const floor = Array.from({ length: 15 }, (_, i) => round(`T${i + 1}`, 'dealing', 2));
    const [w] = paysChangedNow({ ppScale: 'two' }, null, floor);
    expect(w).toMatch(/^15 tables offering Perfect Pairs deal their rounds now/);
    expect(w).toContain('T11 (round 2), T12 (round 2) and 3 more.');
  });
});

describe('where a new Perfect Pairs scale applies', () => {
  test.each<{ name: string; edits: SignEdits; floor: TableRound[]; out: string | null }>([
    { name: 'no scale in the change', edits: { casinoName: 'Crown' }, floor: [round('T1', 'waiting')], out: null },
    {
      name: 'the tables offering Perfect Pairs, whatever their round',
      edits: { ppScale: 'two' },
      floor: [round('T12', 'waiting'), round('T3', null), round('T5', 'dealing', 4, false)],
      out:
        'Pay Scale Two (mixed 6, coloured 12, perfect 25 to 1) applies at once at the 2 tables offering Perfect ' +
        'Pairs: T3, T12.',
    },
    {
      name: 'one table',
      edits: { ppScale: 'one' },
      floor: [round('T1', 'waiting')],
      out: 'Pay Scale One (mixed 5, coloured 10, perfect 30 to 1) applies at once at the table offering Perfect Pairs: T1.',
    },
    {
      name: 'none offers it',
      edits: { ppScale: 'one' },
      floor: [round('T1', 'waiting', 4, false)],
      out: 'Pay Scale One (mixed 5, coloured 10, perfect 30 to 1) applies at once at every table that offers Perfect Pairs: none does now.',
    },
  ])('$name', ({ edits, floor, out }) => {
    expect(scaleReach(edits, floor)).toBe(out);
  });
});

describe('the reach of a new scale when the broker lost tables’ signs', () => {
  const board = (displayId: string, tableId: string, signageRevision?: number): DisplayStatus => ({
    v: 1,
    state: 'online',
    displayId,
    tableId,
    version: '1.0.0',
    timestamp: '2026-11-27T17:00:00.000Z',
    handCount: 0,
    rejectedMessages: 0,
    uptimeSeconds: 5,
    ...(signageRevision !== undefined && { signageRevision }),
  });
  const lostT1: TableRound = { ...round('T1', 'waiting', 4, false), signRevision: null };
  const keptT2: TableRound = { ...round('T2', 'waiting', 4, false), signRevision: 3 };

  test('a board above its table’s retained sign (or of a table with none) names the table; one at it, or offering, does not', () => {
    const boards = [board('d1', 'T1', 2), board('d2', 'T2', 3), board('d10', 'T10', 1), board('d3', 'T3')];
    expect(tablesWithLostSigns([lostT1, keptT2], boards)).toEqual(['T1', 'T10']);
    const offering: TableRound = { ...round('T1', 'waiting'), signRevision: 1 };
    expect(tablesWithLostSigns([offering], [board('d1', 'T1', 2)])).toEqual([]);
    expect(tablesWithLostSigns([lostT1], [{ ...board('d1', 'T1', 2), state: 'offline' } as DisplayStatus])).toEqual([]);
  });

  test('the broker restarted without its signs: not "none does now", but the tables it may reach', () => {
    expect(scaleReach({ ppScale: 'one' }, [lostT1, keptT2], ['T1', 'T2'])).toBe(
      'Pay Scale One (mixed 5, coloured 10, perfect 30 to 1) applies at once at every table that offers Perfect ' +
        "Pairs: none does on the broker's signs. The broker has lost the sign of tables T1, T2 (their boards show a " +
        'newer one): it applies there too if their signs offer Perfect Pairs.',
    );
    expect(scaleReach({ ppScale: 'two' }, [round('T3', 'waiting')], ['T1'])).toBe(
      'Pay Scale Two (mixed 6, coloured 12, perfect 25 to 1) applies at once at the table offering Perfect Pairs: ' +
        'T3. The broker has lost the sign of table T1 (its boards show a newer one): it applies there too if that ' +
        'sign offers Perfect Pairs.',
    );
  });

  test('rounds dealt at tables whose signs the broker lost: a warning of their own, beside the known ones', () => {
    const lostDealing: TableRound = { ...round('T5', 'dealing', 12, false), signRevision: null };
    const lostWaiting: TableRound = { ...round('T6', 'waiting', 3, false), signRevision: null };
    const knownDealing = round('T2', 'dealing', 7);
    const floor = [lostDealing, lostWaiting, knownDealing, round('T8', 'dealing', 9, false)];
    expect(paysChangedNow({ ppScale: 'two' }, null, floor, ['T5', 'T6'])).toEqual([
      'a table offering Perfect Pairs deals its round now ("No more bets" was called): T2 (round 7). pp-scale ' +
        'changes what Perfect Pairs pays at once, for the wagers already on that round too.',
      'a table whose sign the broker lost deals its round now ("No more bets" was called): T5 (round 12). If that ' +
        'sign offers Perfect Pairs (its boards show it), pp-scale changes what it pays at once, for the wagers ' +
        'already on that round too.',
    ]);
    const two = [lostDealing, { ...lostWaiting, shoe: round('T6', 'dealing', 3).shoe }];
    expect(paysChangedNow({ ppScale: 'one' }, null, two, ['T6', 'T5'])).toEqual([
      '2 tables whose signs the broker lost deal their rounds now ("No more bets" was called): T5 (round 12), T6 ' +
        '(round 3). If their signs offer Perfect Pairs (their boards show them), pp-scale changes what it pays at ' +
        'once, for the wagers already on those rounds too.',
    ]);
    // Not a scale change, or none of them dealt: nothing of them.
    expect(paysChangedNow({ tiePays: 9 }, null, floor, ['T5'])).toEqual([]);
    expect(paysChangedNow({ ppScale: 'one' }, null, [lostWaiting], ['T6'])).toEqual([]);
  });
});
