/**
 * The notices of a table. They start and end with what happens at the table, never with a timer: a notice about a
 * round ends when the next round begins, every notice about a shoe ends when another shoe is shown, and "Table
 * closed" ends when the table opens. Most are read from the change of the shoe itself ({@link noticesAfter}), so a
 * board that learns of a change from an event and one that learns of it from the snapshot show the same.
 *
 * ```ts
 * const notices = noticesAfter(state.notices, before, after, now); // e.g. a hand: the round's notices end
 * sortedNotices(notices);                                         // most important first, for the board
 * ```
 * @packageDocumentation
 */
import {
  isShoeComplete,
  isShoeHand,
  lastCoupState,
  nextHandNo,
  shoeHands,
  type Shoe,
  type ShoeHand,
  type VoidedRound,
} from '../baccarat/shoe';
import type { Notice, NoticeKind } from '../contract/kiosk';

/** A notice as kept in the state (the same as shown). */
export type StoredNotice = Notice;

/** Adds a notice, replacing one of the same kind. */
export function addNotice(notices: readonly StoredNotice[], notice: StoredNotice): readonly StoredNotice[] {
  return [...notices.filter((n) => n.kind !== notice.kind), notice];
}

/** Removes notices of the given kinds (the same array when there are none, so unchanged state stays identical). */
export function dropNotices(notices: readonly StoredNotice[], kinds: readonly NoticeKind[]): readonly StoredNotice[] {
  return notices.some((n) => kinds.includes(n.kind)) ? notices.filter((n) => !kinds.includes(n.kind)) : notices;
}

/** Notices about the shoe being prepared: each replaces the one before, and the first round ends them. */
const PREPARATION: readonly NoticeKind[] = ['newShoe', 'shuffle', 'burn'];
/** Notices about one round: they end when the next round begins. */
const ROUND: readonly NoticeKind[] = [
  'noBetsThisHand',
  'noBetCoup',
  'roundVoid',
  'corrected',
  'cutCardWithdrawn',
  ...PREPARATION,
];
/** Every notice about a shoe: another shoe ends them. */
const SHOE: readonly NoticeKind[] = [...ROUND, 'lastCoup', 'shoeEnd'];

/** The prep notice for a shuffle (the one prep step the shoe itself does not record). */
export const shuffleNotice = (notices: readonly StoredNotice[], now: string): readonly StoredNotice[] =>
  addNotice(dropNotices(notices, PREPARATION), { kind: 'shuffle', since: now });

const active = (s: Shoe | null): boolean => s !== null && (s.phase === 'betting' || s.phase === 'dealing');

/** Whether a new round began between `a` and `b` (same shoe): a result, a voided round, bets opened or dealing. */
function roundBegan(a: Shoe, b: Shoe): boolean {
  return (
    b.rounds.length > a.rounds.length ||
    (!active(a) && active(b)) ||
    (b.pendingVoidHand !== null && a.pendingVoidHand === null)
  );
}

const VOID_NOTICE = { noBetsThisHand: 'noBetsThisHand', noBetCoup: 'noBetCoup' } as const;

/**
 * The notices after the shoe went from `before` to `after` at `now`: another shoe clears every shoe notice and
 * shows NEW SHOE; a new round ends the round's notices; then what the new shoe says is added: the announced void
 * hand, a voided round or hand, a corrected hand, the burn, LAST COUP (rule 11.2, from its announcement), the
 * shoe's end.
 */
export function noticesAfter(
  notices: readonly StoredNotice[],
  before: Shoe | null,
  after: Shoe | null,
  now: string,
): readonly StoredNotice[] {
  if (!after) return dropNotices(notices, SHOE);
  let out = notices;
  if (!before || before.id !== after.id) {
    out = dropNotices(out, SHOE);
    if (after.rounds.length === 0 && after.phase !== 'ended') out = addNotice(out, { kind: 'newShoe', since: now });
    before = null;
  } else if (roundBegan(before, after)) {
    const announced = after.pendingVoidHand && VOID_NOTICE[after.pendingVoidHand.kind];
    out = dropNotices(
      out,
      ROUND.filter((k) => k !== announced),
    );
  }
  out = voidNotices(out, before, after, now);
  out = correctionNotices(out, before, after, now);
  if (after.burn && !before?.burn && after.rounds.length === 0)
    out = addNotice(dropNotices(out, PREPARATION), {
      kind: 'burn',
      since: now,
      burn: { card: `${after.burn.card.rank}${after.burn.card.suit}`, count: after.burn.count },
    });
  out = lastCoupNotices(out, after, now);
  out = withdrawalNotices(out, before, after, now);
  if (after.phase === 'ended' && !out.some((n) => n.kind === 'shoeEnd'))
    out = addNotice(dropNotices(out, ['lastCoup', ...PREPARATION]), { kind: 'shoeEnd', since: now });
  return out;
}

/** "No bets this hand" while announced; ROUND VOID for a round voided in this change (while dealt, or afterwards). */
function voidNotices(
  notices: readonly StoredNotice[],
  before: Shoe | null,
  after: Shoe,
  now: string,
): readonly StoredNotice[] {
  let out = notices;
  const pending = after.pendingVoidHand;
  if (pending) {
    const kind = VOID_NOTICE[pending.kind];
    const shown = out.find((n) => n.kind === kind);
    if (!shown || shown.hand !== nextHandNo(after))
      out = addNotice(out, { kind, since: now, hand: nextHandNo(after), reason: pending.reason });
  } else out = dropNotices(out, ['noBetsThisHand', 'noBetCoup']);
  const last = after.rounds.at(-1);
  const grew = after.rounds.length > (before?.rounds.length ?? 0);
  if (before && grew && last && !isShoeHand(last)) return addVoided(out, last, now);
  const wasVoided = new Set(
    before
      ? shoeHands(before)
          .filter((h) => h.voided)
          .map((h) => h.no)
      : [],
  );
  const newlyVoided = before ? shoeHands(after).filter((h) => h.voided && !wasVoided.has(h.no)) : [];
  const latest = newlyVoided.at(-1);
  return latest ? addVoided(out, latest, now) : out;
}

const addVoided = (notices: readonly StoredNotice[], r: VoidedRound | ShoeHand, now: string) =>
  addNotice(notices, { kind: 'roundVoid', since: now, hand: r.no, reason: r.voided!.reason });

/** CORRECTED for a hand whose correction is new in this change (the newest, if several). */
function correctionNotices(
  notices: readonly StoredNotice[],
  before: Shoe | null,
  after: Shoe,
  now: string,
): readonly StoredNotice[] {
  if (!before) return notices;
  const old = new Map(shoeHands(before).map((h) => [h.no, h]));
  let newest: ShoeHand | null = null;
  for (const h of shoeHands(after)) {
    const was = old.get(h.no);
    if (!was || !h.corrected || h.corrected === was.corrected) continue;
    if (was.corrected && was.corrected.at === h.corrected.at && was.corrected.by === h.corrected.by) continue;
    if (!newest || h.corrected.at >= newest.corrected!.at) newest = h;
  }
  return newest
    ? addNotice(notices, { kind: 'corrected', since: now, hand: newest.no, by: newest.corrected!.by })
    : notices;
}

/**
 * "Last coup" shows from the moment it is announced (rule 11.2 a: at once; b: after the round) to shoe end. Once the
 * last coup is recorded, played or voided (the core counts rounds, see `lastCoupState`), it says so (`dealt`), so
 * the board no longer promises a hand to come while the dealer has yet to end the shoe.
 */
function lastCoupNotices(notices: readonly StoredNotice[], shoe: Shoe, now: string): readonly StoredNotice[] {
  const lc = lastCoupState(shoe);
  if (!lc.announced || shoe.phase === 'ended') return dropNotices(notices, ['lastCoup']);
  const dealt = isShoeComplete(shoe);
  const shown = notices.find((n) => n.kind === 'lastCoup');
  if (shown && (shown.dealt ?? false) === dealt && shown.hand === (lc.lastRound ?? undefined)) return notices;
  return addNotice(notices, {
    kind: 'lastCoup',
    since: now,
    ...(lc.lastRound !== null ? { hand: lc.lastRound } : {}),
    ...(lc.case ? { lastCoupCase: lc.case } : {}),
    ...(dealt ? { dealt } : {}),
  });
}

/**
 * CUT CARD WITHDRAWN when a cut card keyed by mistake goes in this change (its event, or a snapshot without it): the
 * patrons saw LAST COUP go, and are told why. It ends with the next round, or a cut card keyed again.
 */
function withdrawalNotices(
  notices: readonly StoredNotice[],
  before: Shoe | null,
  after: Shoe,
  now: string,
): readonly StoredNotice[] {
  if (after.cutCard.drawn || after.phase === 'ended') return dropNotices(notices, ['cutCardWithdrawn']);
  if (!before?.cutCard.drawn) return notices;
  return addNotice(notices, { kind: 'cutCardWithdrawn', since: now, hand: before.cutCard.handNo });
}

/** The notices to show, most important first. */
export function sortedNotices(notices: readonly StoredNotice[]): Notice[] {
  return [...notices].sort((a, b) => PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind));
}

const PRIORITY: readonly NoticeKind[] = [
  'tableClosed',
  'roundVoid',
  'noBetsThisHand',
  'noBetCoup',
  'lastCoup',
  'shoeEnd',
  'cutCardWithdrawn',
  'corrected',
  'shuffle',
  'burn',
  'newShoe',
];
