/**
 * A shoe ready to deal: real decks shuffled with a seeded generator, cut (rule 7.6) and the cut card placed, where a
 * case of rule 11.2 applies if asked; or a stack given as is, for tests and training. Pure.
 *
 * ```ts
 * const shoe = prepareShoe(createRng('demo'), resolveDealerOptions({ decks: 8 })); // { cards, cutCardAt, cutAt }
 * ```
 * @packageDocumentation
 */
import { burnValue, decks as fullDecks } from '../baccarat/cards';
import { resolveCoup } from '../baccarat/table-of-play';
import type { Card } from '../baccarat/types';
import type { ResolvedDealerOptions } from './dealer-options';
import { shuffle, type Rng } from './prng';

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
