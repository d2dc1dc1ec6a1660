/**
 * The shoe's rounds as the keypad lists them, in the order they were dealt: its hands, and the rounds voided without
 * a result (rules 12.5, 12.6; tournament rule 5.1.1), which a board shows as ROUND VOID and which leave their number
 * to the next hand; and the shoe's hands counted as its boards count them ("17 hands + 2 void"). Pure: the hand
 * strip and the between-rounds screen render by it.
 *
 * ```ts
 * shoeRounds(view.shoe).at(-1); // { kind: 'round-void', no: 13, reason: 'cannot-reconstruct' } after "Round void…"
 * handsTally(view.shoe); // { played: 17, void: 2 }
 * ```
 * @packageDocumentation
 */
import { ROUND_VOID_REASONS, type HandView, type RoundVoidNow, type ShoeView } from '../protocol';
import type { Confirmation } from './events';
import type { NoWagers, Strings } from './locales';

/** A round of the shoe: a hand with its result, or a round voided before it had one. */
export type ShoeRound =
  | { readonly kind: 'hand'; readonly no: number; readonly hand: HandView }
  | { readonly kind: 'round-void'; readonly no: number; readonly reason: string };

/**
 * Every round of the shoe, oldest first. A round voided as number n was dealt before hand n, which took the number
 * again; two voided in a row share it too, in the order they were voided.
 */
export function shoeRounds(s: ShoeView): ShoeRound[] {
  const out: ShoeRound[] = [];
  let v = 0;
  for (const hand of s.hands) {
    for (; v < s.voidedRounds.length && s.voidedRounds[v]!.no <= hand.no; v++) out.push(voided(s.voidedRounds[v]!));
    out.push({ kind: 'hand', no: hand.no, hand });
  }
  for (; v < s.voidedRounds.length; v++) out.push(voided(s.voidedRounds[v]!));
  return out;
}

const voided = (r: ShoeView['voidedRounds'][number]): ShoeRound => ({ kind: 'round-void', no: r.no, reason: r.reason });

/** A key for a round, unique in its shoe (a voided round and the hand after it share a number). */
export const roundKey = (r: ShoeRound): string => `${r.kind}-${r.no}`;

/** Why a hand had no wagers (a void hand, a no-bet coup, voided afterwards), or null: a hand played for them. */
export const noWagersOf = (h: HandView): NoWagers | null =>
  h.voided ? 'voided' : h.voidHand === 'no-bet-coup' ? 'no-bet-coup' : h.voidHand ? 'void-hand' : null;

/** A void hand's mark beside its result ("no-bet coup", "void"): the hands' strip's and the supervisor's picker's. */
export const voidHandMark = (t: Strings, h: HandView): string | null =>
  h.voidHand ? (h.voidHand === 'no-bet-coup' ? t.noBetCoupMark : t.voidedMark) : null;

/**
 * A hand's result as the last result's headline: the winner and points ("Player wins 9 – 5"); a hand without wagers
 * says so first, then the points ("Void hand (no bets): Player 9 – 5"), so a dealer glancing to pay reads no win.
 */
export function handHeadline(t: Strings, h: HandView): string {
  const r = h.result;
  const none = noWagersOf(h);
  return none
    ? `${t.noWagers[none]}${t.colon}${t.noWagersPoints(r.outcome, r.playerPoints, r.bankerPoints)}`
    : t.wins(r.outcome, r.playerPoints, r.bankerPoints);
}

/** Why a round was voided, in words (the keypad's own reasons; any other as it was recorded). */
export function roundVoidReason(t: Strings, reason: string): string {
  return (ROUND_VOID_REASONS as readonly string[]).includes(reason) ? t.voidReasons[reason as RoundVoidNow] : reason;
}

/**
 * The shoe's hands as its boards count them: on the roads (the view's `onRoads`, the core's count) and void, the rest
 * of the numbered hands. Rounds voided without a result have no number, and are in neither.
 */
export const handsTally = (s: ShoeView): { readonly played: number; readonly void: number } => ({
  played: s.onRoads,
  void: s.hands.length - s.onRoads,
});

/**
 * "End shoe" before the last coup (rule 7.10: the cards replaced after any round): its confirmation, with the hands
 * counted as the boards count them. With bets open it says so, and what becomes of them: the round they were placed
 * on is not dealt in this shoe, and the wagers go back unless the pit keeps them for the new shoe's first hand (the
 * boards go from "Bets open" straight to SHOE END; the confirmation said nothing of the bets).
 */
export function endShoeEarly(t: Strings, s: ShoeView): Confirmation {
  const tally = handsTally(s);
  const betting = s.phase === 'betting';
  return {
    title: t.endShoeNow(tally.played, tally.void),
    body: betting ? `${t.endShoeEarly} ${t.endShoeBetsOpen(s.nextHandNo)}` : t.endShoeEarly,
    label: t.endShoe,
    danger: true,
    ...(betting && { warn: true }),
  };
}

/**
 * What a no-bet coup asks first, if anything: with the boards showing TABLE CLOSED; with bets open, since the wagers
 * on the layout are not settled on it (a dealer's slip beside "No more bets" told every board so at once: found by a
 * dealer); past the three no-bet coups of house rule 3.1.2, whether the pit boss permits another (5.1.6).
 */
export function noBetCoupAsk(t: Strings, s: ShoeView, pitClosed: boolean): Confirmation | undefined {
  if (pitClosed) return { title: t.noBetCoupPitClosed, body: t.pitClosed, label: t.noBetCoup, danger: true };
  if (s.phase === 'betting') {
    const n = s.nextHandNo;
    return { title: t.noBetCoupBetsOpen(n), body: t.wagersNotSettled(n), label: t.noBetCoup, danger: true, warn: true };
  }
  return s.noBetCoups >= 3 ? { title: t.noBetCoupMore(s.noBetCoups + 1), label: t.confirm } : undefined;
}
