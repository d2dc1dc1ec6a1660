/**
 * What tells a board that another one publishes as its display id, and what does not (its own statuses, an earlier
 * run of itself, a last will), as a table of what arrives on its own status topic and how its connection ends.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { makeDisplayStatus } from '../contract/mqtt';
import type { DisplayStatus } from '../contract/schemas';
import { DisplayIdGuard } from './display-id-guard';
import { memoryLogger } from './log';

const START = Date.parse('2026-11-27T18:00:00.000Z');
const at = (s: number) => new Date(START + s * 1000).toISOString();

const online = (instance: string | undefined, seconds: number, tableId = 'T2'): Uint8Array =>
  Buffer.from(
    makeDisplayStatus({
      v: 1,
      state: 'online',
      displayId: 'D1',
      tableId,
      version: '2.0.0',
      timestamp: at(seconds),
      ...(instance !== undefined && { instance }),
      handCount: 0,
      rejectedMessages: 0,
      uptimeSeconds: 1,
    } as DisplayStatus),
  );
const offline = (instance: string, will: boolean): Uint8Array =>
  Buffer.from(
    makeDisplayStatus({
      v: 1,
      state: 'offline',
      displayId: 'D1',
      tableId: 'T2',
      version: '2',
      timestamp: at(5),
      instance,
      will,
    }),
  );

const guards: DisplayIdGuard[] = [];
afterEach(() => {
  guards.splice(0).forEach((g) => g.stop());
  vi.useRealTimers();
});

/** A guard ten seconds into its board's run, on a fake clock. */
function guard() {
  vi.useFakeTimers({ now: START + 10_000 });
  let changes = 0;
  const { logger, records } = memoryLogger('info');
  const g = new DisplayIdGuard({
    displayId: 'D1',
    clientId: 'baccarat-board-D1',
    instance: 'mine-0001',
    startedAt: START,
    now: () => new Date(),
    log: logger,
    changed: () => changes++,
    evidenceMs: 60_000,
  });
  guards.push(g);
  g.connected();
  return { g, records, changes: () => changes, advance: (ms: number) => vi.advanceTimersByTime(ms) };
}

type Step =
  | readonly ['status', Uint8Array, 'retained' | 'live']
  | readonly ['taken-over']
  | readonly ['closed', boolean] // what closed() answers
  | readonly ['connected'];

describe('what a board hears on its own status topic', () => {
  test.each<[string, readonly Step[], 'publishes' | 'took-over' | null]>([
    [
      'its own status, live and retained',
      [
        ['status', online('mine-0001', 9), 'live'],
        ['status', online('mine-0001', 9), 'retained'],
        ['closed', false],
      ],
      null,
    ],
    ['another instance, live, since it started', [['status', online('other-01', 9), 'live']], 'publishes'],
    ['an older board (no instance), live', [['status', online(undefined, 9), 'live']], 'publishes'],
    [
      'an earlier run of itself, delivered late (stamped before it started)',
      [['status', online('old-0001', -3), 'live']],
      null,
    ],
    [
      'an earlier run of itself, retained, then the network drops',
      [
        ['status', online('old-0001', -3), 'retained'],
        ['closed', false],
      ],
      null,
    ],
    ['another instance retained: a suspicion only', [['status', online('other-01', 2), 'retained']], null],
    [
      'another instance retained, then the broker closes the connection',
      [
        ['status', online('other-01', 2), 'retained'],
        ['closed', true],
      ],
      'took-over',
    ],
    [
      'retained on one connection, closed on the next',
      [['status', online('other-01', 2), 'retained'], ['connected'], ['closed', false]],
      null,
    ],
    [
      'a last will of another instance retained',
      [
        ['status', offline('other-01', true), 'retained'],
        ['closed', false],
      ],
      null,
    ],
    ['MQTT 5: the broker says the session was taken over', [['taken-over'], ['closed', true]], 'took-over'],
    [
      'a status of another display id',
      [['status', Buffer.from(new TextDecoder().decode(online('x', 9)).replace('"D1"', '"D2"')), 'live']],
      null,
    ],
    [
      'not a status at all',
      [
        ['status', Buffer.from('{"v":1,"oops":true}'), 'live'],
        ['status', Buffer.from([0xff]), 'retained'],
      ],
      null,
    ],
  ])('%s', (_, steps, expected) => {
    const { g } = guard();
    for (const step of steps) {
      if (step[0] === 'status') g.status(step[1], step[2] === 'retained');
      else if (step[0] === 'taken-over') g.takenOver();
      else if (step[0] === 'connected') g.connected();
      else expect(g.closed()).toBe(step[1]);
    }
    const w = g.warning;
    if (expected === null) return expect(w).toBeNull();
    expect(w?.code).toBe('display-id-in-use');
    expect(w?.detail).toMatch(
      expected === 'publishes' ? /publishes as display id D1/ : /now connects as baccarat-board-D1-mine0001/,
    );
    expect(w!.detail.length).toBeLessThanOrEqual(300);
  });
});

describe('the warning, while the other board is heard', () => {
  test('says who the other board is, and what to do', () => {
    const { g } = guard();
    g.status(online('other-01', 2), true);
    g.closed();
    expect(g.warning?.detail).toBe(
      'another board (table T2, version 2.0.0) uses display id D1 and client id baccarat-board-D1: the broker kept one of the two connected at a time. This board now connects as baccarat-board-D1-mine0001. Give each board its own display id',
    );
    expect(g.ownId).toBe(true);
    const other = guard().g;
    other.takenOver();
    other.closed();
    expect(other.warning?.detail).toMatch(/^another client connected with this board's client id baccarat-board-D1: /);
  });

  test("lasts while the other's statuses come, ends when they stop or it says goodbye (not at its last will)", () => {
    const { g, advance, changes, records } = guard();
    g.status(online('other-01', 9), false);
    expect(changes()).toBe(1);
    const since = g.warning?.since;
    advance(50_000);
    g.status(online('other-01', 59), false);
    expect(g.warning?.since).toBe(since); // one episode
    expect(changes()).toBe(1);
    g.status(offline('other-01', true), false); // its will: it may be back at once
    expect(g.warning).not.toBeNull();
    g.status(offline('someone', false), false); // another's goodbye
    expect(g.warning).not.toBeNull();
    g.status(offline('other-01', false), false);
    expect(g.warning).toBeNull();
    expect(changes()).toBe(2);
    // Heard again, then silent: it lasts 60 s from the last status heard, then goes by itself.
    g.status(online('other-01', 70), false);
    advance(40_000);
    g.status(online('other-01', 110), false);
    advance(59_000);
    expect(g.warning).not.toBeNull();
    advance(1_000);
    expect(g.warning).toBeNull();
    expect(changes()).toBe(4);
    expect(records.filter((r) => r.level === 50)).toHaveLength(2); // said once per episode
    expect(records.filter((r) => String(r.msg).startsWith('no other board'))).toHaveLength(2);
  });

  test('the client id of its own is the configured one and the instance, and taken once', () => {
    const { g, records } = guard();
    g.status(online('other-01', 9), true);
    expect(g.closed()).toBe(true);
    for (let i = 0; i < 2; i++) {
      g.connected();
      g.status(online('other-01', 9), true); // the other's status, retained, on its own client id's connection
      expect(g.closed()).toBe(false); // the network: nothing takes over a client id of its own
    }
    g.takenOver(); // unless the broker says so
    expect(g.closed()).toBe(true);
    expect(g.ownClientId).toBe('baccarat-board-D1-mine0001');
    expect(records.filter((r) => String(r.msg).startsWith('another board took over'))).toHaveLength(1);
  });
});
