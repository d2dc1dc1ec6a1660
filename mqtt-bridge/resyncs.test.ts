/**
 * When the board asks for the table's snapshot again. Found by hand: two bad hands within a second (a bad JSON,
 * then a wrong-shaped hand) put the second request off to the end of the second; the next valid hand brought the
 * board back in step before then, and the board still asked for the snapshot, and logged that it did, after it was
 * back in step.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Resyncs } from './resyncs';

let now = 0;
const asked: string[] = [];
const resyncs = () =>
  new Resyncs((r) => asked.push(r), { minIntervalMs: 1000, retryMinMs: 2000, retryMaxMs: 60_000, now: () => now });

beforeEach(() => {
  vi.useFakeTimers();
  now = 0;
  asked.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) => {
  now += ms;
  vi.advanceTimersByTime(ms);
};

test.each([
  ['back in step before the interval is over: the waiting request is dropped', true, ['bad json']],
  ['still out of step: the waiting request runs at the end of the interval', false, ['bad json', 'bad shape']],
])('%s', (_, backInStep, expected) => {
  const r = resyncs();
  r.request('bad json');
  advance(150);
  r.request('bad shape');
  advance(700);
  if (backInStep) r.inStep();
  advance(500);
  expect(asked).toEqual(expected);
});

test('after being back in step, the next request runs as ever (once the interval is over)', () => {
  const r = resyncs();
  r.request('a');
  advance(100);
  r.request('b');
  r.inStep();
  advance(100);
  r.request('c');
  expect(asked).toEqual(['a']);
  advance(800);
  expect(asked).toEqual(['a', 'c']);
  expect(r.counts.run).toBe(2);
});
