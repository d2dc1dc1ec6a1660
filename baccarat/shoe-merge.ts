/**
 * A board's shoe merged with the same shoe as its controller's snapshot describes it. The snapshot is retained, so
 * brokers deliver it again and again (every reconnect, a restart, a restore): a copy that is not newer than what
 * the board has applied may only add what the board lacks, never remove or change anything; a newer one also brings
 * in what the board missed (a correction, a void), but never takes hands away.
 *
 * ```ts
 * const m = mergeShoe(have, fromSnapshot, { newer: snap.seq > lastSeqApplied, whole: problem === null });
 * if (m.conflict) outOfStep(m.conflict); // the board keeps m.shoe (=== have when nothing was added)
 * ```
 * @packageDocumentation
 */
import { closedReason } from './shoe-lifecycle';
import { sameHand } from './shoe';
import { isShoeHand, type CutCard, type Shoe, type ShoeHand, type ShoeRound, type VoidedRound } from './shoe-types';

/** What {@link mergeShoe} did. */
export interface ShoeMerge {
  /** The merged shoe: `have` itself when the snapshot adds and changes nothing. */
  readonly shoe: Shoe;
  /** Rounds the board lacked and took from the snapshot. */
  readonly added: number;
  /** Hands whose result, void hand or void the (newer) snapshot changed, by number. */
  readonly changed: readonly number[];
  /** Why the board keeps its own shoe against the snapshot, or null: the board is then out of step. */
  readonly conflict: string | null;
}

/** Whether two records of a hand put the same thing on the roads. */
const sameRecord = (a: ShoeHand, b: ShoeHand): boolean =>
  sameHand(a.hand, b.hand) && !!a.voidHand === !!b.voidHand && !!a.voided === !!b.voided;

/** The board's own record of a hand, completed by what the snapshot knows of it and the board does not. */
const keep = (own: ShoeHand, theirs: ShoeHand): ShoeHand =>
  (own.corrected || !theirs.corrected) && (own.cards || !theirs.cards)
    ? own
    : {
        ...own,
        ...(!own.cards && theirs.cards ? { cards: theirs.cards } : {}),
        ...(!own.corrected && theirs.corrected ? { corrected: theirs.corrected } : {}),
      };

const handCount = (shoe: Shoe): number => shoe.rounds.reduce((n, r) => n + (isShoeHand(r) ? 1 : 0), 0);

/** The rounds of `incoming` after everything `have` already holds (hands by number, then trailing voided rounds). */
function roundsBeyond(have: Shoe, incoming: Shoe): readonly ShoeRound[] {
  const hands = handCount(have);
  let i = 0;
  for (let seen = 0; seen < hands; i++) {
    const r = incoming.rounds[i];
    if (!r) return [];
    if (isShoeHand(r)) seen++;
  }
  let trailing = have.rounds.filter((r) => !isShoeHand(r) && r.no === hands + 1).length;
  for (; trailing > 0; trailing--, i++) {
    const r = incoming.rounds[i];
    if (!r || isShoeHand(r) || r.no !== hands + 1) break;
  }
  return incoming.rounds.slice(i);
}

/** The same cut card placed in `to` (round indexes differ where the two shoes hold different voided rounds). */
function placeCut(cut: CutCard, from: Shoe, to: Shoe): CutCard | null {
  if (!cut.drawn) return cut;
  const r = from.rounds[cut.roundIndex];
  if (!r) return { ...cut, roundIndex: to.rounds.length - (from.rounds.length - cut.roundIndex) };
  let index: number;
  if (isShoeHand(r)) index = to.rounds.findIndex((x) => isShoeHand(x) && x.no === r.no);
  else {
    const ordinal = from.rounds.slice(0, cut.roundIndex).filter((x) => !isShoeHand(x) && x.no === r.no).length;
    index = to.rounds.findIndex(
      (x, i) =>
        !isShoeHand(x) &&
        x.no === r.no &&
        to.rounds.slice(0, i).filter((y) => !isShoeHand(y) && y.no === r.no).length === ordinal,
    );
  }
  return index < 0 ? null : { ...cut, roundIndex: index };
}

const unchanged = (have: Shoe, conflict: string | null = null): ShoeMerge => ({
  shoe: have,
  added: 0,
  changed: [],
  conflict,
});

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Whether the merge changed nothing (rounds by identity: the merge reuses the board's own where they agree). */
function sameShoe(a: Shoe, b: Shoe): boolean {
  return (
    a.rounds.length === b.rounds.length &&
    a.rounds.every((r, i) => r === b.rounds[i]) &&
    a.phase === b.phase &&
    a.tableOpen === b.tableOpen &&
    a.no === b.no &&
    same(a.burn, b.burn) &&
    same(a.cutCard, b.cutCard) &&
    same(a.pendingVoidHand, b.pendingVoidHand)
  );
}

/**
 * Merges `incoming` (the same shoe, rebuilt from the controller's snapshot) into `have` (what the board shows).
 * - Not `newer` (the snapshot reflects no event the board has not applied): it adds the rounds the board lacks,
 *   and the burn, cut card or announced void hand if the board has none; with new rounds comes its phase. It
 *   never changes a hand, a phase or anything else the board has.
 * - `newer`: its hands replace the board's where they differ (a correction or void the board missed), keeping the
 *   board's own record where they agree; its phase, burn, cut card and announcement hold. A snapshot with fewer
 *   hands than the board shows is a conflict: the board keeps what it has and says so.
 * A shoe the board has ended stays ended.
 */
export function mergeShoe(
  have: Shoe,
  incoming: Shoe,
  opts: { readonly newer: boolean; readonly whole?: boolean },
): ShoeMerge {
  const haveHands = handCount(have);
  const theirHands = handCount(incoming);
  if (opts.newer) {
    if (theirHands < haveHands)
      return unchanged(have, `the table's snapshot has ${theirHands} hands; the board shows ${haveHands}`);
    const mine = new Map(have.rounds.filter(isShoeHand).map((h) => [h.no, h]));
    const myVoided = have.rounds.filter((r): r is VoidedRound => !isShoeHand(r));
    const changed: number[] = [];
    let v = 0;
    const rounds = incoming.rounds.map((r) => {
      if (!isShoeHand(r)) {
        const own = myVoided[v++];
        return own && own.no === r.no && own.voided.reason === r.voided.reason ? own : r;
      }
      const own = mine.get(r.no);
      if (!own) return r;
      if (sameRecord(own, r)) return keep(own, r);
      changed.push(r.no);
      return r;
    });
    const merged: Shoe = {
      ...incoming,
      rounds:
        rounds.length === have.rounds.length && rounds.every((r, i) => r === have.rounds[i]) ? have.rounds : rounds,
      ...(have.startedAt !== undefined && { startedAt: have.startedAt }),
      ...(have.phase === 'ended' && { phase: 'ended' as const, ...(have.endedAt && { endedAt: have.endedAt }) }),
      burn: incoming.burn ?? have.burn,
      // Rebuilt whole, a newer snapshot without a cut card says there is none: it was withdrawn (reported by
      // mistake). One rebuilt in part may have stopped before it: the board's then stands.
      cutCard:
        incoming.cutCard.drawn || opts.whole
          ? incoming.cutCard
          : (placeCut(have.cutCard, have, { ...incoming, rounds }) ?? have.cutCard),
      ...(incoming.no === undefined && have.no !== undefined && { no: have.no }),
      // An announcement ends with its round: kept while the next hand is the same (a snapshot may not carry it).
      pendingVoidHand:
        incoming.pendingVoidHand ??
        (handCount(incoming) === haveHands && incoming.rounds.length === have.rounds.length
          ? have.pendingVoidHand
          : null),
    };
    if (sameShoe(have, merged)) return unchanged(have);
    const added =
      Math.max(0, theirHands - haveHands) +
      Math.max(0, incoming.rounds.length - theirHands - (have.rounds.length - haveHands));
    return { shoe: merged, added, changed, conflict: null };
  }
  const beyond = roundsBeyond(have, incoming);
  if (beyond.length > 0 && closedReason(have))
    return unchanged(
      have,
      `the table's snapshot has rounds after the end of shoe ${have.id}, which the board has closed`,
    );
  const rounds = beyond.length > 0 ? [...have.rounds, ...beyond] : have.rounds;
  const grown: Shoe = { ...have, rounds };
  const cutCard = have.cutCard.drawn ? have.cutCard : (placeCut(incoming.cutCard, incoming, grown) ?? have.cutCard);
  const sameNext = handCount(incoming) === handCount(grown);
  const merged: Shoe = {
    ...grown,
    burn: have.burn ?? incoming.burn,
    cutCard,
    phase: beyond.length > 0 && have.phase !== 'ended' ? incoming.phase : have.phase,
    pendingVoidHand:
      beyond.length > 0
        ? incoming.pendingVoidHand
        : (have.pendingVoidHand ?? (sameNext ? incoming.pendingVoidHand : null)),
    ...(have.no === undefined && incoming.no !== undefined && { no: incoming.no }),
  };
  if (sameShoe(have, merged)) return unchanged(have);
  return { shoe: merged, added: beyond.length, changed: [], conflict: null };
}
