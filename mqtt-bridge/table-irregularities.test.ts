/**
 * What a real table, controller and broker do that a textbook shoe never does (issues 12, 17 and 18), each a case
 * that froze the board, moved it backwards or was silently ignored, at the level of the pure reducer.
 */
import { describe, expect, test } from 'vitest';
import { isShoeHand, roadHands, shoeHands } from '../baccarat/shoe';
import type { HandMessage, ShoeSnapshot, TableEvent } from '../contract/schemas';
import { CARDS, at, coup, event, handMessage, snapshot } from '../test/helpers/table-messages';
import { sortedNotices } from './notices';
import { applyMessage, emptyTableState, type TableMessage, type TableState } from './table-state';

/** Applies messages in order; returns the state and one line per message: 'applied' or 'effect: reason'. */
function run(messages: readonly TableMessage[], state: TableState = emptyTableState('T1')) {
  const effects: string[] = [];
  for (const m of messages) {
    const r = applyMessage(state, m, at(5000));
    effects.push(r.effect === 'applied' ? 'applied' : `${r.effect}: ${r.reason}`);
    if (r.effect === 'applied') state = r.state;
  }
  return { state, effects };
}
const ev = <T extends TableEvent['type']>(
  type: T,
  fields: Omit<Extract<TableEvent, { type: T }>, 'v' | 'type' | 'controllerId' | 'seq' | 'timestamp'> & {
    timestamp?: string;
  },
): TableMessage => ({ kind: 'event', payload: event(type, fields) });
const start = (shoeId = 'S1', decks = 8, extra = {}): TableMessage => ev('shoe-start', { shoeId, decks, ...extra });
const hand = (no: number, cards: string = CARDS.banker, shoeId = 'S1', extra: Partial<HandMessage> = {}) =>
  ({ kind: 'hand', payload: handMessage(shoeId, no, coup(cards), at(no * 30), extra) }) as TableMessage;
const snap = (s: ShoeSnapshot): TableMessage => ({ kind: 'shoe', payload: s });
const outcomes = (s: TableState) =>
  roadHands(s.shoe!)
    .map((h) => h.outcome[0]!.toUpperCase())
    .join('');
const kinds = (s: TableState) => sortedNotices(s.notices).map((n) => n.kind);
const lastSeq = (s: TableState) => s.seqs.C1?.last ?? -1;
/** The snapshot of the board's shoe, as its controller would publish it next (the seq of its last event). */
const snapOf = (s: TableState, hands: HandMessage[], extra: Partial<ShoeSnapshot> = {}) =>
  snapshot(s.shoe!.id, hands, { seq: lastSeq(s), ...extra });
const handsOf = (shoeId: string, cards: readonly string[]) => cards.map((c, i) => handMessage(shoeId, i + 1, coup(c)));

describe('1. no-bet coups: as many as the pit boss permits (house rules 3.3 B, 4.3, 5.1.6)', () => {
  test('a fourth, fifth and sixth no-bet coup are taken, live and from the snapshot, and stay off the roads', () => {
    const coups = Array.from({ length: 6 }, (_, i) => [
      ev('void-hand', { shoeId: 'S1', handNo: i + 1, reason: 'no-bet-coup' }),
      hand(i + 1, CARDS.player, 'S1', { voidHand: { reason: 'no-bet-coup' } }),
    ]).flat();
    const { state, effects } = run([start(), ...coups, hand(7)]);
    expect(effects.every((e) => e === 'applied')).toBe(true);
    expect(shoeHands(state.shoe!)).toHaveLength(7);
    expect(outcomes(state)).toBe('B');
    const hands = [
      ...Array.from({ length: 6 }, (_, i) =>
        handMessage('S1', i + 1, coup(CARDS.player), at(i), {
          voidHand: { reason: 'no-bet-coup' },
        }),
      ),
      handMessage('S1', 7, coup(CARDS.banker)),
    ];
    const fresh = run([snap(snapshot('S1', hands))]);
    expect(fresh.effects).toEqual(['applied']);
    expect(outcomes(fresh.state)).toBe('B');
  });
});

describe('2. decks: every shoe the rules allow, 4 to 8', () => {
  test.each([4, 6, 8])('a %i-deck shoe is shown, from its start and from its snapshot', (decks) => {
    expect(run([start('S1', decks), hand(1)]).effects).toEqual(['applied', 'applied']);
    const fresh = run([snap(snapshot('S1', handsOf('S1', [CARDS.tie]), { decks }))]);
    expect(fresh.state.shoe).toMatchObject({ id: 'S1', decks });
  });
});

describe('3. a recorded hand declared void afterwards (rule 12.6; tournament 5.1.1, 5.1.2; house 4.2)', () => {
  test('it leaves the roads live, and the snapshot keeps it void for a board that rebuilds', () => {
    const live = run([
      start(),
      hand(1),
      hand(2, CARDS.player),
      hand(3),
      ev('round-void', { shoeId: 'S1', handNo: 2, reason: 'foreign-card' }),
    ]);
    expect(outcomes(live.state)).toBe('BB');
    expect(kinds(live.state)).toContain('roundVoid');
    const voided = { reason: 'foreign-card' as const, timestamp: at(100) };
    const hands = handsOf('S1', [CARDS.banker, CARDS.player, CARDS.banker]).map((h) =>
      h.handNo === 2 ? { ...h, voided } : h,
    );
    // The board that saw it live takes the republished snapshot as agreeing; a fresh board rebuilds it void.
    const republished = snapOf(live.state, hands, { phase: 'waiting' });
    expect(run([snap(republished)], live.state).effects[0]).toMatch(/^duplicate: .* agrees/);
    const fresh = run([snap(snapshot('S1', hands))]).state;
    expect(outcomes(fresh)).toBe('BB');
    expect(shoeHands(fresh.shoe!)[1]).toMatchObject({ no: 2, voided: { reason: 'foreign-card' } });
  });
  test('a redelivered void changes nothing; a card dealt out of turn (house 4.3) makes a void hand', () => {
    const v = ev('round-void', { shoeId: 'S1', handNo: 1, reason: 'cannot-reconstruct' });
    const again = { ...v, payload: { ...v.payload, seq: (v.payload as { seq: number }).seq + 100 } } as TableMessage;
    const { effects } = run([
      start(),
      hand(1),
      v,
      again,
      ev('void-hand', { shoeId: 'S1', handNo: 2, reason: 'card-out-of-turn' }),
      hand(2, CARDS.tie, 'S1', { voidHand: { reason: 'card-out-of-turn' } }),
    ]);
    expect(effects[3]).toMatch(/^duplicate: round 1 of shoe S1 is void already/);
    expect(effects.filter((e) => e === 'applied')).toHaveLength(5);
  });
});

describe('4. a snapshot with one hand that fails the Table of Play', () => {
  test('the board keeps the hands before it, is out of step, and a corrected snapshot completes it', () => {
    const good = handsOf('S1', [CARDS.banker, CARDS.player, CARDS.tie, CARDS.banker]);
    const bad = good.map((h) => (h.handNo === 3 ? { ...h, natural: true } : h));
    const r = applyMessage(emptyTableState('T1'), { kind: 'shoe', payload: snapshot('S1', bad) }, at(1));
    expect(r).toMatchObject({ effect: 'applied', outOfStep: expect.stringMatching(/snapshot hand 3/) });
    const partial = r.effect === 'applied' ? r.state : emptyTableState('T1');
    expect(outcomes(partial)).toBe('BP');
    const later = run([hand(5, CARDS.player)], partial);
    expect(later.effects[0]).toMatch(/^resync: hand 5 arrived but hand 3 is next/);
    const fixed = run([snap(snapshot('S1', [...good, handMessage('S1', 5, coup(CARDS.player))], { seq: 9 }))], partial);
    expect(fixed.effects).toEqual(['applied']);
    expect(outcomes(fixed.state)).toBe('BPTBP');
  });
});

describe('5. never back to an older shoe or seq', () => {
  test('a retained snapshot of an older shoe (lower seq, earlier start) is stale', () => {
    const old = snapshot('S1', handsOf('S1', [CARDS.banker, CARDS.player]), { seq: 1, timestamp: at(1) });
    const { state } = run([snap(old), start('S2', 8, { timestamp: at(1000) }), hand(1, CARDS.tie, 'S2')]);
    const replay = run([snap(old)], state);
    expect(replay.effects[0]).toMatch(/^duplicate: .*a shoe the board has left/);
    expect(state.pastShoes).toEqual(['S1']);
    // Unknown to this board (a second controller's, or one it never saw), but started before the current shoe.
    const other = { ...snapshot('S0', handsOf('S0', [CARDS.tie])), controllerId: 'C2', timestamp: at(0) };
    expect(run([snap(other)], state).effects[0]).toMatch(/^duplicate: snapshot of shoe S0 .* is older than shoe S2/);
    expect(run([hand(5, CARDS.tie, 'S1')], state).effects[0]).toMatch(/^duplicate: .*a shoe the board has left/);
  });
  test('a newer shoe from another controller is taken', () => {
    const { state } = run([start('S1'), hand(1)]);
    const next = { ...snapshot('S9', handsOf('S9', [CARDS.tie])), controllerId: 'C2', timestamp: at(9000) };
    const r = run([snap({ ...next, startedAt: at(8000) })], state);
    expect(r.effects).toEqual(['applied']);
    expect(r.state.shoe!.id).toBe('S9');
  });
});

describe('18. the retained snapshot never undoes what the board already knows', () => {
  test('1. the same snapshot delivered again during betting does not reset the round', () => {
    const s0 = snapshot('S1', handsOf('S1', [CARDS.banker]), { seq: 1, phase: 'waiting' });
    const { state } = run([snap(s0), ev('betting-open', { shoeId: 'S1', handNo: 2 })]);
    expect(state.shoe!.phase).toBe('betting');
    const again = run([snap(s0)], state);
    expect(again.effects[0]).toMatch(/^duplicate/);
  });
  test('2. a stale snapshot with as many hands does not revert a correction', () => {
    const before = run([start(), hand(1), hand(2)]);
    const stale = snapOf(before.state, handsOf('S1', [CARDS.banker, CARDS.banker]));
    const fixed = handMessage('S1', 2, coup(CARDS.player));
    const { state } = run([ev('correction', { shoeId: 'S1', handNo: 2, by: 'sup', hand: fixed })], before.state);
    const r = run([snap(stale)], state);
    expect(r.effects[0]).toMatch(/^duplicate/);
    expect(outcomes(r.state)).toBe('BP');
    expect(kinds(r.state)).toContain('corrected');
  });
  test('3. what the snapshot has and the board lacks (a burn, a lost correction) is taken', () => {
    const { state } = run([start()]);
    const withBurn = run([snap(snapOf(state, [], { burn: { card: '4D', count: 4 }, phase: 'shuffling' }))], state);
    expect(withBurn.state.shoe!.burn).toMatchObject({ card: { rank: '4', suit: 'D' }, count: 4 });
    expect(kinds(withBurn.state)).toEqual(['burn']);
    // A correction the board missed (its event lost): the snapshot reflects a later seq, so it holds.
    const played = run([hand(1), hand(2)], withBurn.state).state;
    const corrected = {
      ...handMessage('S1', 2, coup(CARDS.player)),
      corrected: { by: 'sup Wong', timestamp: at(200) },
    };
    const r = run(
      [snap(snapOf(played, [handMessage('S1', 1, coup(CARDS.banker)), corrected], { seq: 10_000 }))],
      played,
    );
    expect(outcomes(r.state)).toBe('BP');
    expect(r.state.notices.find((n) => n.kind === 'corrected')).toMatchObject({ hand: 2, by: 'sup Wong' });
  });
  test('4. a repeated hand with a new timestamp is the same hand', () => {
    const { effects } = run([
      start(),
      hand(1),
      { kind: 'hand', payload: handMessage('S1', 1, coup(CARDS.banker), at(999)) },
    ]);
    expect(effects[2]).toMatch(/^duplicate: hand 1 of shoe S1 already recorded/);
  });
});

describe('6. events: one wild seq never blocks the rest, a replay never undoes anything', () => {
  test('an event with the highest seq the contract allows, then ordinary ones: all applied', () => {
    const wild = ev('table-closed', {});
    (wild.payload as { seq: number }).seq = 2 ** 52 - 1;
    const { state, effects } = run([
      start(),
      wild,
      ev('table-open', {}),
      hand(1),
      ev('betting-open', { shoeId: 'S1', handNo: 2 }),
    ]);
    expect(effects).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    expect(kinds(state)).not.toContain('tableClosed');
    expect(state.shoe!.phase).toBe('betting');
  });
  test('a replayed older correction does not undo a newer one', () => {
    const toPlayer = ev('correction', {
      shoeId: 'S1',
      handNo: 1,
      by: 'a',
      hand: handMessage('S1', 1, coup(CARDS.player)),
    });
    const toTie = ev('correction', { shoeId: 'S1', handNo: 1, by: 'b', hand: handMessage('S1', 1, coup(CARDS.tie)) });
    const replay = { ...toPlayer, payload: { ...toPlayer.payload, seq: 10 ** 9 } } as TableMessage;
    const { state, effects } = run([start(), hand(1), toPlayer, toTie, replay]);
    expect(effects[4]).toMatch(/^duplicate: the correction of hand 1 by a is applied already/);
    expect(outcomes(state)).toBe('T');
  });
  test('a redelivered event (the same seq) is ignored at once', () => {
    const open = ev('betting-open', { shoeId: 'S1', handNo: 1 });
    expect(run([start(), open, open]).effects[2]).toMatch(
      /^duplicate: event betting-open seq \d+ from C1 already applied/,
    );
  });
});

describe('7. notices end by events', () => {
  test('a jump to a new shoe through the snapshot clears every notice of the old one', () => {
    const { state } = run([
      start(),
      hand(1),
      ev('cut-card', { shoeId: 'S1', handNo: 2, firstCardOfRound: true }),
      ev('correction', { shoeId: 'S1', handNo: 1, by: 'x', hand: handMessage('S1', 1, coup(CARDS.tie)) }),
    ]);
    expect(kinds(state)).toEqual(['lastCoup', 'corrected']);
    const jump = {
      ...snapshot('S5', handsOf('S5', [CARDS.banker])),
      seq: 10 ** 6,
      startedAt: at(4000),
      timestamp: at(4001),
    };
    expect(kinds(run([snap(jump)], state).state)).toEqual([]);
  });
});

describe("8. one numbering, the dealer's", () => {
  test('the shoe number comes from the controller, from its start or its snapshot', () => {
    expect(run([start('S1', 8, { shoeNo: 12 })]).state.shoe!.no).toBe(12);
    expect(run([snap(snapshot('S1', [], { shoeNo: 13 }))]).state.shoe!.no).toBe(13);
  });
  test('voided rounds and void hands keep the hand numbers consecutive', () => {
    const { state } = run([
      start(),
      hand(1),
      ev('round-void', { shoeId: 'S1', handNo: 2, reason: 'insufficient-cards' }),
      hand(2, CARDS.player, 'S1', { voidHand: { reason: 'first-card-face-up' } }),
      hand(3),
    ]);
    expect(state.shoe!.rounds.filter(isShoeHand).map((h) => h.no)).toEqual([1, 2, 3]);
  });
});
