/**
 * A board's fit as the floor reads it: the warnings a board publishes when its page cuts the pit message or gives up
 * the statistics' streak line for it (`kiosk:fit`, mqtt-bridge/fit-warnings.ts), in the board's words after
 * "Board D1:", on its row and on its table's card, where the sign (and its message) is changed.
 */
import { describe, expect, test } from 'vitest';
import type { DisplayStatus } from '../contract/schemas';
import { fitWarnings } from '../mqtt-bridge/fit-warnings';
import { signage } from '../test/helpers/table-messages';
import { boardAttention, signLag, tableAttention, tableStateAttention, type ControllerOpen } from './fleet-attention';
import type { ShoePosition } from './shoe-position';

const AT = '2026-11-22T12:00:00.000Z';
const SINCE = '2026-11-22T11:40:00.000Z';

type Online = Extract<DisplayStatus, { state: 'online' }>;

function online(displayId: string, fit: Parameters<typeof fitWarnings>[0] | null): Online {
  return {
    v: 1,
    state: 'online',
    displayId,
    tableId: 'T1',
    version: '1.0.0',
    timestamp: AT,
    handCount: 12,
    signageRevision: 4,
    rejectedMessages: 0,
    uptimeSeconds: 600,
    ...(fit && { warnings: fitWarnings(fit, [], SINCE) }),
  };
}

describe("a board's fit, for the floor", () => {
  const sign = { ...signage(4, { sideBets: [] }), message: 'Welcome to the VIP room. '.repeat(11).trim() };

  test('a pit message cut reads, on the board, as what it is and what helps, with since', () => {
    const d1 = online('D1', { messageCut: true, messageLines: 3, streaksHidden: false });
    expect(boardAttention(d1, sign, null)).toEqual([
      {
        code: 'pit-message-cut',
        displayId: 'D1',
        since: SINCE,
        text: 'Board D1: the pit message is too long for this board, which shows it cut to 3 lines with an ellipsis — publish a shorter one to show it whole',
      },
    ]);
  });

  test('the streak line given up reads the same way', () => {
    const d2 = online('D2', { messageCut: false, streaksHidden: true });
    expect(boardAttention(d2, sign, null).map((a) => a.text)).toEqual([
      'Board D2: the statistics hide their streak line to make room for the pit message in the footer (the sign column has none left for it) — no message, or fewer side bets on the sign, brings the streaks back',
    ]);
  });

  test("both are on the table's card too, beside its message; a board that fits it whole says nothing", () => {
    const boards = [
      online('D1', { messageCut: true, messageLines: 1, streaksHidden: false }),
      online('D2', { messageCut: false, streaksHidden: true }),
      online('D3', { messageCut: false, streaksHidden: false }),
    ].map((b) => ({ ...b, ...signLag(b, sign, null) }));
    expect(tableAttention(sign, null, boards).map((a) => [a.code, a.displayId, a.since])).toEqual([
      ['pit-message-cut', 'D1', SINCE],
      ['streaks-hidden', 'D2', SINCE],
    ]);
    expect(tableAttention(sign, null, boards)[0]?.text).toContain('cut to 1 line with an ellipsis');
  });

  test("the table card keeps a board's other warnings to its row", () => {
    const b: Online = {
      ...online('D4', null),
      warnings: [{ code: 'results-unverified', detail: 'results are not signed', since: SINCE }],
    };
    expect(tableAttention(sign, null, [{ ...b, ...signLag(b, sign, null) }])).toEqual([]);
    expect(boardAttention(b, sign, null).map((a) => a.code)).toEqual(['results-unverified']);
  });
});

describe("the pit's sign and the table's controller on open or closed", () => {
  const shoe = (phase: ShoePosition['phase'], tableOpen?: boolean): ShoePosition => ({
    shoeId: 'S1',
    handsPlayed: 6,
    phase,
    nextHand: 7,
    earliestHand: 8,
    ...(tableOpen !== undefined && { tableOpen }),
  });
  const open = signage(4);
  const closed = signage(5, { tableOpen: false });
  const at = (p: ShoePosition, t: string) => ({ ...p, at: t }); // the snapshot's time
  const cl = (t: string): ControllerOpen => ({ tableOpen: false, tableOpenAt: t }); // a status saying closed
  // Found by hand: closed in the console, the keypad still offered "Bets open", and hand 7 was recorded while patrons
  // read TABLE CLOSED; closed at the keypad, the console's card still said Open.
  test.each([
    ['sign closed, bets taken', closed, shoe('betting'), 'closed-but-dealing', 'controller takes bets for hand 7'],
    ['sign closed, a hand dealt', closed, shoe('dealing', true), 'closed-but-dealing', 'controller is dealing hand 7'],
    [
      'sign open, the controller closed it',
      open,
      shoe('waiting', false),
      'closed-at-table',
      'closed the table at its controller',
    ],
    ['both closed', closed, shoe('waiting', false), null, ''],
    ['sign closed, nothing dealt', closed, shoe('waiting'), null, ''],
    ['sign closed, the shoe over', closed, shoe('ended'), null, ''],
    ['both open', open, shoe('dealing', true), null, ''],
    ['an older controller, which does not say', open, shoe('dealing'), null, ''],
    ['no snapshot', closed, null, null, ''],
    ['no snapshot, no status saying', open, null, null, ''],
    // A new keypad closes its table at once, before any shoe: its online status says so.
    ['no snapshot, the status says closed', open, null, 'closed-at-table', 'closed the table at its controller', false],
    ['no snapshot, the status says open', open, null, null, '', true],
    ['no snapshot, both closed', closed, null, null, '', false],
    // With a snapshot, the later of its word and the status's wins (a keypad on a new journal under an old snapshot).
    ['a later status closes an open snapshot', open, at(shoe('waiting', true), SINCE), 'closed-at-table', '', cl(AT)],
    ['a stale status before a later open snapshot', open, at(shoe('waiting', true), AT), null, '', cl(SINCE)],
    [
      'at odds at the same moment',
      open,
      at(shoe('waiting', true), AT),
      'table-open-unsure',
      'at 2026-11-22T12:00:00Z',
      cl(AT),
    ],
    [
      'at odds, sign closed too',
      closed,
      at(shoe('betting', true), AT),
      'table-open-unsure',
      'too close in time',
      cl(AT),
    ],
  ] as const)('%s', (_, sign, position, code, words, status?: boolean | ControllerOpen) => {
    const controller = typeof status === 'boolean' ? { tableOpen: status, tableOpenAt: AT } : status;
    const a = tableStateAttention(sign, position, controller);
    expect(a?.code ?? null).toBe(code);
    if (a) expect(a.text).toContain(words);
    // On the table card, first (before the Perfect Pairs gap these signs have: no casino scale here).
    const card = tableAttention(sign, null, [], position, undefined, controller);
    expect(card.map((c) => c.code)).toEqual([...(code ? [code] : []), 'perfect-pairs-scale-missing']);
  });
});

describe('a silent board: its status says online, too old to believe', () => {
  const sign = signage(4, { sideBets: [] });
  // Out of step, ahead of its sign, with a warning: all as old as the status that said so.
  const stale: Online = {
    ...online('D3', { messageCut: true, messageLines: 2, streaksHidden: false }),
    signageRevision: 9,
    outOfStep: { code: 'gap', reason: 'hand 31 arrived before hand 30', since: SINCE },
  };
  const SILENT = `Board D3 is silent: its last status said online, and nothing has come from it for over 90 s — check the board and its network`;
  const t = Date.parse(AT);
  test.each([
    ['heard 30 s ago: its lines', t + 30_000, ['out-of-step', 'signage-ahead', 'pit-message-cut']],
    ['90 s ago, the limit: still believed', t + 90_000, ['out-of-step', 'signage-ahead', 'pit-message-cut']],
    ['91 s ago: silent, and that alone', t + 91_000, ['board-silent']],
    ['40 min ago: silent, and that alone', t + 40 * 60_000, ['board-silent']],
    ['silence not judged (no time given): its lines', undefined, ['out-of-step', 'signage-ahead', 'pit-message-cut']],
  ])('%s', (_name, now, codes) => {
    const lag = signLag(stale, sign, null, now);
    const board = boardAttention(stale, sign, null, lag, now);
    expect(board.map((a) => a.code)).toEqual(codes);
    expect(tableAttention(sign, null, [{ ...stale, ...lag }], null, now).map((a) => a.code)).toEqual(codes);
    expect(lag.signageAhead).toBe(codes[0] !== 'board-silent'); // a silent board's signs are not compared
  });

  test('its line, with since its last status (the page says for how long)', () => {
    expect(boardAttention(stale, sign, null, undefined, t + 91_000)).toEqual([
      { code: 'board-silent', displayId: 'D3', since: AT, text: SILENT },
    ]);
  });

  test('a status time that cannot be read: silent, with no since', () => {
    const b = { ...stale, timestamp: 'not a time' };
    expect(boardAttention(b, sign, null, undefined, t)).toEqual([
      { code: 'board-silent', displayId: 'D3', text: SILENT },
    ]);
  });

  test('an offline board is not silent: it says nothing here, as before', () => {
    const off: DisplayStatus = {
      v: 1,
      state: 'offline',
      displayId: 'D3',
      tableId: 'T1',
      version: '1.0.0',
      timestamp: AT,
      will: true,
    };
    expect(boardAttention(off, sign, null, undefined, t + 40 * 60_000)).toEqual([]);
  });
});
