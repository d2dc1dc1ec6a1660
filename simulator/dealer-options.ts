/**
 * How the dealer deals: the rules' numbers (cut card, decks, no-bet coups), the options of a shoe and of a table's
 * whole run, and those options with every default filled in and checked. Pure.
 *
 * ```ts
 * resolveDealerOptions({ decks: 6, noBetCoups: true }); // { decks: 6, cutCardFromBack: [20, 26], noBetCoups: 3, … }
 * ```
 * @packageDocumentation
 */
import { MAX_DECKS, MIN_DECKS } from '../baccarat/shoe-types';
import { irregularityRates, type IrregularityRates } from './irregularities';

/** Rule 7.6: the cut card goes "at least 20 cards in from the back of the stack". */
export const MIN_CUT_CARD_FROM_BACK = 20;
/**
 * Where the dealer puts the cut card by default: 20 to 26 cards from the back, a different place each shoe. The
 * rule's minimum of 20 (not the 14–16 some casinos use), plus the spread of a human hand. With 20 or more cards
 * behind it, the round that reaches it (at most 5 cards after it) and the one further round of rule 11.2 (b) (at
 * most 6) always have their cards: only an overlooked cut card runs a shoe out (rule 12.5).
 */
export const DEFAULT_CUT_CARD_FROM_BACK: readonly [number, number] = [20, 26];
/** Decks in a shoe: the core's one range (rule 3.4); 8 by default. */
export { MAX_DECKS, MIN_DECKS };
export const DEFAULT_DECKS = 8;
/** House rule 3.1.2: three coups with no bets at the start of a shoe (Division 5 rule 8.3 allows up to 3). */
export const NO_BET_COUPS = 3;
/**
 * The most no-bet coups the simulator deals at the start of a shoe. Beyond the three of rule 8.3, house rules 3.3 B
 * and 5.1.6 let the pit boss permit more, with no limit (the board sets none); 20 is plenty for any test.
 */
export const MAX_NO_BET_COUPS = 20;
/** Who corrects mis-keyed results: `supervisor-<name>`. */
export const DEFAULT_SUPERVISORS: readonly string[] = ['lee', 'chan', 'wong', 'garcia', 'novak', 'okafor'];

/** How the dealer deals a shoe. Every field is optional; the defaults are a plain 8-deck shoe. */
export interface DealerOptions {
  readonly decks?: number; // 4 to 8; default 8
  /** Cards behind the cut card: a number, or a [min, max] range drawn each shoe; at least 20 (rule 7.6). */
  readonly cutCardFromBack?: number | readonly [min: number, max: number];
  /**
   * Which case of rule 11.2 the cut card makes, for training and tests: `a`, the first card of a round; `b`, inside
   * one. The dealer puts it in the `cutCardFromBack` range at the place nearest the one drawn where that case
   * applies (every round uses the same cards, void or not, so the rounds' first cards are known once the shoe is
   * stacked). Default (or null): wherever it falls (case a in about 1 shoe in 5).
   */
  readonly cutCardCase?: 'a' | 'b' | null;
  readonly burn?: boolean; // burn at the start of each shoe (rule 7.7; house rule 3.1.1); default true
  /**
   * No-bet coups at the start of each shoe: `true` for the 3 of house rule 3.1.2, or a number 0–20 (more than 3 as
   * the pit boss permits, house rules 3.3 B and 5.1.6); default none.
   */
  readonly noBetCoups?: boolean | number;
  /** Irregularity rates: one number for every kind, or per kind; default 0 (none). */
  readonly irregularities?: number | Partial<IrregularityRates>;
  readonly supervisors?: readonly string[]; // names for corrections: by "supervisor-<name>"
}

/** A whole run at one table. */
export interface TableOptions extends DealerOptions {
  /** Seeds everything: the same seed and options give the same steps. */
  readonly seed: string | number;
  readonly shoes?: number; // how many shoes; default Infinity (never ends)
  readonly shoeId?: (shoeNo: number) => string; // default S001, S002, …
  /**
   * Options that change from shoe to shoe, in turn: shoe n takes `perShoe[(n − 1) mod length]` over the others,
   * e.g. `[{ decks: 8 }, { decks: 6, noBetCoups: 5 }, { decks: 4, irregularities: { cutCardMissed: 1 } }]`.
   */
  readonly perShoe?: readonly DealerOptions[];
}

/** Options with every default filled in and checked. */
export interface ResolvedDealerOptions {
  readonly decks: number;
  readonly cutCardFromBack: readonly [number, number];
  readonly cutCardCase: 'a' | 'b' | null;
  readonly burn: boolean;
  readonly noBetCoups: number;
  readonly irregularities: IrregularityRates;
  readonly supervisors: readonly string[];
}

/**
 * Fills in the defaults and checks the options.
 * @throws RangeError on a bad option (a programming error: the CLI checks user input first and says why).
 */
export function resolveDealerOptions(o: DealerOptions = {}): ResolvedDealerOptions {
  const decks = o.decks ?? DEFAULT_DECKS;
  if (!Number.isInteger(decks) || decks < MIN_DECKS || decks > MAX_DECKS)
    throw new RangeError(`decks must be a whole number from ${MIN_DECKS} to ${MAX_DECKS}, got ${decks}`);
  const cut = o.cutCardFromBack ?? DEFAULT_CUT_CARD_FROM_BACK;
  const [min, max] = typeof cut === 'number' ? [cut, cut] : cut;
  const most = maxCutCardFromBack(decks);
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < MIN_CUT_CARD_FROM_BACK || max > most || min > max)
    throw new RangeError(
      `cutCardFromBack must be whole numbers from ${MIN_CUT_CARD_FROM_BACK} (rule 7.6) to ${most}, got ${min}–${max}`,
    );
  const noBetCoups = o.noBetCoups === true ? NO_BET_COUPS : o.noBetCoups === false ? 0 : (o.noBetCoups ?? 0);
  if (!Number.isInteger(noBetCoups) || noBetCoups < 0 || noBetCoups > MAX_NO_BET_COUPS)
    throw new RangeError(`noBetCoups must be a whole number from 0 to ${MAX_NO_BET_COUPS}, got ${noBetCoups}`);
  const supervisors = o.supervisors ?? DEFAULT_SUPERVISORS;
  if (supervisors.length === 0) throw new RangeError('supervisors must name at least one supervisor');
  return {
    decks,
    cutCardFromBack: [min, max],
    cutCardCase: o.cutCardCase ?? null,
    burn: o.burn ?? true,
    noBetCoups,
    irregularities: irregularityRates(o.irregularities),
    supervisors,
  };
}

/** The deepest sensible cut card: half the shoe. */
export const maxCutCardFromBack = (decks: number): number => 26 * decks;
