/**
 * A supervisor's correction starts from the hand as recorded: its cards in dealing order (or its keyed result), so
 * the supervisor changes only what was wrong; and nothing is sent until something differs from the record. Pure.
 *
 * ```ts
 * recordedEntry(hand); // ['9H', 'KD', '7S', '7C']: P1 B1 P2 B2
 * ```
 * @packageDocumentation
 */
import type { HandView, KeyedResult, Keying } from '../protocol';
import { dealingOrder } from '../round-entry';
import type { SidedCards } from './correction-cards';

/** A recorded hand's cards by hand, as on the layout; none for a hand keyed by its outcome. */
export const recordedSides = (h: HandView): SidedCards => h.cards ?? { player: [], banker: [] };

/** A recorded hand's cards in dealing order (rule 8.4): P1 B1 P2 B2, the Player's third, the Banker's third. */
export const recordedEntry = (h: HandView): string[] => (h.cards ? dealingOrder(h.cards) : []);

const sameKeyed = (a: KeyedResult, b: KeyedResult): boolean =>
  a.outcome === b.outcome &&
  a.playerPoints === b.playerPoints &&
  a.bankerPoints === b.bankerPoints &&
  a.playerPair === b.playerPair &&
  a.bankerPair === b.bankerPair &&
  a.natural === b.natural;

/** Whether what the supervisor keyed is the hand as recorded (a correction of nothing, which the keypad refuses). */
export function asRecorded(
  h: HandView,
  keying: Keying,
  keyed: { readonly cards: SidedCards; readonly result: KeyedResult | null },
): boolean {
  if (keying === 'outcome') return keyed.result === null || sameKeyed(keyed.result, h.result);
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((c, i) => c === b[i]);
  return h.cards !== undefined && same(h.cards.player, keyed.cards.player) && same(h.cards.banker, keyed.cards.banker);
}

/**
 * The cards a correction cannot key one more of: those the shoe holds no more of (`exhausted`, the server's count,
 * the hand's recorded cards in it), unless the correction has taken out one of the hand's own copies. A correction
 * keyed a fifth 2♠ of four decks (found by a dealer): the grid did not disable it, nor did the server refuse it.
 */
export function exhaustedInCorrection(exhausted: readonly string[], recorded: SidedCards, now: SidedCards): string[] {
  const copies = (s: SidedCards, c: string) => [...s.player, ...s.banker].filter((x) => x === c).length;
  return exhausted.filter((c) => copies(now, c) >= copies(recorded, c));
}
