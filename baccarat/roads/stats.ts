/**
 * The statistics of a shoe (ROADS.md §6), counted incrementally.
 *
 * ```ts
 * const s = roadmap(parseShoe('BBPT').value).stats();
 * s.hands; // 4 (ties included: the denominator of every percentage)
 * ```
 * @packageDocumentation
 */
import type { RoadHand } from '../types';
import type { BigRoadCell, Stats } from './types';

/** Running counts; the streak figures are read from the big road's logical columns. */
export class StatsCounter {
  private hands = 0;
  private banker = 0;
  private player = 0;
  private tie = 0;
  private bankerPair = 0;
  private playerPair = 0;
  private natural = 0;
  private bankerSix = 0;

  clone(): StatsCounter {
    return Object.assign(new StatsCounter(), this);
  }

  /** Counts one hand. */
  add(hand: RoadHand): void {
    this.hands++;
    if (hand.outcome === 'banker') this.banker++;
    else if (hand.outcome === 'player') this.player++;
    else this.tie++;
    if (hand.bankerPair) this.bankerPair++;
    if (hand.playerPair) this.playerPair++;
    if (hand.natural) this.natural++;
    if (hand.outcome === 'banker' && hand.bankerPoints === 6) this.bankerSix++;
  }

  stats(lengths: readonly number[], last: BigRoadCell | undefined): Stats {
    const lastOutcome = last?.outcome;
    // Streaks alternate Banker and Player, so the latest column's outcome gives every column's; the longest
    // streaks are read here, once, rather than kept up to date at every hand.
    let longestBanker = 0;
    let longestPlayer = 0;
    const n = lengths.length;
    const lastIsBanker = lastOutcome === 'banker';
    for (let c = 0; c < n; c++) {
      const len = lengths[c]!;
      if (((n - 1 - c) % 2 === 0) === lastIsBanker) longestBanker = len > longestBanker ? len : longestBanker;
      else longestPlayer = len > longestPlayer ? len : longestPlayer;
    }
    return {
      hands: this.hands,
      banker: this.banker,
      player: this.player,
      tie: this.tie,
      bankerPair: this.bankerPair,
      playerPair: this.playerPair,
      natural: this.natural,
      bankerSix: this.bankerSix,
      columns: lengths.length,
      currentStreak:
        lastOutcome === 'banker' || lastOutcome === 'player'
          ? { outcome: lastOutcome, length: lengths[lengths.length - 1] ?? 0 }
          : null,
      longestStreak: { banker: longestBanker, player: longestPlayer },
    };
  }
}
