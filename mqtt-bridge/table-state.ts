/**
 * The state of one table as the board knows it, and the pure reducer that applies one validated MQTT message
 * to it. Results are keyed by shoe id and hand number: a duplicate is ignored, a gap asks for a resync from the
 * retained snapshot, a correction replaces the hand. A message the rules refuse leaves the state untouched.
 *
 * ```ts
 * let state = emptyTableState('T1');
 * const r = applyMessage(state, { kind: 'hand', payload }, new Date().toISOString());
 * if (r.effect === 'applied') state = r.state;
 * ```
 * @packageDocumentation
 */
import { parseCard } from '../baccarat/cards';
import {
  addHand,
  announceVoidHand,
  burn,
  closeBetting,
  closeTable,
  correctHand,
  cutCardDrawn,
  endShoe,
  lastCoupState,
  type NewShoeHand,
  newShoe,
  nextHandNo,
  openBetting,
  openTable,
  type Shoe,
  shoeHands,
  voidRound,
} from '../baccarat/shoe';
import type { Result, RoadHand } from '../baccarat/types';
import type {
  CasinoSignage,
  ControllerStatus,
  HandMessage,
  ShoeSnapshot,
  TableEvent,
  TableSignage,
} from '../contract/schemas';
import { addNotice, dropNotices, type StoredNotice } from './notices';
import { shoeFromSnapshot, wireHand } from './wire';

/** Everything the board knows about its table. Immutable. */
export interface TableState {
  readonly tableId: string;
  readonly shoe: Shoe | null;
  readonly shoeNumber: number; // shoes seen since the journal began
  readonly signage: TableSignage | null;
  readonly casino: CasinoSignage | null;
  readonly controller: { readonly online: boolean; readonly id: string; readonly since: string } | null;
  readonly eventSeq: { readonly [controllerId: string]: number }; // highest event seq applied, per controller
  readonly notices: readonly StoredNotice[];
  readonly lastResultAt: string | null;
  readonly change: {
    readonly kind: 'hand' | 'correction' | 'reset' | 'signage' | 'notice';
    readonly hand?: number;
  } | null;
}

export const emptyTableState = (tableId: string): TableState => ({
  tableId,
  shoe: null,
  shoeNumber: 0,
  signage: null,
  casino: null,
  controller: null,
  eventSeq: {},
  notices: [],
  lastResultAt: null,
  change: null,
});

/** A message for the reducer: the payload kinds a board subscribes to. */
export type TableMessage =
  | { readonly kind: 'hand'; readonly payload: HandMessage }
  | { readonly kind: 'event'; readonly payload: TableEvent }
  | { readonly kind: 'shoe'; readonly payload: ShoeSnapshot }
  | { readonly kind: 'signage'; readonly payload: TableSignage }
  | { readonly kind: 'casinoSignage'; readonly payload: CasinoSignage }
  | { readonly kind: 'controllerStatus'; readonly payload: ControllerStatus };

/** What applying a message did. Only `applied` carries a new state. */
export type Applied =
  | { readonly effect: 'applied'; readonly state: TableState }
  | { readonly effect: 'duplicate'; readonly reason: string }
  | { readonly effect: 'rejected'; readonly reason: string }
  | { readonly effect: 'resync'; readonly reason: string }; // a gap: fetch the retained snapshot

const applied = (state: TableState): Applied => ({ effect: 'applied', state });
const rejected = (reason: string): Applied => ({ effect: 'rejected', reason });
const duplicate = (reason: string): Applied => ({ effect: 'duplicate', reason });
const resync = (reason: string): Applied => ({ effect: 'resync', reason });

/** Applies one message; `now` (ISO 8601) stamps notices. Never throws. */
export function applyMessage(state: TableState, msg: TableMessage, now: string): Applied {
  switch (msg.kind) {
    case 'hand':
      return applyHand(state, msg.payload, now);
    case 'event':
      return applyEvent(state, msg.payload, now);
    case 'shoe':
      return applySnapshot(state, msg.payload, now);
    case 'signage': {
      const cur = state.signage?.revision ?? -1;
      if (msg.payload.revision < cur) return duplicate(`signage revision ${msg.payload.revision} is older than ${cur}`);
      if (msg.payload.revision === cur) return duplicate(`signage revision ${cur} already shown`);
      const limits = msg.payload.limits;
      if (limits.minimum > limits.maximum)
        return rejected(`limits.minimum (${limits.minimum}) is above limits.maximum (${limits.maximum})`);
      const notices = msg.payload.tableOpen
        ? dropNotices(state.notices, ['tableClosed'])
        : state.shoe?.tableOpen === false
          ? state.notices
          : addNotice(state.notices, { kind: 'tableClosed', since: now });
      return applied({ ...state, signage: msg.payload, notices, change: { kind: 'signage' } });
    }
    case 'casinoSignage': {
      const cur = state.casino?.revision ?? -1;
      if (msg.payload.revision <= cur)
        return duplicate(`casino signage revision ${msg.payload.revision} not newer than ${cur}`);
      return applied({ ...state, casino: msg.payload, change: { kind: 'signage' } });
    }
    case 'controllerStatus': {
      const p = msg.payload;
      const online = p.state === 'online';
      const prev = state.controller;
      if (prev && prev.id === p.controllerId && prev.online === online && prev.since === p.timestamp)
        return duplicate('controller status unchanged');
      // A controller coming back online starts its event sequence again.
      const eventSeq = online ? { ...state.eventSeq, [p.controllerId]: -1 } : state.eventSeq;
      return applied({ ...state, controller: { online, id: p.controllerId, since: p.timestamp }, eventSeq });
    }
  }
}

function applyHand(state: TableState, msg: HandMessage, now: string): Applied {
  const shoe = state.shoe;
  if (!shoe || shoe.id !== msg.shoeId)
    return resync(`hand ${msg.handNo} of shoe ${msg.shoeId}, which this board has not seen start`);
  const hands = shoeHands(shoe);
  const existing = hands.find((h) => h.no === msg.handNo);
  if (existing) {
    const same =
      existing.hand.outcome === msg.outcome &&
      existing.hand.playerPoints === msg.playerPoints &&
      existing.hand.bankerPoints === msg.bankerPoints &&
      existing.at === msg.timestamp;
    return same
      ? duplicate(`hand ${msg.handNo} of shoe ${msg.shoeId} already recorded`)
      : existing.corrected
        ? duplicate(`hand ${msg.handNo} was corrected since; the earlier result is ignored`)
        : rejected(
            `hand ${msg.handNo} of shoe ${msg.shoeId} is already recorded with another result; send a correction`,
          );
  }
  const expected = nextHandNo(shoe);
  if (msg.handNo > expected) return resync(`hand ${msg.handNo} arrived but hand ${expected} is next: a gap`);
  const hand = wireHand(msg);
  if (!hand.ok) return rejected(hand.error);
  return withShoe(state, addHandKeepingPhase(shoe, hand.value), now, (s, next) => {
    let notices = dropNotices(s.notices, ['noBetsThisHand', 'noBetCoup', 'burn', 'shuffle', 'newShoe', 'roundVoid']);
    if (msg.voidHand) {
      notices = addNotice(notices, {
        kind: msg.voidHand.reason === 'no-bet-coup' ? 'noBetCoup' : 'noBetsThisHand',
        since: now,
        hand: msg.handNo,
        reason: msg.voidHand.reason,
        transient: true,
      });
    }
    return {
      ...s,
      notices: lastCoupNotices(notices, next, now),
      lastResultAt: msg.timestamp,
      change: { kind: 'hand', hand: msg.handNo },
    };
  });
}

/** A hand may arrive while bets are still open (a controller without a "no more bets" step). */
function addHandKeepingPhase(shoe: Shoe, hand: NewShoeHand): Result<Shoe> {
  const dealing = shoe.phase === 'betting' ? closeBetting(shoe) : { ok: true as const, value: shoe };
  return dealing.ok ? addHand(dealing.value, hand) : dealing;
}

function applyEvent(state: TableState, e: TableEvent, now: string): Applied {
  const last = state.eventSeq[e.controllerId] ?? -1;
  if (e.seq <= last) return duplicate(`event ${e.type} seq ${e.seq} from ${e.controllerId} already applied`);
  const seen = (s: TableState): TableState => ({ ...s, eventSeq: { ...s.eventSeq, [e.controllerId]: e.seq } });
  const shoe = state.shoe;
  if (e.type === 'shoe-start') {
    if (shoe && shoe.id === e.shoeId) return applied(seen(state));
    const started = newShoe(e.shoeId, { decks: e.decks, at: e.timestamp, tableOpen: shoe?.tableOpen ?? true });
    if (!started.ok) return rejected(started.error);
    const notices = addNotice(
      dropNotices(state.notices, ['lastCoup', 'shoeEnd', 'corrected', 'roundVoid', 'noBetsThisHand', 'noBetCoup']),
      { kind: 'newShoe', since: now, transient: true },
    );
    return applied(
      seen({ ...state, shoe: started.value, shoeNumber: state.shoeNumber + 1, notices, change: { kind: 'reset' } }),
    );
  }
  if (e.type === 'table-open' || e.type === 'table-closed') {
    const open = e.type === 'table-open';
    const next = shoe ? (open ? openTable(shoe) : closeTable(shoe)) : null;
    if (next && !next.ok) return rejected(next.error);
    const signsClosed = state.signage?.tableOpen === false;
    const notices =
      open && !signsClosed
        ? dropNotices(state.notices, ['tableClosed'])
        : open
          ? state.notices
          : addNotice(state.notices, { kind: 'tableClosed', since: now });
    return applied(seen({ ...state, shoe: next ? next.value : shoe, notices, change: { kind: 'notice' } }));
  }
  if (!shoe || shoe.id !== e.shoeId)
    return resync(`${e.type} for shoe ${e.shoeId}, which this board has not seen start`);
  const done = (r: Result<Shoe>, notices: (s: TableState, shoe: Shoe) => TableState): Applied =>
    withShoe(seen(state), r, now, notices);
  switch (e.type) {
    case 'shuffle':
      return done({ ok: true, value: shoe }, (s) => ({
        ...s,
        notices: addNotice(s.notices, { kind: 'shuffle', since: now }),
        change: { kind: 'notice' },
      }));
    case 'burn': {
      const card = parseCard(e.burn.card);
      if (!card.ok) return rejected(`burn card: ${card.error}`);
      return done(burn(shoe, card.value, e.burn.count), (s) => ({
        ...s,
        notices: addNotice(dropNotices(s.notices, ['shuffle']), {
          kind: 'burn',
          since: now,
          burn: { card: e.burn.card, count: e.burn.count },
          transient: true,
        }),
        change: { kind: 'notice' },
      }));
    }
    case 'betting-open':
      if (e.handNo !== nextHandNo(shoe))
        return resync(`betting opened for round ${e.handNo}, but ${nextHandNo(shoe)} is next`);
      return done(shoe.phase === 'betting' ? { ok: true, value: shoe } : openBetting(shoe), (s) => ({
        ...s,
        notices: dropNotices(s.notices, ['shuffle', 'corrected', 'roundVoid']),
        change: { kind: 'notice' },
      }));
    case 'no-more-bets':
      if (e.handNo !== nextHandNo(shoe))
        return resync(`no more bets for round ${e.handNo}, but ${nextHandNo(shoe)} is next`);
      return done(shoe.phase === 'dealing' ? { ok: true, value: shoe } : closeBetting(shoe), (s) => s);
    case 'cut-card':
      return done(cutCardDrawn(shoe, { firstCardOfRound: e.firstCardOfRound, handNo: e.handNo }), (s, next) => ({
        ...s,
        notices: lastCoupNotices(s.notices, next, now),
        change: { kind: 'notice' },
      }));
    case 'void-hand': {
      if (e.handNo !== nextHandNo(shoe))
        return resync(`void hand announced for round ${e.handNo}, but ${nextHandNo(shoe)} is next`);
      const kind = e.reason === 'no-bet-coup' ? 'noBetCoup' : 'noBetsThisHand';
      return done(announceVoidHand(shoe, e.reason, kind), (s) => ({
        ...s,
        notices: addNotice(s.notices, { kind, since: now, hand: e.handNo, reason: e.reason }),
        change: { kind: 'notice' },
      }));
    }
    case 'round-void':
      return done(voidRound(shoe, { no: e.handNo, reason: e.reason, at: e.timestamp }), (s, next) => ({
        ...s,
        notices: lastCoupNotices(
          addNotice(dropNotices(s.notices, ['noBetsThisHand', 'noBetCoup']), {
            kind: 'roundVoid',
            since: now,
            hand: e.handNo,
            reason: e.reason,
            transient: true,
          }),
          next,
          now,
        ),
        change: { kind: 'correction', hand: e.handNo },
      }));
    case 'correction': {
      if (e.hand.handNo !== e.handNo || e.hand.shoeId !== e.shoeId)
        return rejected(`correction of hand ${e.handNo} carries hand ${e.hand.handNo} of shoe ${e.hand.shoeId}`);
      const hand = wireHand(e.hand);
      if (!hand.ok) return rejected(`correction: ${hand.error}`);
      const cards = hand.value.cards;
      return done(
        correctHand(shoe, e.handNo, hand.value.hand, { by: e.by, at: e.timestamp, ...(cards ? { cards } : {}) }),
        (s) => ({
          ...s,
          notices: addNotice(s.notices, { kind: 'corrected', since: now, hand: e.handNo, by: e.by, transient: true }),
          change: { kind: 'correction', hand: e.handNo },
        }),
      );
    }
    case 'shoe-end':
      return done(shoe.phase === 'ended' ? { ok: true, value: shoe } : endShoe(shoe, e.timestamp), (s) => ({
        ...s,
        notices: addNotice(dropNotices(s.notices, ['lastCoup']), { kind: 'shoeEnd', since: now }),
        change: { kind: 'notice' },
      }));
  }
}

function applySnapshot(state: TableState, snap: ShoeSnapshot, now: string): Applied {
  const shoe = state.shoe;
  if (shoe && shoe.id === snap.shoeId) {
    const have = shoeHands(shoe).length;
    if (snap.hands.length < have)
      return duplicate(`snapshot of shoe ${snap.shoeId} has ${snap.hands.length} hands, the board ${have}`);
  }
  const rebuilt = shoeFromSnapshot(snap);
  if (!rebuilt.ok) return rejected(rebuilt.error);
  let next = shoe && shoe.tableOpen === false ? { ...rebuilt.value, tableOpen: false } : rebuilt.value;
  if (shoe && shoe.id === snap.shoeId) next = { ...next, rounds: keepRecords(shoe, next) };
  if (shoe && shoe.id === snap.shoeId && sameShoe(shoe, next)) {
    return duplicate(`snapshot of shoe ${snap.shoeId} adds nothing`);
  }
  const newShoeSeen = !shoe || shoe.id !== snap.shoeId;
  const eventSeq = {
    ...state.eventSeq,
    [snap.controllerId]: Math.max(state.eventSeq[snap.controllerId] ?? -1, snap.seq),
  };
  const notices = lastCoupNotices(
    newShoeSeen ? dropNotices(state.notices, ['lastCoup', 'shoeEnd', 'corrected', 'roundVoid']) : state.notices,
    next,
    now,
  );
  const withEnd =
    next.phase === 'ended' ? addNotice(dropNotices(notices, ['lastCoup']), { kind: 'shoeEnd', since: now }) : notices;
  return applied({
    ...state,
    shoe: next,
    shoeNumber: newShoeSeen ? state.shoeNumber + 1 : state.shoeNumber,
    eventSeq,
    notices: withEnd,
    lastResultAt: snap.hands[snap.hands.length - 1]?.timestamp ?? state.lastResultAt,
    change: { kind: 'reset' },
  });
}

/**
 * A snapshot carries results, not their history: where it agrees with a hand the board has, the board's own
 * record of that hand (who corrected it and when, its time) is kept.
 */
function keepRecords(have: Shoe, next: Shoe): Shoe['rounds'] {
  const mine = new Map(shoeHands(have).map((h) => [h.no, h]));
  return next.rounds.map((round) => {
    if (!('hand' in round)) return round;
    const own = mine.get(round.no);
    return own && !own.voided && sameResult(own.hand, round.hand) && !!own.voidHand === !!round.voidHand ? own : round;
  });
}

const sameResult = (a: RoadHand, b: RoadHand): boolean =>
  a.outcome === b.outcome &&
  a.playerPoints === b.playerPoints &&
  a.bankerPoints === b.bankerPoints &&
  a.playerPair === b.playerPair &&
  a.bankerPair === b.bankerPair &&
  a.natural === b.natural;

function sameShoe(a: Shoe, b: Shoe): boolean {
  return (
    JSON.stringify(a.rounds) === JSON.stringify(b.rounds) && a.phase === b.phase && a.cutCard.drawn === b.cutCard.drawn
  );
}

/** "Last coup" shows from the moment it is announced (rule 11.2 a: at once; b: after the round) to shoe end. */
function lastCoupNotices(notices: readonly StoredNotice[], shoe: Shoe, now: string): readonly StoredNotice[] {
  const lc = lastCoupState(shoe);
  if (!lc.announced || shoe.phase === 'ended') return dropNotices(notices, ['lastCoup']);
  if (notices.some((n) => n.kind === 'lastCoup')) return notices;
  return addNotice(notices, {
    kind: 'lastCoup',
    since: now,
    ...(lc.lastRound !== null ? { hand: lc.lastRound } : {}),
    ...(lc.case ? { lastCoupCase: lc.case } : {}),
  });
}

function withShoe(
  state: TableState,
  r: Result<Shoe>,
  _now: string,
  then: (s: TableState, shoe: Shoe) => TableState,
): Applied {
  if (!r.ok) return rejected(r.error);
  return applied(then({ ...state, shoe: r.value }, r.value));
}
