/** What a fleet command's wait knows of a board that went offline: never more than its messages say. */
import { describe, expect, test } from 'vitest';
import { makeDisplaySeen, makeDisplayStatus } from '../contract/mqtt';
import type { DisplayStatus } from '../contract/schemas';
import { topics } from '../contract/topics';
import { AnswerWatch, describeStatus, goingAfter } from './fleet-answer';

const T = topics('baccarat');
const online: DisplayStatus = {
  v: 1,
  state: 'online',
  displayId: 'D1',
  tableId: 'T1',
  version: '1.0.0',
  timestamp: '2026-11-27T14:02:10.000Z',
  handCount: 0,
  rejectedMessages: 0,
  uptimeSeconds: 60,
};
const will: DisplayStatus = {
  v: 1,
  state: 'offline',
  displayId: 'D1',
  tableId: 'T1',
  version: '1.0.0',
  timestamp: '2026-11-20T09:00:00.000Z',
  will: true,
};
const goodbye: DisplayStatus = { ...will, timestamp: '2026-11-27T14:02:30.000Z', will: false };
const NOW = '2026-11-27T14:02:40.000Z';

describe('going after a status', () => {
  const cases: [string, DisplayStatus | null, DisplayStatus, object][] = [
    ['a will after an online status: seen going', online, will, { lastSeen: online.timestamp, goneAt: NOW }],
    ['a will read first: nothing seen', null, will, {}],
    ['a goodbye says it all', online, goodbye, {}],
    ['online again: forgotten', will, online, {}],
    ['a will of another table', { ...online, tableId: 'T2' }, will, {}],
  ];
  test.each(cases)('%s', (_, before, next, going) => {
    expect(goingAfter(before, next, {}, NOW)).toEqual(going);
  });
});

describe('a wait that times out on an offline board', () => {
  const wait = (status: DisplayStatus | null = null) =>
    new AnswerWatch({
      root: 'baccarat',
      display: 'D1',
      requestId: 'r1',
      name: 'identify',
      ms: 60_000,
      status,
      now: () => new Date(NOW),
    });
  const hints = { noStatus: 'check the id.', refused: 'signatures.' };
  const bytes = (s: string) => new TextEncoder().encode(s);
  const seen = makeDisplaySeen({ v: 1, displayId: 'D1', tableId: 'T1', timestamp: '2026-11-27T14:02:20.000Z' });

  test('it listens to the board’s last-seen time too', () => {
    expect(wait().topics).toEqual([T.displayStatus('D1'), T.displaySeen('D1')]);
  });

  const cases: [string, DisplayStatus | null, string[], string][] = [
    [
      'read from the broker, with a last-seen time',
      null,
      ['status', 'seen'],
      'since some time after 2026-11-27T14:02:20.000Z (last seen)',
    ],
    [
      'the last-seen time first',
      null,
      ['seen', 'status'],
      'since some time after 2026-11-27T14:02:20.000Z (last seen)',
    ],
    [
      'read from the broker, without one',
      null,
      ['status'],
      'since some time after 2026-11-20T09:00:00.000Z, when it connected',
    ],
    [
      'an unreadable one is as none',
      null,
      ['status', 'bad'],
      'since some time after 2026-11-20T09:00:00.000Z, when it connected',
    ],
    [
      'gone while waiting',
      online,
      ['status', 'seen'],
      'since about 2026-11-27T14:02:40.000Z, last seen 2026-11-27T14:02:20.000Z',
    ],
  ];
  test.each(cases)('%s', async (_, before, order, words) => {
    const w = wait(before);
    for (const m of order)
      if (m === 'status') w.take(T.displayStatus('D1'), bytes(makeDisplayStatus(will)));
      else w.take(T.displaySeen('D1'), bytes(m === 'seen' ? seen : '{"v":1,"displayId":"D1"}'));
    w.cancel();
    const a = await w.result;
    expect(a.kind === 'timeout' && describeStatus(a.status, hints, a.rejected, a.going)).toBe(
      `Its status says offline ${words}.`,
    );
  });
});

describe('a wait that times out on a board whose status cannot be read', () => {
  const wait = (status: DisplayStatus | null = null) =>
    new AnswerWatch({ root: 'baccarat', display: 'D1', requestId: 'r1', name: 'identify', ms: 60_000, status });
  const hints = { noStatus: 'check the id.', refused: 'signatures.' };
  const bytes = (s: string) => new TextEncoder().encode(s);
  const said = async (before: DisplayStatus | null, messages: readonly string[]) => {
    const w = wait(before);
    for (const m of messages) w.take(T.displayStatus('D1'), bytes(m));
    w.cancel();
    const a = await w.result;
    return a.kind === 'timeout' ? describeStatus(a.status, hints, a.rejected, a.going, a.unreadable) : a.kind;
  };
  const another = makeDisplayStatus({ ...online, displayId: 'D2' });

  // Told "the broker holds no status for it: check the id", an operator looked for a typo in a display id that was
  // right (casino IT's audit): the broker holds one, that no board of this version wrote.
  test.each([
    ['not JSON', null, ['{"state":'], /cannot be read \(displayStatus: .*JSON.*\): a board of another version/],
    ['of another display', null, [another], /cannot be read \(it is display D2's, not D1's\)/],
    ['after a good one: both said', online, ['[]'], /cannot be read .*Before it, its status said online \(as of /],
  ] as const)('%s', async (_, before, messages, words) => {
    const text = await said(before, messages);
    expect(text).toMatch(words);
    expect(text).not.toContain('holds no status');
  });

  test('a good status after it: the good one is said, as ever', async () => {
    expect(await said(null, ['nonsense', makeDisplayStatus(will)])).toMatch(/^Its status says offline/);
    expect(await said(null, [])).toBe('The broker holds no status for it: check the id.');
  });
});
