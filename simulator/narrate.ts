/**
 * One readable line per notable step, for the `simulate` command's output and for training: shoe start and burn,
 * last coup, irregularities (void hands, corrections, void rounds, hands voided afterwards) and shoe end with its
 * tally.
 *
 * ```ts
 * const narrate = createNarrator();
 * for (const step of steps) { const line = narrate(step); if (line) console.log(line); }
 * ```
 * @packageDocumentation
 */
import { makeCard, makeCards } from '../baccarat/cards';
import type { ByOutcome } from '../baccarat/types';
import type { Step, StepOf } from './steps';

const VOID_HAND_TEXT = {
  'first-card-face-up': 'first card found face up (rule 12.3)',
  'third-card-exposed': 'third card exposed (rule 12.1 b)',
  'excess-card-exposed': 'excess card exposed (rule 12.2 b)',
  'card-out-of-turn': 'a card dealt out of turn (house rule 4.3)',
  'no-bet-coup': 'no-bet coup (house rule 3.1.2)',
} as const;

/** A stateful narrator: it remembers the cut card and tallies the shoe. Returns null for routine steps. */
export function createNarrator(): (step: Step) => string | null {
  let cut: StepOf<'cut-card'> | null = null;
  let tally: ByOutcome<number> = { banker: 0, player: 0, tie: 0 };
  return (step) => {
    switch (step.type) {
      case 'shoe-start':
        cut = null;
        tally = { banker: 0, player: 0, tie: 0 };
        return `shoe ${step.shoeId}: start, ${step.decks} decks`;
      case 'shuffle':
        return null;
      case 'burn':
        return `shoe ${step.shoeId}: burn ${makeCard(step.card)} face up, ${step.count} face down (rules 7.7, 7.9)`;
      case 'void-hand':
        if (step.reason === 'no-bet-coup') return null;
        return (
          `shoe ${step.shoeId} hand ${step.handNo}: "No bets this hand", ${VOID_HAND_TEXT[step.reason]}` +
          (step.exposedCard ? `: ${makeCard(step.exposedCard)}` : '')
        );
      case 'cut-card':
        cut = step;
        return null;
      case 'last-coup': {
        const how = cut?.firstCardOfRound
          ? `the cut card was its first card (rule 11.2 a)`
          : `the cut card came out in hand ${cut?.handNo ?? '?'} (rule 11.2 b)`;
        return `shoe ${step.shoeId}: "Last coup", hand ${step.handNo}: ${how}`;
      }
      case 'hand':
        tally[step.coup.outcome]++;
        return null;
      case 'correction': {
        const k = step.keyed;
        const c = step.coup;
        return (
          `shoe ${step.shoeId} hand ${step.handNo}: mis-keyed as ${k.outcome} ${k.playerPoints}-${k.bankerPoints}, ` +
          `corrected by ${step.by} to ${c.outcome} ${c.playerPoints}-${c.bankerPoints}`
        );
      }
      case 'round-void':
        return step.reason === 'foreign-card'
          ? `shoe ${step.shoeId} round ${step.handNo}: void, a card not of the set found (tournament rule 5.1.1); ` +
              `${step.cards.length} cards to the discard rack, the next round is hand ${step.handNo} again`
          : `shoe ${step.shoeId} round ${step.handNo}: void, insufficient cards (rule 12.5): ` +
              `${step.cards.length} left (${makeCards(step.cards)})`;
      case 'hand-void':
        return (
          `shoe ${step.shoeId} hand ${step.handNo}: declared void after its result, a dealing error that cannot ` +
          `be reconstructed (rule 12.6, house rule 4.2)`
        );
      case 'shoe-end':
        return (
          `shoe ${step.shoeId}: end, ${step.handCount} hands (banker ${tally.banker}, player ${tally.player}, ` +
          `tie ${tally.tie}), ${step.cardsLeft} cards left`
        );
      case 'table-open':
      case 'table-closed':
      case 'betting-open':
      case 'no-more-bets':
        return null;
    }
  };
}
