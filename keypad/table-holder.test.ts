import { describe, expect, test } from 'vitest';
import type { ControllerStatus } from '../contract/schemas/status';
import {
  heldByAnother,
  tableAtStart,
  refusalOf,
  statusMove,
  unseenTakeOver,
  type StatusContext,
  type StatusMove,
} from './table-holder';

const status = (state: ControllerStatus['state'], version = 'keypad 0.1.0'): ControllerStatus => ({
  v: 1,
  state,
  controllerId: 'ctl-T1',
  version,
  timestamp: '2025-01-01T10:00:00.000Z',
});
const online = status('online');
const offline = status('offline');

describe('who holds the table', () => {
  test.each([
    ['no retained status', null, false, false],
    ['an offline status', offline, false, false],
    ["another's online", online, false, true],
    ['its own online, of an earlier run', online, true, false],
  ])('%s: held by another is %s', (_, current, ours, held) => expect(heldByAnother(current, () => ours)).toBe(held));

  const other = {
    v: 1,
    state: 'online',
    controllerId: 'ctl-T1',
    version: 'keypad 0.1.0',
    timestamp: '2026-11-28T10:00:00.000Z',
  } as const;
  test.each([
    ['a keypad that does not sign: any online of another', other, null, 'held'],
    ['a keypad that signs: one its trusted keys signed, however old', other, { signed: true }, 'held'],
    ['a keypad that signs: unsigned, or a key it does not trust', other, { signed: false }, 'forged'],
    ['an offline', { ...other, state: 'offline' }, { signed: false }, 'free'],
    ['nothing retained', null, null, 'free'],
  ] as const)('at start, %s: %s', (_, current, check, table) =>
    expect(tableAtStart(current, () => false, check ? () => check : null)).toBe(table),
  );

  test.each([
    ['keypad 0.1.0', 'keypad'],
    ['simulator 0.1.0', 'simulator'],
    ['1.2.3', 'controller'],
  ] as const)('a refusal names what holds the table by its version label (%s: %s)', (version, holder) =>
    expect(refusalOf('another-keypad', status('online', version))).toEqual({
      why: 'another-keypad',
      holder,
      controllerId: 'ctl-T1',
      version,
      since: '2025-01-01T10:00:00.000Z',
    }),
  );

  test('a take-over the broker reported without saying by whom: online now, version unknown', () =>
    expect(unseenTakeOver('ctl-T1', new Date('2025-01-01T11:00:00Z'))).toEqual({
      v: 1,
      state: 'online',
      controllerId: 'ctl-T1',
      version: '?',
      timestamp: '2025-01-01T11:00:00.000Z',
    }));
});

describe('a status on the table topic', () => {
  const serving: StatusContext = {
    retained: false,
    ownThisRun: false,
    serving: true,
    refused: false,
    sawOwnOnline: true,
    signs: false,
    trusted: false,
    signed: false,
  };
  test.each<[string, ControllerStatus, Partial<StatusContext>, StatusMove]>([
    ['its own online, counted first (even before serving)', online, { ownThisRun: true, serving: false }, 'own-online'],
    ['its own offline', offline, { ownThisRun: true }, 'none'],
    ["another's online after its own: a take-over", online, {}, 'yield'],
    [
      'a keypad that signs: an online its trusted keys signed is a take-over',
      online,
      { signs: true, trusted: true },
      'yield',
    ],
    ['a keypad that signs: an unsigned or untrusted online is refused', online, { signs: true }, 'refuse-take-over'],
    ['a keypad that does not sign: a signed online is a take-over too', online, { trusted: true }, 'yield'],
    [
      'a keypad that signs: an untrusted online before its own came back',
      online,
      { signs: true, sawOwnOnline: false },
      'none',
    ],
    ['a keypad that signs: an untrusted retained online', online, { signs: true, retained: true }, 'none'],
    ['a keypad that signs: a stale unsigned will over its presence', offline, { signs: true }, 'say-online'],
    [
      'a keypad that signs, refused: the other online again, signed',
      online,
      { signs: true, serving: false, refused: true, signed: true },
      'refresh-refusal',
    ],
    [
      'a keypad that signs, refused: an unsigned or untrusted online does not name the holder',
      online,
      { signs: true, serving: false, refused: true },
      'none',
    ],
    ["another's online before its own came back", online, { sawOwnOnline: false }, 'none'],
    ['a stale will over its presence', offline, {}, 'say-online'],
    ['a retained status, older than anything live', online, { retained: true }, 'none'],
    ['refused: the other keypad online again', online, { serving: false, refused: true }, 'refresh-refusal'],
    ['refused: the other keypad offline', offline, { serving: false, refused: true }, 'none'],
    ['not serving nor refused (connecting)', online, { serving: false }, 'none'],
  ])('%s', (_, s, c, move) => expect(statusMove(s, { ...serving, ...c })).toBe(move));
});
