/**
 * From the wire to the core: a hand message becomes a checked shoe hand (its cards re-dealt by the Table of
 * Play), a retained snapshot becomes a Shoe rebuilt through the core's own transitions. Pure; never throws.
 *
 * ```ts
 * const hand = wireHand(msg);            // Result<NewShoeHand, string>
 * const shoe = shoeFromSnapshot(snap);   // Result<{ shoe, problem }, string>: one bad hand keeps the hands before it
 * ```
 * @packageDocumentation
 */
import { parseCard } from '../baccarat/cards';
import {
  addHand,
  announceVoidHand,
  burn,
  closedReason,
  cutCardDrawn,
  endShoe,
  isShoeHand,
  type NewShoeHand,
  newShoe,
  type Shoe,
  type VoidHandKind,
  voidRound,
} from '../baccarat/shoe';
import { checkResult } from '../baccarat/result-check';
import { type Card, err, ok, type Result } from '../baccarat/types';
import type { HandMessage, ShoeSnapshot, SnapshotHand, VoidHandReason } from '../contract/schemas';

type HandBody = Omit<HandMessage, never>;

function cardsOf(texts: readonly string[], side: string): Result<Card[]> {
  const cards: Card[] = [];
  for (const [i, t] of texts.entries()) {
    const c = parseCard(t);
    if (!c.ok) return err(`${side} card ${i + 1}: ${c.error}`);
    cards.push(c.value);
  }
  return ok(cards);
}

/** A hand message (or a correction's hand) checked by the core and shaped as a shoe hand. */
export function wireHand(msg: HandBody): Result<NewShoeHand> {
  let cards: { player: Card[]; banker: Card[] } | undefined;
  if (msg.cards) {
    const player = cardsOf(msg.cards.player, 'player');
    if (!player.ok) return player;
    const banker = cardsOf(msg.cards.banker, 'banker');
    if (!banker.ok) return banker;
    cards = { player: player.value, banker: banker.value };
  }
  const checked = checkResult({
    outcome: msg.outcome,
    playerPoints: msg.playerPoints,
    bankerPoints: msg.bankerPoints,
    playerPair: msg.playerPair,
    bankerPair: msg.bankerPair,
    natural: msg.natural,
    ...(cards ? { cards } : {}),
  });
  if (!checked.ok) return err(`hand ${msg.handNo}: ${checked.error}`);
  const { coup: _coup, ...hand } = checked.value;
  return ok({
    no: msg.handNo,
    hand,
    ...(cards ? { cards } : {}),
    at: msg.timestamp,
    ...(msg.voidHand ? { voidHand: { kind: voidHandKind(msg.voidHand.reason), reason: msg.voidHand.reason } } : {}),
  });
}

/** A void-hand reason on the wire as the core's kind of void hand. */
export const voidHandKind = (reason: VoidHandReason): VoidHandKind =>
  reason === 'no-bet-coup' ? 'noBetCoup' : 'noBetsThisHand';

/** A shoe rebuilt from a snapshot: everything up to the first step the rules refuse, and that refusal. */
export interface RebuiltShoe {
  readonly shoe: Shoe;
  readonly problem: string | null; // null: the whole snapshot was taken
}

const PHASES: { readonly [P in ShoeSnapshot['phase']]: Shoe['phase'] } = {
  shuffling: 'shuffling',
  waiting: 'idle',
  betting: 'betting',
  dealing: 'dealing',
  ended: 'ended',
};

/**
 * The shoe a retained snapshot describes, rebuilt through the core's transitions so that it obeys the same rules
 * as a shoe built message by message: every hand is checked, numbering and the cut card included. A step the rules
 * refuse (a hand that fails the Table of Play, say) ends the rebuild there: the hands before it are kept, and
 * `problem` says why the rest is missing, so that one bad hand never costs the board the whole shoe. An error only
 * when the shoe cannot be started at all.
 */
export function shoeFromSnapshot(snap: ShoeSnapshot): Result<RebuiltShoe> {
  const started = newShoe(snap.shoeId, {
    decks: snap.decks,
    ...(snap.shoeNo !== undefined && { no: snap.shoeNo }),
    at: snap.startedAt ?? snap.hands[0]?.timestamp ?? snap.timestamp,
  });
  if (!started.ok) return err(`snapshot of shoe ${snap.shoeId}: ${started.error}`);
  let shoe = started.value;
  const done = (problem: string | null): Result<RebuiltShoe> =>
    ok({ shoe: snap.tableOpen === false ? { ...shoe, tableOpen: false } : shoe, problem });
  const step = (r: Result<Shoe>, what: string): string | null => {
    if (r.ok) shoe = r.value;
    return r.ok ? null : `snapshot ${what}: ${r.error}`;
  };
  if (snap.burn) {
    const card = parseCard(snap.burn.card);
    const problem = card.ok ? step(burn(shoe, card.value, snap.burn.count), 'burn') : `snapshot burn: ${card.error}`;
    if (problem) return done(problem);
  }
  const voided = [...snap.voidedRounds].sort((a, b) => a.handNo - b.handNo); // stable: in order within a number
  const cut = snap.cutCard;
  const cutVoided = cutCardRound(snap, voided);
  let cutDone = false;
  const drawCut = (handNo: number): string | null => {
    if (!cut || cutDone) return null;
    cutDone = true;
    return step(cutCardDrawn(shoe, { firstCardOfRound: cut.firstCardOfRound, handNo }), 'cut card');
  };
  let v = 0;
  const voidRoundsUpTo = (no: number): string | null => {
    for (; v < voided.length && voided[v]!.handNo <= no; v++) {
      const r = voided[v]!;
      const problem =
        (v === cutVoided ? drawCut(r.handNo) : null) ??
        step(voidRound(shoe, { reason: r.reason, at: r.timestamp }), `void round ${r.handNo}`);
      if (problem) return problem;
    }
    return null;
  };
  for (const [i, h] of snap.hands.entries()) {
    if (h.shoeId !== snap.shoeId) return done(`snapshot hand ${i + 1} belongs to shoe ${h.shoeId}, not ${snap.shoeId}`);
    if (h.handNo !== i + 1) return done(`snapshot hand ${i + 1} is numbered ${h.handNo}`);
    const before = voidRoundsUpTo(h.handNo) ?? (cut && cut.handNo === h.handNo ? drawCut(h.handNo) : null);
    if (before) return done(before);
    const hand = wireHand(h);
    if (!hand.ok) return done(`snapshot ${hand.error}`);
    const problem =
      step(addHand(shoe, hand.value), `hand ${h.handNo}`) ??
      (h.voided
        ? step(voidRound(shoe, { no: h.handNo, reason: h.voided.reason, at: h.voided.timestamp }), `hand ${h.handNo}`)
        : null);
    if (problem) return done(problem);
    if (h.corrected) shoe = withCorrection(shoe, h.handNo, h.corrected);
  }
  const next = snap.hands.length + 1;
  const after =
    voidRoundsUpTo(Infinity) ??
    (cut && cut.handNo >= next ? drawCut(next) : null) ??
    (snap.announcedVoidHand?.handNo === next
      ? step(
          announceVoidHand(shoe, snap.announcedVoidHand.reason, voidHandKind(snap.announcedVoidHand.reason)),
          'void hand announced',
        )
      : null);
  if (after) return done(after);
  const phase = PHASES[snap.phase];
  if (phase === 'ended') {
    const problem = step(endShoe(shoe, snap.timestamp), 'end');
    if (problem) return done(problem);
  } else if (phase !== shoe.phase && !closedReason(shoe)) shoe = { ...shoe, phase };
  return done(null);
}

/**
 * Which of the (sorted) voided rounds the cut card came out in, or -1: it came out in a round that has its result, or
 * is being dealt. By the times, when the snapshot has the cut card's: the first voided round of its number at or
 * after it. Without (an older controller), case (b) only, by the last coup: a number the same as the cut card's
 * means the round after it reused it, so it was voided (the last voided round of that number).
 */
function cutCardRound(snap: ShoeSnapshot, voided: readonly ShoeSnapshot['voidedRounds'][number][]): number {
  const cut = snap.cutCard;
  if (!cut) return -1;
  if (cut.timestamp !== undefined) {
    const at = Date.parse(cut.timestamp);
    return voided.findIndex((r) => r.handNo === cut.handNo && Date.parse(r.timestamp) >= at);
  }
  if (cut.firstCardOfRound || snap.lastCoupHandNo !== cut.handNo) return -1;
  for (let i = voided.length - 1; i >= 0; i--) if (voided[i]!.handNo === cut.handNo) return i;
  return -1;
}

/** Marks hand `no` corrected as the snapshot says (who and when; the earlier result is the board's to know). */
function withCorrection(shoe: Shoe, no: number, c: NonNullable<SnapshotHand['corrected']>): Shoe {
  const corrected = { by: c.by, at: c.timestamp, ...(c.note !== undefined && { note: c.note }) };
  return { ...shoe, rounds: shoe.rounds.map((r) => (isShoeHand(r) && r.no === no ? { ...r, corrected } : r)) };
}
