/**
 * The simulator's domain steps: what happens at the table, in order, with no time and no wire format. The dealer
 * (`dealer.ts`) produces them; `messages.ts` turns each into contract messages; `timing.ts` says how long a real
 * table takes to reach each one.
 *
 * ```ts
 * for (const step of simulateTable({ seed: 1, shoes: 1 })) if (step.type === 'hand') count(step.coup.outcome);
 * ```
 * @packageDocumentation
 */
import type { Coup } from '../baccarat/table-of-play';
import type { Card, Outcome, Point } from '../baccarat/types';
import type { VoidHandReason } from '../contract/schemas/hand';
import type { RoundVoidReason } from '../contract/schemas/event';

/** A result as the keypad sent it, without cards: what a mis-keyed result looks like on the wire. */
export interface KeyedResult {
  readonly outcome: Outcome;
  readonly playerPoints: Point;
  readonly bankerPoints: Point;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  readonly natural: boolean;
}

export type Step =
  /** The controller starts: the table is open. */
  | { readonly type: 'table-open' }
  /** The run is over (the requested number of shoes is done): the table closes. */
  | { readonly type: 'table-closed' }
  /** A new shoe: the boards clear their roads. `shoeNo` counts shoes from 1 in this run. */
  | { readonly type: 'shoe-start'; readonly shoeId: string; readonly shoeNo: number; readonly decks: number }
  /**
   * Shuffled and cut (rules 7.1–7.6): the cut was made `cutAt` cards in (at least one deck from either end), and
   * the cut card then placed `cutCardFromBack` cards from the back of the stack (at least 20).
   */
  | {
      readonly type: 'shuffle';
      readonly shoeId: string;
      readonly cards: number;
      readonly cutAt: number | null;
      readonly cutCardFromBack: number;
    }
  /** The burn (rule 7.7): `card` face up, then `burned` (as many as its face value, rule 7.9) face down. */
  | {
      readonly type: 'burn';
      readonly shoeId: string;
      readonly card: Card;
      readonly count: number;
      readonly burned: readonly Card[];
    }
  /** "Place your bets" for round `handNo`. */
  | { readonly type: 'betting-open'; readonly shoeId: string; readonly handNo: number }
  /** "No more bets" (rule 8.2): round `handNo` is dealt. */
  | { readonly type: 'no-more-bets'; readonly shoeId: string; readonly handNo: number }
  /**
   * "No bets this hand": round `handNo` is dealt as a void hand. For `first-card-face-up` (rule 12.3),
   * `exposedCard` is the card found face up; the void hand is dealt starting with it.
   */
  | {
      readonly type: 'void-hand';
      readonly shoeId: string;
      readonly handNo: number;
      readonly reason: VoidHandReason;
      readonly exposedCard?: Card;
    }
  /**
   * The cut card came out in round `handNo` (rule 11.2): as its first card (a), round `handNo` is the last coup;
   * otherwise (b) the round is completed and one more is dealt. `lastCoupHandNo` says which.
   */
  | {
      readonly type: 'cut-card';
      readonly shoeId: string;
      readonly handNo: number;
      readonly firstCardOfRound: boolean;
      readonly lastCoupHandNo: number;
    }
  /** "Last coup" is announced: round `handNo` is the last of the shoe (at once in case a, after the round in b). */
  | { readonly type: 'last-coup'; readonly shoeId: string; readonly handNo: number }
  /**
   * Round `handNo` is complete. `coup` is what was dealt. `voidHand` marks a void hand. `keyed` is present when
   * the result was mis-keyed: that (wrong, card-less) result is what the controller reports, and a `correction`
   * step follows.
   */
  | {
      readonly type: 'hand';
      readonly shoeId: string;
      readonly handNo: number;
      readonly coup: Coup;
      readonly voidHand?: VoidHandReason;
      readonly keyed?: KeyedResult;
    }
  /** A supervisor (`by`) corrects hand `handNo` from the mis-keyed result to the true one, `coup`, with its cards. */
  | {
      readonly type: 'correction';
      readonly shoeId: string;
      readonly handNo: number;
      readonly by: string;
      readonly note: string;
      readonly keyed: KeyedResult;
      readonly coup: Coup;
    }
  /**
   * Round `handNo` is void while it is dealt, without a result; the next round reuses the number. `cards` are the
   * shoe's cards it used up: `insufficient-cards` (rule 12.5), all that was left, too few to complete it, and the
   * shoe ends; `foreign-card` (tournament rule 5.1.1), the round's cards, among which a card not of the set was
   * found, and the shoe goes on.
   */
  | {
      readonly type: 'round-void';
      readonly shoeId: string;
      readonly handNo: number;
      readonly reason: RoundVoidReason;
      readonly cards: readonly Card[];
    }
  /**
   * Hand `handNo`, already recorded, is declared void afterwards (rule 12.6, house rule 4.2, tournament rule 5.1.2):
   * a dealing error noticed before the next round that cannot be reconstructed. It keeps its number and leaves the
   * roads; the next round takes the next number.
   */
  | {
      readonly type: 'hand-void';
      readonly shoeId: string;
      readonly handNo: number;
      readonly reason: RoundVoidReason;
      readonly by?: string; // the supervisor who declared it void, and why (the shoe record keeps both)
      readonly note?: string;
    }
  /** The shoe is over: `handCount` hands (void hands included), `cardsLeft` cards not dealt. */
  | { readonly type: 'shoe-end'; readonly shoeId: string; readonly handCount: number; readonly cardsLeft: number };

export type StepType = Step['type'];
/** The step of a given type. */
export type StepOf<T extends StepType> = Extract<Step, { readonly type: T }>;

/**
 * Results keyed without cards, by a dealer's keypad that keys only the outcome (`keypad/`), and a cut card keyed by
 * mistake and withdrawn: the messenger publishes them beside the dealer's {@link Step}s. The simulator never deals
 * them (its results always have their cards, and its cut card always came out).
 */
export type KeyedStep =
  /** Round `handNo` is complete: its result as keyed, without cards. `voidHand` marks a void hand. */
  | {
      readonly type: 'keyed-hand';
      readonly shoeId: string;
      readonly handNo: number;
      readonly keyed: KeyedResult;
      readonly voidHand?: VoidHandReason;
    }
  /** Hand `handNo` is corrected (`by`) to a result keyed without cards. */
  | {
      readonly type: 'keyed-correction';
      readonly shoeId: string;
      readonly handNo: number;
      readonly by: string;
      readonly note?: string;
      readonly keyed: KeyedResult;
    }
  /** The cut card keyed in round `handNo` by mistake is withdrawn (`by` a supervisor): no last coup after all. */
  | {
      readonly type: 'cut-card-withdrawn';
      readonly shoeId: string;
      readonly handNo: number;
      readonly by: string;
      readonly note?: string;
    };

/** What a table controller's messenger turns into messages: the table's steps, and results keyed without cards. */
export type ControllerStep = Step | KeyedStep;
