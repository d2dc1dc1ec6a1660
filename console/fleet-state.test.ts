/** The fleet reducer: tables from their three topics, boards from their status, lag flags, clearing, rejects. */
import { describe, expect, test } from 'vitest';
import {
  makeCasinoSignage,
  makeControllerStatus,
  makeDisplayStatus,
  makeShoeSnapshot,
  makeTableSignage,
} from '../contract/mqtt';
import type { DisplayStatus } from '../contract/schemas';
import { topics } from '../contract/topics';
import { CARDS, casino, coup, handMessage, signage, snapshot } from '../test/helpers/table-messages';
import { emptyFleet, fleetBoards, fleetTables, receive, type FleetState } from './fleet-state';

const T = topics('baccarat');
const AT = '2026-11-22T12:00:00.000Z';
const bytes = (s: string) => new TextEncoder().encode(s);
const feed = (s: FleetState, topic: string, text: string) => receive(s, 'baccarat', topic, bytes(text), AT);
const online = (displayId: string, tableId: string, signageRevision?: number): DisplayStatus => ({
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
    s = feed(s, T.tableShoe('T1'), makeShoeSnapshot(snapshot('S1', [handMessage('S1', 1, coup(CARDS.player))])));
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
      shoe: { shoeId: 'S1', nextHand: 2, earliestHand: 3 },
      controller: { state: 'offline' },
    });
    expect(t9).toEqual({ tableId: 'T9', signage: null, shoe: null, controller: null }); // known from its board only
    expect(fleetBoards(s).map((b) => [b.displayId, b.signageBehind, b.casinoSignageBehind])).toEqual([
      ['D1', true, true],
      ['D2', false, true],
      ['D3', false, true],
    ]);
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
