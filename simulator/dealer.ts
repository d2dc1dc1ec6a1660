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
import { burnValue } from '../baccarat/cards';
import { resolveCoup } from '../baccarat/table-of-play';
import type { VoidHandReason } from '../contract/schemas/hand';
import {
  resolveDealerOptions,
  type DealerOptions,
  type ResolvedDealerOptions,
  type TableOptions,
} from './dealer-options';
import { misKeyedResult } from './irregularities';
import { createRng, type Rng } from './prng';
import { prepareShoe, type StackedShoe } from './stacked-shoe';
import type { Step } from './steps';

// The dealer's whole face, for those who deal: its options (dealer-options.ts) and its shoes (stacked-shoe.ts).
export {
  DEFAULT_CUT_CARD_FROM_BACK,
  DEFAULT_DECKS,
  DEFAULT_SUPERVISORS,
  MAX_DECKS,
  MAX_NO_BET_COUPS,
  MIN_CUT_CARD_FROM_BACK,
  MIN_DECKS,
  NO_BET_COUPS,
  maxCutCardFromBack,
  resolveDealerOptions,
  type DealerOptions,
  type ResolvedDealerOptions,
  type TableOptions,
} from './dealer-options';
export { prepareShoe, stackedShoe, type StackedShoe } from './stacked-shoe';

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
    // In the round the cut card came out in too: the snapshot's cut card carries its time, which tells a board the
    // voided round from the next, which reuses its number (mqtt-bridge/cut-card-void.test.ts). In case (b) that next
    // round is the last coup; in case (a) the last coup was the voided round, and the shoe is over.
    if (happens(rates.foreignCard)) {
      yield { type: 'round-void', shoeId, handNo: no, reason: 'foreign-card', cards: cards.slice(pos, pos + used) };
      pos += used;
      if (cutCardRound === rounds && lastRound === rounds + 1) yield { type: 'last-coup', shoeId, handNo: no };
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
