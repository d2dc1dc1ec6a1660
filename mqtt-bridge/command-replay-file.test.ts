/** The board's record of the signed commands it carried out, on disk: read back whole, or none and why. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommandReplays, COMMAND_WINDOW_MS, MAX_REMEMBERED_COMMANDS } from './command-replay';
import { CommandReplayFile, commandReplayPath, parseCommandsDone } from './command-replay-file';
import { memoryLogger } from './log';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);

describe('parseCommandsDone', () => {
  it.each([
    ['[["op-1",1764331200000],["op-2",1764331201000]]', 2, undefined],
    ['[]', 0, undefined],
    ['{', 0, 'not JSON'],
    ['{"op-1":1}', 0, 'not a list'],
    ['[["op-1"]]', 0, 'an entry is not [request id, time]'],
    ['[["", 1]]', 0, 'an entry is not [request id, time]'],
    ['[["op-1", "soon"]]', 0, 'an entry is not [request id, time]'],
  ])('%s: %i remembered (%s)', (text, n, error) => {
    const r = parseCommandsDone(text);
    expect(r.done).toHaveLength(n);
    expect(r.error).toBe(error);
  });

  it('keeps the newest it may remember of a longer list', () => {
    const many = Array.from({ length: MAX_REMEMBERED_COMMANDS + 5 }, (_, i) => [`op-${i}`, NOW + i]);
    const { done } = parseCommandsDone(JSON.stringify(many));
    expect(done).toHaveLength(MAX_REMEMBERED_COMMANDS);
    expect(done[0]).toEqual(['op-5', NOW + 5]);
  });
});

describe('CommandReplayFile', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'bb-commands-done-'));
  const command = (requestId: string) =>
    ({ v: 1, command: 'identify', requestId, timestamp: new Date(NOW).toISOString() }) as const;

  it('a restart remembers what was carried out: the same request again is refused, a new one is not', () => {
    const path = commandReplayPath(dir(), 'board D1/x');
    expect(path).toMatch(/board_D1_x\.commands-done\.json$/);
    const { logger } = memoryLogger();
    const before = new CommandReplays(new CommandReplayFile(path, logger).read());
    expect(before.check(command('op-1'), NOW)).toBeNull();
    new CommandReplayFile(path, logger).save(before.remembered());
    const after = new CommandReplays(new CommandReplayFile(path, logger).read());
    expect(after.check(command('op-1'), NOW + 1000)?.kind).toBe('again');
    expect(after.check(command('op-2'), NOW + 1000)).toBeNull();
    // Past the window, what it remembered no longer matters: the window refuses the command anyway.
    expect(after.check(command('op-1'), NOW + COMMAND_WINDOW_MS + 1000)?.kind).toBe('stale');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual([['op-1', NOW]]);
  });

  it('no file: nothing remembered, nothing logged; a damaged one: nothing remembered, and a warning why', () => {
    const d = dir();
    const { logger, records } = memoryLogger();
    expect(new CommandReplayFile(commandReplayPath(d, 'b'), logger).read()).toEqual([]);
    expect(records).toEqual([]);
    writeFileSync(commandReplayPath(d, 'b'), 'garbage');
    expect(new CommandReplayFile(commandReplayPath(d, 'b'), logger).read()).toEqual([]);
    expect(records.map((r) => r.reason)).toEqual(['not JSON']);
  });

  it('a folder it cannot write: a warning, never a throw', () => {
    const d = dir();
    writeFileSync(join(d, 'file'), '');
    const { logger, records } = memoryLogger();
    new CommandReplayFile(join(d, 'file', 'x.commands-done.json'), logger).save([['op-1', NOW]]);
    expect(records.map((r) => r.level)).toEqual([40]);
  });
});
