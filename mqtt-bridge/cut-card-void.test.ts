/**
 * The cut card coming out in a round that is then voided (rule 11.2 b with rule 12.6): the round after it, the last
 * coup, reuses the voided round's number. Before, the board took the snapshot republished after the void as saying
 * the cut card came out in the round that reused the number: no "Last hand" while the last coup was dealt, then
 * "Hand 3 is the last hand" for a hand that never came, while the keypad (the core) said round 2 and refused any
 * further round. Through the controller's own messages (the simulator's messenger, which the keypad publishes with),
 * and the snapshot read alone, as a board that starts or resyncs reads it.
 */
import { describe, expect, test } from 'vitest';
import { isShoeComplete, lastCoupState } from '../baccarat/shoe';
import type { ShoeSnapshot } from '../contract/schemas';
import { createMessenger } from '../simulator/messages';
import type { ControllerStep } from '../simulator/steps';
import { CARDS, at, coup, handMessage, snapshot } from '../test/helpers/table-messages';
import { sortedNotices } from './notices';
import { applyMessage, emptyTableState, type TableState } from './table-state';
import { shoeFromSnapshot } from './wire';

const S = 'S1';
const round = (handNo: number): ControllerStep[] => [
  { type: 'betting-open', shoeId: S, handNo },
  { type: 'no-more-bets', shoeId: S, handNo },
];
const hand = (handNo: number): ControllerStep => ({ type: 'hand', shoeId: S, handNo, coup: coup(CARDS.banker) });
const voidRound = (handNo: number): ControllerStep => ({
  type: 'round-void',
  shoeId: S,
  handNo,
  reason: 'cannot-reconstruct',
  cards: [],
});

/** Every message the controller publishes for `steps`, applied in order; after each step, what the board says. */
function follow(steps: readonly ControllerStep[]) {
  let t = 0;
  const messenger = createMessenger({ controllerId: 'C1', now: () => at(t++) });
  let state: TableState = emptyTableState('T1');
  const said: { step: string; lastRound: number | null; isLastRound: boolean; notice: number | undefined }[] = [];
  for (const step of steps) {
    for (const out of messenger.messagesFor(step)) {
      const r = applyMessage(state, { kind: out.kind, payload: out.payload } as never, at(t));
      if (r.effect === 'applied') state = r.state;
      expect(['applied', 'duplicate'], `${out.kind} after ${step.type}`).toContain(r.effect);
    }
    if (!state.shoe) continue;
    const lc = lastCoupState(state.shoe);
    const notice = sortedNotices(state.notices).find((n) => n.kind === 'lastCoup');
    said.push({ step: step.type, lastRound: lc.lastRound, isLastRound: lc.isLastRound, notice: notice?.hand });
  }
  return { said, state, snapshot: messenger.snapshot()! };
}

describe('the cut card in a round then voided', () => {
  test('case b: the round after, which reuses the number, is the last coup, live and after every snapshot', () => {
    const {
      said,
      state,
      snapshot: snap,
    } = follow([
      { type: 'table-open' },
      { type: 'shoe-start', shoeId: S, shoeNo: 1, decks: 8 },
      ...round(1),
      hand(1),
      ...round(2),
      { type: 'cut-card', shoeId: S, handNo: 2, firstCardOfRound: false, lastCoupHandNo: 3 }, // as the keypad says then
      voidRound(2),
      ...round(2),
      hand(2),
    ]);
    expect(said.slice(-4)).toEqual([
      { step: 'round-void', lastRound: 2, isLastRound: true, notice: 2 },
      { step: 'betting-open', lastRound: 2, isLastRound: true, notice: 2 },
      { step: 'no-more-bets', lastRound: 2, isLastRound: true, notice: 2 },
      { step: 'hand', lastRound: 2, isLastRound: false, notice: 2 },
    ]);
    expect(isShoeComplete(state.shoe!)).toBe(true);
    expect(snap.lastCoupHandNo).toBe(2); // the controller's snapshot says so too
  });

  test('a round voided before the cut card came out, in the round that reused its number: that round counts', () => {
    const { said } = follow([
      { type: 'shoe-start', shoeId: S, shoeNo: 1, decks: 8 },
      ...round(1),
      hand(1),
      ...round(2),
      voidRound(2),
      ...round(2),
      { type: 'cut-card', shoeId: S, handNo: 2, firstCardOfRound: false, lastCoupHandNo: 3 },
      hand(2),
      ...round(3),
    ]);
    expect(said.at(-1)).toEqual({ step: 'no-more-bets', lastRound: 3, isLastRound: true, notice: 3 });
  });
});

describe('the snapshot read alone (a board that starts, or resyncs)', () => {
  const voided = (handNo: number, s: number) => ({ handNo, reason: 'cannot-reconstruct' as const, timestamp: at(s) });
  const h1 = handMessage(S, 1, coup(CARDS.banker), at(10));
  const h2 = handMessage(S, 2, coup(CARDS.player), at(60));
  const cases: [string, Partial<ShoeSnapshot>, readonly (typeof h1)[], { lastRound: number; complete: boolean }][] = [
    [
      'b: in the voided round (by the times), the last coup being dealt',
      { cutCard: { handNo: 2, firstCardOfRound: false, timestamp: at(20) }, voidedRounds: [voided(2, 30)] },
      [h1],
      { lastRound: 2, complete: false },
    ],
    [
      'b: in the voided round, the last coup recorded',
      { cutCard: { handNo: 2, firstCardOfRound: false, timestamp: at(20) }, voidedRounds: [voided(2, 30)] },
      [h1, h2],
      { lastRound: 2, complete: true },
    ],
    [
      'b: in the round that reused the number of one voided before it',
      { cutCard: { handNo: 2, firstCardOfRound: false, timestamp: at(40) }, voidedRounds: [voided(2, 30)] },
      [h1, h2],
      { lastRound: 3, complete: false },
    ],
    [
      'b: in the second of two voided rounds of one number',
      {
        cutCard: { handNo: 2, firstCardOfRound: false, timestamp: at(35) },
        voidedRounds: [voided(2, 30), voided(2, 40)],
      },
      [h1],
      { lastRound: 2, complete: false },
    ],
    [
      'b, no time (an older controller): the last coup of the same number says it was voided',
      { cutCard: { handNo: 2, firstCardOfRound: false }, voidedRounds: [voided(2, 30)], lastCoupHandNo: 2 },
      [h1],
      { lastRound: 2, complete: false },
    ],
    [
      'b, no time: the next number says the voided round came before',
      { cutCard: { handNo: 2, firstCardOfRound: false }, voidedRounds: [voided(2, 30)], lastCoupHandNo: 3 },
      [h1, h2],
      { lastRound: 3, complete: false },
    ],
    [
      'a: the first card of a round then voided: the last coup voided, the shoe complete',
      { cutCard: { handNo: 2, firstCardOfRound: true, timestamp: at(20) }, voidedRounds: [voided(2, 30)] },
      [h1],
      { lastRound: 2, complete: true },
    ],
    [
      'a: the first card of the round that reused the number: being dealt',
      {
        cutCard: { handNo: 2, firstCardOfRound: true, timestamp: at(40) },
        voidedRounds: [voided(2, 30)],
        phase: 'dealing',
      },
      [h1],
      { lastRound: 2, complete: false },
    ],
  ];
  test.each(cases)('%s', (_, extra, hands, expected) => {
    const rebuilt = shoeFromSnapshot(snapshot(S, [...hands], extra));
    expect(rebuilt.ok && rebuilt.value.problem).toBe(null);
    const shoe = rebuilt.ok ? rebuilt.value.shoe : null;
    expect({ lastRound: lastCoupState(shoe!).lastRound, complete: isShoeComplete(shoe!) }).toEqual(expected);
  });
});
