/**
 * The life of a shoe around its hands: start, burn, betting and dealing, table open or closed, the cut card and
 * the last coup (rule 11.2), and the end. Pure transitions; each returns `Result<Shoe, string>` and a refused
 * one leaves the shoe untouched. Import these from `shoe.ts`, which re-exports them.
 *
 * ```ts
 * const started = newShoe('T7-0412', { decks: 8 });                        // Result<Shoe, string>
 * const cut = started.ok ? cutCardDrawn(started.value, { firstCardOfRound: false }) : started; // rule 11.2(b)
 * if (cut.ok) lastCoupState(cut.value); // { case: 'b', drawnInRound: 1, lastRound: 2, announced: false, … }
 * ```
 * @packageDocumentation
 */
import { err, ok, RANKS, SUITS, type Card, type Result } from './types';
import { isShoeHand, MAX_DECKS, MIN_DECKS, type Shoe } from './shoe-types';

/** Options for {@link newShoe}. */
export interface NewShoeOptions {
  readonly no?: number; // the controller's number for the shoe, a whole number from 1
  readonly decks?: number; // MIN_DECKS to MAX_DECKS (rule 3.4; tournament rule 2.2.1)
  readonly at?: string; // ISO 8601 start time
  readonly tableOpen?: boolean; // default true
}

/**
 * What {@link lastCoupState} says about the cut card and the last coup. Rounds are named by hand number, as on
 * the wire (the cut-card event's `handNo`, the snapshot's `lastCoupHandNo`): the number the round's hand has,
 * or would have had if the round was voided without a result (the next hand reuses it).
 */
export interface LastCoupState {
  /** Which case of rule 11.2 applies: `a` cut card was the first card of a round, `b` it came out later. */
  readonly case: 'a' | 'b' | null;
  /** Hand number of the round in which the cut card came out. */
  readonly drawnInRound: number | null;
  /**
   * Hand number of the round that is the last coup: `drawnInRound` in case a; in case b the round after it,
   * which is `drawnInRound + 1`, or `drawnInRound` again if that round was voided without a result. In case b
   * it is settled once round `drawnInRound` is recorded (`announced`); until then it assumes a result.
   */
  readonly lastRound: number | null;
  /** "Last coup" has been announced: at once in case a, once round `drawnInRound` is recorded in case b. */
  readonly announced: boolean;
  /** The current round (being dealt, or next to be dealt) is the last coup and the shoe is not complete. */
  readonly isLastRound: boolean;
}

/**
 * Hand number of the round in progress or next to be dealt: the hands recorded (rounds with a result) + 1.
 * A round voided without a result does not use up a number: the next round reuses it.
 */
export const nextHandNo = (shoe: Shoe): number => shoe.rounds.filter(isShoeHand).length + 1;

/** Hand number of the round at `index` in `shoe.rounds`: its own if recorded, else as if every round before had a result. */
function handNoAt(shoe: Shoe, index: number): number {
  const round = shoe.rounds[index];
  return round ? round.no : nextHandNo(shoe) + (index - shoe.rounds.length);
}

/** The cut card in rounds: the index in `shoe.rounds` of the last coup, and whether it is announced; or null. */
function lastCoupIndex(shoe: Shoe): { readonly index: number; readonly announced: boolean } | null {
  const c = shoe.cutCard;
  if (!c.drawn) return null;
  return c.firstCardOfRound
    ? { index: c.roundIndex, announced: true }
    : { index: c.roundIndex + 1, announced: shoe.rounds.length > c.roundIndex };
}

/** An ISO 8601 date-time with a zone, e.g. `2025-04-12T21:03:00Z`. */
export const isIsoTime = (s: unknown): s is string =>
  typeof s === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(s) &&
  !Number.isNaN(Date.parse(s));

/** A card whose rank and suit are in the vocabulary. */
export const isCard = (c: unknown): c is Card =>
  typeof c === 'object' &&
  c !== null &&
  (RANKS as readonly unknown[]).includes((c as Card).rank) &&
  (SUITS as readonly unknown[]).includes((c as Card).suit);

/** Cards to burn after `card` is shown (rule 7.9): face value, ten for 10, J, Q and K, one for an ace. */
export function burnCount(card: Card): number {
  if (card.rank === 'A') return 1;
  const n = Number(card.rank);
  return Number.isNaN(n) ? 10 : n;
}

/** Starts a shoe: no rounds, phase `shuffling`, cut card in the stack. Refuses an empty id or a bad deck count. */
export function newShoe(id: string, opts: NewShoeOptions = {}): Result<Shoe, string> {
  if (typeof id !== 'string' || id.trim() === '') return err('shoe id must be a non-empty string');
  const { no, decks, at, tableOpen = true } = opts;
  if (decks !== undefined && !(Number.isInteger(decks) && decks >= MIN_DECKS && decks <= MAX_DECKS))
    return err(`decks (${decks}) must be a whole number from ${MIN_DECKS} to ${MAX_DECKS} (rule 3.4)`);
  if (no !== undefined && !(Number.isInteger(no) && no >= 1))
    return err(`shoe number (${no}) must be a whole number from 1`);
  if (at !== undefined && !isIsoTime(at)) return err(`at (${at}) is not an ISO 8601 time`);
  return ok({
    id,
    ...(no !== undefined && { no }),
    ...(decks !== undefined && { decks }),
    ...(at !== undefined && { startedAt: at }),
    rounds: [],
    burn: null,
    phase: 'shuffling',
    cutCard: { drawn: false },
    pendingVoidHand: null,
    tableOpen,
  });
}

/**
 * Records the burn (rule 7.7): `card` shown, then `count` cards burned face down (default: rule 7.9's count).
 * A count other than rule 7.9's is recorded, not refused: rule 12.7 says play continues. Refused once a round
 * has been recorded, a second time, or after the shoe has ended.
 */
export function burn(shoe: Shoe, card: Card, count?: number): Result<Shoe, string> {
  if (shoe.phase === 'ended') return err(`shoe ${shoe.id} has ended: no burn`);
  if (shoe.burn) return err(`shoe ${shoe.id} was already burned (${shoe.burn.card.rank}${shoe.burn.card.suit})`);
  if (shoe.rounds.length > 0)
    return err(`the burn comes before the first round (rule 7.7); shoe ${shoe.id} already has ${shoe.rounds.length}`);
  if (!isCard(card)) return err(`burn card ${JSON.stringify(card)} is not a card`);
  if (count === undefined) count = burnCount(card);
  if (!(Number.isInteger(count) && count >= 0 && count <= 52))
    return err(`burn count (${count}) must be a whole number from 0 to 52`);
  return ok({ ...shoe, burn: { card, count, expected: burnCount(card) } });
}

/** Where the cut card says the shoe stops, and whether that point has been reached. */
export function lastCoupState(shoe: Shoe): LastCoupState {
  const c = shoe.cutCard;
  const last = lastCoupIndex(shoe);
  if (!c.drawn || !last)
    return { case: null, drawnInRound: null, lastRound: null, announced: false, isLastRound: false };
  const complete = shoe.phase === 'ended' || shoe.rounds.length > last.index;
  return {
    case: c.firstCardOfRound ? 'a' : 'b',
    drawnInRound: c.handNo,
    lastRound: handNoAt(shoe, last.index),
    announced: last.announced,
    isLastRound: last.announced && !complete,
  };
}

/** Whether the current round (being dealt, or next to be dealt) has been announced as the last coup. */
export const lastCoup = (shoe: Shoe): boolean => lastCoupState(shoe).isLastRound;

/**
 * The shoe is over: ended by {@link endShoe}, or its last coup (rule 11.2) has been recorded, played or voided.
 * Counted in rounds, not hand numbers: a last coup voided without a result completes the shoe all the same.
 */
export function isShoeComplete(shoe: Shoe): boolean {
  const last = lastCoupIndex(shoe);
  return shoe.phase === 'ended' || (last !== null && shoe.rounds.length > last.index);
}

/** Why no further round may start, or null. Shared by every transition that would start or add a round. */
export function closedReason(shoe: Shoe): string | null {
  if (shoe.phase === 'ended') return `shoe ${shoe.id} has ended`;
  if (isShoeComplete(shoe)) {
    const { lastRound } = lastCoupState(shoe);
    return `shoe ${shoe.id} is complete: round ${lastRound} was the last coup (rule 11.2)`;
  }
  return null;
}

/**
 * The cut card came out (rule 11.2). `firstCardOfRound` true is case (a): this round is the last coup.
 * False is case (b): finish this round, announce "Last coup", deal one more. `handNo` defaults to the round
 * being dealt (`nextHandNo`, which it also names explicitly). The hand just recorded (`nextHandNo − 1`, when the
 * latest round has a result) is also accepted, for a report that arrives after its result.
 */
export function cutCardDrawn(
  shoe: Shoe,
  opts: { readonly firstCardOfRound: boolean; readonly handNo?: number },
): Result<Shoe, string> {
  if (shoe.phase === 'ended') return err(`shoe ${shoe.id} has ended: no cut card`);
  if (shoe.cutCard.drawn)
    return err(`the cut card was already drawn in round ${shoe.cutCard.handNo} of shoe ${shoe.id}`);
  const next = nextHandNo(shoe);
  const handNo = opts.handNo ?? next;
  const latest = shoe.rounds.at(-1);
  const roundIndex =
    handNo === next
      ? shoe.rounds.length
      : latest && isShoeHand(latest) && latest.no === handNo
        ? shoe.rounds.length - 1
        : null;
  if (roundIndex === null)
    return err(
      `cut card reported in round ${handNo}, but shoe ${shoe.id} is at round ${next}` +
        (latest && isShoeHand(latest) ? ` (or ${latest.no} just done)` : ''),
    );
  if (typeof opts.firstCardOfRound !== 'boolean') return err('firstCardOfRound must be true or false');
  return ok({ ...shoe, cutCard: { drawn: true, handNo, roundIndex, firstCardOfRound: opts.firstCardOfRound } });
}

/**
 * The cut card taken back: it was reported by mistake (a dealer's key pressed when no cut card came out), and a
 * supervisor withdrew it. The shoe goes on as if it had not come out: no last coup, rounds dealt after the one it
 * was reported in allowed again. Refused once the shoe has ended, or when no cut card is out.
 */
export function withdrawCutCard(shoe: Shoe): Result<Shoe, string> {
  if (shoe.phase === 'ended') return err(`shoe ${shoe.id} has ended: its cut card stands`);
  if (!shoe.cutCard.drawn) return err(`no cut card is out in shoe ${shoe.id}: nothing to withdraw`);
  return ok({ ...shoe, cutCard: { drawn: false } });
}

/** Ends the shoe, early (rules 7.10, 12.5) or after its last coup. Refused if it has already ended. */
export function endShoe(shoe: Shoe, at?: string): Result<Shoe, string> {
  if (shoe.phase === 'ended') return err(`shoe ${shoe.id} has already ended`);
  if (at !== undefined && !isIsoTime(at)) return err(`at (${at}) is not an ISO 8601 time`);
  return ok({ ...shoe, phase: 'ended', pendingVoidHand: null, ...(at !== undefined && { endedAt: at }) });
}

/** "Place your bets": bets open for the next round. Refused while a round is dealt, or when no round may start. */
export function openBetting(shoe: Shoe): Result<Shoe, string> {
  const closed = closedReason(shoe);
  if (closed) return err(`${closed}: no more betting`);
  if (!shoe.tableOpen) return err(`table is closed: no betting in shoe ${shoe.id}`);
  if (shoe.phase === 'dealing') return err(`round ${nextHandNo(shoe)} of shoe ${shoe.id} is being dealt`);
  if (shoe.pendingVoidHand) return err(`round ${nextHandNo(shoe)} of shoe ${shoe.id} is a void hand: no bets`);
  if (shoe.phase === 'betting') return err(`bets are already open for round ${nextHandNo(shoe)} of shoe ${shoe.id}`);
  return ok({ ...shoe, phase: 'betting' });
}

/** "No more bets" (rule 8.2): the next round is being dealt. */
export function closeBetting(shoe: Shoe): Result<Shoe, string> {
  const closed = closedReason(shoe);
  if (closed) return err(`${closed}: no round to deal`);
  if (!shoe.tableOpen) return err(`table is closed: no round to deal in shoe ${shoe.id}`);
  if (shoe.phase === 'dealing') return err(`round ${nextHandNo(shoe)} of shoe ${shoe.id} is already being dealt`);
  return ok({ ...shoe, phase: 'dealing' });
}

/** Opens the table. Refused if it is open. */
export function openTable(shoe: Shoe): Result<Shoe, string> {
  if (shoe.tableOpen) return err(`table of shoe ${shoe.id} is already open`);
  return ok({ ...shoe, tableOpen: true });
}

/** Closes the table between rounds (a round being dealt must finish or be voided first). */
export function closeTable(shoe: Shoe): Result<Shoe, string> {
  if (!shoe.tableOpen) return err(`table of shoe ${shoe.id} is already closed`);
  if (shoe.phase === 'dealing') return err(`round ${nextHandNo(shoe)} of shoe ${shoe.id} is being dealt`);
  return ok({ ...shoe, tableOpen: false, phase: shoe.phase === 'betting' ? 'idle' : shoe.phase });
}
