/**
 * Exact probabilities of a coup from a full shoe, by enumerating every deal without replacement through the very
 * {@link playerDraws} and {@link bankerDraws} that resolve real coups. No simulation, no rounding.
 *
 * ```ts
 * const p = exactOutcomeProbabilities(8);
 * p.banker;  // 0.4585974…
 * p.banker + p.player + p.tie;  // 1
 * ```
 * @packageDocumentation
 */
import type { ByOutcome, Point } from './types';
import { VALUE_CARDS } from './cards';
import { bankerDraws, isNatural, playerDraws } from './table-of-play';

/** Probabilities of one coup dealt from the top of a full, shuffled shoe. */
export interface OutcomeProbabilities extends ByOutcome<number> {
  /** Either hand has a natural. */
  readonly natural: number;
  /** Banker wins with a final point count of 6 (the coup that pays 1 to 2 under rule 5.11). */
  readonly bankerWinsOnSix: number;
  /** The Player's first two cards are a pair (same rank); the Banker's is the same number. */
  readonly pair: number;
  /** The Player's first two cards are a perfect pair (same rank and suit); the Banker's is the same number. */
  readonly perfectPair: number;
}

const cache = new Map<number, OutcomeProbabilities>();

/**
 * Exact probabilities of banker / player / tie (plus naturals, Banker-wins-on-6 and pairs) for a shoe of `decks`
 * full decks. Every 4-, 5- and 6-card deal is weighted by its number of ordered card sequences without
 * replacement, counted in integers, with the cards grouped by point value (value 0: 10, J, Q, K, 16 cards a deck;
 * values 1–9: 4 cards a deck); the only rounding is the final division.
 * Pairs depend on ranks, so they come in closed form: (4·decks − 1) / (52·decks − 1), and for a perfect pair
 * (decks − 1) / (52·decks − 1).
 * @throws RangeError when `decks` is not a whole number ≥ 1 (a programming error, not bad input).
 */
export function exactOutcomeProbabilities(decks = 8): OutcomeProbabilities {
  if (!Number.isInteger(decks) || decks < 1) throw new RangeError(`decks must be a whole number ≥ 1, got ${decks}`);
  const cached = cache.get(decks);
  if (cached) return cached;

  // Count ordered card sequences exactly, in BigInt: a deal of k cards stands for every 6-card sequence that
  // starts with it, so all deals share the denominator N·(N−1)·…·(N−5) and the outcomes sum to it exactly.
  const shoe = 52 * decks;
  const counts = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 : 4) * decks); // cards left of each value
  const big = Array.from({ length: shoe + 1 }, (_, n) => BigInt(n));
  /** Ways to deal the rest of 6 cards after k: (N−k)·…·(N−5); 1 for k = 6, the whole denominator for k = 0. */
  const rest = (k: number): bigint => big.slice(shoe - 5, shoe - k + 1).reduce((a, b) => a * b, 1n);
  const tail = [rest(0), rest(1), rest(2), rest(3), rest(4), rest(5), rest(6)];
  /** Calls `fn` for each value still in the shoe with its number of cards, the card taken out meanwhile. */
  const each = (fn: (value: number, ways: bigint) => void): void => {
    for (let v = 0; v < 10; v++) {
      const n = counts[v] ?? 0;
      if (n === 0) continue;
      counts[v] = n - 1;
      fn(v, big[n] ?? 0n);
      counts[v] = n;
    }
  };

  const total = { banker: 0n, player: 0n, tie: 0n, natural: 0n, bankerWinsOnSix: 0n };
  const record = (p: number, b: number, ways: bigint): void => {
    if (b > p) total.banker += ways;
    else if (p > b) total.player += ways;
    else total.tie += ways;
    if (b > p && b === 6) total.bankerWinsOnSix += ways;
  };

  each((p1, w1) =>
    each((b1, w2) =>
      each((p2, w3) =>
        each((b2, w4) => {
          const w = w1 * w2 * w3 * w4;
          const pp = ((p1 + p2) % 10) as Point;
          const bp = ((b1 + b2) % 10) as Point;
          if (isNatural(pp) || isNatural(bp)) total.natural += w * (tail[4] ?? 0n);
          const banker = (third: number | null, p: number, ways: bigint, cards: number): void => {
            if (!bankerDraws(bp, third === null ? null : (VALUE_CARDS[third] ?? null), pp)) {
              record(p, bp, ways * (tail[cards] ?? 0n));
            } else each((b3, w6) => record(p, (bp + b3) % 10, ways * w6 * (tail[cards + 1] ?? 0n)));
          };
          if (playerDraws(pp, bp)) each((p3, w5) => banker(p3, (pp + p3) % 10, w * w5, 5));
          else banker(null, pp, w, 4);
        }),
      ),
    ),
  );

  const ratio = (ways: bigint): number => Number((ways * 10n ** 18n) / rest(0)) / 1e18;
  const result: OutcomeProbabilities = {
    banker: ratio(total.banker),
    player: ratio(total.player),
    tie: ratio(total.tie),
    natural: ratio(total.natural),
    bankerWinsOnSix: ratio(total.bankerWinsOnSix),
    pair: (4 * decks - 1) / (52 * decks - 1),
    perfectPair: (decks - 1) / (52 * decks - 1),
  };
  cache.set(decks, result);
  return result;
}
