/**
 * The keypad's state as its page shows it ({@link KeypadView}): the shoe, the round being dealt with the slot of
 * the next card, the undo on offer, and which actions the rules allow now. Pure.
 *
 * ```ts
 * const view = keypadView(state, { tableId: 'T1', controllerId: 'ctl-T1', keying: 'cards', undoMs: 10_000, now, link });
 * view.can['bets-open']; // false while a round is dealt
 * ```
 * @packageDocumentation
 */
import { makeCard } from '../baccarat/cards';
import {
  isShoeComplete,
  isShoeHand,
  lastCoupState,
  nextHandNo,
  roadHands,
  shoeHands,
  type ShoeHand,
} from '../baccarat/shoe';
import type { VoidHandReason } from '../contract/schemas/hand';
import type { ShoeSnapshot } from '../contract/schemas/shoe';
import { announcedReason, exhausted, inRound, refusal, type KeypadState } from './keypad-state';
import type { ActionType, HandView, KeypadView, Keying, LinkView, PitView, ShoeView } from './protocol';
import { completeCoup, keyedOf, nextSlot } from './round-entry';

const ACTION_TYPES: readonly ActionType[] = [
  'open-table',
  'close-table',
  'new-shoe',
  'shuffle',
  'burn',
  'no-bet-coup',
  'void-hand',
  'bets-open',
  'no-more-bets',
  'card',
  'uncard',
  'recard',
  'cut-card',
  'result',
  'undo',
  'cancel-undo',
  'round-void',
  'end-shoe',
  'correct',
  'void-recorded',
  'withdraw-cut-card',
] satisfies readonly ActionType[];

export interface ViewContext {
  readonly tableId: string;
  readonly controllerId: string;
  readonly keying: Keying;
  readonly undoMs: number;
  readonly now: Date;
  readonly link: LinkView;
  /** The pit's open or closed, from the table's sign (null: no sign, or not readable). */
  readonly pit: PitView;
  readonly revision: number;
  readonly serial: number;
  /** The table's deck count as configured (`--decks`): a new shoe's, before the table's first. Default 8. */
  readonly decks?: number;
  /** The table's last shoe's deck count, from the broker's record, when a new journal did not carry that shoe on. */
  readonly tableDecks?: number;
  /** How long supervisors' codes stay locked (too many wrong), in ms; 0 or absent: not locked. */
  readonly supervisorLockMs?: number;
  /** The table's shoe this keypad carried on when it started on a new journal (its retained snapshot). */
  readonly adopted?: ShoeSnapshot | null;
  /** Why it did not carry the table's shoe on, when it started on a new journal and the broker retained one. */
  readonly notCarriedOn?: { readonly reason: string; readonly at: string } | null;
}

/** What the page says of a new journal's start (see `KeypadView.carriedOn`, `notCarriedOn`), while it matters. */
function startNotice(s: KeypadState, c: ViewContext): Pick<KeypadView, 'carriedOn' | 'notCarriedOn'> {
  const a = c.adopted;
  if (a && s.shoe?.id === a.shoeId && shoeHands(s.shoe).length === a.hands.length)
    return { carriedOn: { shoeNo: a.shoeNo ?? 0, hands: a.hands.length, from: a.controllerId, at: a.timestamp } };
  if (c.notCarriedOn && s.shoe === null) return { notCarriedOn: c.notCarriedOn };
  return {};
}

/**
 * The deck count offered for a new shoe: the table's last shoe's (this keypad's, else the broker's record of it), else
 * the configured count, else 8.
 */
export const newShoeDecks = (s: KeypadState, configured: number | undefined, table?: number): number =>
  s.shoe?.decks ?? table ?? configured ?? 8;

const text = (cards: readonly { rank: string; suit: string }[] | undefined) =>
  (cards ?? []).map((c) => makeCard(c as Parameters<typeof makeCard>[0]));

/** A recorded hand for the page. */
export function handView(h: ShoeHand): HandView {
  return {
    no: h.no,
    result: keyedOf(h.hand),
    ...(h.cards && { cards: { player: text(h.cards.player), banker: text(h.cards.banker) } }),
    ...(h.voidHand && { voidHand: h.voidHand.reason as VoidHandReason }),
    ...(h.corrected && { corrected: { by: h.corrected.by, at: h.corrected.at } }),
    ...(h.voided && { voided: { reason: h.voided.reason } }),
    ...(h.at !== undefined && { at: h.at }),
  };
}

function shoeView(s: KeypadState): ShoeView | null {
  const shoe = s.shoe;
  if (!shoe) return null;
  const hands = shoeHands(shoe);
  const last = lastCoupState(shoe);
  return {
    id: shoe.id,
    no: shoe.no ?? 0,
    decks: shoe.decks ?? 8,
    phase: shoe.phase,
    shuffled: s.shuffled,
    burn: shoe.burn && { card: makeCard(shoe.burn.card), count: shoe.burn.count, expected: shoe.burn.expected },
    hands: hands.map(handView),
    onRoads: roadHands(shoe).length,
    voidedRounds: shoe.rounds.flatMap((r) => (isShoeHand(r) ? [] : [{ no: r.no, reason: r.voided.reason }])),
    nextHandNo: nextHandNo(shoe),
    noBetCoups: hands.filter((h) => h.voidHand?.kind === 'noBetCoup').length,
    lastCoup:
      last.case === null || last.drawnInRound === null || last.lastRound === null
        ? null
        : {
            case: last.case,
            drawnInRound: last.drawnInRound,
            lastRound: last.lastRound,
            announced: last.announced,
            isLastRound: last.isLastRound,
          },
    complete: isShoeComplete(shoe),
    exhausted: exhausted(s),
  };
}

/** The whole view of the keypad, from its state and what the runtime knows (connection, time, settings). */
export function keypadView(s: KeypadState, c: ViewContext): KeypadView {
  const coup = completeCoup(s.entry);
  const redoHand = s.redo && s.shoe ? shoeHands(s.shoe).find((h) => h.no === s.redo?.handNo) : undefined;
  const undoUntil = s.last && new Date(Date.parse(s.last.at) + c.undoMs);
  const undo =
    s.last && undoUntil && undoUntil > c.now ? { handNo: s.last.handNo, until: undoUntil.toISOString() } : null;
  const can = Object.fromEntries(
    ACTION_TYPES.map((t) => [
      t,
      c.link.state !== 'refused' &&
        refusal(s, t) === null &&
        (t !== 'undo' || undo !== null) &&
        // By cards, a result is the cards' once the Table of Play has dealt them all (by outcome, the pad's keyed one).
        (t !== 'result' || c.keying === 'outcome' || coup !== null),
    ]),
  ) as KeypadView['can'];
  return {
    v: 1,
    revision: c.revision,
    serial: c.serial,
    tableId: c.tableId,
    controllerId: c.controllerId,
    keying: c.keying,
    undoSeconds: Math.round(c.undoMs / 1000),
    now: c.now.toISOString(),
    link: c.link,
    tableOpen: s.tableOpen === true,
    newShoeDecks: newShoeDecks(s, c.decks, c.tableDecks),
    supervisorLock: c.supervisorLockMs ? { until: new Date(c.now.getTime() + c.supervisorLockMs).toISOString() } : null,
    pit: c.pit && { open: c.pit.open, revision: c.pit.revision },
    shoe: shoeView(s),
    round:
      (inRound(s) || s.redo) && s.shoe
        ? {
            handNo: s.redo?.handNo ?? nextHandNo(s.shoe),
            voidHand: s.redo ? null : announcedReason(s),
            cards: text(s.entry),
            next: nextSlot(s.entry),
            result: coup && keyedOf(coup),
          }
        : null,
    undo,
    redo: s.redo && redoHand ? { handNo: s.redo.handNo, previous: handView(redoHand) } : null,
    can,
    ...startNotice(s, c),
  };
}
