/**
 * The chaos table's controller (issue 12): three shoes that hold every irregularity a real table has, for the
 * end-to-end test that proves the board against them. The faults of brokers, networks and signs are the harness's.
 *
 * ```ts
 * const steps = [...simulateTable(chaosTableOptions('chaos-1'))];
 * chaosCases(steps); // { exposedCard: 4, misKey: 5, …, decks4: 1, decks6: 1, decks8: 1 }: each of CHAOS_CASES ≥ 1
 * ```
 * @packageDocumentation
 */
import type { DealerOptions, TableOptions } from './dealer';
import type { IrregularityRates } from './irregularities';
import type { Step } from './steps';

/**
 * Every kind but the overlooked cut card at 5 % per opportunity: some 180 rounds in three shoes make about 7 of each
 * per run, and a seed without one of them about 1 in 300. A real table sees far fewer: this is a stress test.
 */
export const CHAOS_RATES: IrregularityRates = {
  exposedCard: 0.05,
  misKey: 0.05,
  cutCardMissed: 0,
  voidAfter: 0.05,
  foreignCard: 0.05,
  outOfTurn: 0.05,
};

/**
 * The three shoes, in turn: an 8-deck shoe opened with 5 no-bet coups instead of the burn (house rules 3.1, 3.3 B),
 * whose cut card is the first card of a round (rule 11.2 a); a 6-deck shoe, burned, whose cut card is overlooked so
 * that it runs out (rule 12.5); a 4-deck shoe, burned, with the 4 no-bet coups the pit boss permits (house rule
 * 5.1.6), whose cut card comes out inside a round (11.2 b). A fourth shoe starts again with the first.
 */
export const CHAOS_SHOES: readonly DealerOptions[] = [
  { decks: 8, burn: false, noBetCoups: 5, cutCardCase: 'a' },
  { decks: 6, noBetCoups: 0, irregularities: { ...CHAOS_RATES, cutCardMissed: 1 } },
  { decks: 4, noBetCoups: 4, cutCardCase: 'b' },
];

/** The chaos table's options for `simulateTable`: `seed`, 3 shoes (or `shoes`), every irregularity, mixed shoes. */
export const chaosTableOptions = (seed: string | number, shoes = 3): TableOptions => ({
  seed,
  shoes,
  irregularities: CHAOS_RATES,
  perShoe: CHAOS_SHOES,
});

/** How often each case of the chaos table happened in a run, counted from its steps. */
export interface ChaosCases {
  readonly exposedCard: number; // void hands after a first card face up (rule 12.3)
  readonly misKey: number; // corrections of a mis-keyed result
  readonly cutCardMissed: number; // shoes without a cut card: dealt until they ran out
  readonly voidAfter: number; // hands declared void after they were recorded (rule 12.6)
  readonly foreignCard: number; // rounds void for a foreign card (tournament rule 5.1.1)
  readonly outOfTurn: number; // void hands after a card dealt out of turn (house rule 4.3)
  readonly manyNoBetCoups: number; // shoes opened with 4 or more no-bet coups
  readonly decks4: number; // shoes of 4 decks
  readonly decks6: number; // … of 6
  readonly decks8: number; // … of 8
  readonly cutCardA: number; // cut card as the first card of a round (rule 11.2 a)
  readonly cutCardB: number; // cut card later in a round (rule 11.2 b)
  readonly insufficientCards: number; // rounds void for too few cards (rule 12.5): not in every run
}

/** The cases that {@link chaosTableOptions} stages at least once in its first three shoes. */
export const CHAOS_CASES = [
  'exposedCard',
  'misKey',
  'cutCardMissed',
  'voidAfter',
  'foreignCard',
  'outOfTurn',
  'manyNoBetCoups',
  'decks4',
  'decks6',
  'decks8',
  'cutCardA',
  'cutCardB',
] as const satisfies readonly (keyof ChaosCases)[];

/** Counts the cases of {@link ChaosCases} in a run's steps. */
export function chaosCases(steps: Iterable<Step>): ChaosCases {
  const c = {
    exposedCard: 0,
    misKey: 0,
    cutCardMissed: 0,
    voidAfter: 0,
    foreignCard: 0,
    outOfTurn: 0,
    manyNoBetCoups: 0,
    decks4: 0,
    decks6: 0,
    decks8: 0,
    cutCardA: 0,
    cutCardB: 0,
    insufficientCards: 0,
  } satisfies ChaosCases;
  let noBetCoups = 0;
  let cutCard = false;
  for (const s of steps) {
    switch (s.type) {
      case 'shoe-start':
        if (s.decks === 4 || s.decks === 6 || s.decks === 8) c[`decks${s.decks}`]++;
        noBetCoups = 0;
        cutCard = false;
        break;
      case 'void-hand':
        if (s.reason === 'first-card-face-up') c.exposedCard++;
        if (s.reason === 'card-out-of-turn') c.outOfTurn++;
        break;
      case 'hand':
        if (s.voidHand === 'no-bet-coup' && ++noBetCoups === 4) c.manyNoBetCoups++;
        break;
      case 'correction':
        c.misKey++;
        break;
      case 'hand-void':
        c.voidAfter++;
        break;
      case 'round-void':
        if (s.reason === 'foreign-card') c.foreignCard++;
        if (s.reason === 'insufficient-cards') c.insufficientCards++;
        break;
      case 'cut-card':
        cutCard = true;
        if (s.firstCardOfRound) c.cutCardA++;
        else c.cutCardB++;
        break;
      case 'shoe-end':
        if (!cutCard) c.cutCardMissed++;
        break;
      default:
        break;
    }
  }
  return c;
}
