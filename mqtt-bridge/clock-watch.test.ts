import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeHandMessage, makeTableEvent, parseDisplayStatus } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { cleanupList } from '../test/helpers/lifecycle';
import { CARDS, coup, event, handMessage } from '../test/helpers/table-messages';
import { Bridge } from './bridge';
import { bundleDigest } from './build-identity';
import { ClockWatch } from './clock-watch';
import { defaultConfig } from './config';
import { memoryLogger } from './log';

const cleanups = cleanupList();
const T = topics('baccarat');

describe('the clock against the controller, and the hand-to-screen delay (issue 14)', () => {
  test('offset is the median of arrival minus stamp, delay the median and worst of arrival to view', () => {
    const c = new ClockWatch();
    expect(c.figures()).toBeNull();
    const t0 = Date.parse('2026-11-22T10:00:00.000Z');
    for (const [i, skew] of [3000, 3100, 2900, 3050, 9000].entries()) {
      const arrived = t0 + i * 20_000;
      c.hand(arrived, new Date(arrived - skew).toISOString());
      c.shown(arrived + (i === 4 ? 250 : 8));
    }
    expect(c.figures()).toEqual({ offsetMs: 3050, delayMs: { median: 8, worst: 250 }, hands: 5 });
  });

  test('a controller stamping weeks off is reported at the contract bound, never past it', () => {
    const c = new ClockWatch();
    const t0 = Date.parse('2026-11-22T10:00:00.000Z');
    for (const [i, stamp] of ['2026-10-01T10:00:00.000Z', '2027-01-30T10:00:00.000Z'].entries()) {
      const watch = i === 0 ? c : new ClockWatch();
      watch.hand(t0, stamp);
      watch.shown(t0 + 5);
      expect(watch.figures()!.offsetMs).toBe(i === 0 ? 1e9 : -1e9);
    }
  });

  test('a board with a skewed controller reports it in its status, with its build', async () => {
    const c = defaultConfig();
    const { logger } = memoryLogger();
    let now = Date.parse('2026-11-22T10:00:05.000Z'); // the board's clock: 5 s ahead of the hands' stamps
    const bridge = new Bridge(
      {
        ...c,
        tableId: 'T1',
        displayId: 'D1',
        mqtt: { ...c.mqtt, brokers: [] },
        journal: { dir: mkdtempSync(join(tmpdir(), 'bb-clock-')), syncIntervalMs: 0 },
      },
      { logger, now: () => new Date(now), build: 'a'.repeat(64) },
    );
    await bridge.start();
    cleanups.push(() => bridge.stop());
    bridge.onMessage(T.tableEvent('T1'), Buffer.from(makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 }))));
    for (let no = 1; no <= 3; no++) {
      const stamp = new Date(now - 5000).toISOString();
      bridge.onMessage(
        T.tableHand('T1'),
        Buffer.from(makeHandMessage(handMessage('S1', no, coup(CARDS.banker), stamp))),
      );
      bridge.view(); // the view that shows it
      now += 20_000;
    }
    const status = bridge.displayStatus();
    expect(parseDisplayStatus(JSON.stringify(status))).toMatchObject({ ok: true });
    expect(status).toMatchObject({
      build: { sha256: 'a'.repeat(64) },
      clock: { offsetMs: 5000, delayMs: { median: 0, worst: 0 }, hands: 3 },
    });
  });
});

describe('the software identity: the digest of the bundle', () => {
  test('stable for the same files, different for any change of path or content; null without a bundle', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bb-bundle-'));
    mkdirSync(join(dir, 'renderer'));
    writeFileSync(join(dir, 'renderer', 'app.js'), 'console.log(1)');
    writeFileSync(join(dir, 'main.cjs'), 'x');
    const a = bundleDigest(dir);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(bundleDigest(dir)).toBe(a);
    writeFileSync(join(dir, 'main.cjs'), 'y');
    expect(bundleDigest(dir)).not.toBe(a);
    expect(bundleDigest(join(dir, 'missing'))).toBeNull();
  });
});
