/**
 * The dealing engine: pure and deterministic, no I/O, no clock. It shuffles real shoes with a seeded generator,
 * cuts them (rule 7.6), burns (rules 7.7, 7.9), deals every round with the core's `resolveCoup`, follows the cut
 * card to the last coup (rule 11.2 a and b), stages irregularities (rules 12.3, 12.5, 12.6, house rules 4.2 and
 * 4.3, tournament rules 5.1.1 and 5.1.2, supervisor corrections) at the rates asked, and yields the table's
 * {@link Step}s one by one, shoe after shoe.
 *
 * ```ts
 * for (const step of simulateTable({ seed: 'demo', shoes: 1 })) console.log(step.type);
 * // table-open, shoe-start, shuffle, burn, betting-open, no-more-bets, hand, …, cut-card, …, shoe-end, table-closed
 * const steps = [...dealShoe(stackedShoe(parseCards('…'), 30), { shoeId: 'S1' })]; // a fixed card order
 * ```
 * @packageDocumentation
 */
import { burnValue, decks as fullDecks } from '../baccarat/cards';
import { MAX_DECKS, MIN_DECKS } from '../baccarat/shoe-types';
import { resolveCoup } from '../baccarat/table-of-play';
import type { Card } from '../baccarat/types';
import type { VoidHandReason } from '../contract/schemas/hand';
import { irregularityRates, misKeyedResult, type IrregularityRates } from './irregularities';
import { createRng, shuffle, type Rng } from './prng';
import type { Step } from './steps';

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

/** A shoe ready to deal: its cards in the order they leave the shoe, and where the cut card lies. */
export interface StackedShoe {
  readonly cards: readonly Card[];
  /** The cut card lies just before `cards[cutCardAt]`: it comes out when that card is about to be dealt. */
  readonly cutCardAt: number;
  /** Where the stack was cut (rule 7.6), cards from the front; null for a stack given as is. */
  readonly cutAt: number | null;
}

/** A stack given as is (tests, training scenarios): `cutCardAt` as in {@link StackedShoe}. */
export const stackedShoe = (cards: readonly Card[], cutCardAt: number): StackedShoe => ({
  cards,
  cutCardAt,
  cutAt: null,
});

/**
 * Shuffles `decks` full decks, cuts them as rule 7.6 says (the cut at least one deck in from either end; the
 * cards in front of it go to the back) and places the cut card `cutCardFromBack` cards from the back, where
 * `cutCardCase` asks if it does.
 */
export function prepareShoe(
  rng: Rng,
  options: Pick<ResolvedDealerOptions, 'decks' | 'cutCardFromBack'> &
    Partial<Pick<ResolvedDealerOptions, 'burn' | 'cutCardCase'>>,
): StackedShoe {
  const shuffled = shuffle(fullDecks(options.decks), rng);
  const n = shuffled.length;
  const cutAt = 52 + rng.int(n - 104 + 1);
  const cards = [...shuffled.slice(cutAt), ...shuffled.slice(0, cutAt)];
  const [min, max] = options.cutCardFromBack;
  const fromBack = min + rng.int(max - min + 1);
  const drawn = n - fromBack;
  const wanted = options.cutCardCase ?? null;
  if (wanted === null) return { cards, cutCardAt: drawn, cutAt };
  const starts = roundStarts(cards, options.burn ?? true);
  const places = Array.from({ length: max - min + 1 }, (_, i) => n - min - i)
    .filter((at) => starts.has(at) === (wanted === 'a'))
    .sort((x, y) => Math.abs(x - drawn) - Math.abs(y - drawn) || x - y);
  return { cards, cutCardAt: places[0] ?? drawn, cutAt };
}

/**
 * Where each round's first card lies in a stacked shoe, dealing from the burn on. A round uses the cards the Table
 * of Play gives it whatever becomes of it (a void hand, a void round), so these depend on the cards alone.
 */
function roundStarts(cards: readonly Card[], burn: boolean): Set<number> {
  const first = cards[0];
  let pos = burn && first ? 1 + burnValue(first) : 0;
  const starts = new Set<number>();
  while (pos < cards.length) {
    starts.add(pos);
    const dealt = resolveCoup(cards.slice(pos, pos + 6));
    if (!dealt.ok) break;
    pos += dealt.value.cardsUsed;
  }
  return starts;
}

/** What {@link dealShoe} needs besides the cards. */
export interface DealContext {
  readonly shoeId: string;
  readonly shoeNo?: number; // default 1
  readonly rng?: Rng; // draws the irregularities; default a generator seeded 0
  readonly options?: DealerOptions | ResolvedDealerOptions;
}

/**
 * Deals one shoe from a stacked shoe, yielding every step from `shoe-start` to `shoe-end`:
 * - burn (rule 7.7): the first card face up, then as many face down as its face value (rule 7.9);
 * - each round: `betting-open`, `no-more-bets`, then the `hand`; a no-bet coup (house rule 3.1.2), a void hand
 *   after an exposed first card (rule 12.3) or after a card dealt out of turn (house rule 4.3) is announced with
 *   `void-hand` instead of betting, and dealt as usual (the void hand of 12.3 starting with the exposed card);
 * - the cut card (rule 11.2): met as a round's first card (a), that round is the last coup, announced at once;
 *   met later in the round (b), the round is completed, "Last coup" announced and one more round dealt. Rounds are
 *   counted as the core counts them, void ones included: a last coup voided without a result ends the shoe;
 * - a round that runs out of cards is void (rule 12.5) and ends the shoe;
 * - a round in which a foreign card is found is void (tournament rule 5.1.1), and the next round reuses its number;
 * - a mis-keyed result: the `hand` carries the wrong `keyed` result, and a `correction` follows at once;
 * - a hand declared void afterwards (rule 12.6): `hand-void` right after its `hand`, before the next round.
 */
export function* dealShoe(shoe: StackedShoe, context: DealContext): Generator<Step, void, undefined> {
  const { shoeId, shoeNo = 1 } = context;
  const rng = context.rng ?? createRng(0);
  const o = resolveDealerOptions(context.options); // idempotent: resolved options pass through unchanged
  const { cards, cutCardAt } = shoe;
  const rates = o.irregularities;
  // The kinds added later draw only when their rate is above 0, so that a run without them draws exactly what it
  // drew before they existed: the same seed and options keep giving the same steps.
  const happens = (rate: number): boolean => rate > 0 && rng.next() < rate;

  yield { type: 'shoe-start', shoeId, shoeNo, decks: o.decks };
  yield { type: 'shuffle', shoeId, cards: cards.length, cutAt: shoe.cutAt, cutCardFromBack: cards.length - cutCardAt };

  let pos = 0;
  const first = cards[0];
  if (o.burn && first) {
    const count = burnValue(first);
    const burned = cards.slice(1, 1 + count);
    yield { type: 'burn', shoeId, card: first, count, burned };
    pos = 1 + burned.length;
  }

  const cutCardMissed = rng.next() < rates.cutCardMissed;
  let cutCardSeen = cutCardMissed;
  let cutCardRound = 0; // the round in which the cut card came out (rounds count from 1, void ones included)
  let lastRound = Infinity; // the round that is the last coup, once the cut card has come out
  let rounds = 0; // rounds dealt so far, with a result or void
  let handNo = 0; // rounds with a result so far
  let outOfTurn = false; // a card was dealt out of turn in the round before: this one is played without bets
  for (;;) {
    const no = handNo + 1;
    if (rounds >= lastRound || pos >= cards.length) break;
    rounds++;
    const cutCardFirst = !cutCardSeen && cutCardAt <= pos; // the cut card is in front of this round's first card
    let voidHand: VoidHandReason | null = null;
    if (no <= o.noBetCoups) voidHand = 'no-bet-coup';
    else if (rng.next() < rates.exposedCard && !cutCardFirst) voidHand = 'first-card-face-up';
    else if (outOfTurn) voidHand = 'card-out-of-turn';
    outOfTurn = false;

    if (voidHand === null) {
      yield { type: 'betting-open', shoeId, handNo: no };
      yield { type: 'no-more-bets', shoeId, handNo: no };
    } else {
      const exposed = voidHand === 'first-card-face-up' ? cards[pos] : undefined;
      yield { type: 'void-hand', shoeId, handNo: no, reason: voidHand, ...(exposed && { exposedCard: exposed }) };
    }

    const dealt = resolveCoup(cards.slice(pos, pos + 6));
    const used = dealt.ok ? dealt.value.cardsUsed : cards.length - pos;
    if (!cutCardSeen && cutCardAt < pos + used) {
      cutCardSeen = true;
      cutCardRound = rounds;
      lastRound = cutCardFirst ? rounds : rounds + 1;
      const lastCoupHandNo = cutCardFirst ? no : no + 1;
      yield { type: 'cut-card', shoeId, handNo: no, firstCardOfRound: cutCardFirst, lastCoupHandNo };
      if (cutCardFirst) yield { type: 'last-coup', shoeId, handNo: no };
    }
    if (!dealt.ok) {
      yield { type: 'round-void', shoeId, handNo: no, reason: 'insufficient-cards', cards: cards.slice(pos) };
      pos = cards.length;
      break;
    }
    // Not in the round the cut card came out in: the contract's cut card names a round by its hand number, which a
    // round void without a result shares with the next, so a board could not tell which of the two it was.
    if (cutCardRound !== rounds && happens(rates.foreignCard)) {
      yield { type: 'round-void', shoeId, handNo: no, reason: 'foreign-card', cards: cards.slice(pos, pos + used) };
      pos += used;
      continue;
    }
    const coup = dealt.value;
    pos += used;
    handNo = no;

    const keyed = voidHand === null && rng.next() < rates.misKey ? misKeyedResult(coup, rng) : null;
    if (keyed) {
      yield { type: 'hand', shoeId, handNo: no, coup, keyed };
      const by = `supervisor-${o.supervisors[rng.int(o.supervisors.length)] ?? 'on-duty'}`;
      const note = `Keyed ${keyed.outcome} ${keyed.playerPoints}-${keyed.bankerPoints}; the cards give ${coup.outcome} ${coup.playerPoints}-${coup.bankerPoints}`;
      yield { type: 'correction', shoeId, handNo: no, by, note, keyed, coup };
    } else {
      yield { type: 'hand', shoeId, handNo: no, coup, ...(voidHand !== null && { voidHand }) };
    }
    const voidedAfter = !keyed && voidHand === null && happens(rates.voidAfter);
    if (voidedAfter) {
      // A supervisor's act (rule 12.6), recorded with who and why; chosen by the hand, not the generator, so that a
      // seed deals the same shoe as before.
      const by = `supervisor-${o.supervisors[no % o.supervisors.length] ?? 'on-duty'}`;
      const note = 'A dealing error noticed before the next round; the hand cannot be reconstructed';
      yield { type: 'hand-void', shoeId, handNo: no, reason: 'cannot-reconstruct', by, note };
    } else outOfTurn = happens(rates.outOfTurn);
    if (cutCardRound === rounds && lastRound === rounds + 1) yield { type: 'last-coup', shoeId, handNo: no + 1 };
  }
  yield { type: 'shoe-end', shoeId, handCount: handNo, cardsLeft: cards.length - pos };
}

/** Default shoe ids: S001, S002, … */
export const defaultShoeId = (shoeNo: number): string => `S${String(shoeNo).padStart(3, '0')}`;

/** The contract's largest shoe number: after it, the count starts again at 1. */
export const MAX_SHOE_NO = 99_999;

/**
 * A table's whole run: `table-open`, then shoe after shoe (each freshly shuffled, cut and burned), then
 * `table-closed` once `shoes` shoes are done (never, by default). Lazy: take as many steps as needed.
 * The cards and the irregularities draw from two generators seeded from `seed`, so changing an irregularity rate
 * does not change the cards. Shoe n is dealt with the options of `perShoe`'s turn, if any.
 */
export function* simulateTable(options: TableOptions): Generator<Step, void, undefined> {
  const o = resolveDealerOptions(options);
  const plan = (options.perShoe ?? []).map((p) => resolveDealerOptions({ ...options, ...p }));
  const shoes = options.shoes ?? Infinity;
  if (!(shoes >= 0) || (shoes !== Infinity && !Number.isInteger(shoes)))
    throw new RangeError(`shoes must be a whole number ≥ 0 or Infinity, got ${shoes}`);
  const shoeId = options.shoeId ?? defaultShoeId;
  const cardsRng = createRng(`${options.seed}:cards`);
  const tableRng = createRng(`${options.seed}:table`);
  yield { type: 'table-open' };
  for (let n = 1; n <= shoes; n++) {
    const so = plan.length > 0 ? (plan[(n - 1) % plan.length] ?? o) : o;
    const shoeNo = ((n - 1) % MAX_SHOE_NO) + 1;
    yield* dealShoe(prepareShoe(cardsRng, so), { shoeId: shoeId(n), shoeNo, rng: tableRng, options: so });
  }
  yield { type: 'table-closed' };
}
