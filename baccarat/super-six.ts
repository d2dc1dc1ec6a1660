/**
 * The Super 6 count of a no-commission table: the Banker wins with 6 of this shoe that were paid 1 to 2 under
 * modified odds (rule 5.11). A hand counts when the pay table in force for its round was modified odds: a shoe whose
 * modified odds began at hand 31 counts from hand 31, not the wins with 6 before it (paid at even money less
 * commission); a shoe that went back to commission keeps what it counted. Hands dealt without bets (a void hand, a
 * no-bet coup) and rounds declared void paid nothing and count nothing.
 *
 * ```ts
 * superSixCount(sign, shoeHands(shoe)); // 3
 * ```
 * @packageDocumentation
 */
import type { ShoeHand } from './shoe-types';
import { payTableInForce, type Signage } from './signage';

/** How many of `hands` were Banker wins with 6 paid 1 to 2 (rule 5.11). */
export function superSixCount(signage: Signage, hands: readonly ShoeHand[]): number {
  let n = 0;
  for (const h of hands) {
    if (h.voided || h.voidHand) continue;
    if (h.hand.outcome !== 'banker' || h.hand.bankerPoints !== 6) continue;
    if (payTableInForce(signage, h.no).variant === 'modifiedOdds') n++;
  }
  return n;
}
