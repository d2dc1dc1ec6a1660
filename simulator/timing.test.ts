import { describe, expect, test } from 'vitest';
import { simulateTable } from './dealer';
import type { Step } from './steps';
import { PACE, dealingMs, stepDelayMs } from './timing';

const paced = (steps: Step[]) => steps.map((step, i) => ({ step, ms: stepDelayMs(step, steps[i - 1] ?? null) }));

describe('timing like a real table (speed 1)', () => {
  const steps = [...simulateTable({ seed: 'time', shoes: 1 })];
  const timed = paced(steps);

  test('15 s of betting, then 8, 10 or 12 s of dealing by the number of cards', () => {
    for (const { step, ms } of timed) {
      if (step.type === 'no-more-bets') expect(ms).toBe(15_000);
      if (step.type === 'hand') {
        const previous = steps[steps.indexOf(step) - 1];
        const dealing = dealingMs(step.coup.cardsUsed);
        expect([8_000, 10_000, 12_000]).toContain(dealing);
        expect(ms).toBe(previous?.type === 'no-more-bets' ? dealing : dealing - PACE.cutCard);
      }
    }
  });

  test('a shoe of about 80 rounds takes 35 to 50 minutes, as at a real table', () => {
    const minutes = timed.reduce((sum, t) => sum + t.ms, 0) / 60_000;
    expect(minutes).toBeGreaterThan(35);
    expect(minutes).toBeLessThan(50);
  });

  test('no step waits when the table opens, and the first shoe starts at once', () => {
    expect(timed[0]).toMatchObject({ step: { type: 'table-open' }, ms: 0 });
    expect(timed[1]).toMatchObject({ step: { type: 'shoe-start' }, ms: 0 });
  });
});

describe('timing of the irregularities of real tables', () => {
  const steps = [
    ...simulateTable({ seed: 'time', shoes: 1, irregularities: { voidAfter: 0.1, foreignCard: 0.1, outOfTurn: 0.1 } }),
  ];
  const timed = paced(steps);

  test('a supervisor for a hand voided afterwards or a foreign card, the manager for a card out of turn', () => {
    const seen = new Set<string>();
    for (const { step, ms } of timed) {
      if (step.type === 'hand-void') expect(ms).toBe(PACE.handVoid);
      if (step.type === 'round-void')
        expect(ms).toBe(step.reason === 'foreign-card' ? PACE.foreignCard : PACE.roundVoid);
      if (step.type === 'void-hand' && step.reason === 'card-out-of-turn') expect(ms).toBe(PACE.outOfTurn);
      seen.add(step.type === 'void-hand' ? step.reason : step.type);
    }
    expect(seen).toContain('hand-void');
    expect(seen).toContain('round-void');
    expect(seen).toContain('card-out-of-turn');
  });
});
