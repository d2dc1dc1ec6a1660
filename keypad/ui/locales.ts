/**
 * The keypad page's words, in English, Simplified Chinese (locales.zh-hans.ts) and Traditional Chinese as Hong Kong
 * and Macau tables say it (locales.zh-hant.ts): one table per language, the same keys (the Chinese ones are typed by
 * the English one, so a missing word is a compile error). Rule numbers stay as they are.
 *
 * ```ts
 * const t = strings('zh-Hant');
 * t.hand(23); // '第 23 局'
 * ```
 * @packageDocumentation
 */
import type { Outcome } from '../../baccarat/types';
import { DEALER_UNDO_BY } from '../../contract/correction-by';
import type { AnnouncedReason, RoundVoidNow, Slot, StateCode } from '../protocol';
import type { DrawNote } from './correction-cards';
import { ZH_HANS } from './locales.zh-hans';
import { ZH_HANT } from './locales.zh-hant';

/** The order the language button goes through: English, Simplified, Traditional, and round again. */
export const LANGUAGES = ['en', 'zh-Hans', 'zh-Hant'] as const;
export type Language = (typeof LANGUAGES)[number];

const ORDINAL = { 1: '1st', 2: '2nd', 3: '3rd' } as const;

/** Why a hand had no wagers: a void hand (rules 12.1 to 12.3), a no-bet coup (8.3), or voided afterwards (12.6). */
export type NoWagers = 'void-hand' | 'no-bet-coup' | 'voided';

const EN = {
  lang: 'en',
  /** This language's name on the language button, in its own script (the button shows the next language's). */
  languageName: 'EN',
  switchLanguage: (name: string) => `Language: switch to ${name}`,
  /** Between a label and what it labels (`Player: 8♣ 8♥`); Chinese writes a full-width colon, no space. */
  colon: ': ',
  /** A button's count (`No-bet coup (1)`). */
  counted: (label: string, n: number) => `${label} (${n})`,
  table: (id: string) => `Table ${id}`,
  shoe: (no: number, decks: number) => `Shoe ${no} · ${decks} decks`,
  noShoe: 'No shoe',
  hand: (n: number) => `Hand ${n}`,
  round: (n: number) => `Round ${n}`,
  tableOpen: 'Open',
  tableClosed: 'Closed',
  /** The header's open, when the pit's sign says closed (its boards show TABLE CLOSED): not a plain "Open". */
  tableOpenPitClosed: 'Open here · pit closed',
  online: 'Online',
  /**
   * The keypad's link to the broker is down: short, as the header holds it beside the table, the shoe, the hand, the
   * language and the supervisor on a 1024 px tablet (the whole sentence, "results are kept and sent when back", took the
   * header to two rows). With results to send, the header says their count after it: "Offline · 2 to send".
   */
  offline: 'Offline',
  pending: (n: number) => `${n} to send`,
  starting: 'Connecting to the table…',
  /**
   * Under "Connecting to the table…" while the keypad cannot connect to its broker (unreachable, refused, the wrong
   * MQTT version): said in the page's language, the keypad's English detail kept after it for IT.
   */
  brokerUnreachable: (detail: string) =>
    `The keypad cannot connect to the table's server (its MQTT broker) and keeps trying by itself. If this lasts, tell the pit or IT (the keypad says: ${detail})`,
  /** The page lost the keypad itself (its program stopped, or the network): not the table. */
  reconnecting: 'Reconnecting to the keypad…',
  signing: 'Signed',
  /**
   * The header's notice once a keypad that signs refused a take-over no key it trusts signed (LinkView
   * takeOverRefused): it still serves the table, and the pit should know. `time` is when.
   */
  takeOverRefused: (time: string) => `Unauthorized take-over refused (${time}) · still serving · tell the pit`,
  supervisor: 'Supervisor',
  outcome: { banker: 'Banker', player: 'Player', tie: 'Tie' } satisfies Record<Outcome, string>,
  short: { banker: 'B', player: 'P', tie: 'T' } satisfies Record<Outcome, string>,
  wins: (o: Outcome, p: number, b: number) =>
    o === 'tie' ? `Tie ${p} – ${b}` : `${EN.outcome[o]} wins ${Math.max(p, b)} – ${Math.min(p, b)}`,
  playerPair: 'Player pair',
  bankerPair: 'Banker pair',
  natural: 'Natural',
  pointsOf: (side: string) => `${side} points`,
  lastResult: (n: number) => `Last result: hand ${n}`,
  /** The last round, voided without a result (rules 12.5, 12.6; tournament rule 5.1.1): the board's ROUND VOID. */
  lastRound: (n: number) => `Last round: round ${n}`,
  roundVoidNoResult: 'Round void: no result',
  /** A voided round leaves its number to the next hand. */
  roundVoidAgain: (n: number) => `The next hand is hand ${n} again`,
  /** A round voided without a result, in the hand strip: where a hand says its winner, and below. */
  roundVoidShort: 'Void',
  roundVoidMark: 'no result',
  /**
   * The shoe's hands as its boards count them: those on the roads, and the void ones besides ("17 hands + 2 void";
   * a board's statistics say the same words).
   */
  handsCount: (played: number, voids: number) =>
    `${played} ${played === 1 ? 'hand' : 'hands'}${voids > 0 ? ` + ${voids} void` : ''}`,
  // Actions
  openTable: 'Open table',
  closeTable: 'Close table',
  newShoe: 'New shoe',
  /** The label over the deck-count buttons (4 to 8), and each one's count. */
  decks: 'Decks in the new shoe',
  deckCount: (d: number) => `${d} decks`,
  startShoe: (d: number) => `Start a new shoe of ${d} decks`,
  shuffle: 'Shuffle',
  shuffled: 'Shuffle announced',
  burn: 'Burn',
  burnPick: 'Tap the card turned face up (rule 7.7)',
  burnCount: (card: string, n: number) => `${card} face up: burn ${n} face down`,
  burnRule: (n: number) => `Rule 7.9 says ${n}`,
  /** A burn count other than rule 7.9's: allowed (rule 12.7), but the dealer must see it differs. */
  burnDiffers: (n: number, rule: number) =>
    `Not rule 7.9's count: it says ${rule}, this burn is ${n}. Allowed (rule 12.7), recorded as ${n}`,
  burnConfirm: (card: string, n: number) => `Burn: ${card} face up, ${n} face down`,
  burned: (card: string, n: number) => `Burned ${card} + ${n}`,
  noBetCoup: 'No-bet coup',
  noBetCoupMore: (n: number) => `No-bet coup ${n}: permitted by the pit boss?`,
  noBetCoups: (n: number) => `No-bet coups: ${n}`,
  voidHand: 'No bets this hand…',
  betsOpen: 'Bets open',
  pitClosed:
    'The pit has closed this table: its boards show TABLE CLOSED. Close the table here, or ask the pit to open it.',
  betsOpenPitClosed: 'Open bets while the boards show TABLE CLOSED?',
  noBetCoupPitClosed: 'Deal a no-bet coup while the boards show TABLE CLOSED?',
  /** A no-bet coup or a void hand asked for with bets open: the wagers on the layout are not settled on it. */
  noBetCoupBetsOpen: (n: number) => `Bets are open: make hand ${n} a no-bet coup?`,
  wagersNotSettled: (n: number) =>
    `Bets are open for hand ${n}: every board will say it is dealt without wagers. Return the wagers on the layout first.`,
  /** A spare keypad on a new journal carried on the table's shoe from the broker's record (KeypadView.carriedOn). */
  carriedOn: (shoe: number, hands: number, time: string) =>
    `Shoe ${shoe} carried on from the table's record (${hands} hands, ${time}): check its last hand with the boards`,
  /** It did not (an unsigned or unreadable record, an ended shoe): the table is closed (KeypadView.notCarriedOn). */
  notCarriedOn: "The table's shoe in progress was not carried on: the table is closed here. Tell the pit",
  /** Mid-round: the cards keyed on the keypad before never reached the broker (KeypadView.carriedOn). */
  carriedOnRound: (hand: number) => `Carried on from the table's record: key hand ${hand} again from its first card`,
  noMoreBets: 'No more bets',
  cutCard: 'Cut card',
  cutCardFirst: 'It was the first card of this round (11.2 a): this round is the last coup',
  cutCardLater: 'It came out during this round (11.2 b): one more round after this one',
  roundVoid: 'Round void…',
  takeBack: 'Take back card',
  confirmResult: 'Confirm result',
  undo: (n: number, s: number) => `Undo hand ${n} (${s} s)`,
  cancelUndo: 'Cancel undo',
  redoing: (n: number) => `Keying hand ${n} again (undo): the boards get the new result as a correction`,
  endShoe: 'End shoe',
  endShoeEarly: 'The last coup has not been dealt. End the shoe now (rule 7.10)?',
  /** Ending the shoe with bets open: what becomes of the round they were placed on, and of the wagers. */
  endShoeBetsOpen: (n: number) =>
    `Bets are open for hand ${n}: it will not be dealt in this shoe. Return the wagers on the layout, unless the pit says they stay for the new shoe's first hand.`,
  endShoeDone: (played: number, voids: number) =>
    `The last coup is dealt: end the shoe (${EN.handsCount(played, voids)})`,
  /** The early end's confirmation (rule 7.10): the shoe's hands so far, as the boards will count them. */
  endShoeNow: (played: number, voids: number) => `End the shoe now (${EN.handsCount(played, voids)})`,
  lastCoup: 'LAST COUP',
  lastCoupNext: (n: number) => `Last coup: round ${n}`,
  /** The cut card came out during the round being dealt (rule 11.2 b): said at once, not after the round. */
  cutCardOut: (n: number) => `Cut card out — this round is followed by one more: the last coup, round ${n}`,
  /** The outcome pad's line: what to do now. */
  keyResult: (n: number) => `No more bets — key the result of hand ${n}`,
  complete: 'The last coup is dealt: no further round',
  ended: (no: number, played: number, voids: number) => `Shoe ${no} ended: ${EN.handsCount(played, voids)}`,
  betting: 'Bets are open',
  dealing: 'Dealing',
  waiting: 'Between rounds',
  shuffling: 'New shoe: shuffle, then burn',
  burnNext: 'Shuffled: now the burn',
  shoeReady: 'Burned: the shoe is ready for its first hand',
  next: (s: Slot) => `Next: ${s.side === 'player' ? 'Player' : 'Banker'} card ${s.index}`,
  coupComplete: 'The coup is complete',
  voidHandNow: (r: string) => `No bets this hand: ${r}`,
  /** Why: in plain words first, then the rule, named as a rule (never a bare "(12.3)"). */
  announced: {
    'first-card-face-up': 'First card face up — rule 12.3',
    'third-card-exposed': 'Third card exposed — rule 12.1 b',
    'excess-card-exposed': 'Excess card exposed — rule 12.2 b',
    'card-out-of-turn': 'Card dealt out of turn — house rule 4.3',
  } satisfies Record<AnnouncedReason, string>,
  voidReasons: {
    'insufficient-cards': 'Insufficient cards: the shoe ends — rule 12.5',
    'cannot-reconstruct': 'Cannot be reconstructed — rule 12.6',
    'foreign-card': 'A card not of the set — tournament rule 5.1.1',
  } satisfies Record<RoundVoidNow, string>,
  /** A card key disabled because every copy of it in the shoe is dealt: its title, and the way out under the grid. */
  usedUp: (card: string) => `${card}: all dealt from this shoe`,
  usedUpWayOut: (cards: string) =>
    `${cards}: all dealt from this shoe. A card not of the set? ${EN.roundVoid} → A card not of the set`,
  noBetCoupMark: 'no-bet coup',
  voidedMark: 'void',
  /**
   * The last result of a hand without wagers, as its headline: that first, then the points, so that a dealer glancing
   * to pay cannot read a win ("Player wins 9 – 5", with "void" small beside it, read as a win).
   */
  noWagers: {
    'void-hand': 'Void hand (no bets)',
    'no-bet-coup': 'No-bet coup (no bets)',
    voided: 'Hand void (bets returned)',
  } satisfies Record<NoWagers, string>,
  noWagersPoints: (o: Outcome, p: number, b: number) =>
    o === 'tie' ? `Tie ${p} – ${b}` : `${EN.outcome[o]} ${Math.max(p, b)} – ${Math.min(p, b)}`,
  /** Who corrected it: a supervisor as named; a dealer's undo (a contract code) in words. */
  correctedMark: (by: string) => (by === DEALER_UNDO_BY ? 'corrected by the dealer (undo)' : `corrected by ${by}`),
  correctedShort: 'corrected',
  // Dialogs
  confirm: 'Confirm',
  back: 'Back',
  close: 'Close',
  sure: 'This goes to every board at the table.',
  // Supervisor
  supervisorTitle: 'Supervisor: correct or void a hand',
  /** The panel's title while it also offers to withdraw the cut card. */
  supervisorTitleCutCard: 'Supervisor: correct or void a hand, or withdraw the cut card',
  pickHand: 'Choose the hand',
  correctHand: (n: number) => `Correct hand ${n}`,
  voidRecorded: (n: number) => `Void hand ${n} (it stays numbered, off the roads)`,
  /** The supervisor's: a cut card keyed by mistake in round n (none came out), withdrawn with the boards' LAST COUP. */
  withdrawCutCard: (n: number) => `Withdraw the cut card keyed in round ${n} (none came out): LAST COUP ends`,
  name: 'Supervisor',
  code: 'Code',
  note: 'Note (optional)',
  send: 'Send to the boards',
  asRecordedCards: 'The hand as recorded: tap a wrong card, then the right one, then send',
  /** A card of the round, as a screen reader says it (`Player's 2nd card: 2♠`). */
  cardAt: (s: Slot, card: string) => `${EN.outcome[s.side]}'s ${ORDINAL[s.index]} card: ${card}`,
  /** The line while a card is picked to be replaced. */
  replacing: (s: Slot, card: string) =>
    `Replacing ${EN.outcome[s.side]}'s ${ORDINAL[s.index]} card: tap the right card (tap ${card} again to keep it)`,
  /** A card refused as the replacement of a card of the round (the server's codes, `recardRefusal`). */
  recardSame: (card: string) => `${card} is that card already`,
  recardNotOfSet: (card: string) =>
    `No ${card} is left in the shoe: it was keyed as many times as the shoe has decks (a card not of the set?)`,
  recardThirdCards: (card: string) =>
    `${card} would change the third cards (Table of Play): take back the cards after it, then key them again`,
  /** A replaced card changed a hand's third card under the Table of Play (rules 9.3–9.5). */
  drawNote: (n: DrawNote) => {
    const who = `The ${EN.outcome[n.side]}`;
    // A natural ends the coup: the hand stands because of it, whatever its own points (rule 9.2).
    const nat = !n.natural
      ? null
      : n.natural.side === 'both'
        ? 'a natural on both hands'
        : `the ${EN.outcome[n.natural.side]}'s natural ${n.natural.points}`;
    if (nat && n.act === 'take-back')
      return `No third cards after ${nat}: take back the ${EN.outcome[n.side]}'s third card`;
    if (nat && !n.draws) return `No third cards after ${nat}: the record had the ${EN.outcome[n.side]} draw one`;
    if (n.act === 'take-back') return `${who} now stands on ${n.points} (Table of Play): take back its third card`;
    if (n.act === 'key') return `${who} now draws a third card on ${n.points} (Table of Play): key it`;
    return n.draws
      ? `${who} now draws a third card on ${n.points}: the record had none`
      : `${who} now stands on ${n.points}: the record had a third card`;
  },
  asRecordedOutcome: 'The hand as recorded: change what was wrong, confirm it, then send',
  wrongCode: 'Wrong supervisor or code',
  locked: 'Too many wrong codes: wait a minute',
  lockedFor: (s: number) => `Too many wrong codes: try again in ${s} s`,
  /** Refusals the page cannot prevent (the server's codes `undo-expired`, `not-connected`; the page's `unreachable`). */
  undoExpired: 'The undo time has passed: a supervisor corrects the hand',
  notConnected: 'The keypad is not connected to the table yet: wait, then tap again',
  unreachable: 'The keypad cannot be reached: check the tablet’s network, then tap again',
  /**
   * The keypad refuses this page's address (HTTP 401: its `#token=…` is not the keypad's, e.g. the keypad was started
   * again with another token): only whoever runs the keypad can give the tablet its address again.
   */
  unauthorized:
    'This tablet is not authorised for the keypad (its address has no valid token): tell the pit supervisor or floor manager, so that the keypad’s address is opened on it again',
  unauthorizedShort: 'Not authorised',
  /**
   * A refusal without a code: what the page's own checks keep out (a malformed card, a burn count out of 1 to 10, a
   * correction without a name), so only a page's bug or a hand-made request meets one. Said in the dealer's words,
   * the keypad's English detail kept after them for whoever looks into it.
   */
  refusedEntry: (detail: string) =>
    `The keypad did not take this: nothing was sent to the boards. Tell the pit supervisor (the keypad says: ${detail})`,
  /**
   * An action the keypad's state refuses (the server's state codes, `refusalOf`): the page disables what these
   * refuse, so a dealer meets one only when another tablet on the table got there first. Each keeps its reason.
   */
  refusals: {
    rekeying: 'A hand is being keyed again (undo): confirm it or cancel the undo first',
    'round-unfinished': 'A round is being dealt: confirm its result or void it first',
    'round-dealt': 'A round is already being dealt',
    'no-shoe': 'No shoe: start a new shoe first',
    'shoe-ended': 'The shoe has already ended',
    'shoe-in-play': 'The current shoe has not ended: end it first',
    'shoe-begun': 'The shoe has begun: the shuffle and the burn come before its first round',
    'table-open': 'The table is already open',
    'table-closed': 'The table is closed',
    'bets-open': 'Bets are already open',
    'bets-open-round': 'Bets are open: tap “No more bets” and finish the round first',
    shuffled: 'The shuffle was already announced',
    burned: 'The shoe was already burned',
    'void-announced': 'This round was already announced: no bets this hand, or a no-bet coup',
    'void-round': 'No bets this round (already announced): deal it, then confirm its result',
    'no-round': 'No round is being dealt',
    'coup-complete': 'The coup is complete: confirm its result',
    'coup-incomplete': 'The coup is not complete: key its next card',
    'no-card': 'No card of this round is keyed',
    'cut-card-out': 'The cut card is already out',
    'no-cut-card': 'The cut card is not out: nothing to withdraw',
    'cut-card-late': 'Cards of this round were keyed before the cut card: it came out during the round (11.2 b)',
    'no-result': 'There is no result to undo',
    'no-undo': 'No undo is in progress',
    'no-hand': 'No hand is recorded in this shoe',
    'hand-gone': 'That hand has no result in this shoe (voided, or the shoe changed): choose the hand again',
    'hand-voided': 'That hand is already void',
    'same-result': 'That hand already has this result: nothing to correct',
    'last-coup': 'The last coup was dealt (rule 11.2): no further round; end the shoe',
  } satisfies Record<StateCode, string>,
  // Refused
  refusedTitle: 'This keypad is not serving the table',
  refusedAnother: (id: string, table: string) =>
    `Another keypad already serves table ${table} (controller ${id}). This keypad publishes nothing: two keypads on one table would put two different shoes on the boards.`,
  refusedTakenOver: (id: string, table: string) =>
    `Another keypad took over table ${table} (controller ${id}). This keypad stopped publishing and will not take the table back by itself.`,
  refusedSimulator: (id: string, table: string) =>
    `The table simulator serves table ${table} (controller ${id}): it deals a simulated shoe there. This keypad publishes nothing: two controllers on one table would put two different shoes on the boards.`,
  refusedController: (id: string, table: string) =>
    `Another table controller serves table ${table} (controller ${id}): a card-reading shoe, or a keypad or the table simulator of an older version. This keypad publishes nothing: two controllers on one table would put two different shoes on the boards.`,
  refusedTakenOverSimulator: (id: string, table: string) =>
    `The table simulator took over table ${table} (controller ${id}). This keypad stopped publishing and will not take the table back by itself.`,
  refusedTakenOverController: (id: string, table: string) =>
    `Another table controller took over table ${table} (controller ${id}). This keypad stopped publishing and will not take the table back by itself.`,
  refusedSince: (t: string) => `It said it was online at ${t}.`,
  refusedWhat: 'Close the other keypad first, or ask the pit. Then check again.',
  refusedWhatSimulator:
    'Stop the table simulator first (baccarat-board simulate, or the demo of npm start), or ask the pit. Then check again.',
  refusedWhatController: 'Stop the other controller first, or ask the pit. Then check again.',
  /** The table free, but its shoe one this keypad may not carry on as started (LinkView.shoeRefused, below it). */
  shoeRefused:
    "The table is free now, but this keypad, as it was started, may not carry on the table's shoe in progress.",
  shoeRefusedWhat: 'Tell the pit and casino IT: what to change is said below. Then check again.',
  checkAgain: 'Check again',
  error: 'Refused',
};

export type Strings = typeof EN;

const TABLES: Record<Language, Strings> = { en: EN, 'zh-Hans': ZH_HANS, 'zh-Hant': ZH_HANT };

export const strings = (lang: Language): Strings => TABLES[lang];

/** The language the button switches to: the next of LANGUAGES, round again. */
export const nextLanguage = (lang: Language): Language => LANGUAGES[(LANGUAGES.indexOf(lang) + 1) % LANGUAGES.length]!;

/**
 * A tablet's first language, from its browser's (`navigator.language`): Traditional for Chinese written so (zh-Hant)
 * or as Taiwan, Hong Kong and Macau write it (zh-TW, zh-HK, zh-MO), and Cantonese (yue); Simplified for any other
 * Chinese; English otherwise.
 */
export function defaultLanguage(tag: string): Language {
  if (/^(zh-(hant|tw|hk|mo)|yue)(-|$)/i.test(tag)) return 'zh-Hant';
  return /^zh(-|$)/i.test(tag) ? 'zh-Hans' : 'en';
}
