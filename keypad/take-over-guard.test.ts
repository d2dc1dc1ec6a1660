import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ControllerStatus } from '../contract/schemas/status';
import { memoryLogger } from '../mqtt-bridge/log';
import { generateSigningKey } from '../mqtt-bridge/signing';
import { REASSERT_MS, TakeOverGuard, WARN_MS } from './take-over-guard';

const forged: ControllerStatus = {
  v: 1,
  state: 'online',
  controllerId: 'ctl-T1',
  version: 'x',
  timestamp: '2026-11-28T15:00:00.000Z',
};

function guard() {
  const { logger, records } = memoryLogger('warn');
  const said: number[] = [];
  let changed = 0;
  const g = new TakeOverGuard({
    signingKey: generateSigningKey(),
    topic: 'baccarat/tables/T1/controller/status',
    ours: () => false,
    log: logger,
    now: () => new Date(),
    sayOnline: async () => void said.push(Date.now()),
    changed: () => void changed++,
  });
  return { g, records, said, changed: () => changed };
}

describe('a flood of forged take-overs', () => {
  beforeEach(() => void vi.useFakeTimers({ now: new Date('2026-11-28T15:00:00Z') }));
  afterEach(() => void vi.useRealTimers());

  test('it says online at once, then at most once a second, its own last; and logs one line per 10 s', () => {
    const { g, records, said, changed } = guard();
    g.refuse(forged, 'unsigned');
    vi.advanceTimersByTime(0);
    expect(said).toHaveLength(1); // at once
    for (let i = 0; i < 999; i++) g.refuse(forged, 'unsigned');
    vi.advanceTimersByTime(REASSERT_MS - 1);
    expect(said).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(said).toHaveLength(2); // once for the whole burst, after it: the retained status is its own
    vi.advanceTimersByTime(5 * REASSERT_MS);
    expect(said).toHaveLength(2); // nothing more came: nothing more said
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ reason: 'unsigned', refused: 1 });
    expect(changed()).toBe(1000);
    expect(g.refused).toMatchObject({ controllerId: 'ctl-T1', reason: 'unsigned' });
    vi.advanceTimersByTime(WARN_MS);
    g.refuse(forged, 'unsigned');
    expect(records).toHaveLength(2);
    expect(records[1]).toMatchObject({ refused: 1000 }); // the 999 not logged, and this one
  });

  test('stopped (the keypad yields or stops), it says nothing more', () => {
    const { g, said } = guard();
    g.refuse(forged, 'unsigned');
    vi.advanceTimersByTime(0);
    g.refuse(forged, 'unsigned');
    g.stop();
    vi.advanceTimersByTime(10 * REASSERT_MS);
    expect(said).toHaveLength(1);
  });
});
