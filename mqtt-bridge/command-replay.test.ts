import { describe, expect, test } from 'vitest';
import type { DisplayCommand } from '../contract/schemas';
import { COMMAND_WINDOW_MS, CommandReplays } from './command-replay';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const cmd = (requestId: string, offsetMs: number, command: DisplayCommand['command'] = 'resync') =>
  ({ v: 1, command, requestId, timestamp: new Date(NOW + offsetMs).toISOString() }) as DisplayCommand;

describe('a signed command is carried out once, while fresh', () => {
  const cases: [string, number, RegExp | null][] = [
    ['stamped now', 0, null],
    ['stamped at the edge of the window, before', -COMMAND_WINDOW_MS, null],
    ['stamped at the edge of the window, after (the pit clock ahead)', COMMAND_WINDOW_MS, null],
    ['stamped a second past the window, before', -COMMAND_WINDOW_MS - 1000, /301 s before this board's clock/],
    ['stamped a second past the window, after', COMMAND_WINDOW_MS + 1000, /301 s after this board's clock/],
    ['stamped a day ago (a capture replayed)', -86_400_000, /more than 5 min: a replay, or the pit's clock/],
  ];
  test.each(cases)('%s', (_what, offset, refused) => {
    const r = new CommandReplays().check(cmd('r-1', offset), NOW);
    if (refused === null) expect(r).toBeNull();
    else expect(r).toEqual({ kind: 'stale', reason: expect.stringMatching(refused) as string });
  });

  test('the same requestId again, within the window (a replay, or a redelivery): not again, however often', () => {
    const replays = new CommandReplays();
    expect(replays.check(cmd('r-1', 0), NOW)).toBeNull();
    expect(replays.check(cmd('r-1', 0), NOW + 1000)).toEqual({
      kind: 'again',
      reason: 'a signed resync command (request r-1) this board has carried out already',
    });
    expect(replays.check(cmd('r-1', 0), NOW + 2000)?.kind).toBe('again');
    expect(replays.check(cmd('r-2', 0), NOW + 2000)).toBeNull(); // another request is carried out
  });

  test('a request forgotten once past the window stays refused, by its time', () => {
    const replays = new CommandReplays();
    expect(replays.check(cmd('r-1', 0), NOW)).toBeNull();
    const later = NOW + COMMAND_WINDOW_MS + 1000;
    expect(replays.check(cmd('r-2', COMMAND_WINDOW_MS + 1000), later)).toBeNull(); // forgets r-1
    expect(replays.check(cmd('r-1', 0), later)?.reason).toMatch(/before this board's clock/);
  });

  test('memory is bounded: the oldest is forgotten first', () => {
    const replays = new CommandReplays([], COMMAND_WINDOW_MS, 3);
    for (const id of ['a', 'b', 'c', 'd']) expect(replays.check(cmd(id, 0), NOW)).toBeNull();
    expect(replays.check(cmd('a', 0), NOW)).toBeNull(); // forgotten, for room
    expect(replays.check(cmd('d', 0), NOW)?.kind).toBe('again');
  });
});
