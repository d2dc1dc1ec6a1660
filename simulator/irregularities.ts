/**
 * The irregularities the simulator can stage, and the mis-keyed result of a keypad error.
 *
 * ```ts
 * const rates = irregularityRates(0.02);      // every kind at 2 %
 * const wrong = misKeyedResult(coup, rng);     // e.g. banker 7–5 keyed as player 7–5 (sides swapped)
 * ```
 * @packageDocumentation
 */
import { checkResult } from '../baccarat/result-check';
import type { Coup } from '../baccarat/table-of-play';
import type { Outcome, Point } from '../baccarat/types';
import type { Rng } from './prng';
import type { KeyedResult } from './steps';

/** How often each irregularity happens, as a probability 0–1 per opportunity. */
export interface IrregularityRates {
  /** Per round: its first card is found face up in the shoe, "No bets this hand", a void hand (rule 12.3). */
  readonly exposedCard: number;
  /** Per ordinary hand: the result is mis-keyed (published without cards), then a supervisor corrects it. */
  readonly misKey: number;
  /**
   * Per shoe: the cut card is overlooked, so rule 11.2 never triggers and the shoe is dealt until it runs out;
   * the round that cannot be completed is void (rule 12.5). With no card left at all, the shoe just ends.
   */
  readonly cutCardMissed: number;
  /**
   * Per ordinary hand (not mis-keyed): a dealing error noticed after its result was recorded, before the next round,
   * that cannot be reconstructed (rule 12.6, house rule 4.2, tournament rule 5.1.2): the hand is declared void
   * afterwards. It keeps its number; the next round takes the next one.
   */
  readonly voidAfter: number;
  /**
   * Per round: a card not of the set is found while it is dealt (tournament rule 5.1.1): the round is void
   * without a result, its cards go to the discard rack, and the next round reuses its number; the shoe goes on.
   * Never in the round in which the cut card comes out (see the README).
   */
  readonly foreignCard: number;
  /**
   * Per round with a result: a card was dealt out of turn (house rule 4.3), and the manager has the next coup played
   * without bets: "No bets this hand" (`card-out-of-turn`), then that void hand.
   */
  readonly outOfTurn: number;
}

export const IRREGULARITY_KINDS = [
  'exposedCard',
  'misKey',
  'cutCardMissed',
  'voidAfter',
  'foreignCard',
  'outOfTurn',
] as const satisfies readonly (keyof IrregularityRates)[];
export type IrregularityKind = (typeof IRREGULARITY_KINDS)[number];

/** Every kind at `rate`. */
const everyKind = (rate: number): IrregularityRates =>
  Object.fromEntries(IRREGULARITY_KINDS.map((kind) => [kind, rate])) as Record<IrregularityKind, number>;

export const NO_IRREGULARITIES: IrregularityRates = everyKind(0);

/**
 * Rates from a single number (every kind at that rate) or from some kinds (the others 0).
 * @throws RangeError for a rate outside 0–1 (a programming error: the CLI checks its input first).
 */
export function irregularityRates(rates: number | Partial<IrregularityRates> = 0): IrregularityRates {
  const full: IrregularityRates = typeof rates === 'number' ? everyKind(rates) : { ...NO_IRREGULARITIES, ...rates };
  for (const kind of IRREGULARITY_KINDS) {
    const r = full[kind];
    if (!(r >= 0 && r <= 1)) throw new RangeError(`irregularity rate ${kind} must be from 0 to 1, got ${r}`);
  }
  return full;
}

const outcomeOf = (p: number, b: number): Outcome => (b > p ? 'banker' : p > b ? 'player' : 'tie');

/** Whether a card-less report passes the core's check (points agree with the outcome; the Table of Play allows it). */
const plausible = (k: KeyedResult): boolean => checkResult(k).ok;

/**
 * A wrong but plausible result for `coup`, as a keypad error would give: the sides swapped (points and pairs),
 * or one side's points keyed one off. It always has a different outcome from the coup, and it passes the core's
 * `checkResult` without cards (so a board accepts it until the correction). Null only if no such result exists.
 */
export function misKeyedResult(coup: Coup, rng: Rng): KeyedResult | null {
  const { playerPoints: p, bankerPoints: b, natural } = coup;
  const candidates: KeyedResult[] = [];
  const add = (pp: number, bp: number, playerPair: boolean, bankerPair: boolean): void => {
    if (pp < 0 || pp > 9 || bp < 0 || bp > 9) return;
    const outcome = outcomeOf(pp, bp);
    if (outcome === coup.outcome) return;
    const keyed = { outcome, playerPoints: pp as Point, bankerPoints: bp as Point, playerPair, bankerPair, natural };
    // A flag combination the new points cannot have (a natural on 5–3, say) is keyed without the flags instead.
    const bare = { ...keyed, playerPair: false, bankerPair: false, natural: false };
    if (plausible(keyed)) candidates.push(keyed);
    else if (plausible(bare)) candidates.push(bare);
  };
  add(b, p, coup.bankerPair, coup.playerPair); // the wrong side's button
  for (const d of [-1, 1]) {
    add(p + d, b, coup.playerPair, coup.bankerPair);
    add(p, b + d, coup.playerPair, coup.bankerPair);
  }
  if (candidates.length === 0) return null;
  // The swap is the classic keypad error: take it half the time when it is possible, else any other.
  const swap = candidates[0];
  if (swap && swap.playerPoints === b && swap.bankerPoints === p && rng.next() < 0.5) return swap;
  return candidates[rng.int(candidates.length)] ?? null;
}
