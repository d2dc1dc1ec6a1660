/**
 * The notices a board shows (`TableView.notices`): their kinds, and one notice in force. Part of the kiosk contract
 * (`kiosk.ts`, which re-exports them).
 * @packageDocumentation
 */

/** Notices the board shows large, each with its own look. */
export const NOTICE_KINDS = [
  'lastCoup', // rule 11.2 (a) or (b): "Last coup" / "Last hand"
  'cutCardWithdrawn', // a cut card keyed by mistake was withdrawn: LAST COUP no longer stands, the shoe goes on
  'noBetsThisHand', // rules 12.1 to 12.3: a void hand is being dealt
  'noBetCoup', // rule 8.3 / house rule 3.1.2: a round dealt without wagers at the start of a shoe
  'roundVoid', // rules 12.5, 12.6
  'shuffle', // the shoe is being shuffled
  'newShoe', // a new shoe has started
  'burn', // rule 7.7: the burn card and how many cards are burnt
  'tableClosed',
  'corrected', // a supervisor corrected a result
  'shoeEnd', // the shoe is complete: no further cards until reshuffled (rule 11.2)
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * Notices start and end with the table's events, never with a timer: a notice about a round ends when the next
 * round begins (bets open, "No more bets", a void hand announced, or its result), and every notice about a shoe
 * ends when another shoe is shown. "Table closed" ends when the table opens.
 */
/** One notice in force. */
export interface Notice {
  readonly kind: NoticeKind;
  readonly since: string; // ISO 8601: when it started
  readonly hand?: number; // the hand it concerns (the last coup's round, the voided or corrected hand, the cut card's)
  readonly lastCoupCase?: 'a' | 'b'; // lastCoup: cut card drawn as the round's first card (a), or later (b)
  readonly dealt?: boolean; // lastCoup: the last coup has been recorded (played or voided): no further hand
  readonly burn?: { readonly card: string; readonly count: number }; // burn: e.g. 'KD' and 10
  readonly reason?: string; // noBetsThisHand / roundVoid: why
  readonly by?: string; // corrected: who
}
