import { describe, expect, test } from 'vitest';
import { CARDS, at, coup, event, handMessage } from '../test/helpers/table-messages';
import { applyMessage, emptyTableState, type TableMessage, type TableState } from './table-state';

/** Applies messages in order; every one must apply. */
function run(messages: TableMessage[], state: TableState = emptyTableState('T1')): TableState {
  for (const [i, m] of messages.entries()) {
    const r = applyMessage(state, m, at(1000 + i));
    if (r.effect !== 'applied') throw new Error(`message ${i}: ${r.effect}: ${r.reason}`);
    state = r.state;
  }
  return state;
}

const ev = <T extends Parameters<typeof event>[0]>(type: T, fields: Parameters<typeof event<T>>[1]): TableMessage => ({
  kind: 'event',
  payload: event(type, fields),
});
const hand = (no: number): TableMessage => ({ kind: 'hand', payload: handMessage('S1', no, coup(CARDS.banker)) });
const lastCoup = (s: TableState) => s.notices.find((n) => n.kind === 'lastCoup');
const cut = (handNo: number, firstCardOfRound: boolean) => ev('cut-card', { shoeId: 'S1', handNo, firstCardOfRound });

describe('LAST COUP says when the last coup has been dealt (rule 11.2)', () => {
  test.each([
    // [case, the cut card's messages, the last coup's hand]
    ['a: cut card as round 3’s first card', [hand(1), hand(2), cut(3, true)], 3],
    ['b: cut card later in round 3', [hand(1), hand(2), cut(3, false), hand(3)], 4],
  ] as const)('%s: "one more hand" until the last coup is recorded, then "dealt"', (_, before, last) => {
    const announced = run([ev('shoe-start', { shoeId: 'S1', decks: 8 }), ...before]);
    expect(lastCoup(announced)).toMatchObject({ hand: last });
    expect(lastCoup(announced)?.dealt).toBeUndefined();
    const dealt = run([hand(last)], announced);
    expect(lastCoup(dealt)).toMatchObject({ hand: last, dealt: true, since: at(1000) });
    // The shoe's end replaces it with SHOE END.
    const ended = run([ev('shoe-end', { shoeId: 'S1', handCount: last })], dealt);
    expect(ended.notices.map((n) => n.kind)).toEqual(['shoeEnd']);
  });

  test('a last coup voided without a result is dealt all the same: the shoe is complete', () => {
    const announced = run([ev('shoe-start', { shoeId: 'S1', decks: 8 }), hand(1), cut(2, false), hand(2)]);
    expect(lastCoup(announced)).toMatchObject({ hand: 3 });
    const voided = run([ev('round-void', { shoeId: 'S1', handNo: 3, reason: 'cannot-reconstruct' })], announced);
    expect(lastCoup(voided)).toMatchObject({ hand: 3, dealt: true });
  });

  test('a redelivered state changes nothing: the notice keeps its start', () => {
    const dealt = run([ev('shoe-start', { shoeId: 'S1', decks: 8 }), hand(1), cut(2, true), hand(2)]);
    const again = run([ev('table-open', {})], dealt);
    expect(lastCoup(again)).toBe(lastCoup(dealt));
  });
});

describe('a cut card withdrawn (reported by mistake, withdrawn by a supervisor)', () => {
  const withdrawn = (handNo: number) => ev('cut-card-withdrawn', { shoeId: 'S1', handNo, by: 'Lee' });
  const start = ev('shoe-start', { shoeId: 'S1', decks: 8 });
  test.each([
    ['a, its last coup not dealt yet', [hand(1), hand(2), cut(3, true)], 3],
    ['a, its last coup dealt: the shoe was complete', [hand(1), hand(2), cut(3, true), hand(3)], 4],
    ['b, its last coup announced', [hand(1), hand(2), cut(3, false), hand(3)], 4],
  ] as const)('%s: LAST COUP goes, and the shoe goes on', (_, before, next) => {
    const cutOut = run([start, ...before]);
    expect(lastCoup(cutOut)).toBeDefined();
    const back = run([withdrawn(3)], cutOut);
    expect(lastCoup(back)).toBeUndefined();
    expect(back.shoe?.cutCard).toEqual({ drawn: false });
    const more = run([hand(next), hand(next + 1)], back);
    expect(more.shoe?.rounds.map((r) => r.no).slice(-2)).toEqual([next, next + 1]);
    expect(lastCoup(more)).toBeUndefined();
  });

  test('the patrons are told why LAST COUP went, until the next round begins or a cut card comes out again', () => {
    const back = run([start, hand(1), hand(2), cut(3, false), withdrawn(3)]);
    expect(back.notices).toEqual([{ kind: 'cutCardWithdrawn', since: at(1004), hand: 3 }]);
    expect(run([ev('table-open', {})], back).notices).toEqual(back.notices); // nothing new: kept as it was
    expect(run([hand(3)], back).notices).toEqual([]);
    expect(run([ev('betting-open', { shoeId: 'S1', handNo: 3 })], back).notices).toEqual([]);
    expect(run([cut(3, false)], back).notices.map((n) => n.kind)).toEqual([]); // announced after the round (11.2 b)
    expect(run([cut(3, true)], back).notices.map((n) => n.kind)).toEqual(['lastCoup']);
  });

  test('withdrawn again, or a withdrawal naming another round: changes nothing', () => {
    const back = run([start, hand(1), cut(2, false), withdrawn(2)]);
    expect(applyMessage(back, withdrawn(2), at(2000))).toMatchObject({ effect: 'duplicate' });
    const cutAgain = run([hand(2), hand(3), cut(4, true)], back);
    expect(applyMessage(cutAgain, withdrawn(2), at(2000))).toMatchObject({ effect: 'duplicate' });
    expect(lastCoup(cutAgain)).toMatchObject({ hand: 4 });
  });
});
