import { describe, expect, test } from 'vitest';
import { CHAOS_CASES, chaosCases, chaosTableOptions } from './chaos';
import { simulateTable } from './dealer';

describe('the chaos table (issue 12)', () => {
  test('in 3 shoes every case happens at least once, for each of 40 seeds', () => {
    const seeds = ['chaos-1', ...Array.from({ length: 39 }, (_, i) => i)];
    for (const seed of seeds) {
      const cases = chaosCases(simulateTable(chaosTableOptions(seed)));
      for (const kind of CHAOS_CASES) expect(cases[kind], `seed ${seed}: ${kind}`).toBeGreaterThan(0);
      expect(cases).toMatchObject({ cutCardMissed: 1, manyNoBetCoups: 2, decks4: 1, decks6: 1, decks8: 1 });
      expect(cases).toMatchObject({ cutCardA: 1, cutCardB: 1 });
    }
  });

  test('the options: three shoes of 8, 6 and 4 decks in turn, the first with no-bet coups instead of a burn', () => {
    const steps = [...simulateTable(chaosTableOptions('chaos-1', 4))];
    const starts = steps.flatMap((s) => (s.type === 'shoe-start' ? [s.decks] : []));
    expect(starts).toEqual([8, 6, 4, 8]);
    const burns = steps.flatMap((s) => (s.type === 'burn' ? [s.shoeId] : []));
    expect(burns).toEqual(['S002', 'S003']);
  });

  test('chaosCases counts what it says', () => {
    const cases = chaosCases(simulateTable({ seed: 'plain', shoes: 2, decks: 6 }));
    expect(cases).toMatchObject({ decks6: 2, exposedCard: 0, misKey: 0, cutCardMissed: 0, voidAfter: 0 });
    expect(cases.cutCardA + cases.cutCardB).toBe(2);
  });
});
