/**
 * The codes of the keypad's refusals, which its page words in its three languages (ui/locales*.ts) and the server
 * answers with (`POST /api/action`), the English kept for the terminal and the log. Part of the page's protocol
 * (protocol.ts re-exports them).
 * @packageDocumentation
 */

/**
 * Why an action cannot be taken in the keypad's state now (`refusalOf`, keypad-rules.ts; a few of its transitions'
 * too). The page disables what these refuse, so a dealer meets one only when another tablet on the same table (or a
 * tap before the new view arrived) got there first: the page words each, keeping its reason.
 */
export const STATE_CODES = [
  'rekeying', // a hand is being keyed again (an undo): confirm it or cancel the undo first
  'round-unfinished', // a round is being dealt: confirm its result or void it first
  'round-dealt', // a round is being dealt (bets, a void hand or a no-bet coup cannot be announced)
  'no-shoe', // no shoe: start a new shoe first
  'shoe-ended', // the shoe has ended
  'shoe-in-play', // a new shoe: end the current shoe first
  'shoe-begun', // the shuffle and the burn come before the shoe's first round
  'table-open', // the table is open already
  'table-closed', // the table is closed
  'bets-open', // bets are open
  'bets-open-round', // closing the table with bets open: call "No more bets" and finish the round first
  'shuffled', // the shuffle was announced already
  'burned', // the shoe was burned already
  'void-announced', // a void hand is already announced for this round
  'void-round', // this round is a void hand: no bets
  'no-round', // no round is being dealt
  'coup-complete', // the coup is complete: confirm its result
  'coup-incomplete', // a result before the coup is complete
  'no-card', // no card to take back or replace
  'cut-card-out', // the cut card is already out
  'no-cut-card', // no cut card is out: nothing to withdraw
  'cut-card-late', // cards of the round were keyed before the cut card: it came out later in the round
  'no-result', // no result to undo
  'no-undo', // no undo in progress
  'no-hand', // no hand is recorded in the shoe
  'hand-gone', // a correction or void of a hand with no result in the shoe (voided meanwhile, or a new shoe)
  'hand-voided', // a void of a hand already void
  'same-result', // a correction to the result the hand has already
  'last-coup', // the last coup was dealt (rule 11.2): no further round
] as const;
export type StateCode = (typeof STATE_CODES)[number];

/** Why a card cannot replace a card of the round: the same card, none left of it, it changes the third cards. */
export type RecardCode = 'same-card' | 'not-of-set' | 'third-cards';
/**
 * A refusal the page words itself: a supervisor's code wrong or locked; the table held by another; the keypad not
 * connected to the table yet; the undo's window passed (by the server's clock); a recard's (a card keyed when none
 * is left of it: `not-of-set`); the keypad's state (a race); and the page's own: `unreachable` (its request did not
 * reach the keypad) and `unauthorized` (the keypad answered 401: the page's address does not carry the keypad's token).
 */
export type RefusalCode =
  | 'supervisor'
  | 'locked'
  | 'refused'
  | 'not-connected'
  | 'undo-expired'
  | 'unreachable'
  | 'unauthorized'
  | RecardCode
  | StateCode;
