/**
 * How long a real table takes to reach each step, so that the demo looks like a table: about 15 s of betting and
 * 8–12 s of dealing per round (more with third cards), a minute to shuffle and cut, and a pause to read the result.
 * The publisher divides these by its speed (speed 1 = real time).
 *
 * ```ts
 * stepDelayMs(step, previous) / speed;  // wait this long, then publish `step`
 * ```
 * @packageDocumentation
 */
import type { Step } from './steps';

/** Real-time durations in ms (at speed 1). */
export const PACE = {
  shoeStart: 5_000, // after the last shoe ended (or the table opened): the new shoe is announced
  shuffle: 2_000, // shoe start → "shuffling"
  shuffleAndCut: 60_000, // shuffling and cutting 4–8 decks (rules 7.1–7.6) → the burn
  burn: 10_000, // burn done → first round
  resultShown: 4_000, // a result on the board → bets open for the next round
  betting: 15_000, // bets open → "No more bets"
  dealFourCards: 8_000, // "No more bets" → a result with no third card
  thirdCard: 2_000, // each third card adds this
  cutCard: 3_000, // "No more bets" → the cut card comes out (part of the dealing time)
  voidHandAnnounced: 4_000, // "No bets this hand" after the previous result
  correction: 20_000, // a supervisor is called and corrects a mis-keyed result
  roundVoid: 6_000, // "No more bets" → the round is declared void (rule 12.5)
  foreignCard: 20_000, // "No more bets" → a card not of the set is found, a supervisor called, the round void
  handVoid: 25_000, // a result → a supervisor tries to reconstruct the round, and declares it void (rule 12.6)
  outOfTurn: 15_000, // a result → the manager has the next coup played without bets (house rule 4.3)
  shoeEnd: 3_000, // last result → shoe end
} as const;

/** Dealing time of a round: 8 s for four cards, plus 2 s per third card (8, 10 or 12 s). */
export const dealingMs = (cardsUsed: number): number =>
  PACE.dealFourCards + PACE.thirdCard * Math.max(0, cardsUsed - 4);

/** Real-time delay in ms before `step`, given the step before it. */
export function stepDelayMs(step: Step, previous: Step | null): number {
  switch (step.type) {
    case 'table-open':
    case 'last-coup':
      return 0;
    case 'table-closed':
      return PACE.shoeEnd;
    case 'shoe-start':
      return previous === null || previous.type === 'table-open' ? 0 : PACE.shoeStart;
    case 'shuffle':
      return PACE.shuffle;
    case 'burn':
      return PACE.shuffleAndCut;
    case 'betting-open':
    case 'void-hand': {
      if (previous?.type === 'burn') return PACE.burn;
      if (previous?.type === 'shuffle') return PACE.shuffleAndCut; // no burn this shoe
      if (step.type === 'betting-open') return PACE.resultShown;
      return step.reason === 'card-out-of-turn' ? PACE.outOfTurn : PACE.voidHandAnnounced;
    }
    case 'no-more-bets':
      return PACE.betting;
    case 'cut-card':
      return PACE.cutCard;
    case 'hand': {
      const dealing = dealingMs(step.coup.cardsUsed);
      const cutCardMet = previous?.type === 'cut-card' || previous?.type === 'last-coup';
      return cutCardMet ? Math.max(0, dealing - PACE.cutCard) : dealing;
    }
    case 'correction':
      return PACE.correction;
    case 'round-void':
      return step.reason === 'foreign-card' ? PACE.foreignCard : PACE.roundVoid;
    case 'hand-void':
      return PACE.handVoid;
    case 'shoe-end':
      return PACE.shoeEnd;
  }
}
