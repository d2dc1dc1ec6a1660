/**
 * Between rounds, the one thing the dealer does next (the gold button) and what the screen says of it. A new shoe
 * goes shuffle, then burn (rules 7.1 to 7.7), then its first round; a shoe whose burn was recorded no longer asks
 * for it. Pure: the between-rounds screen renders by it.
 *
 * ```ts
 * nextStep(view); // 'burn' once the shuffle is announced and before the burn is recorded
 * ```
 * @packageDocumentation
 */
import type { KeypadView } from '../protocol';
import type { Strings } from './locales';
import { handsTally } from './shoe-rounds';

/** The gold button between rounds. */
export type NextStep = 'new-shoe' | 'shuffle' | 'burn' | 'bets-open' | 'no-more-bets' | 'end-shoe' | 'open-table';

/**
 * What the dealer does next, by the shoe's life: a shoe, its shuffle and burn, then its rounds, then its end. A
 * closed table prepares its shoe as an open one does (a new shoe, the shuffle, the burn: the boards show TABLE CLOSED
 * meanwhile), so those come first; bets cannot open on a closed table, so where bets open would be next, opening the
 * table is. One gold button: a closed table with its shoe ended showed "Start a new shoe" and "Open table" both gold.
 */
export function nextStep(v: KeypadView): NextStep {
  const s = v.shoe;
  if (!s || s.phase === 'ended') return 'new-shoe';
  if (s.phase === 'betting' && v.can['no-more-bets']) return 'no-more-bets';
  if (s.complete) return 'end-shoe';
  // The shuffle is announced first, unless the burn already was (the shuffle was then done without a word).
  if (v.can.shuffle && !s.shuffled && !s.burn) return 'shuffle';
  if (v.can.burn) return 'burn';
  return v.tableOpen ? 'bets-open' : 'open-table';
}

/**
 * The hand the header names: the one keyed again while an undo is under way, else the next to be dealt; none once
 * the shoe has no next round (its last coup dealt, or ended). It read "Hand 15" beside "The last coup is dealt: no
 * further round".
 */
export function headerHand(v: KeypadView): number | null {
  const s = v.shoe;
  if (v.redo) return v.redo.handNo;
  if (!s || s.phase === 'ended' || s.complete) return null;
  return s.nextHandNo;
}

/**
 * Whether the header says LAST COUP beside its hand: the round keyed is the last coup (rule 11.2), the last coup
 * keyed again (an undo) included; not an earlier hand keyed again ("Hand 7 | LAST COUP" told a dealer round 8 was to
 * be announced already).
 */
export function headerLastCoup(v: KeypadView): boolean {
  const last = v.shoe?.lastCoup;
  if (!last) return false;
  return v.redo ? v.redo.handNo === last.lastRound : last.isLastRound;
}

/** The screen's line of status: where the shoe is, and at a new shoe, which of its steps comes next. */
export type StatusKey =
  'noShoe' | 'ended' | 'complete' | 'betting' | 'shuffling' | 'burnNext' | 'shoeReady' | 'waiting';

export function statusKey(v: KeypadView): StatusKey {
  const s = v.shoe;
  if (!s) return 'noShoe';
  if (s.phase === 'ended') return 'ended';
  if (s.complete) return 'complete';
  if (s.phase === 'betting') return 'betting';
  if (s.phase !== 'shuffling' || s.hands.length > 0 || s.voidedRounds.length > 0) return 'waiting';
  const step = nextStep(v);
  return step === 'shuffle' ? 'shuffling' : step === 'burn' ? 'burnNext' : 'shoeReady';
}

/** The status line in words. */
export function statusText(t: Strings, v: KeypadView): string {
  const key = statusKey(v);
  const s = v.shoe;
  if (key !== 'ended' || !s) return t[key as Exclude<StatusKey, 'ended'>];
  const tally = handsTally(s);
  return t.ended(s.no, tally.played, tally.void);
}
