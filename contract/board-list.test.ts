/**
 * The boards as `fleet list` and `signage show` read them from retained messages: when each was last seen (a goodbye,
 * a will with its connection's last-seen time, a will without one or with an older connection's, an older board's
 * status), an online status too old to believe (silent: its will never came), sorted by table then display as
 * staff read ids (T2 before T10), and what breaks the contract left out.
 */
import { describe, expect, it } from 'vitest';
import { boardList, retainedBoards } from './board-list';
import { makeDisplaySeen, makeDisplayStatus } from './mqtt';
import { isSilent, SILENT_AFTER_SECONDS } from './offline-since';
import type { DisplayStatus } from './schemas';
import { topics } from './topics';

const T = topics('baccarat');
const AT = '2026-11-27T14:00:00.000Z'; // the status's own time
const SEEN = '2026-11-27T14:05:30.000Z';
const NOW = Date.parse('2026-11-27T14:06:00.000Z'); // when the list is read
const bytes = (text: string) => new TextEncoder().encode(text);
const offline = (more: Partial<Extract<DisplayStatus, { state: 'offline' }>> = {}): DisplayStatus => ({
  v: 1,
  state: 'offline',
  displayId: 'D1',
  tableId: 'T1',
  version: '1.0.0',
  timestamp: AT,
  ...more,
});
const online: DisplayStatus = { ...offline(), state: 'online', handCount: 0, rejectedMessages: 0, uptimeSeconds: 5 };
const read = (s: DisplayStatus, seen?: { tableId?: string; timestamp: string }) =>
  retainedBoards('baccarat', [
    [T.displayStatus(s.displayId), bytes(makeDisplayStatus(s))],
    ...(seen
      ? [
          [
            T.displaySeen(s.displayId),
            bytes(makeDisplaySeen({ v: 1, displayId: s.displayId, tableId: 'T1', ...seen })),
          ] as const,
        ]
      : []),
  ]);

describe('when a board was last seen', () => {
  it.each([
    ['online: its status time', online, undefined, AT, false, null],
    ['a goodbye: when it stopped', offline({ will: false }), { timestamp: SEEN }, AT, false, 'goodbye'],
    ['a will with its last-seen time', offline({ will: true }), { timestamp: SEEN }, SEEN, false, 'will'],
    ['a will without one: when it connected, or later', offline({ will: true }), undefined, AT, true, 'will'],
    [
      "a will with an older connection's last-seen time: as without one",
      offline({ will: true }),
      { timestamp: '2026-11-27T13:00:00.000Z' },
      AT,
      true,
      'will',
    ],
    [
      'a will with another table’s last-seen time: as without one',
      offline({ will: true }),
      { tableId: 'T9', timestamp: SEEN },
      AT,
      true,
      'will',
    ],
    ['an older board (no will field): its status time, or later', offline(), { timestamp: SEEN }, AT, true, 'unknown'],
  ] as const)('%s', (_, status, seen, lastSeen, orLater, how) => {
    const [b] = boardList(read(status, seen), NOW);
    expect(b).toMatchObject({ lastSeen, lastSeenOrLater: orLater, offline: how, statusAt: AT });
  });
});

describe('an online status too old to believe: silent, since its time', () => {
  const at = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000).toISOString();
  const bound = SILENT_AFTER_SECONDS; // 90 s: three of the board's re-statements, every 30 s, missed
  it.each([
    ['fresh online: online', { ...online, timestamp: at(5) }, 'online', false],
    ['online, just under the bound: online', { ...online, timestamp: at(bound - 1) }, 'online', false],
    ['online, at the bound: online', { ...online, timestamp: at(bound) }, 'online', false],
    ['online, just over the bound: silent', { ...online, timestamp: at(bound + 1) }, 'silent', false],
    ['online, days old (a will never delivered): silent', { ...online, timestamp: at(3 * 86_400) }, 'silent', false],
    ['online, from a board whose clock is ahead: online', { ...online, timestamp: at(-20) }, 'online', false],
    ['a will, however old: offline', offline({ will: true, timestamp: at(3 * 86_400) }), 'offline', true],
    ['a goodbye, however old: offline', offline({ will: false, timestamp: at(bound + 1) }), 'offline', false],
  ] as const)('%s', (_, status, state, orLater) => {
    const [b] = boardList(read(status), NOW);
    // Last seen: a silent board's status's time, never later; what it last said stays, dated by it.
    expect(b).toMatchObject({
      state,
      lastSeen: status.timestamp,
      lastSeenOrLater: orLater,
      statusAt: status.timestamp,
    });
    if (status.state === 'online') expect(b).toMatchObject({ offline: null, uptimeSeconds: 5, handCount: 0 });
  });

  it('no time in the status: breaks the contract, so never listed online; a time that cannot be read is silent', () => {
    const { timestamp: _, ...untimed } = online;
    const r = retainedBoards('baccarat', [[T.displayStatus('D1'), bytes(JSON.stringify(untimed))]]);
    expect(boardList(r, NOW)).toEqual([]);
    expect(r.warnings).toEqual([
      expect.stringMatching(/^ignoring the retained status on baccarat\/displays\/D1\/status: /),
    ]);
    expect(isSilent({ state: 'online', timestamp: '' }, NOW)).toBe(true);
    expect(isSilent({ state: 'offline', timestamp: '' }, NOW)).toBe(false);
  });
});

it('sorts by table then display, as staff read ids; --table keeps one table', () => {
  const boards = [
    ['T10', 'D1'],
    ['T2', 'D10'],
    ['T2', 'D9'],
    ['T1', 'Z'],
  ].map(([tableId, displayId]) => ({ ...online, tableId: tableId!, displayId: displayId! }));
  const r = retainedBoards(
    'baccarat',
    boards.map((b) => [T.displayStatus(b.displayId), bytes(makeDisplayStatus(b))] as const),
  );
  expect(boardList(r, Date.parse(AT)).map((b) => `${b.table}/${b.display}`)).toEqual([
    'T1/Z',
    'T2/D9',
    'T2/D10',
    'T10/D1',
  ]);
  expect(boardList(r, Date.parse(AT), 'T2').map((b) => b.display)).toEqual(['D9', 'D10']);
});

it('leaves out, with a warning, what breaks the contract or names another display; passes over other topics', () => {
  const r = retainedBoards('baccarat', [
    [T.displayStatus('D2'), bytes(makeDisplayStatus(online))], // says D1
    [T.displayStatus('D3'), bytes('{"v":1}')],
    [T.tableSignage('T1'), bytes('not ours')],
  ]);
  expect(r.boards).toEqual([]);
  expect(r.warnings).toEqual([
    'ignoring the retained status on baccarat/displays/D2/status: its displayId is not the topic’s',
    expect.stringMatching(/^ignoring the retained status on baccarat\/displays\/D3\/status: displayStatus: /),
  ]);
});
