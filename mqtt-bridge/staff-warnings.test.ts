/**
 * What staff must see and patrons need not (issue 12, cases 9 and 10): a sign ignored because its revision is below
 * the one shown (the broker lost its retained signs and the pit started again at 1), and Perfect Pairs offered with
 * no casino pay scale published (rule 11A.8). Never silence: both reach the view, the log and the status. And what
 * only the board's page knows (`kiosk:fit`): its pit message cut, its streak line given up, in the status.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeCasinoSignage, makeTableSignage, parseDisplayStatus } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { cleanupList } from '../test/helpers/lifecycle';
import { casino, signage } from '../test/helpers/table-messages';
import { Bridge } from './bridge';
import { defaultConfig } from './config';
import { memoryLogger } from './log';

const T = topics('baccarat');
const cleanups = cleanupList();

async function board(now?: () => Date) {
  const c = defaultConfig();
  const { logger, records } = memoryLogger();
  const bridge = new Bridge(
    {
      ...c,
      tableId: 'T1',
      displayId: 'D1',
      mqtt: { ...c.mqtt, brokers: [] },
      journal: { dir: mkdtempSync(join(tmpdir(), 'bb-warn-')), syncIntervalMs: 0 },
    },
    { logger, ...(now && { now }) },
  );
  await bridge.start();
  cleanups.push(() => bridge.stop());
  return { bridge, records };
}
const codes = (b: Bridge) => b.view().warnings.map((w) => w.code);

describe('staff warnings', () => {
  test('a sign below the revision shown is ignored, with a warning in the log and the view, until a sign is taken', async () => {
    const { bridge, records } = await board();
    bridge.onMessage(
      T.tableSignage('T1'),
      Buffer.from(makeTableSignage(signage(13, { tableOpen: true, sideBets: [] }))),
    );
    bridge.onMessage(
      T.tableSignage('T1'),
      Buffer.from(makeTableSignage(signage(1, { tableOpen: false, sideBets: [] }))),
    );
    expect(bridge.view().signage?.revision).toBe(13);
    expect(bridge.view().warnings).toMatchObject([
      { code: 'signage-ignored', detail: expect.stringMatching(/revision 1 is below revision 13/) },
    ]);
    expect(records.filter((r) => r.msg === 'sign ignored' && r.level === 40)).toHaveLength(1);
    bridge.onMessage(
      T.tableSignage('T1'),
      Buffer.from(makeTableSignage(signage(14, { tableOpen: false, sideBets: [] }))),
    );
    expect(codes(bridge)).toEqual([]);
    bridge.onMessage(T.casinoSignage(), Buffer.from(makeCasinoSignage(casino(5))));
    bridge.onMessage(T.casinoSignage(), Buffer.from(makeCasinoSignage(casino(2))));
    expect(codes(bridge)).toEqual(['casino-signage-ignored']);
  });

  test('Perfect Pairs offered with no casino scale: the row says so, staff are warned, until a scale is published', async () => {
    const { bridge } = await board();
    bridge.onMessage(T.tableSignage('T1'), Buffer.from(makeTableSignage(signage(2, { sideBets: ['perfectPairs'] }))));
    expect(bridge.view().payTable?.perfectPairs).toEqual({ scale: null });
    expect(codes(bridge)).toEqual(['perfect-pairs-scale-missing']);
    bridge.onMessage(T.casinoSignage(), Buffer.from(makeCasinoSignage(casino(1, 'two'))));
    expect(bridge.view().payTable?.perfectPairs).toMatchObject({ scale: 'two' });
    expect(codes(bridge)).toEqual([]);
  });
});

describe("staff warnings from the board's fit (kiosk:fit)", () => {
  const statusWarnings = (b: Bridge) => {
    const s = b.displayStatus();
    return s.state === 'online' ? (s.warnings ?? []) : [];
  };

  test('a pit message cut and the streaks hidden are warned in the status, in words, with since kept', async () => {
    let t = Date.parse('2026-11-22T12:00:00.000Z');
    const { bridge, records } = await board(() => new Date(t));
    expect(statusWarnings(bridge)).toEqual([]);
    bridge.boardFit({ messageCut: true, messageLines: 3, streaksHidden: false });
    expect(statusWarnings(bridge)).toEqual([
      {
        code: 'pit-message-cut',
        detail:
          'the pit message is too long for this board, which shows it cut to 3 lines with an ellipsis — publish a shorter one to show it whole',
        since: '2026-11-22T12:00:00.000Z',
      },
    ]);
    // The status as published passes the contract (the console reads it with the same schema).
    const published = parseDisplayStatus(new TextEncoder().encode(JSON.stringify(bridge.displayStatus())));
    expect(published.ok).toBe(true);
    // Not in the view: the board shows the cut already, and a staff line under it would take its room.
    expect(codes(bridge)).toEqual([]);
    expect(records.filter((r) => r.msg === 'the board reports its fit')).toHaveLength(1);

    t += 60_000; // a new screen: one line, the same cut since it began
    bridge.boardFit({ messageCut: true, messageLines: 1, streaksHidden: false });
    expect(statusWarnings(bridge)).toMatchObject([
      {
        code: 'pit-message-cut',
        detail: expect.stringContaining('cut to 1 line with'),
        since: '2026-11-22T12:00:00.000Z',
      },
    ]);
    bridge.boardFit({ messageCut: true, messageLines: 1, streaksHidden: false }); // the same: nothing to say
    expect(records.filter((r) => r.msg === 'the board reports its fit')).toHaveLength(2);

    t += 60_000; // a shorter message, whole in the footer, for which a portrait board's statistics gave their streaks
    bridge.boardFit({ messageCut: false, streaksHidden: true });
    expect(statusWarnings(bridge)).toEqual([
      {
        code: 'streaks-hidden',
        detail: expect.stringMatching(/^the statistics hide their streak line .* brings the streaks back$/),
        since: '2026-11-22T12:02:00.000Z',
      },
    ]);
    bridge.boardFit({ messageCut: false, streaksHidden: false });
    expect(statusWarnings(bridge)).toEqual([]);
  });

  test("after the table's own warnings, which keep their place", async () => {
    const { bridge } = await board();
    bridge.onMessage(T.tableSignage('T1'), Buffer.from(makeTableSignage(signage(2, { sideBets: ['perfectPairs'] }))));
    bridge.boardFit({ messageCut: true, streaksHidden: false });
    expect(statusWarnings(bridge).map((w) => w.code)).toEqual(['perfect-pairs-scale-missing', 'pit-message-cut']);
    expect(statusWarnings(bridge)[1]?.detail).toContain('shows it cut with an ellipsis');
  });
});
