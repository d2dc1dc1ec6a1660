/**
 * The view a board is pushed, built from the table state: the round's phase follows the table's events, and is left
 * out wherever the board cannot be sure of it (out of step, its link or its controller lost, the table closed).
 */
import { describe, expect, test } from 'vitest';
import type { ConnectionView, OutOfStep, TableView } from '../contract/kiosk';
import { CARDS, at, coup, event, handMessage, signage } from '../test/helpers/table-messages';
import { defaultConfig } from './config';
import { applyMessage, emptyTableState, type TableMessage, type TableState } from './table-state';
import { tableView } from './view';

/** Applies messages in order (each must apply). */
function run(messages: TableMessage[], state: TableState = emptyTableState('T1')): TableState {
  for (const [i, m] of messages.entries()) {
    const r = applyMessage(state, m, at(1000 + i));
    if (r.effect !== 'applied') throw new Error(`${r.effect}: ${r.reason}`);
    state = r.state;
  }
  return state;
}

const CONNECTED: ConnectionView = { state: 'connected', since: at(0), lastMessageAt: at(1), broker: null };
const view = (s: TableState, extra: { connection?: ConnectionView; outOfStep?: OutOfStep | null } = {}): TableView =>
  tableView(s, {
    displayId: 'D1',
    version: '1.0.0',
    settings: defaultConfig().board,
    connection: extra.connection ?? CONNECTED,
    seq: 1,
    now: at(2000),
    outOfStep: extra.outOfStep ?? null,
    warnings: [],
  });

const start: TableMessage = { kind: 'event', payload: event('shoe-start', { shoeId: 'S1', decks: 8 }) };
const hand = (no: number): TableMessage => ({ kind: 'hand', payload: handMessage('S1', no, coup(CARDS.banker)) });
const open = (no: number): TableMessage => ({
  kind: 'event',
  payload: event('betting-open', { shoeId: 'S1', handNo: no }),
});
const close = (no: number): TableMessage => ({
  kind: 'event',
  payload: event('no-more-bets', { shoeId: 'S1', handNo: no }),
});

describe('the round phase in the view', () => {
  test.each<[string, TableMessage[], TableView['round']]>([
    ['a shoe started, nothing dealt', [start], null],
    ['bets open', [start, hand(1), open(2)], { phase: 'betsOpen', hand: 2 }],
    ['no more bets', [start, hand(1), open(2), close(2)], { phase: 'noMoreBets', hand: 2 }],
    ['the result ends the round', [start, hand(1), open(2), close(2), hand(2)], null],
    ['a controller that never opens bets: nothing between rounds', [start, hand(1), hand(2)], null],
    [
      'a controller that never opens bets: "No more bets"',
      [start, hand(1), close(2)],
      { phase: 'noMoreBets', hand: 2 },
    ],
    [
      'a void hand is dealt, not bet on',
      [
        start,
        hand(1),
        { kind: 'event', payload: event('void-hand', { shoeId: 'S1', handNo: 2, reason: 'first-card-face-up' }) },
        close(2),
      ],
      { phase: 'dealing', hand: 2 },
    ],
    [
      'the signs close the table',
      [start, hand(1), open(2), { kind: 'signage', payload: signage(9, { tableOpen: false }) }],
      null,
    ],
  ])('%s', (_, messages, want) => {
    expect(view(run(messages)).round).toEqual(want);
  });

  const betting = () => run([start, hand(1), open(2)]);
  test('nothing while the board is out of step: the phase it last heard may be over', () => {
    expect(view(betting(), { outOfStep: { code: 'gap', reason: 'hand 4 arrived', since: at(3) } }).round).toBeNull();
  });
  test('nothing while the link to the broker is down', () => {
    expect(view(betting(), { connection: { ...CONNECTED, state: 'reconnecting' } }).round).toBeNull();
  });
  test('nothing once the controller is offline', () => {
    const offline = run(
      [
        {
          kind: 'controllerStatus',
          payload: { v: 1, controllerId: 'C1', state: 'offline', version: '1.0.0', timestamp: at(500) },
        },
      ],
      betting(),
    );
    expect(offline.controller?.online).toBe(false);
    expect(view(offline).round).toBeNull();
  });
});
