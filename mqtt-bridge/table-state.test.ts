import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { roadHands, shoeHands } from '../baccarat/shoe';
import { CARDS, at, casino, coup, event, handMessage, signage, snapshot } from '../test/helpers/table-messages';
import { noticeKinds as kinds, runMessages as run, statusAt as status } from '../test/helpers/table-state-run';
import { applyMessage, emptyTableState, type TableMessage, type TableState } from './table-state';

const start = (shoeId = 'S1'): TableMessage => ({ kind: 'event', payload: event('shoe-start', { shoeId, decks: 8 }) });
const hand = (no: number, cards: string = CARDS.banker, shoeId = 'S1', extra = {}): TableMessage => ({
  kind: 'hand',
  payload: handMessage(shoeId, no, coup(cards), at(no * 30), extra),
});
const notice = (s: TableState, kind: string) => s.notices.find((n) => n.kind === kind);

describe('hands', () => {
  test('hands after a shoe start are applied in order', () => {
    const { state, effects } = run([start(), hand(1), hand(2, CARDS.player), hand(3, CARDS.tie)]);
    expect(effects).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(roadHands(state.shoe!).map((h) => h.outcome)).toEqual(['banker', 'player', 'tie']);
    expect(state.change).toEqual({ kind: 'hand', hand: 3 });
    expect(state.lastResultAt).toBe(at(90));
  });

  test('a duplicate is ignored, a gap asks for a resync, an unknown shoe too', () => {
    const { effects, state } = run([start(), hand(1), hand(1), hand(3), hand(2, CARDS.banker, 'S9')]);
    expect(effects[2]).toMatch(/^duplicate: hand 1 of shoe S1 already recorded/);
    expect(effects[3]).toMatch(/^resync: hand 3 arrived but hand 2 is next/);
    expect(effects[4]).toMatch(/^resync: hand 2 of shoe S9/);
    expect(shoeHands(state.shoe!)).toHaveLength(1);
  });

  test('the same hand number with another result is refused: corrections come as correction events', () => {
    const { effects } = run([start(), hand(1), hand(1, CARDS.player)]);
    expect(effects[2]).toMatch(/^rejected: hand 1 of shoe S1 is already recorded with another result/);
  });

  test('a result that contradicts its cards is rejected and changes nothing', () => {
    const bad = handMessage('S1', 1, coup(CARDS.banker));
    const { state: before } = run([start()]);
    const r = applyMessage(before, { kind: 'hand', payload: { ...bad, bankerPoints: 9 } }, at(5));
    expect(r).toMatchObject({
      effect: 'rejected',
      reason: expect.stringContaining('cards give banker 8, report says 9'),
    });
    const r2 = applyMessage(before, { kind: 'hand', payload: { ...bad, playerPair: true } }, at(5));
    expect(r2.effect).toBe('rejected');
  });

  test('a result without cards is checked against the Table of Play', () => {
    const { state: s } = run([start()]);
    const base = handMessage('S1', 1, coup(CARDS.tie));
    const { cards: _c, ...noCards } = base;
    expect(applyMessage(s, { kind: 'hand', payload: noCards }, at(5)).effect).toBe('applied');
    const wrong = { ...noCards, outcome: 'banker' as const };
    expect(applyMessage(s, { kind: 'hand', payload: wrong }, at(5))).toMatchObject({
      effect: 'rejected',
      reason: expect.stringContaining("outcome 'banker' contradicts points 7–7"),
    });
  });
});

describe('events', () => {
  test('a duplicate event (same controller and seq) is ignored', () => {
    const e = event('shoe-start', { shoeId: 'S1', decks: 8 });
    const { effects } = run([
      { kind: 'event', payload: e },
      { kind: 'event', payload: e },
    ]);
    expect(effects[1]).toMatch(/^duplicate: event shoe-start seq/);
  });

  test('NEW SHOE, then SHUFFLE, then BURN (with the card and count), each replacing the one before', () => {
    const shown: string[][] = [];
    let state = emptyTableState('T1');
    for (const m of [
      start(),
      { kind: 'event', payload: event('shuffle', { shoeId: 'S1' }) },
      { kind: 'event', payload: event('burn', { shoeId: 'S1', burn: { card: 'KD', count: 10 } }) },
    ] as TableMessage[]) {
      state = run([m], state).state;
      shown.push(kinds(state));
    }
    expect(shown).toEqual([['newShoe'], ['shuffle'], ['burn']]);
    expect(notice(state, 'burn')).toMatchObject({ burn: { card: 'KD', count: 10 } });
  });

  test.each<[string, TableMessage]>([
    ['bets open', { kind: 'event', payload: event('betting-open', { shoeId: 'S1', handNo: 1 }) }],
    ['no more bets', { kind: 'event', payload: event('no-more-bets', { shoeId: 'S1', handNo: 1 }) }],
    ['the first result', hand(1)],
  ])('notices end with events, never a timer: the preparation ends when the first round begins (%s)', (_, m) => {
    const { state } = run([
      start(),
      { kind: 'event', payload: event('burn', { shoeId: 'S1', burn: { card: 'KD', count: 10 } }) },
    ]);
    expect(kinds(state)).toEqual(['burn']);
    expect(kinds(run([m], state).state)).toEqual([]);
  });

  test('rule 11.2 (a): cut card as the first card of round 3 makes round 3 the last coup, shown at once', () => {
    const { state } = run([
      start(),
      hand(1),
      hand(2),
      { kind: 'event', payload: event('cut-card', { shoeId: 'S1', handNo: 3, firstCardOfRound: true }) },
    ]);
    expect(notice(state, 'lastCoup')).toMatchObject({ hand: 3, lastCoupCase: 'a' });
    const after = run([hand(3), hand(4)], state);
    expect(after.effects[1]).toMatch(/^rejected/); // nothing after the last coup
  });

  test('rule 11.2 (b): cut card later in round 3: the round completes, then LAST COUP for round 4', () => {
    const { state } = run([
      start(),
      hand(1),
      hand(2),
      { kind: 'event', payload: event('cut-card', { shoeId: 'S1', handNo: 3, firstCardOfRound: false }) },
    ]);
    expect(kinds(state)).not.toContain('lastCoup'); // announced after the round
    const after = run([hand(3)], state).state;
    expect(notice(after, 'lastCoup')).toMatchObject({
      hand: 4,
      lastCoupCase: 'b',
    });
    const end = run(
      [hand(4), { kind: 'event', payload: event('shoe-end', { shoeId: 'S1', handCount: 4 }) }],
      after,
    ).state;
    expect(kinds(end)).toEqual(['shoeEnd']);
  });

  test('void hand: NO BETS THIS HAND until its result, not into the next round; the hand stays off the roads', () => {
    const { state } = run([
      start(),
      hand(1),
      { kind: 'event', payload: event('void-hand', { shoeId: 'S1', handNo: 2, reason: 'first-card-face-up' }) },
      { kind: 'event', payload: event('no-more-bets', { shoeId: 'S1', handNo: 2 }) },
    ]);
    expect(notice(state, 'noBetsThisHand')).toMatchObject({ hand: 2, reason: 'first-card-face-up' });
    const after = run([hand(2, CARDS.player, 'S1', { voidHand: { reason: 'first-card-face-up' } })], state).state;
    expect(roadHands(after.shoe!)).toHaveLength(1);
    expect(shoeHands(after.shoe!)).toHaveLength(2);
    expect(kinds(after)).not.toContain('noBetsThisHand');
  });

  test('round void: the next hand reuses the number', () => {
    const { state, effects } = run([
      start(),
      hand(1),
      { kind: 'event', payload: event('round-void', { shoeId: 'S1', handNo: 2, reason: 'cannot-reconstruct' }) },
      hand(2, CARDS.player),
    ]);
    expect(effects).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(roadHands(state.shoe!).map((h) => h.outcome)).toEqual(['banker', 'player']);
  });

  test('a correction replaces the hand and the roads follow', () => {
    const fixed = handMessage('S1', 2, coup(CARDS.tie));
    const { state, effects } = run([
      start(),
      hand(1),
      hand(2, CARDS.player),
      hand(3),
      { kind: 'event', payload: event('correction', { shoeId: 'S1', handNo: 2, by: 'inspector Li', hand: fixed }) },
    ]);
    expect(effects.every((e) => e === 'applied')).toBe(true);
    expect(roadHands(state.shoe!).map((h) => h.outcome)).toEqual(['banker', 'tie', 'banker']);
    expect(state.change).toEqual({ kind: 'correction', hand: 2 });
    expect(notice(state, 'corrected')).toMatchObject({ hand: 2, by: 'inspector Li' });
    expect(kinds(run([hand(4)], state).state)).not.toContain('corrected'); // the next round ends it
  });

  test('a correction that contradicts its own cards is rejected', () => {
    const fixed = { ...handMessage('S1', 1, coup(CARDS.tie)), outcome: 'banker' as const };
    const { effects } = run([
      start(),
      hand(1),
      { kind: 'event', payload: event('correction', { shoeId: 'S1', handNo: 1, by: 'x', hand: fixed }) },
    ]);
    expect(effects[2]).toMatch(/^rejected: correction: hand 1/);
  });

  test('table closed shows until opened', () => {
    const { state } = run([start(), { kind: 'event', payload: event('table-closed', {}) }]);
    expect(kinds(state)).toContain('tableClosed');
    expect(kinds(run([{ kind: 'event', payload: event('table-open', {}) }], state).state)).not.toContain('tableClosed');
  });

  test('closed by its controller before any shoe (a new keypad): an open sign leaves TABLE CLOSED, a shoe starts closed', () => {
    const closed: TableMessage = { kind: 'event', payload: event('table-closed', {}) };
    const { state } = run([closed, { kind: 'signage', payload: signage(1, { tableOpen: true }) }]);
    expect(state.shoe).toBeNull();
    expect(kinds(state)).toContain('tableClosed');
    const started = run([start()], state).state;
    expect(started.shoe?.tableOpen).toBe(false);
    expect(kinds(started)).toContain('tableClosed');
    const opened = run([{ kind: 'event', payload: event('table-open', {}) }], started).state;
    expect(kinds(opened)).not.toContain('tableClosed');
    // Opened before any shoe: the sign's revision no longer keeps it closed.
    const early = run([closed, { kind: 'event', payload: event('table-open', {}) }]).state;
    expect(kinds(run([{ kind: 'signage', payload: signage(1, { tableOpen: true }) }], early).state)).not.toContain(
      'tableClosed',
    );
  });
});

describe("the controller's status says the table open or closed", () => {
  const closedAt = (t: string) => status(t, { tableOpen: false });
  const openAt = (t: string) => status(t, { tableOpen: true });

  test('before any shoe: a board that connects after a keypad closed its table shows TABLE CLOSED, until it opens', () => {
    const { state, effects } = run([closedAt(at(10))]);
    expect(effects).toEqual(['applied']);
    expect(state.shoe).toBeNull();
    expect(state.controller).toMatchObject({ online: true, id: 'C1', since: at(10) });
    expect(state.controllerTableOpen).toBe(false);
    expect(kinds(state)).toEqual(['tableClosed']);
    expect(state.change).toEqual({ kind: 'notice' });
    const opened = run([openAt(at(20))], state);
    expect(opened.effects).toEqual(['applied']);
    expect(kinds(opened.state)).toEqual([]);
    expect(opened.state.controllerTableOpen).toBe(true);
    // The same status again (a retained copy redelivered): nothing.
    expect(run([openAt(at(20))], opened.state).effects).toEqual(['duplicate: controller status unchanged']);
    // A shoe started then starts closed or open as the status said.
    expect(run([start()], state).state.shoe?.tableOpen).toBe(false);
  });

  test('the same moment as the online status it follows still counts (the link republishes within a millisecond)', () => {
    const { state, effects } = run([status(at(10)), closedAt(at(10))]);
    expect(effects).toEqual(['applied', 'applied']);
    expect(kinds(state)).toEqual(['tableClosed']);
  });

  test('says nothing: the will (offline, no tableOpen), no tableOpen, or the same as the board has', () => {
    const closed = run([{ kind: 'event', payload: event('table-closed', { timestamp: at(5) }) }]).state;
    const will = run([status(at(6), { state: 'offline' })], closed).state;
    expect(will.controllerTableOpen).toBe(false);
    expect(kinds(will)).toEqual(['tableClosed']);
    const silent = run([status(at(7))], closed).state; // an older controller, or one that has said nothing yet
    expect(kinds(silent)).toEqual(['tableClosed']);
    const same = run([closedAt(at(8))], closed);
    expect(same.effects).toEqual(['applied']); // its presence only
    expect(same.state.notices).toBe(closed.notices);
  });

  test("a controller's goodbye says the table as it stopped: closed, a board that starts later shows it closed", () => {
    const bye = run([status(at(9), { state: 'offline', tableOpen: false })]).state;
    expect(bye.controller).toMatchObject({ online: false });
    expect(kinds(bye)).toEqual(['tableClosed']);
    // Later than the word before it, it is taken as an online status would be; older, it is not.
    const opened = run([{ kind: 'event', payload: event('table-open', { timestamp: at(5) }) }]).state;
    expect(kinds(run([status(at(9), { state: 'offline', tableOpen: false })], opened).state)).toEqual(['tableClosed']);
    expect(kinds(run([status(at(4), { state: 'offline', tableOpen: false })], opened).state)).toEqual([]);
  });

  test('before any shoe: a status older than the event that said otherwise does not undo it', () => {
    // The broker's retained status (closed at 10) delivered after the live table-open (at 20) it will be replaced by.
    const opened = run([{ kind: 'event', payload: event('table-open', { timestamp: at(20) }) }]).state;
    const stale = run([closedAt(at(10))], opened).state;
    expect(stale.controllerTableOpen).toBe(true);
    expect(kinds(stale)).toEqual([]);
    expect(stale.controller).toMatchObject({ online: true, since: at(10) }); // its presence is taken
    // The status that follows the event (newer) is taken as usual.
    expect(kinds(run([closedAt(at(30))], stale).state)).toEqual(['tableClosed']);
    // And a newer status wins over an older status too.
    expect(kinds(run([openAt(at(40)), closedAt(at(35))], run([closedAt(at(30))], stale).state).state)).toEqual([]);
  });

  test("the table's sign saying closed still wins: an open status leaves TABLE CLOSED", () => {
    const signed = run([{ kind: 'signage', payload: signage(1, { tableOpen: false }) }, closedAt(at(10))]).state;
    const opened = run([openAt(at(20))], signed).state;
    expect(opened.controllerTableOpen).toBe(true);
    expect(kinds(opened)).toEqual(['tableClosed']);
    // The sign opens: the controller's open table shows no TABLE CLOSED.
    expect(kinds(run([{ kind: 'signage', payload: signage(2, { tableOpen: true }) }], opened).state)).toEqual([]);
    // The sign opens while the status says closed: TABLE CLOSED stays.
    const closedByStatus = run([{ kind: 'signage', payload: signage(2, { tableOpen: true }) }], signed).state;
    expect(kinds(closedByStatus)).toEqual(['tableClosed']);
  });
});

describe('snapshot', () => {
  test('a retained snapshot gives the whole shoe at once, every hand checked', () => {
    const hands = [CARDS.banker, CARDS.player, CARDS.tie].map((c, i) => handMessage('S1', i + 1, coup(c)));
    const { state, effects } = run([
      { kind: 'shoe', payload: snapshot('S1', hands, { cutCard: { handNo: 3, firstCardOfRound: false } }) },
    ]);
    expect(effects).toEqual(['applied']);
    expect(roadHands(state.shoe!).map((h) => h.outcome)).toEqual(['banker', 'player', 'tie']);
    expect(kinds(state)).toContain('lastCoup');
  });

  test('an older snapshot of the same shoe does not roll the board back', () => {
    const hands = [CARDS.banker, CARDS.player].map((c, i) => handMessage('S1', i + 1, coup(c)));
    const { effects } = run([
      start(),
      hand(1),
      hand(2, CARDS.player),
      hand(3),
      { kind: 'shoe', payload: snapshot('S1', hands) },
    ]);
    expect(effects[4]).toMatch(/^duplicate: snapshot of shoe S1 \(seq 0\) adds nothing to what the board has applied/);
  });

  test("a snapshot that agrees with the board keeps the board's record of a correction", () => {
    const fixed = handMessage('S1', 2, coup(CARDS.tie));
    const { state } = run([
      start(),
      hand(1),
      hand(2, CARDS.player),
      { kind: 'event', payload: event('correction', { shoeId: 'S1', handNo: 2, by: 'inspector Li', hand: fixed }) },
      hand(3),
    ]);
    const snap = snapshot('S1', [
      handMessage('S1', 1, coup(CARDS.banker)),
      fixed,
      handMessage('S1', 3, coup(CARDS.banker)),
    ]);
    const r = applyMessage(state, { kind: 'shoe', payload: snap }, at(2000));
    const shoe = r.effect === 'applied' ? r.state.shoe! : state.shoe!;
    expect(shoeHands(shoe)[1]).toMatchObject({ hand: { outcome: 'tie' }, corrected: { by: 'inspector Li' } });
  });

  test('a snapshot with a bad hand gives the hands before it, and says what is missing', () => {
    const hands = [
      handMessage('S1', 1, coup(CARDS.banker)),
      { ...handMessage('S1', 2, coup(CARDS.player)), bankerPoints: 9 as const },
      handMessage('S1', 3, coup(CARDS.tie)),
    ];
    const r = applyMessage(emptyTableState('T1'), { kind: 'shoe', payload: snapshot('S1', hands) }, at(1));
    expect(r).toMatchObject({ effect: 'applied', outOfStep: expect.stringMatching(/^snapshot hand 2: .*banker/) });
    expect(r.effect === 'applied' && shoeHands(r.state.shoe!).length).toBe(1);
  });

  test('snapshot with voided rounds: numbers reused', () => {
    const hands = [CARDS.banker, CARDS.player].map((c, i) => handMessage('S1', i + 1, coup(c)));
    const { state } = run([
      {
        kind: 'shoe',
        payload: snapshot('S1', hands, {
          voidedRounds: [{ handNo: 2, reason: 'cannot-reconstruct', timestamp: at(45) }],
        }),
      },
    ]);
    expect(state.shoe!.rounds.map((r) => ('hand' in r ? `h${r.no}` : `v${r.no}`))).toEqual(['h1', 'v2', 'h2']);
  });
});

describe('signage', () => {
  test('a newer revision replaces, an older or equal one is ignored, nonsense is rejected', () => {
    const { effects, state } = run([
      { kind: 'signage', payload: signage(2) },
      { kind: 'signage', payload: signage(1) },
      { kind: 'signage', payload: signage(2) },
      { kind: 'signage', payload: signage(3, { limits: { ...signage(3).limits, minimum: 900_000 } }) },
      { kind: 'casinoSignage', payload: casino(1, 'two') },
    ]);
    expect(effects[0]).toBe('applied');
    expect(effects[1]).toMatch(/^duplicate/);
    expect(effects[2]).toMatch(/^duplicate/);
    expect(effects[3]).toMatch(/^rejected: limits.minimum \(900000\) is above limits.maximum/);
    expect(state.signage!.revision).toBe(2);
    expect(state.casino!.perfectPairsScale).toBe('two');
  });

  // A floor manager's walk: two `signage set` at one moment both published revision 17; the broker kept the later,
  // the board the earlier, and a restart would have changed the board's limits with no new revision.
  test('one of the same revision that says something else replaces it (the broker keeps the later)', () => {
    const a = signage(17, { limits: { ...signage(17).limits, tieMaximum: 901 } });
    const b = signage(17, { message: 'Manager B message' });
    const { effects, state } = run([
      { kind: 'signage', payload: a },
      { kind: 'signage', payload: b },
      { kind: 'signage', payload: JSON.parse(JSON.stringify(b)) as typeof b },
      { kind: 'casinoSignage', payload: casino(3, 'one') },
      { kind: 'casinoSignage', payload: casino(3, 'two') },
    ]);
    expect(effects).toEqual(['applied', 'applied', expect.stringMatching(/^duplicate/), 'applied', 'applied']);
    expect(state.signage).toEqual(b);
    expect(state.casino!.perfectPairsScale).toBe('two');
  });
});

describe('robustness', () => {
  test('any message sequence: refused messages never change the state, and nothing throws', () => {
    const messages: TableMessage[] = [
      start(),
      start('S2'),
      hand(1),
      hand(2, CARDS.player),
      hand(2, CARDS.tie),
      hand(3, CARDS.tie),
      hand(1, CARDS.banker, 'S2'),
      { kind: 'event', payload: event('cut-card', { shoeId: 'S1', handNo: 3, firstCardOfRound: false }) },
      { kind: 'event', payload: event('shoe-end', { shoeId: 'S1', handCount: 3 }) },
      { kind: 'event', payload: event('void-hand', { shoeId: 'S1', handNo: 2, reason: 'excess-card-exposed' }) },
      { kind: 'event', payload: event('round-void', { shoeId: 'S1', handNo: 2, reason: 'insufficient-cards' }) },
      { kind: 'signage', payload: signage(5) },
      { kind: 'shoe', payload: snapshot('S1', [handMessage('S1', 1, coup(CARDS.banker))]) },
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...messages), { maxLength: 40 }), (seq) => {
        let state = emptyTableState('T1');
        for (const m of seq) {
          const frozen = JSON.stringify(state);
          const r = applyMessage(state, m, at(1));
          if (r.effect === 'applied') state = r.state;
          else expect(JSON.stringify(state)).toBe(frozen);
          const hands = state.shoe ? shoeHands(state.shoe).map((h) => h.no) : [];
          expect(hands).toEqual(hands.map((_, i) => i + 1)); // never a duplicate or a gap on the board
        }
      }),
    );
  });
});
