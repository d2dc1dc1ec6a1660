/**
 * The round's phase a board shows patrons ("Bets open", "No more bets", dealing), worked out by the host from the
 * state of the shoe, which the table's `betting-open` and `no-more-bets` events and the round's result move on. The
 * renderer only shows it. Where the board cannot be sure (between rounds, out of step, its link or the controller
 * lost, the table closed) it says nothing rather than something wrong: a controller need not publish `betting-open`,
 * and then no "Bets open" is shown at all.
 *
 * ```ts
 * roundView(shoe, { tableOpen: true, current: true }); // { phase: 'betsOpen', hand: 41 } or null
 * ```
 * @packageDocumentation
 */
import { nextHandNo } from '../baccarat/shoe';
import type { Shoe } from '../baccarat/shoe-types';
import type { RoundView } from './kiosk';

/** What besides the shoe decides whether the board can say the phase. */
export interface RoundContext {
  /** The table's signs say it is open (or say nothing of it). */
  readonly tableOpen: boolean;
  /**
   * The board follows its table now: connected, in step, and its controller not known to be offline. Otherwise the
   * phase it last heard may be over (bets closed, the result in) and is not shown.
   */
  readonly current: boolean;
}

/** The round's phase for patrons, or null when there is none to show or the board cannot be sure of it. */
export function roundView(shoe: Shoe | null, ctx: RoundContext): RoundView | null {
  if (!shoe || !shoe.tableOpen || !ctx.tableOpen || !ctx.current) return null;
  const hand = nextHandNo(shoe);
  const voidHand = shoe.pendingVoidHand !== null; // "No bets this hand" or a no-bet coup: no bets to open or close
  switch (shoe.phase) {
    case 'betting':
      return voidHand ? null : { phase: 'betsOpen', hand };
    case 'dealing':
      return { phase: voidHand ? 'dealing' : 'noMoreBets', hand };
    default:
      return null; // shuffling, between rounds (the result ends a round), or the shoe has ended
  }
}
