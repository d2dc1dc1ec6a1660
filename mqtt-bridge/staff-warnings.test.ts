/**
 * What staff must see and patrons need not (issue 12, cases 9 and 10): a sign ignored because its revision is below
 * the one shown (the broker lost its retained signs and the pit started again at 1), and Perfect Pairs offered with
 * no casino pay scale published (rule 11A.8). Never silence: both reach the view, the log and the status.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeCasinoSignage, makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { cleanupList } from '../test/helpers/lifecycle';
import { casino, signage } from '../test/helpers/table-messages';
import { Bridge } from './bridge';
import { defaultConfig } from './config';
import { memoryLogger } from './log';

const T = topics('baccarat');
const cleanups = cleanupList();

async function board() {
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
    { logger },
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
