/**
 * The table's controller gone while the table is open: its last will (the link dropped) or its goodbye reaches the
 * board, which keeps its results but can no longer follow the table. It must not stay silent: staff read
 * `controller-offline` on the board's staff line and in its status, dated from when the board heard it, until the
 * controller is back or the table closes (a controller may well be off at a closed table). Against every real broker,
 * with the controller link the simulator and the keypad use.
 */
import { describe, expect, test } from 'vitest';
import { makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { connectController } from '../simulator/controller-link';
import { testBoardConfig } from '../test/helpers/board-config';
import { onEveryBroker } from '../test/helpers/every-broker';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { at, CARDS, coup, event, handMessage, signage, snapshot } from '../test/helpers/table-messages';
import { statusCodes, viewCodes } from '../test/helpers/warning-codes';
import { Bridge } from './bridge';
import { memoryLogger } from './log';
import { stateWarnings } from './view';
import { applyMessage, emptyTableState, type TableState } from './table-state';

const T = topics('baccarat');
const cleanups = cleanupList();

async function controllerGone(url: string, protocolVersion: 4 | 5): Promise<void> {
  const { logger } = memoryLogger();
  const mqtt = { protocolVersion } as const;
  const config = testBoardConfig(url, 'bb-ctl-offline-');
  const bridge = new Bridge({ ...config, mqtt: { ...config.mqtt, protocolVersion } }, { logger });
  cleanups.push(() => bridge.stop());
  await bridge.start();
  await until(() => expect(bridge.subscribed).toBe(true), 8_000);

  const link = await connectController({ broker: url, tableId: 'T1', mqtt });
  cleanups.push(() => link.stop());
  await until(() => expect(bridge.view().controllerOnline).toBe(true), 8_000);
  expect(viewCodes(bridge)).not.toContain('controller-offline');

  // The controller's process dies: no DISCONNECT, so the broker publishes its last will.
  const before = Date.now();
  link.client.options.reconnectPeriod = 0;
  link.client.end(true);
  await until(() => expect(viewCodes(bridge)).toContain('controller-offline'), 8_000);
  const w = bridge.view().warnings.find((x) => x.code === 'controller-offline')!;
  expect(w.detail).toMatch(/^The table controller ctl-T1 has been offline since \d{4}-\d\d-\d\dT[\d:]+Z: no result/);
  expect(Date.parse(w.since)).toBeGreaterThanOrEqual(before - 1_000); // when heard, not when it connected
  expect(bridge.view().controllerOnline).toBe(false);
  expect(statusCodes(bridge)).toContain('controller-offline');

  // The pit closes the table: a controller off at a closed table is no news.
  bridge.onMessage(T.tableSignage('T1'), Buffer.from(makeTableSignage(signage(3, { tableOpen: false }))));
  expect(viewCodes(bridge)).not.toContain('controller-offline');
  bridge.onMessage(T.tableSignage('T1'), Buffer.from(makeTableSignage(signage(4, { tableOpen: true }))));
  expect(viewCodes(bridge)).toContain('controller-offline');

  // The controller is back: the warning ends by itself.
  const again = await connectController({ broker: url, tableId: 'T1', mqtt });
  cleanups.push(() => again.stop());
  await until(() => expect(viewCodes(bridge)).not.toContain('controller-offline'), 8_000);
  expect(bridge.view().controllerOnline).toBe(true);

  // A clean stop says goodbye (offline, no will): the same warning.
  await again.stop();
  await until(() => expect(viewCodes(bridge)).toContain('controller-offline'), 8_000);
}

describe('the table controller offline while the table is open', () => {
  onEveryBroker(cleanups, controllerGone, 40_000);

  test('none before any controller status (an older controller publishes none), none once online', () => {
    const state = emptyTableState('T1');
    expect(stateWarnings(state, '2026-11-28T01:00:00.000Z')).toEqual([]);
    const online = { ...state, controller: { online: true, id: 'C1', since: '2026-11-28T01:00:00.000Z' } };
    expect(stateWarnings(online, '2026-11-28T01:00:05.000Z')).toEqual([]);
  });

  test('from an older journal (no heardAt): dated by the status itself; closed by the controller: none', () => {
    const state = {
      ...emptyTableState('T1'),
      controller: { online: false, id: 'C1', since: '2026-11-28T01:00:00.000Z' },
    };
    expect(stateWarnings(state, '2026-11-28T01:10:00.000Z')).toMatchObject([
      { code: 'controller-offline', since: '2026-11-28T01:00:00.000Z' },
    ]);
    const closed = { ...state, shoe: { tableOpen: false } } as unknown as typeof state;
    expect(stateWarnings(closed, '2026-11-28T01:10:00.000Z')).toEqual([]);
  });

  test('none at a table its controller closed before any shoe (a new keypad), as the board shows TABLE CLOSED', () => {
    const at = '2026-11-28T01:00:00.000Z';
    const event = (state: TableState, type: 'table-open' | 'table-closed', seq: number): TableState => {
      const r = applyMessage(
        state,
        { kind: 'event', payload: { v: 1, type, seq, controllerId: 'C1', timestamp: at } },
        at,
      );
      if (r.effect !== 'applied') throw new Error(r.reason);
      return r.state;
    };
    const gone = { ...emptyTableState('T1'), controller: { online: false, id: 'C1', since: at, heardAt: at } };
    const closed = event(gone, 'table-closed', 1);
    expect(closed.shoe).toBeNull();
    expect(closed.notices.map((n) => n.kind)).toEqual(['tableClosed']);
    expect(stateWarnings(closed, at)).toEqual([]);
    const opened = event(closed, 'table-open', 2);
    expect(stateWarnings(opened, at).map((w) => w.code)).toEqual(['controller-offline']);
  });

  /**
   * A stale or forged `offline` (a status sent again, or by anyone who may publish it) had patrons read "Results paused"
   * while the table's hands kept coming. A live result made after it says the controller is online; one made before it
   * (delivered late), a snapshot (retained: made before) or a result already shown does not.
   */
  test.each([
    ['a hand made after the offline', 'hand', 200, true],
    ['an event made after it', 'event', 200, true],
    ['a hand made before it, delivered late', 'hand', 50, false],
    ['a snapshot that adds a hand', 'shoe', 200, false],
    ['a hand the board shows already', 'again', 200, false],
  ] as const)('%s: online %s', (_, kind, seconds, online) => {
    const step = (state: TableState, m: Parameters<typeof applyMessage>[1]): TableState => {
      const r = applyMessage(state, m, at(seconds));
      return r.effect === 'applied' ? r.state : state;
    };
    const h1 = handMessage('S1', 1, coup(CARDS.banker), at(30));
    let state = step(emptyTableState('T1'), {
      kind: 'event',
      payload: event('shoe-start', { shoeId: 'S1', decks: 8, timestamp: at(1) }),
    });
    state = step(state, { kind: 'hand', payload: h1 });
    state = { ...state, controller: { online: false, id: 'C1', since: at(100), heardAt: at(100) } };
    const h2 = handMessage('S1', 2, coup(CARDS.player), at(seconds));
    const next =
      kind === 'hand'
        ? step(state, { kind: 'hand', payload: h2 })
        : kind === 'event'
          ? step(state, {
              kind: 'event',
              payload: event('betting-open', { shoeId: 'S1', handNo: 2, timestamp: at(seconds) }),
            })
          : kind === 'shoe'
            ? step(state, { kind: 'shoe', payload: snapshot('S1', [h1, h2], { seq: 99 }) })
            : step(state, { kind: 'hand', payload: { ...h1, timestamp: at(seconds) } });
    expect(next.controller?.online).toBe(online);
    if (online) expect(next.controller).toMatchObject({ id: 'C1', since: at(seconds) });
    expect(stateWarnings(next, at(seconds + 1)).map((w) => w.code)).toEqual(online ? [] : ['controller-offline']);
  });
});
