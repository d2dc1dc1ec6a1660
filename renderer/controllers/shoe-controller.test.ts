import type { ReactiveControllerHost } from 'lit';
import { describe, expect, it } from 'vitest';
import { isShoeHand, nextHandNo } from '../../baccarat/shoe';
import type { ShoeHand, VoidedRound } from '../../baccarat/shoe-types';
import type { TableView } from '../../contract/kiosk';
import { makeView } from '../../test/fixtures/views/build-view';
import { ShoeController } from './shoe-controller';

const host: ReactiveControllerHost = {
  addController: () => undefined,
  removeController: () => undefined,
  requestUpdate: () => undefined,
  updateComplete: Promise.resolve(true),
};

/** Hands 1 and 2, with round 2 voided before hand 2 took its number (rule 12.6), as the bridge sends the shoe. */
function afterRoundVoid(): TableView {
  const v = makeView({ shoe: 'PB' }, Date.UTC(2026, 10, 27, 12));
  const [one, two] = v.shoe!.rounds;
  const voided: VoidedRound = { no: 2, voided: { reason: 'cannot-reconstruct', at: '2026-11-27T11:59:00.000Z' } };
  return { ...v, seq: 1, shoe: { ...v.shoe!, phase: 'idle', rounds: [one!, voided, two!] } };
}

describe('ShoeController', () => {
  it('keeps the last hand in place of itself only, never of the voided round that had its number', () => {
    const c = new ShoeController(host);
    const first = afterRoundVoid();
    c.accept(first);
    // The next round's "No more bets": the same rounds, deserialised afresh (new objects), a new seq.
    const next: TableView = structuredClone({ ...first, seq: 2, shoe: { ...first.shoe!, phase: 'dealing' } });
    c.accept(next);
    const rounds = c.view!.shoe!.rounds;
    expect(rounds.map((r) => (isShoeHand(r) ? `hand ${r.no}` : `void ${r.no}`))).toEqual([
      'hand 1',
      'void 2',
      'hand 2',
    ]);
    expect(nextHandNo(c.view!.shoe!)).toBe(3); // the board's "Hand 2", not 3
    expect(rounds[2]).toBe(first.shoe!.rounds[2]); // the last-hand panel keeps its input
  });

  it('highlights a corrected hand whose number a voided round had before it', () => {
    const c = new ShoeController(host);
    const first = afterRoundVoid();
    c.accept(first);
    const [one, voided, two] = first.shoe!.rounds;
    if (!two || !isShoeHand(two)) throw new Error('hand 2 expected');
    const corrected: ShoeHand = { ...two, hand: { ...two.hand, outcome: 'tie' } }; // a correction the board took
    const rounds = [one!, voided!, corrected];
    c.accept({ ...first, seq: 2, shoe: { ...first.shoe!, rounds }, change: { kind: 'correction', hand: 2 } });
    expect(c.roads!.fresh.bead).toBe(1); // hand 2's bead, the second on the roads
  });
});
