/**
 * The fleet reducer: tables from their three topics, boards from their status, signs that differ in either
 * direction, out of step and warnings in words, clearing, rejects, and the revisions a new sign must go above.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  makeCasinoSignage,
  makeControllerStatus,
  makeDisplaySeen,
  makeDisplayStatus,
  makeShoeSnapshot,
  makeTableSignage,
} from '../contract/mqtt';
import type { DisplayStatus } from '../contract/schemas';
import { controllerSaysOpen } from './fleet-attention';
import { topics } from '../contract/topics';
import { CARDS, casino, coup, handMessage, signage, snapshot } from '../test/helpers/table-messages';
import {
  boardGoing,
  emptyFleet,
  fleetBoards,
  fleetCasinoAttention,
  fleetRevisions,
  fleetTables,
  nextSilence,
  readAgain,
  receive,
  type FleetState,
} from './fleet-state';

const T = topics('baccarat');
const AT = '2026-11-22T12:00:00.000Z';
// The boards' statuses are read as of their own time: not silent (isSilent), unless a test says otherwise.
beforeAll(() => vi.setSystemTime(new Date(Date.parse(AT) + 5_000)));
afterAll(() => vi.useRealTimers());
const bytes = (s: string) => new TextEncoder().encode(s);
const feed = (s: FleetState, topic: string, text: string) => receive(s, 'baccarat', topic, bytes(text), AT);
const online = (
  displayId: string,
  tableId: string,
  signageRevision?: number,
): Extract<DisplayStatus, { state: 'online' }> => ({
  v: 1,
  state: 'online',
  displayId,
  tableId,
  version: '1.0.0',
  timestamp: AT,
  handCount: 0,
  rejectedMessages: 0,
  uptimeSeconds: 5,
  ...(signageRevision !== undefined && { signageRevision, casinoSignageRevision: 1 }),
});

describe('fleet state', () => {
  test('a table gathers its sign, snapshot and controller; boards are flagged when behind', () => {
    let s = emptyFleet();
    s = feed(s, T.tableSignage('T1'), makeTableSignage(signage(4)));
    s = feed(
      s,
      T.tableShoe('T1'),
      makeShoeSnapshot(snapshot('S1', [handMessage('S1', 1, coup(CARDS.player))], { shoeNo: 12 })),
    );
    s = feed(
      s,
      T.controllerStatus('T1'),
      makeControllerStatus({ v: 1, state: 'offline', controllerId: 'C1', version: '2', timestamp: AT }),
    );
    s = feed(s, T.casinoSignage(), makeCasinoSignage(casino(3)));
    s = feed(s, T.displayStatus('D1'), makeDisplayStatus(online('D1', 'T1', 3)));
    s = feed(s, T.displayStatus('D2'), makeDisplayStatus(online('D2', 'T1', 4)));
    s = feed(s, T.displayStatus('D3'), makeDisplayStatus(online('D3', 'T9')));
    const [t1, t9] = fleetTables(s);
    expect(t1).toMatchObject({
      tableId: 'T1',
      signage: { revision: 4 },
      shoe: { shoeId: 'S1', shoeNo: 12, nextHand: 2, earliestHand: 3 },
      controller: { state: 'offline' },
    });
    // The controller's open or closed goes with the shoe's position; closed under an open sign, the card says so.
    expect(t1?.attention.some((a) => a.code === 'closed-at-table')).toBe(false);
    const closedAtTable = feed(
      s,
      T.tableShoe('T1'),
      makeShoeSnapshot(snapshot('S1', [], { phase: 'waiting', tableOpen: false })),
    );
    expect(fleetTables(closedAtTable)[0]).toMatchObject({ shoe: { tableOpen: false } });
    expect(fleetTables(closedAtTable)[0]?.attention[0]?.code).toBe('closed-at-table');
    // Known from its board only; that board shows no sign, and the broker has none: nothing differs.
    expect(t9).toEqual({ tableId: 'T9', signage: null, shoe: null, controller: null, attention: [], boardsShow: null });
    expect(fleetBoards(s).map((b) => [b.displayId, b.signageBehind, b.casinoSignageBehind])).toEqual([
      ['D1', true, true],
      ['D2', false, true],
      ['D3', false, true],
    ]);
  });

  test('a keypad that closed its table before any shoe: its status says so, and its last will keeps what it said', () => {
    const status = (state: 'online' | 'offline', controllerId: string, tableOpen?: boolean) =>
      makeControllerStatus({
        v: 1,
        state,
        controllerId,
        version: '2',
        timestamp: AT,
        ...(tableOpen !== undefined && { tableOpen }),
      });
    let s = feed(emptyFleet(), T.tableSignage('T4'), makeTableSignage(signage(2)));
    s = feed(s, T.controllerStatus('T4'), status('online', 'K4', false));
    const closed = fleetTables(s)[0];
    expect(closed).toMatchObject({ shoe: null, controller: { state: 'online', tableOpen: false } });
    expect(closed?.attention[0]?.code).toBe('closed-at-table');
    // The keypad goes away: its will says nothing of the table, which stays closed (as on the boards).
    s = feed(s, T.controllerStatus('T4'), status('offline', 'K4'));
    expect(fleetTables(s)[0]).toMatchObject({ controller: { state: 'offline', tableOpen: false } });
    // Another controller's will does not speak for the first's table; an online status that opens it ends it.
    expect(fleetTables(feed(s, T.controllerStatus('T4'), status('offline', 'K5')))[0]?.controller).not.toHaveProperty(
      'tableOpen',
    );
    s = feed(s, T.controllerStatus('T4'), status('online', 'K4', true));
    expect(fleetTables(s)[0]?.attention.map((a) => a.code)).not.toContain('closed-at-table');
  });

  test('a keypad on a new journal closes its table under an old open snapshot: the later word wins, as on the boards', () => {
    const status = (timestamp: string, tableOpen: boolean) =>
      makeControllerStatus({ v: 1, state: 'online', controllerId: 'K1', version: '2', timestamp, tableOpen });
    const old = makeShoeSnapshot(
      snapshot('S1', [], { phase: 'waiting', tableOpen: true, timestamp: '2026-11-22T11:00:00.000Z' }),
    );
    let s = feed(emptyFleet(), T.tableSignage('T1'), makeTableSignage(signage(2, { sideBets: [] })));
    s = feed(s, T.tableShoe('T1'), old);
    s = feed(s, T.controllerStatus('T1'), status(AT, false));
    const [row] = fleetTables(s);
    expect(row?.controller).toMatchObject({ tableOpen: false, tableOpenAt: AT });
    expect(controllerSaysOpen(row!.shoe, row!.controller)).toBe(false); // the card's pill: Closed at the table
    expect(row?.attention.map((a) => a.code)).toEqual(['closed-at-table']);
    // Its will keeps the word and its time; a stale status (older than the snapshot) would not have closed it.
    s = feed(
      s,
      T.controllerStatus('T1'),
      makeControllerStatus({ v: 1, state: 'offline', controllerId: 'K1', version: '2', timestamp: AT }),
    );
    expect(fleetTables(s)[0]?.controller).toMatchObject({ tableOpen: false, tableOpenAt: AT });
    const stale = feed(s, T.controllerStatus('T1'), status('2026-11-22T10:00:00.000Z', false));
    expect(fleetTables(stale)[0]?.attention).toEqual([]);
    // Said at the same moment as the snapshot, at odds: unsure, and the boards show it closed.
    const same = feed(s, T.controllerStatus('T1'), status('2026-11-22T11:00:00.000Z', false));
    expect(fleetTables(same)[0]?.attention.map((a) => a.code)).toEqual(['table-open-unsure']);
  });

  test('an empty retained payload clears; a message that breaks the contract is counted, not shown', () => {
    let s = feed(emptyFleet(), T.tableSignage('T1'), makeTableSignage(signage(1)));
    s = feed(s, T.displayStatus('D1'), makeDisplayStatus(online('D1', 'T1', 1)));
    s = feed(s, T.tableSignage('T1'), '');
    s = feed(s, T.displayStatus('D1'), '');
    expect([fleetTables(s), fleetBoards(s)]).toEqual([[], []]);
    s = feed(s, T.tableSignage('T2'), '{"v":1,"revision":"x"}');
    s = feed(s, T.displayStatus('D5'), makeDisplayStatus(online('D6', 'T1')));
    expect(s.ignored).toBe(2);
    expect(s.lastIgnored).toMatch(/D6 is not the topic's/);
    expect(fleetTables(s)).toEqual([]);
  });
});

describe('what the floor should look at (issue 12, cases 9 and 10, and out of step)', () => {
  const since = '2026-11-22T11:56:00.000Z';
  const fleet = () => {
    let s = emptyFleet();
    s = feed(s, T.tableSignage('T1'), makeTableSignage(signage(1, { tableOpen: false })));
    s = feed(s, T.casinoSignage(), makeCasinoSignage(casino(3)));
    s = feed(s, T.displayStatus('D1'), makeDisplayStatus({ ...online('D1', 'T1', 13), casinoSignageRevision: 5 }));
    s = feed(
      s,
      T.displayStatus('D2'),
      makeDisplayStatus({
        ...online('D2', 'T1', 1),
        casinoSignageRevision: 3,
        outOfStep: { code: 'gap', reason: 'hand 31 arrived before hand 30: asking for the snapshot', since },
        warnings: [{ code: 'signage-ignored', detail: 'ignored table sign revision 1: showing revision 13', since }],
      }),
    );
    return s;
  };

  test('a board ahead of its sign, in either sign, is flagged in words a floor manager reads', () => {
    const [d1, d2] = fleetBoards(fleet());
    expect(d1).toMatchObject({ signageAhead: true, signageBehind: false, casinoSignageAhead: true });
    // The casino sign's words are on the casino panel, once (below); the board's row has its pill.
    expect(d1?.attention.map((a) => [a.code, a.text])).toEqual([
      ['signage-ahead', "Board D1 shows revision 13; the table's sign is revision 1 — republish the sign"],
    ]);
    // Out of step first, with when it began; then the board's own warnings.
    expect(d2?.attention).toEqual([
      {
        code: 'out-of-step',
        displayId: 'D2',
        since,
        text: 'Board D2 is out of step (gap): hand 31 arrived before hand 30: asking for the snapshot',
      },
      {
        code: 'signage-ignored',
        displayId: 'D2',
        since,
        text: 'Board D2: ignored table sign revision 1: showing revision 13',
      },
    ]);
  });

  test("the table card: its boards out of step or showing another sign; the casino panel: the casino's", () => {
    const s = fleet();
    expect(fleetTables(s)[0]?.attention.map((a) => a.code)).toEqual(['signage-ahead', 'out-of-step']);
    expect(fleetCasinoAttention(s).map((a) => a.text)).toEqual([
      "Board D1 shows casino sign revision 5; the casino's sign is revision 3 — republish the pay scale",
    ]);
    const behind = feed(s, T.casinoSignage(), makeCasinoSignage(casino(9)));
    expect(fleetCasinoAttention(behind).map((a) => a.text)).toEqual([
      'Boards D1, D2 have not taken casino sign revision 9 yet',
    ]);
  });

  test('a board silent (its online status over 90 s old): one line on its row and its table card, nothing stale', () => {
    const s = fleet(); // D1 ahead of both signs and out of step; D2 behind the casino's
    const late = Date.parse(AT) + 91_000; // no word from either since AT
    const silent = (id: string) => ({
      code: 'board-silent',
      displayId: id,
      since: AT,
      text: `Board ${id} is silent: its last status said online, and nothing has come from it for over 90 s — check the board and its network`,
    });
    const boards = fleetBoards(s, null, late);
    expect(boards.map((b) => b.attention)).toEqual([[silent('D1')], [silent('D2')]]);
    expect(boards[0]).toMatchObject({ signageAhead: false, casinoSignageAhead: false }); // no pill from its old word
    expect(fleetTables(s, boards, late)[0]?.attention).toEqual([silent('D1'), silent('D2')]);
    expect(fleetCasinoAttention(s, boards)).toEqual([]);
    // The console's page changes when the first of them turns silent, though no message comes then.
    expect(nextSilence(s, Date.parse(AT))).toBe(Date.parse(AT) + 90_001);
    expect(nextSilence(s, late)).toBeNull();
  });

  test('Perfect Pairs offered with no casino scale published is flagged on the table card (rule 11A.8)', () => {
    const s = feed(emptyFleet(), T.tableSignage('T1'), makeTableSignage(signage(2))); // offers perfectPairs
    expect(fleetTables(s)[0]?.attention).toEqual([
      {
        code: 'perfect-pairs-scale-missing',
        text: 'Perfect Pairs is offered, but no casino pay scale is published: the boards show no Perfect Pairs odds (rule 11A.8) — set the pay scale',
      },
    ]);
    expect(fleetTables(feed(s, T.casinoSignage(), makeCasinoSignage(casino(1))))[0]?.attention).toEqual([]);
  });

  test('a board with no sign on the broker at all is ahead; with the sign lost, it says so', () => {
    const s = feed(emptyFleet(), T.displayStatus('D1'), makeDisplayStatus(online('D1', 'T4', 13)));
    expect(fleetBoards(s)[0]?.attention.map((a) => a.text)).toEqual([
      'Board D1 shows revision 13; the broker has no sign for table T4 — publish the sign again',
    ]);
    expect(fleetCasinoAttention(s).map((a) => a.text)).toEqual([
      'Board D1 shows casino sign revision 1; the broker has no casino sign — publish the casino sign again',
    ]);
  });

  test('the revisions a new sign must go above: what the boards show, and what an offline board last showed', () => {
    let s = fleet();
    expect(fleetRevisions(s, 'T1')).toEqual({ table: 13, casino: 5, tableOnline: true });
    expect(fleetRevisions(s, 'T2')).toEqual({ table: null, casino: 5 });
    // D1 goes offline (its last will says nothing of the signs): it still shows 13 when it comes back.
    s = feed(
      s,
      T.displayStatus('D1'),
      makeDisplayStatus({ v: 1, state: 'offline', displayId: 'D1', tableId: 'T1', version: '1.0.0', timestamp: AT }),
    );
    expect(fleetRevisions(s, 'T1')).toEqual({ table: 13, casino: 5, tableOnline: true }); // D2 is online
    expect(fleetBoards(s)[0]).toMatchObject({ state: 'offline', signageAhead: false, attention: [] });
  });

  test('read again after the broker lost its retained messages: only what it holds, and what forgotten boards showed', () => {
    const before = fleet(); // D1 (T1) shows 13, casino 5
    const fresh = feed(emptyFleet(), T.displayStatus('D9'), makeDisplayStatus(online('D9', 'T1', 2)));
    const s = readAgain(before, fresh);
    expect(s.casino).toBeNull();
    expect(fleetTables(s).map((t) => [t.tableId, t.signage])).toEqual([['T1', null]]);
    expect(fleetBoards(s).map((b) => b.displayId)).toEqual(['D9']); // D1 is not shown: the broker has no status
    // but a new sign goes above what it shows (D9 is online)
    expect(fleetRevisions(s, 'T1')).toEqual({ table: 13, casino: 5, tableOnline: true });
    // Read again once more, D1 still away: still remembered; back with its own status, that replaces the memory.
    const again = readAgain(s, fresh);
    expect(fleetRevisions(again, 'T1')).toEqual({ table: 13, casino: 5, tableOnline: true });
    const back = feed(again, T.displayStatus('D1'), makeDisplayStatus(online('D1', 'T1', 3)));
    expect([...back.gone.keys()]).toEqual(['D2']); // D2 (revision 1) is still away
    expect(fleetRevisions(back, 'T1')).toEqual({ table: 3, casino: 3, tableOnline: true }); // D1's own; D2's casino 3
  });

  test('a will seen arriving is stamped with its receipt and the last status; one read from the broker is not', () => {
    const will = makeDisplayStatus({
      v: 1,
      state: 'offline',
      displayId: 'D1',
      tableId: 'T1',
      version: '1.0.0',
      timestamp: '2026-11-22T11:54:00.000Z',
      will: true,
    });
    const live = feed(fleet(), T.displayStatus('D1'), will); // D1 was online (status at AT)
    const d1 = (s: FleetState) => fleetBoards(s).find((b) => b.displayId === 'D1');
    expect(d1(live)).toMatchObject({ state: 'offline', lastSeen: AT, goneAt: AT });
    const later = receive(live, 'baccarat', T.displayStatus('D1'), bytes(will), '2026-11-22T12:10:00.000Z');
    expect(d1(later)).toMatchObject({ lastSeen: AT, goneAt: AT }); // still the first arrival
    const read = feed(emptyFleet(), T.displayStatus('D1'), will);
    expect(d1(read)?.goneAt).toBeUndefined();
  });

  test("a will read from the broker: the board's retained last-seen time of that connection says when it went away", () => {
    const will = makeDisplayStatus({
      v: 1,
      state: 'offline',
      displayId: 'D1',
      tableId: 'T1',
      version: '1.0.0',
      timestamp: '2026-11-20T09:00:00.000Z', // connected days ago
      will: true,
    });
    const seen = (timestamp: string, displayId = 'D1', tableId = 'T1') =>
      makeDisplaySeen({ v: 1, displayId, tableId, timestamp });
    const d1 = (s: FleetState) => fleetBoards(s).find((b) => b.displayId === 'D1');
    const cases: [string, string[], string | undefined][] = [
      ['with it, whichever comes first', [seen('2026-11-22T11:59:40.000Z')], '2026-11-22T11:59:40.000Z'],
      ['without it (an older board)', [], undefined],
      ['one from before the connection', [seen('2026-11-19T23:00:00.000Z')], undefined],
      ['one of another table', [seen('2026-11-22T11:59:40.000Z', 'D1', 'T2')], undefined],
      ['cleared', [seen('2026-11-22T11:59:40.000Z'), ''], undefined],
    ];
    for (const [what, seens, lastSeen] of cases) {
      const before = seens.reduce((s, text) => feed(s, T.displaySeen('D1'), text), emptyFleet());
      const after = feed(before, T.displayStatus('D1'), will);
      const first = feed(feed(emptyFleet(), T.displayStatus('D1'), will), T.displaySeen('D1'), seens[0] ?? '');
      expect(d1(after)?.lastSeen, what).toBe(lastSeen);
      if (seens.length === 1) expect(d1(first)?.lastSeen, `${what}, after the will`).toBe(lastSeen);
      expect(d1(after)?.goneAt, what).toBeUndefined();
    }
  });

  test('a will seen arriving: the later of the last status and the last-seen time; online, neither', () => {
    const will = makeDisplayStatus({
      v: 1,
      state: 'offline',
      displayId: 'D1',
      tableId: 'T1',
      version: '1.0.0',
      timestamp: '2026-11-22T09:00:00.000Z',
      will: true,
    });
    const live = feed(fleet(), T.displayStatus('D1'), will); // D1's last online status is at AT
    const later = receive(
      live,
      'baccarat',
      T.displaySeen('D1'),
      bytes(makeDisplaySeen({ v: 1, displayId: 'D1', tableId: 'T1', timestamp: '2026-11-22T12:00:20.000Z' })),
      AT,
    );
    expect(boardGoing(later, 'D1')).toEqual({ lastSeen: '2026-11-22T12:00:20.000Z', goneAt: AT });
    expect(boardGoing(feed(emptyFleet(), T.displayStatus('D1'), makeDisplayStatus(online('D1', 'T1'))), 'D1')).toEqual(
      {},
    );
  });

  test('a last-seen time that breaks the contract, or names another board, is ignored and says why', () => {
    const bad = feed(emptyFleet(), T.displaySeen('D1'), '{"v":1,"displayId":"D1","timestamp":"yesterday"}');
    expect(bad).toMatchObject({ ignored: 1, seen: new Map() });
    expect(bad.lastIgnored).toMatch(/^baccarat\/displays\/D1\/seen: displaySeen: /);
    const other = feed(
      emptyFleet(),
      T.displaySeen('D1'),
      makeDisplaySeen({ v: 1, displayId: 'D2', tableId: 'T1', timestamp: AT }),
    );
    expect(other).toMatchObject({
      ignored: 1,
      lastIgnored: "baccarat/displays/D1/seen: displayId D2 is not the topic's",
    });
  });

  test('a table whose sign the broker lost: what its boards show, or showed before they went or were forgotten', () => {
    const shows = (s: FleetState) => fleetTables(s).find((t) => t.tableId === 'T1')?.boardsShow;
    const board = feed(emptyFleet(), T.displayStatus('D1'), makeDisplayStatus(online('D1', 'T1', 5)));
    expect(shows(board)).toBe(5);
    expect(shows(feed(emptyFleet(), T.displayStatus('D1'), makeDisplayStatus(online('D1', 'T1'))))).toBeNull();
    expect(shows(readAgain(board, emptyFleet()))).toBeUndefined(); // forgotten, and no table left to show
    const forgotten = readAgain(board, feed(emptyFleet(), T.tableShoe('T1'), makeShoeSnapshot(snapshot('S1', []))));
    expect(shows(forgotten)).toBe(5);
  });
});
