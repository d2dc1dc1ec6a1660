import { describe, expect, test } from 'vitest';
import { memoryLogger } from './log';
import { OTHER_CODE, REJECTED_MESSAGE, RejectionLog, type RejectionLogOptions, SUMMARY_MESSAGE } from './rejection-log';

/** A rejection log on a hand-driven clock and scheduler. */
function setup(options: RejectionLogOptions = {}) {
  const { logger, records } = memoryLogger();
  let now = 0;
  let pending: { fn: () => void; at: number } | null = null;
  const log = new RejectionLog(logger, {
    now: () => now,
    schedule: (fn, ms) => {
      const job = { fn, at: now + ms };
      pending = job;
      return () => {
        if (pending === job) pending = null;
      };
    },
    ...options,
  });
  /** Moves the clock on, running the scheduled summary when it falls due. */
  const advance = (ms: number) => {
    now += ms;
    const job = pending;
    if (job && job.at <= now) {
      pending = null;
      job.fn();
    }
  };
  const full = () => records.filter((r) => r.msg === REJECTED_MESSAGE);
  const summaries = () => records.filter((r) => r.msg === SUMMARY_MESSAGE);
  return { log, records, advance, full, summaries, scheduled: () => pending !== null };
}

const bad = (i: number, code = 'bad-json') => ({ topic: `baccarat/tables/T1/hand`, code, reason: `reason ${i}` });

describe('RejectionLog', () => {
  test('logs the first 3 of a code per interval in full, counts the rest, summarises them at the end', () => {
    const { log, advance, full, summaries } = setup();
    for (let i = 0; i < 1000; i++) log.record(bad(i));
    expect(full().map((r) => r.reason)).toEqual(['reason 0', 'reason 1', 'reason 2']);
    expect(full()[0]).toMatchObject({ level: 40, topic: 'baccarat/tables/T1/hand', code: 'bad-json' });
    expect(summaries()).toEqual([]);

    advance(59_999);
    expect(summaries()).toEqual([]);
    advance(1); // the interval ends: the summary comes without another rejection to trigger it
    expect(summaries()).toEqual([
      expect.objectContaining({
        level: 40,
        code: 'bad-json',
        suppressed: 997,
        logged: 3,
        intervalMs: 60_000,
        sampleTopic: 'baccarat/tables/T1/hand',
        sampleReason: 'reason 999',
      }),
    ]);
    expect(log.counts()).toEqual({ 'bad-json': 1000 });
    expect(log.total).toBe(1000);

    // The next interval starts with the next rejection, and samples again.
    advance(3_600_000);
    log.record(bad(1000));
    expect(full()).toHaveLength(4);
    expect(summaries()).toHaveLength(1);
  });

  test('each code has its own samples and its own summary line', () => {
    const { log, advance, full, summaries } = setup({ samplesPerCode: 2, intervalMs: 10_000 });
    for (let i = 0; i < 5; i++) {
      log.record(bad(i, 'bad-json'));
      log.record(bad(i, 'too-large'));
    }
    log.record(bad(0, 'unknown-topic'));
    expect(full().map((r) => r.code)).toEqual(['bad-json', 'too-large', 'bad-json', 'too-large', 'unknown-topic']);
    advance(10_000);
    // unknown-topic had nothing left out, so no summary for it.
    expect(summaries().map((r) => [r.code, r.suppressed])).toEqual([
      ['bad-json', 3],
      ['too-large', 3],
    ]);
    expect(log.counts()).toEqual({ 'bad-json': 5, 'too-large': 5, 'unknown-topic': 1 });
  });

  test('an interval with nothing left out schedules nothing and writes no summary', () => {
    const { log, advance, summaries, scheduled } = setup();
    log.record(bad(0));
    log.record(bad(1));
    expect(scheduled()).toBe(false);
    advance(120_000);
    log.record(bad(2));
    expect(summaries()).toEqual([]);
  });

  test('a rejection after the interval ends flushes the old one first (a timer that never ran)', () => {
    const { log, records, advance } = setup({ samplesPerCode: 1, intervalMs: 1000, schedule: () => () => undefined });
    log.record(bad(0));
    log.record(bad(1));
    advance(5000);
    log.record(bad(2));
    expect(records.map((r) => [r.msg, r.reason ?? r.sampleReason])).toEqual([
      [REJECTED_MESSAGE, 'reason 0'],
      [SUMMARY_MESSAGE, 'reason 1'],
      [REJECTED_MESSAGE, 'reason 2'],
    ]);
  });

  test('flush() and close() write what is pending; after close rejections are counted, not logged', () => {
    const { log, records, scheduled } = setup({ samplesPerCode: 0 });
    log.record(bad(0));
    expect(scheduled()).toBe(true);
    log.close();
    expect(scheduled()).toBe(false);
    expect(records.map((r) => [r.msg, r.suppressed])).toEqual([[SUMMARY_MESSAGE, 1]]);
    log.record(bad(1));
    log.flush();
    expect(records).toHaveLength(1);
    expect(log.counts()).toEqual({ 'bad-json': 2 });
  });

  test('samplesPerCode: Infinity logs every rejection (for tests that count the lines)', () => {
    const { log, full } = setup({ samplesPerCode: Infinity });
    for (let i = 0; i < 50; i++) log.record(bad(i));
    expect(full()).toHaveLength(50);
  });

  test('bounds its memory: long topics and reasons are cut, codes past maxCodes count as other', () => {
    const { log, full } = setup({ maxCodes: 4, maxTextLength: 100 });
    log.record({ topic: 't/'.repeat(40_000), code: 'x'.repeat(1000), reason: 'r'.repeat(1_000_000) });
    const r = full()[0]!;
    expect(String(r.topic)).toMatch(/^(t\/){50}… \(80000 characters\)$/);
    expect(String(r.reason)).toHaveLength(100 + '… (1000000 characters)'.length);
    expect(String(r.code).length).toBeLessThan(100);
    for (let i = 0; i < 100; i++) log.record(bad(i, `code-${i}`));
    const counts = log.counts();
    expect(Object.keys(counts)).toHaveLength(4);
    expect(counts[OTHER_CODE]).toBe(98);
    expect(log.total).toBe(101);
  });

  test('never throws: not with a throwing logger, a throwing clock or junk input', () => {
    const throwing = {
      warn: () => {
        throw new Error('ENOSPC');
      },
    };
    const log = new RejectionLog(throwing, { samplesPerCode: 1, schedule: () => () => undefined });
    expect(() => {
      log.record(bad(0));
      log.record(bad(1));
      log.flush();
      log.close();
    }).not.toThrow();
    expect(log.counts()).toEqual({ 'bad-json': 2 });

    const noClock = new RejectionLog(throwing, {
      now: () => {
        throw new Error('clock');
      },
    });
    expect(() => noClock.record(bad(0))).not.toThrow();
    const junk = new RejectionLog({ warn: () => undefined });
    const weird = { toString: () => 'weird' };
    expect(() => junk.record({ topic: weird, code: weird, reason: undefined } as never)).not.toThrow();
    expect(junk.counts()).toEqual({ weird: 1 });
  });

  test('the default scheduler does not keep the process alive', () => {
    const { logger } = memoryLogger();
    const log = new RejectionLog(logger, { samplesPerCode: 0, intervalMs: 3_600_000 });
    log.record(bad(0)); // schedules an hour-long timer; vitest would hang on exit if it were ref'd
    log.close();
    expect(log.total).toBe(1);
  });
});
