import { describe, expect, test } from 'vitest';
import { parseCards } from '../baccarat/cards';
import {
  addHand,
  announceVoidHand,
  burn,
  closeBetting,
  correctHand,
  cutCardDrawn,
  endShoe,
  isShoeComplete,
  lastCoupState,
  newShoe,
  isShoeHand,
  openBetting,
  voidRound,
  type HandCards,
  type Shoe,
} from '../baccarat/shoe';
import { resolveCoup } from '../baccarat/table-of-play';
import type { Card, Result } from '../baccarat/types';
import { parseMessage } from '../contract/mqtt';
import type { HandMessage } from '../contract/schemas/hand';
import type { TableEvent } from '../contract/schemas/event';
import type { ShoeSnapshot } from '../contract/schemas/shoe';
import { applyMessage, emptyTableState, type TableMessage, type TableState } from '../mqtt-bridge/table-state';
import { shoeFromSnapshot } from '../mqtt-bridge/wire';
import { chaosTableOptions } from './chaos';
import { dealShoe, simulateTable, stackedShoe, type TableOptions } from './dealer';
import { checkHandMessage, controllerStatusMessage, createMessenger, type Outgoing } from './messages';

const FIXED_TIME = '2024-11-22T14:00:00.000Z';
const messagesOf = (options: TableOptions, seqStart = 0): Outgoing[] => {
  const m = createMessenger({ controllerId: 'ctl-T1', seqStart, now: () => FIXED_TIME });
  return [...simulateTable(options)].flatMap((step) => m.messagesFor(step));
};
const events = (messages: Outgoing[]): TableEvent[] => messages.flatMap((m) => (m.kind === 'event' ? [m.payload] : []));
const hands = (messages: Outgoing[]): HandMessage[] => messages.flatMap((m) => (m.kind === 'hand' ? [m.payload] : []));
const snapshots = (messages: Outgoing[]): ShoeSnapshot[] =>
  messages.flatMap((m) => (m.kind === 'shoe' ? [m.payload] : []));

const RICH: TableOptions = { seed: 'rich', shoes: 3, irregularities: 0.05, noBetCoups: true };

describe('the message stream', () => {
  test('is deterministic: the same seed gives identical messages, another seed different ones', () => {
    const a = messagesOf(RICH).map((m) => m.text);
    expect(messagesOf(RICH).map((m) => m.text)).toEqual(a);
    expect(messagesOf({ ...RICH, seed: 'other' }).map((m) => m.text)).not.toEqual(a);
  });

  test("every payload passes the contract's parse and reads back as what was made", () => {
    const all = messagesOf(RICH);
    expect(all.length).toBeGreaterThan(1000);
    for (const m of all) {
      const parsed = parseMessage(m.kind, m.text);
      expect(parsed, m.text).toMatchObject({ ok: true });
      if (parsed.ok) expect(parsed.value).toEqual(m.payload);
    }
  });

  test('every hand published passes checkResult: with its cards, or without them for a mis-keyed one', () => {
    const all = messagesOf({ seed: 'hands', shoes: 50, irregularities: 0.05, noBetCoups: true });
    const published = [...hands(all), ...events(all).flatMap((e) => (e.type === 'correction' ? [e.hand] : []))];
    expect(published.length).toBeGreaterThan(50 * 70);
    for (const h of published) expect(checkHandMessage(h), JSON.stringify(h)).toMatchObject({ ok: true });
    expect(published.filter((h) => !h.cards).length).toBeGreaterThan(0);
  });

  test('event seq rises strictly from seqStart; each snapshot carries the seq of the last event', () => {
    const all = messagesOf(RICH, 1_700_000_000_000_000);
    const seqs = events(all).map((e) => e.seq);
    expect(seqs[0]).toBe(1_700_000_000_000_000);
    seqs.forEach((s, i) => i > 0 && expect(s).toBe((seqs[i - 1] ?? 0) + 1));
    let lastSeq = -1;
    for (const m of all) {
      if (m.kind === 'event') lastSeq = m.payload.seq;
      if (m.kind === 'shoe') expect(m.payload.seq).toBe(lastSeq);
    }
  });

  test('resumed from its snapshot at any step (a spare keypad carrying the shoe on), a second messenger says what the first would have', () => {
    const steps = [...simulateTable({ seed: 'resume', shoes: 1, irregularities: 0.05, noBetCoups: true })];
    const whole = createMessenger({ controllerId: 'ctl-T1', seqStart: 100, now: () => FIXED_TIME });
    const all = steps.map((step) => whole.messagesFor(step).map((m) => m.text));
    for (const at of [3, 20, 57, steps.length - 2]) {
      const first = createMessenger({ controllerId: 'ctl-T1', seqStart: 100, now: () => FIXED_TIME });
      for (const step of steps.slice(0, at)) first.messagesFor(step);
      const resume = first.snapshot()!;
      const spare = createMessenger({
        controllerId: 'ctl-T1',
        seqStart: resume.seq + 1,
        now: () => FIXED_TIME,
        resume,
      });
      expect(spare.snapshotMessage()?.payload).toEqual(resume);
      expect(steps.slice(at).map((step) => spare.messagesFor(step).map((m) => m.text))).toEqual(all.slice(at));
    }
  });

  test('the snapshot follows the shoe: hands 1..n, phase, burn, cut card and last coup; one per change', () => {
    const all = messagesOf({ seed: 'snap', shoes: 1 });
    const last = snapshots(all).at(-1);
    const end = events(all).find((e) => e.type === 'shoe-end');
    const cut = events(all).find((e) => e.type === 'cut-card');
    expect(last).toMatchObject({ phase: 'ended', voidedRounds: [] });
    expect(last?.hands).toHaveLength(end?.type === 'shoe-end' ? end.handCount : -1);
    expect(last?.hands).toEqual(hands(all));
    expect(last?.burn?.count).toBeGreaterThan(0);
    if (cut?.type !== 'cut-card') throw new Error('no cut card');
    expect(last?.cutCard).toEqual({
      handNo: cut.handNo,
      firstCardOfRound: cut.firstCardOfRound,
      timestamp: cut.timestamp, // when it came out: it tells a round voided after it (mqtt-bridge/cut-card-void.test.ts)
    });
    expect(last?.lastCoupHandNo).toBe(cut.firstCardOfRound ? cut.handNo : cut.handNo + 1);
    // After every event and every hand (table open/closed aside), a snapshot.
    all.forEach((m, i) => {
      const isTableEvent = m.kind === 'event' && (m.payload.type === 'table-open' || m.payload.type === 'table-closed');
      if (m.kind !== 'shoe' && !isTableEvent) expect(all[i + 1]?.kind).toBe('shoe');
    });
    const phases = snapshots(all).map((s) => s.phase);
    expect(new Set(phases)).toEqual(new Set(['shuffling', 'betting', 'dealing', 'waiting', 'ended']));
  });

  test.each([4, 6, 8])('%i-deck shoes: the snapshot says so, and the cut card and the shoe end still hold', (decks) => {
    for (let seed = 0; seed < 8; seed++) {
      const all = messagesOf({ seed: `decks-${seed}`, shoes: 1, decks });
      const start = events(all).find((e) => e.type === 'shoe-start');
      expect(start).toMatchObject({ decks, shoeNo: 1 });
      expect(snapshots(all).every((s) => s.decks === decks)).toBe(true);
      const last = snapshots(all).at(-1);
      const cut = events(all).flatMap((e) => (e.type === 'cut-card' ? [e] : []));
      expect(cut).toHaveLength(1);
      expect(last).toMatchObject({ phase: 'ended', cutCard: { handNo: cut[0]?.handNo }, voidedRounds: [] });
      expect(last?.lastCoupHandNo).toBe(last?.hands.length);
      // About 9.5 cards per 2 rounds: a 4-deck shoe of 208 cards has some 38 to 42 hands, an 8-deck one 76 to 84.
      expect(last?.hands.length).toBeGreaterThan(decks * 8.5);
      expect(last?.hands.length).toBeLessThan(decks * 11);
    }
    const shoes = replay(messagesOf({ seed: `decks`, shoes: 3, decks }));
    expect(shoes.map((s) => s.decks)).toEqual([decks, decks, decks]);
  });

  test('a correction: the keyed hand without cards, then the event by supervisor-<name> with the true hand', () => {
    const all = messagesOf({ seed: 'fix', shoes: 1, irregularities: { misKey: 1 } });
    const corrections = events(all).filter((e) => e.type === 'correction');
    expect(corrections.length).toBeGreaterThan(60);
    for (const c of corrections) {
      const wrong = hands(all).find((h) => h.handNo === c.handNo);
      expect(wrong?.cards).toBeUndefined();
      expect(c.by).toMatch(/^supervisor-/);
      expect(c.hand.cards).toBeDefined();
      expect(c.hand.outcome).not.toBe(wrong?.outcome);
      expect(c.hand.timestamp).toBe(wrong?.timestamp);
    }
    const final = snapshots(all).at(-1);
    expect(final?.hands.every((h) => h.cards !== undefined)).toBe(true);
  });

  test('a void hand: the void-hand event, then the hand with voidHand.reason; a round void lands in voidedRounds', () => {
    const m = createMessenger({ controllerId: 'ctl-T1', now: () => FIXED_TIME });
    const cards = parseCards('2S 7D 7C 9H KS KD KC 9H KS KD KC 9H KS');
    if (!cards.ok) throw new Error(cards.error);
    const steps = [
      ...dealShoe(stackedShoe(cards.value, 99), { shoeId: 'S1', options: { irregularities: { exposedCard: 1 } } }),
    ];
    const all = steps.flatMap((s) => m.messagesFor(s));
    const types = all.flatMap((o) => (o.kind === 'event' ? [o.payload.type] : o.kind === 'hand' ? ['hand'] : []));
    expect(types).toEqual([
      'shoe-start',
      'shuffle',
      'burn',
      'void-hand',
      'hand',
      'void-hand',
      'hand',
      'void-hand',
      'round-void',
      'shoe-end',
    ]);
    expect(hands(all).map((h) => h.voidHand)).toEqual([
      { reason: 'first-card-face-up' },
      { reason: 'first-card-face-up' },
    ]);
    expect(m.snapshot()?.voidedRounds).toEqual([{ handNo: 3, reason: 'insufficient-cards', timestamp: FIXED_TIME }]);
  });

  test('a hand declared void afterwards: round-void for the recorded hand, marked voided in the snapshot', () => {
    const all = messagesOf({ seed: 'after', shoes: 1, irregularities: { voidAfter: 0.1 } });
    const voids = events(all).flatMap((e) => (e.type === 'round-void' ? [e] : []));
    expect(voids.length).toBeGreaterThan(2);
    const last = snapshots(all).at(-1);
    for (const v of voids) {
      expect(v.reason).toBe('cannot-reconstruct');
      expect(hands(all).some((h) => h.handNo === v.handNo)).toBe(true); // recorded before it was declared void
      expect(last?.hands[v.handNo - 1]).toMatchObject({
        voided: { reason: 'cannot-reconstruct', timestamp: v.timestamp },
      });
    }
    expect(last?.hands.filter((h) => h.voided)).toHaveLength(voids.length);
    expect(last?.voidedRounds).toEqual([]); // voidedRounds is for rounds void without a result
    expect(hands(all).map((h) => h.handNo)).toEqual(hands(all).map((_, i) => i + 1)); // no number skipped or reused
  });

  test('a foreign card: round-void while dealt, in voidedRounds, and the next hand reuses the number', () => {
    const all = messagesOf({ seed: 'foreign', shoes: 1, irregularities: { foreignCard: 0.1 } });
    const voids = events(all).flatMap((e) => (e.type === 'round-void' ? [e] : []));
    expect(voids.length).toBeGreaterThan(2);
    expect(voids.every((v) => v.reason === 'foreign-card')).toBe(true);
    const last = snapshots(all).at(-1);
    expect(last?.voidedRounds).toEqual(voids.map(({ handNo, reason, timestamp }) => ({ handNo, reason, timestamp })));
    for (const v of voids) {
      const i = all.findIndex((m) => m.payload === v);
      const next = all
        .slice(i)
        .find((m) => m.kind === 'hand' || (m.kind === 'event' && m.payload.type === 'betting-open'));
      expect(next?.payload).toMatchObject({ handNo: v.handNo });
    }
    expect(last?.hands.every((h) => !h.voided)).toBe(true);
  });

  test('a card dealt out of turn: void-hand card-out-of-turn, then the hand with that voidHand.reason', () => {
    const all = messagesOf({ seed: 'turn', shoes: 1, irregularities: { outOfTurn: 0.1 } });
    const announced = events(all).flatMap((e) => (e.type === 'void-hand' ? [e] : []));
    expect(announced.length).toBeGreaterThan(2);
    for (const a of announced) {
      expect(a.reason).toBe('card-out-of-turn');
      expect(hands(all).find((h) => h.handNo === a.handNo)?.voidHand).toEqual({ reason: 'card-out-of-turn' });
    }
  });

  test('a controller that sends no betting events: none published, the rest unchanged, never a betting phase', () => {
    const options: TableOptions = { ...RICH, shoes: 1 };
    const withBets = messagesOf(options);
    const m = createMessenger({ controllerId: 'ctl-T1', now: () => FIXED_TIME, bettingEvents: false });
    const silent = [...simulateTable(options)].flatMap((step) => m.messagesFor(step));
    const types = new Set(events(silent).map((e) => e.type));
    expect(types.has('betting-open') || types.has('no-more-bets')).toBe(false);
    expect(types).toContain('void-hand');
    expect(hands(silent)).toEqual(hands(withBets));
    expect(new Set(snapshots(silent).map((s) => s.phase))).toEqual(
      new Set(['shuffling', 'waiting', 'dealing', 'ended']),
    );
    // Phase after each message: a void hand announced is dealt, a result is waiting for the next round.
    silent.forEach((o, i) => {
      const next = silent[i + 1];
      if (next?.kind !== 'shoe') return;
      if (o.kind === 'hand') expect(next.payload.phase).toBe('waiting');
      if (o.kind === 'event' && o.payload.type === 'void-hand') expect(next.payload.phase).toBe('dealing');
    });
    expect(snapshots(silent).at(-1)?.hands).toEqual(snapshots(withBets).at(-1)?.hands);
  });

  test('controller status: online and offline (the last will) pass the contract', () => {
    for (const state of ['online', 'offline'] as const) {
      const s = controllerStatusMessage(state, 'ctl-T1', '0.1.0', FIXED_TIME);
      expect(parseMessage('controllerStatus', s.text)).toMatchObject({ ok: true, value: { state } });
    }
  });

  test('controller status: tableOpen when the controller says it (online, or its goodbye; never the will)', () => {
    const online = controllerStatusMessage('online', 'ctl-T1', '0.1.0', FIXED_TIME, false);
    expect(parseMessage('controllerStatus', online.text)).toMatchObject({ ok: true, value: { tableOpen: false } });
    const bye = controllerStatusMessage('offline', 'ctl-T1', '0.1.0', FIXED_TIME, true);
    expect(parseMessage('controllerStatus', bye.text)).toMatchObject({ ok: true, value: { tableOpen: true } });
    // The will (controller-link.ts) passes none: it is fixed at connect time.
    expect(controllerStatusMessage('offline', 'ctl-T1', '0.1.0', FIXED_TIME).payload).not.toHaveProperty('tableOpen');
    expect(controllerStatusMessage('online', 'ctl-T1', '0.1.0', FIXED_TIME).payload).not.toHaveProperty('tableOpen');
  });
});

/**
 * Replays a message stream into the core's shoe model, the way a board would: every transition must be accepted.
 * `completeAtEnd` gets, per shoe, whether the core saw it complete (rule 11.2) when the shoe-end came.
 */
function replay(all: Outgoing[], completeAtEnd: boolean[] = []): Shoe[] {
  const done: Shoe[] = [];
  let shoe: Shoe | null = null;
  const apply = (r: Result<Shoe, string>, what: string): void => {
    if (!r.ok) throw new Error(`${what}: ${r.error}`);
    shoe = r.value;
  };
  const cardsOf = (h: HandMessage): HandCards | undefined => {
    if (!h.cards) return undefined;
    const read = (texts: readonly string[]): Card[] => {
      const r = parseCards(texts);
      if (!r.ok) throw new Error(r.error);
      return r.value;
    };
    return { player: read(h.cards.player), banker: read(h.cards.banker) };
  };
  const roadHand = (h: HandMessage) => ({
    outcome: h.outcome,
    playerPoints: h.playerPoints,
    bankerPoints: h.bankerPoints,
    playerPair: h.playerPair,
    bankerPair: h.bankerPair,
    natural: h.natural,
  });
  for (const m of all) {
    if (m.kind === 'hand') {
      const h = m.payload;
      const cards = cardsOf(h);
      if (!shoe) throw new Error('hand before shoe start');
      apply(addHand(shoe, { no: h.handNo, hand: roadHand(h), ...(cards && { cards }) }), `hand ${h.handNo}`);
      continue;
    }
    if (m.kind !== 'event') continue;
    const e = m.payload;
    if (e.type === 'shoe-start') {
      apply(newShoe(e.shoeId, { decks: e.decks, ...(e.shoeNo !== undefined && { no: e.shoeNo }) }), 'shoe-start');
      continue;
    }
    if (e.type === 'table-open' || e.type === 'table-closed' || e.type === 'shuffle') continue;
    const s = shoe as Shoe | null;
    if (!s) throw new Error(`${e.type} before shoe start`);
    switch (e.type) {
      case 'burn': {
        const card = parseCards([e.burn.card]);
        if (!card.ok || !card.value[0]) throw new Error('burn card');
        apply(burn(s, card.value[0], e.burn.count), 'burn');
        break;
      }
      case 'betting-open':
        apply(openBetting(s), `betting-open ${e.handNo}`);
        break;
      case 'no-more-bets':
        apply(closeBetting(s), `no-more-bets ${e.handNo}`);
        break;
      case 'void-hand':
        apply(announceVoidHand(s, e.reason, e.reason === 'no-bet-coup' ? 'noBetCoup' : 'noBetsThisHand'), 'void-hand');
        break;
      case 'cut-card':
        apply(cutCardDrawn(s, { firstCardOfRound: e.firstCardOfRound, handNo: e.handNo }), 'cut-card');
        break;
      case 'correction': {
        const cards = cardsOf(e.hand);
        apply(
          correctHand(s, e.handNo, roadHand(e.hand), { by: e.by, at: e.timestamp, ...(cards && { cards }) }),
          'correction',
        );
        break;
      }
      case 'round-void': // the round being dealt, or a recorded hand declared void afterwards
        apply(voidRound(s, { no: e.handNo, reason: e.reason, at: e.timestamp }), 'round-void');
        break;
      case 'shoe-end':
        completeAtEnd.push(isShoeComplete(s));
        apply(endShoe(s, e.timestamp), 'shoe-end');
        if (shoe) done.push(shoe);
        break;
    }
  }
  return done;
}

describe("the stream replays into the core's shoe model without a refusal", () => {
  test('3 shoes with every irregularity and no-bet coups', () => {
    const shoes = replay(messagesOf(RICH));
    expect(shoes).toHaveLength(3);
    for (const s of shoes) {
      expect(s.phase).toBe('ended');
      expect(s.rounds.filter((r) => 'hand' in r && r.voidHand?.kind === 'noBetCoup')).toHaveLength(3);
    }
  });

  test('rule 11.2 agrees with the core: its last round is the last hand dealt', () => {
    const all = messagesOf({ seed: 'agree', shoes: 10 });
    const complete: boolean[] = [];
    const shoes = replay(all, complete);
    expect(shoes).toHaveLength(10);
    expect(complete.every(Boolean)).toBe(true);
    for (const s of shoes) {
      const state = lastCoupState(s);
      expect(state.lastRound).toBe(s.rounds.length);
      expect(state.announced).toBe(true);
    }
  });

  test('shoes run out by an overlooked cut card end with a void round the core accepts', () => {
    const complete: boolean[] = [];
    const shoes = replay(messagesOf({ seed: 'out', shoes: 6, irregularities: { cutCardMissed: 1 } }), complete);
    expect(shoes.some((s) => s.rounds.some((r) => !('hand' in r)))).toBe(true);
    expect(complete.some(Boolean)).toBe(false); // no cut card, so no last coup: the cards ran out
  });
});

/** What a board shows of a shoe, to compare two boards: the correction's earlier result is the board's own. */
const shown = (shoe: Shoe) => ({
  id: shoe.id,
  no: shoe.no,
  decks: shoe.decks,
  startedAt: shoe.startedAt,
  tableOpen: shoe.tableOpen,
  burn: shoe.burn,
  cutCard: shoe.cutCard,
  pendingVoidHand: shoe.pendingVoidHand,
  rounds: shoe.rounds.map((r) =>
    isShoeHand(r)
      ? {
          no: r.no,
          hand: r.hand,
          cards: r.cards,
          at: r.at,
          voidHand: r.voidHand,
          voided: r.voided,
          corrected: r.corrected && { by: r.corrected.by, at: r.corrected.at, note: r.corrected.note },
        }
      : r,
  ),
});

/** A clock that ticks a second per reading, so that every event, hand and snapshot has its own time. */
const tickingClock = (): (() => string) => {
  let t = Date.parse(FIXED_TIME);
  return () => new Date((t += 1000)).toISOString();
};

/**
 * Feeds a run's messages to two boards, one that applies every hand and event and one that also takes every
 * snapshot, and after each snapshot compares both with a board that rebuilds from that snapshot alone.
 */
function boardsAgree(options: TableOptions, bettingEvents = true): { snapshots: number } {
  const m = createMessenger({ controllerId: 'ctl-T1', seqStart: 1_000, now: tickingClock(), bettingEvents });
  let events: TableState = emptyTableState('T1'); // hands and events only: the fast path
  let every: TableState = emptyTableState('T1'); // every message, snapshots included
  let count = 0;
  const apply = (state: TableState, message: TableMessage, ok: readonly string[]): TableState => {
    const r = applyMessage(state, message, FIXED_TIME);
    expect(ok, `${message.kind} ${JSON.stringify(message.payload)}: ${JSON.stringify(r)}`).toContain(r.effect);
    return r.effect === 'applied' ? r.state : state;
  };
  for (const step of simulateTable(options)) {
    for (const o of m.messagesFor(step)) {
      const message = { kind: o.kind, payload: o.payload } as TableMessage;
      if (o.kind !== 'shoe') events = apply(events, message, ['applied']);
      every = apply(every, message, ['applied', 'duplicate']);
      if (o.kind !== 'shoe') continue;
      const rebuilt = shoeFromSnapshot(o.payload);
      if (!rebuilt.ok) throw new Error(rebuilt.error);
      expect(rebuilt.value.problem).toBeNull();
      const expected = shown(rebuilt.value.shoe);
      for (const board of [events, every]) {
        const actual = board.shoe && shown(board.shoe);
        // Text first (fast); on any difference, key order included, the deep comparison decides and explains.
        if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual, `after ${step.type}`).toEqual(expected);
      }
      // The phase as well, with one known difference: after "No bets this hand" (and after the cut card, when no
      // "No more bets" came) the snapshot says the round is being dealt, while the core keeps a board fed by events
      // in the phase it had until the result. A board that takes the snapshot follows it.
      const phase = rebuilt.value.shoe.phase;
      expect(every.shoe?.phase, `phase after ${step.type}`).toBe(phase);
      if (step.type !== 'void-hand' && step.type !== 'cut-card')
        expect(events.shoe?.phase, `phase after ${step.type}`).toBe(phase);
      count++;
    }
  }
  return { snapshots: count };
}

describe('a board that rebuilds from the last snapshot equals one that applied every message', () => {
  test('3 shoes with every irregularity and no-bet coups, compared after every snapshot', () => {
    expect(boardsAgree(RICH).snapshots).toBeGreaterThan(3 * 200);
  });

  test('the same with 4-, 6- and 8-deck shoes in turn and up to 12 no-bet coups', () => {
    const perShoe = [
      { decks: 4, noBetCoups: 12 },
      { decks: 6, noBetCoups: 4 },
      { decks: 8, noBetCoups: 0 },
    ];
    expect(boardsAgree({ seed: 'plan', shoes: 3, perShoe, irregularities: 0.03 }).snapshots).toBeGreaterThan(400);
  });

  test('the same with hands voided afterwards, foreign cards and cards out of turn at 10 %', () => {
    const irregularities = { voidAfter: 0.1, foreignCard: 0.1, outOfTurn: 0.1, misKey: 0.05, cutCardMissed: 0.5 };
    expect(boardsAgree({ seed: 'real', shoes: 3, decks: 6, irregularities }).snapshots).toBeGreaterThan(3 * 150);
  });

  test('the chaos table: 3 shoes of every irregularity, mixed decks, no-bet coups beyond three', () => {
    expect(boardsAgree(chaosTableOptions('chaos-1')).snapshots).toBeGreaterThan(400);
  });

  test('the same from a controller that sends no betting events', () => {
    expect(boardsAgree({ ...RICH, shoes: 2 }, false).snapshots).toBeGreaterThan(2 * 100);
  });

  test('the snapshot carries the shoe number, start, table state, announced void hand and corrections', () => {
    const m = createMessenger({ controllerId: 'ctl-T1', now: tickingClock() });
    const all = [...simulateTable({ ...RICH, shoes: 2 })].flatMap((s) => m.messagesFor(s));
    const starts = events(all).filter((e) => e.type === 'shoe-start');
    expect(starts.map((e) => e.type === 'shoe-start' && e.shoeNo)).toEqual([1, 2]);
    const last = snapshots(all).at(-1);
    expect(last).toMatchObject({ shoeNo: 2, startedAt: starts[1]?.timestamp, tableOpen: false, phase: 'ended' });
    expect(events(all).at(-1)?.type).toBe('table-closed');
    expect(all.at(-1)?.kind).toBe('shoe'); // the table closing changes the snapshot

    all.forEach((o, i) => {
      if (o.kind !== 'event' || o.payload.type !== 'void-hand') return;
      const { handNo, reason } = o.payload;
      expect(all[i + 1]?.payload).toMatchObject({ announcedVoidHand: { handNo, reason } });
      const over = all
        .slice(i + 1)
        .findIndex((x) => x.kind === 'hand' || (x.kind === 'event' && x.payload.type === 'round-void'));
      const after = all.slice(i + 1 + over).find((x) => x.kind === 'shoe');
      expect(after?.payload).not.toHaveProperty('announcedVoidHand');
    });

    const corrections = events(all).flatMap((e) => (e.type === 'correction' ? [e] : []));
    expect(corrections.length).toBeGreaterThan(0);
    const byShoe = new Map(snapshots(all).map((s) => [s.shoeId, s]));
    for (const c of corrections)
      expect(byShoe.get(c.shoeId)?.hands[c.handNo - 1]).toEqual({
        ...c.hand,
        corrected: { by: c.by, timestamp: c.timestamp, note: c.note },
      });
  });
});

describe('results keyed without cards (the keypad)', () => {
  const KEYED = { outcome: 'banker', playerPoints: 5, bankerPoints: 7 } as const;
  const flags = { playerPair: false, bankerPair: false, natural: false };
  /** A messenger at hand 2 of a shoe whose hand 1 was dealt with cards. */
  const started = () => {
    const m = createMessenger({ controllerId: 'ctl-T1', now: tickingClock(), tableOpen: true });
    const coup = resolveCoup((parseCards('9H KD 7S 7C') as { value: Card[] }).value);
    if (!coup.ok) throw new Error(coup.error);
    const out = [
      ...m.messagesFor({ type: 'shoe-start', shoeId: 'S1', shoeNo: 1, decks: 8 }),
      ...m.messagesFor({ type: 'hand', shoeId: 'S1', handNo: 1, coup: coup.value }),
    ];
    return { m, out };
  };

  test('a keyed hand: no cards, its void-hand reason kept, checked and in the snapshot', () => {
    const { m } = started();
    const keyed = { ...KEYED, ...flags };
    const out = m.messagesFor({ type: 'keyed-hand', shoeId: 'S1', handNo: 2, keyed, voidHand: 'no-bet-coup' });
    expect(out.map((o) => o.kind)).toEqual(['hand', 'shoe']);
    expect(out[0]?.payload).toMatchObject({ ...keyed, handNo: 2, voidHand: { reason: 'no-bet-coup' } });
    expect(out[0]?.payload).not.toHaveProperty('cards');
    expect(m.snapshot()?.hands[1]).toEqual(out[0]?.payload);
    expect(m.snapshot()?.phase).toBe('waiting');
    expect(() =>
      m.messagesFor({ type: 'keyed-hand', shoeId: 'S1', handNo: 3, keyed: { ...keyed, natural: true } }),
    ).toThrow(/checkResult/);
  });

  test("a keyed correction replaces the whole hand: the cards of the result it corrects don't stay", () => {
    const { m } = started();
    expect(m.snapshot()?.hands[0]?.cards).toBeDefined();
    const keyed = { outcome: 'player', playerPoints: 6, bankerPoints: 2, ...flags } as const;
    const out = m.messagesFor({ type: 'keyed-correction', shoeId: 'S1', handNo: 1, by: 'Lee', keyed });
    expect(out.map((o) => o.kind)).toEqual(['event', 'shoe']);
    const e = out[0]?.payload as TableEvent;
    expect(e).toMatchObject({ type: 'correction', handNo: 1, by: 'Lee', hand: { ...keyed, handNo: 1 } });
    expect(e).not.toHaveProperty('note');
    const hand = m.snapshot()?.hands[0];
    expect(hand).toEqual({ ...(e.type === 'correction' && e.hand), corrected: { by: 'Lee', timestamp: e.timestamp } });
    expect(hand).not.toHaveProperty('cards');
    for (const o of out) expect(parseMessage(o.kind, o.text)).toMatchObject({ ok: true });
  });

  test('tableOpen: a controller that resumes says the table is open from its first shoe on', () => {
    const { out } = started();
    expect(snapshots(out)[0]).toMatchObject({ tableOpen: true });
  });
});
