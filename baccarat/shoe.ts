/**
 * The current shoe at a table as pure transitions over an immutable {@link Shoe}. Hands arrive already
 * checked (by the Table of Play or the controller); the shoe keeps their order, numbers, corrections and void
 * rounds, and says which hands go on the roads. A refused transition returns an error and the shoe untouched.
 *
 * ```ts
 * const s = newShoe('T7-0412');                                // Result<Shoe, string>
 * const t = s.ok ? addHand(s.value, { no: 1, hand }) : s;      // hand numbers run 1, 2, 3 … (nextHandNo)
 * const hands = t.ok ? roadHands(t.value, DEFAULT_SHOE_SETTINGS) : []; // what the roads are drawn from
 * ```
 * Decisions are written up in `docs/shoe.md`.
 * @packageDocumentation
 */
import { err, ok, OUTCOMES, type Card, type RoadHand, type Result } from './types';
import { closedReason, isCard, isIsoTime, nextHandNo } from './shoe-lifecycle';
import {
  DEFAULT_SHOE_SETTINGS,
  isShoeHand,
  VOID_HAND_KINDS,
  type HandCards,
  type Shoe,
  type ShoeHand,
  type ShoeRound,
  type ShoeSettings,
  type VoidedRound,
  type VoidHand,
  type VoidHandKind,
} from './shoe-types';

export * from './shoe-types';
export {
  burn,
  burnCount,
  closeBetting,
  closeTable,
  closedReason,
  cutCardDrawn,
  endShoe,
  isShoeComplete,
  lastCoup,
  lastCoupState,
  newShoe,
  nextHandNo,
  openBetting,
  openTable,
  withdrawCutCard,
  type LastCoupState,
  type NewShoeOptions,
} from './shoe-lifecycle';

/** A hand as reported: its number, result and optional cards, time and void-hand mark. */
export type NewShoeHand = Omit<ShoeHand, 'corrected' | 'voided'>;

const isPoint = (p: unknown): boolean => Number.isInteger(p) && (p as number) >= 0 && (p as number) <= 9;

/** What is wrong with a reported hand, or null. Only shape and self-consistency: the cards are checked elsewhere. */
export function handProblem(hand: RoadHand): string | null {
  if (typeof hand !== 'object' || hand === null) return 'the hand is missing';
  if (!(OUTCOMES as readonly unknown[]).includes(hand.outcome))
    return `outcome ${JSON.stringify(hand.outcome)} is unknown`;
  for (const k of ['playerPair', 'bankerPair', 'natural'] as const)
    if (typeof hand[k] !== 'boolean') return `${k} must be true or false`;
  for (const k of ['playerPoints', 'bankerPoints'] as const)
    if (hand[k] !== undefined && !isPoint(hand[k])) return `${k} (${hand[k]}) must be a whole number from 0 to 9`;
  const { playerPoints: p, bankerPoints: b } = hand;
  if (p !== undefined && b !== undefined) {
    const byPoints = p > b ? 'player' : b > p ? 'banker' : 'tie';
    if (byPoints !== hand.outcome) return `outcome ${hand.outcome} disagrees with points ${p} to ${b}`;
  }
  return null;
}

/** What is wrong with a hand's cards (2 or 3 real cards a side), or null. */
export function cardsProblem(cards: HandCards | undefined): string | null {
  if (cards === undefined) return null;
  for (const side of ['player', 'banker'] as const) {
    const c = (cards as Partial<HandCards> | null)?.[side];
    if (!Array.isArray(c) || c.length < 2 || c.length > 3) return `cards.${side} must hold 2 or 3 cards`;
    if (!c.every(isCard)) return `cards.${side} holds something that is not a card`;
  }
  return null;
}

/** Whether two hands put the same mark on every road (outcome, pairs, natural and points). */
export const sameHand = (a: RoadHand, b: RoadHand): boolean =>
  a.outcome === b.outcome &&
  a.playerPair === b.playerPair &&
  a.bankerPair === b.bankerPair &&
  a.natural === b.natural &&
  a.playerPoints === b.playerPoints &&
  a.bankerPoints === b.bankerPoints;

/** What is wrong with a void-hand mark, or null. No cap on no-bet coups: house rules 3.3 B, 4.3, 5.1.6. */
function voidHandProblem(v: VoidHand): string | null {
  if (!VOID_HAND_KINDS.includes(v.kind)) return `void hand kind ${JSON.stringify(v.kind)} is unknown`;
  if (typeof v.reason !== 'string' || v.reason.trim() === '') return 'a void hand needs a reason';
  return null;
}

/**
 * Appends the next hand. Hand numbers are consecutive from 1 and a round voided without a result uses up no
 * number (the next hand reuses it), so hand `no` must be `nextHandNo(shoe)`. A void hand announced with {@link announceVoidHand} is attached to it, unless the
 * hand carries its own `voidHand`. Refused: duplicate or out-of-sequence numbers, an ended or complete shoe,
 * a closed table, a malformed hand. Phase becomes `idle`.
 */
export function addHand(shoe: Shoe, hand: NewShoeHand): Result<Shoe, string> {
  const next = nextHandNo(shoe);
  const { no } = hand;
  if (!Number.isInteger(no) || no < 1) return err(`hand number ${no} must be a whole number from 1`);
  if (no < next) return err(`hand ${no} is already recorded in shoe ${shoe.id} (duplicate hand number)`);
  if (no > next)
    return err(`hand ${no} is out of sequence in shoe ${shoe.id}: expected hand ${next} (numbers run from 1 in order)`);
  const closed = closedReason(shoe);
  if (closed) return err(`${closed}: hand ${no} refused`);
  if (!shoe.tableOpen) return err(`table is closed: hand ${no} of shoe ${shoe.id} refused`);
  const problem = handProblem(hand.hand) ?? cardsProblem(hand.cards);
  if (problem) return err(`hand ${no}: ${problem}`);
  if (hand.at !== undefined && !isIsoTime(hand.at)) return err(`hand ${no}: at (${hand.at}) is not an ISO 8601 time`);
  const voidHand = hand.voidHand ?? shoe.pendingVoidHand ?? undefined;
  const voidProblem = voidHand && voidHandProblem(voidHand);
  if (voidProblem) return err(`hand ${no}: ${voidProblem}`);
  const entry: ShoeHand = voidHand ? { ...hand, voidHand } : hand;
  return ok({ ...shoe, rounds: [...shoe.rounds, entry], pendingVoidHand: null, phase: 'idle' });
}

/**
 * Replaces the result of hand `no`, keeping the previous one in {@link ShoeHand.corrected} (and any earlier
 * corrections behind it). New `cards` may come with it; the old cards move into the record. Allowed after the
 * shoe has ended. Refused: unknown hand, a void round, a missing `by`, a bad time, a change that changes nothing.
 */
export function correctHand(
  shoe: Shoe,
  no: number,
  hand: RoadHand,
  opts: { readonly by: string; readonly at: string; readonly cards?: HandCards; readonly note?: string },
): Result<Shoe, string> {
  const index = handIndex(shoe, no);
  const round = shoe.rounds[index];
  if (!round || !isShoeHand(round)) {
    const voidedRound = shoe.rounds.find((r): r is VoidedRound => !isShoeHand(r) && r.no === no);
    return err(
      `there is no hand ${no} in shoe ${shoe.id} to correct` +
        (voidedRound ? `: round ${no} was void (${voidedRound.voided.reason}) and has no result` : ''),
    );
  }
  if (round.voided)
    return err(`round ${no} of shoe ${shoe.id} is void (${round.voided.reason}): it has no result to correct`);
  if (typeof opts.by !== 'string' || opts.by.trim() === '') return err(`correction of hand ${no}: by is required`);
  if (!isIsoTime(opts.at)) return err(`correction of hand ${no}: at (${opts.at}) is not an ISO 8601 time`);
  const problem = handProblem(hand) ?? cardsProblem(opts.cards);
  if (problem) return err(`correction of hand ${no}: ${problem}`);
  if (sameHand(round.hand, hand) && opts.cards === undefined)
    return err(`correction of hand ${no} in shoe ${shoe.id} changes nothing`);
  const { cards, ...kept } = round;
  const corrected: ShoeHand = {
    ...kept,
    hand,
    ...(opts.cards && { cards: opts.cards }),
    corrected: {
      by: opts.by,
      at: opts.at,
      ...(opts.note !== undefined && { note: opts.note }),
      previous: round.hand,
      ...(cards && { previousCards: cards }),
      ...(round.corrected && { earlier: round.corrected }),
    },
  };
  return ok({ ...shoe, rounds: shoe.rounds.map((r, i) => (i === index ? corrected : r)) });
}

/** Index in `shoe.rounds` of hand `no` (a round with a result), or -1. */
const handIndex = (shoe: Shoe, no: number): number => shoe.rounds.findIndex((r) => isShoeHand(r) && r.no === no);

/**
 * Declares a round void (rules 12.5, 12.6): no result counts, it stays in {@link Shoe.rounds}, never on the
 * roads.
 * - Without `no`, or with `no` = `nextHandNo(shoe)`: the round being dealt is void, without a result. It is
 *   recorded as a {@link VoidedRound} with that number and uses none up: the next hand reuses it. `cards`, the
 *   cards dealt before it was voided, where known, are kept with it (they go to the discard rack, rule 12.6).
 * - With the number of a recorded hand: that hand is declared void after the fact. It keeps its result and its
 *   number, and leaves the roads. Allowed after the shoe has ended.
 *
 * Any other `no` is refused. Rule 12.5 (not enough cards) also ends the shoe: follow with `endShoe`.
 */
export function voidRound(
  shoe: Shoe,
  opts: { readonly no?: number; readonly reason: string; readonly at?: string; readonly cards?: readonly Card[] },
): Result<Shoe, string> {
  const next = nextHandNo(shoe);
  const no = opts.no ?? next;
  if (opts.cards !== undefined && no !== next)
    return err(`voiding hand ${no}: its cards are recorded with it; cards go with the round being dealt only`);
  if (typeof opts.reason !== 'string' || opts.reason.trim() === '')
    return err(`voiding round ${no}: a reason is required`);
  if (opts.at !== undefined && !isIsoTime(opts.at))
    return err(`voiding round ${no}: at (${opts.at}) is not an ISO 8601 time`);
  const voided = { reason: opts.reason, ...(opts.at !== undefined && { at: opts.at }) };
  if (no === next) {
    const closed = closedReason(shoe);
    if (closed) return err(`${closed}: no round ${no} to void`);
    if (opts.cards !== undefined && !opts.cards.every(isCard))
      return err(`voiding round ${no}: its cards hold something that is not a card`);
    const entry: VoidedRound = { no, voided, ...(opts.cards?.length && { cards: opts.cards }) };
    return ok({ ...shoe, rounds: [...shoe.rounds, entry], pendingVoidHand: null, phase: 'idle' });
  }
  const index = handIndex(shoe, no);
  const round = shoe.rounds[index];
  if (!round || !isShoeHand(round))
    return err(
      `there is no hand ${no} in shoe ${shoe.id} to void: ` +
        (next > 1 ? `hands 1 to ${next - 1} are recorded and ` : 'no hand is recorded and ') +
        `round ${next} is the one being dealt or next`,
    );
  if (round.voided) return err(`hand ${no} of shoe ${shoe.id} is already void (${round.voided.reason})`);
  return ok({ ...shoe, rounds: shoe.rounds.map((r, i) => (i === index ? { ...round, voided } : r)) });
}

/**
 * "No bets this hand" (rules 12.1(b), 12.2(b), 12.3; house rule 4.3), or with `kind` `noBetCoup` a round played
 * without wagers (rule 8.3, house rules 3.1.2, 3.3 B, 5.1.6: as many as the pit permits): the next hand added is a
 * void hand.
 * Refused if one is already announced or no further round may start.
 */
export function announceVoidHand(
  shoe: Shoe,
  reason: string,
  kind: VoidHandKind = 'noBetsThisHand',
): Result<Shoe, string> {
  const closed = closedReason(shoe);
  if (closed) return err(`${closed}: no void hand`);
  if (shoe.pendingVoidHand)
    return err(`hand ${nextHandNo(shoe)} of shoe ${shoe.id} is already announced as a void hand`);
  const pending: VoidHand = { kind, reason };
  const problem = voidHandProblem(pending);
  if (problem) return err(problem);
  return ok({ ...shoe, pendingVoidHand: pending, phase: shoe.phase === 'betting' ? 'idle' : shoe.phase });
}

/** The rounds with a result, void hands and hands voided afterwards included, in order: `[i].no === i + 1`. */
export const shoeHands = (shoe: Shoe): ShoeHand[] => shoe.rounds.filter(isShoeHand);

/** Whether a round goes on the roads under `settings`. */
export const isOnRoads = (round: ShoeRound, settings: ShoeSettings = DEFAULT_SHOE_SETTINGS): boolean =>
  isShoeHand(round) && !round.voided && (settings.voidHandsOnRoads || !round.voidHand);

/**
 * The hands that go on the roads, in order, corrections applied: no voided rounds, and no void hands unless
 * `settings.voidHandsOnRoads`. The same `RoadHand` objects as in the shoe, so unchanged hands compare equal.
 */
export function roadHands(shoe: Shoe, settings: ShoeSettings = DEFAULT_SHOE_SETTINGS): RoadHand[] {
  const hands: RoadHand[] = [];
  for (const r of shoe.rounds) if (isShoeHand(r) && isOnRoads(r, settings)) hands.push(r.hand);
  return hands;
}
