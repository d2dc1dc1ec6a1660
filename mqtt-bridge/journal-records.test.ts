/**
 * A journal whose records have good checksums but bad content never stops a board (issue 17.3: `TypeError:
 * Cannot read properties of null (reading 'kind')`, an endless restart loop under a kiosk session). Replayed records
 * are validated like messages; a bad one is skipped and reported; a journal of version 1 is migrated; one written by
 * a later version is set aside.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { shoeHands } from '../baccarat/shoe';
import { cleanupList } from '../test/helpers/lifecycle';
import { CARDS, at, coup, event, handMessage, signage } from '../test/helpers/table-messages';
import { Bridge } from './bridge';
import { defaultConfig } from './config';
import { JOURNAL_VERSION, replayJournal } from './journal';
import { memoryLogger } from './log';
import { emptyTableState } from './table-state';

const cleanups = cleanupList();
const line = (value: unknown) => {
  const json = JSON.stringify(value);
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
};
const message = (kind: string, payload: unknown, t = at(1)) => line({ t, m: { kind, payload } });
const good = [
  message('event', event('shoe-start', { shoeId: 'S1', decks: 8 })),
  message('hand', handMessage('S1', 1, coup(CARDS.banker))),
  message('hand', handMessage('S1', 2, coup(CARDS.player))),
];
function journal(lines: string[]): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'bb-records-'));
  const path = join(dir, 'T1.journal');
  writeFileSync(path, lines.join(''));
  return { dir, path };
}
const nos = (s: ReturnType<typeof emptyTableState>) => (s.shoe ? shoeHands(s.shoe).map((h) => h.no) : []);

describe('records with a good checksum and bad content are skipped, the rest replays', () => {
  test.each<[string, string, RegExp]>([
    ['a null message', line({ t: at(1), m: null }), /the message is missing/],
    ['no message and no state', line({ t: at(1) }), /neither a message nor a state/],
    ['an unknown kind', message('shoeEnd', {}), /message kind "shoeEnd" is unknown/],
    ['a hand of the wrong shape', message('hand', { v: 1, shoeId: 'S1', handNo: 3 }), /not a valid hand/],
    ['no time', line({ m: { kind: 'signage', payload: signage(1) } }), /no valid time/],
    ['not an object', line([1, 2, 3]), /not a record/],
    [
      'a state with a broken shoe',
      line({ t: at(1), state: { tableId: 'T1', shoe: { id: 'S1', rounds: [{ no: 5 }] } } }),
      /state record: shoe/,
    ],
  ])('%s', (_, bad, reason) => {
    const { path } = journal([...good.slice(0, 2), bad, good[2]!]);
    const r = replayJournal(path, emptyTableState('T1'));
    expect(r.skipped).toEqual([{ line: 3, reason: expect.stringMatching(reason) }]);
    expect(nos(r.state)).toEqual([1, 2]);
  });

  test('a board started on such a journal starts, reports the record and shows the rest', async () => {
    const { dir } = journal([good[0]!, line({ t: at(1), m: null }), good[1]!, good[2]!]);
    const c = defaultConfig();
    const { logger, records } = memoryLogger();
    const bridge = new Bridge(
      { ...c, tableId: 'T1', displayId: 'D1', mqtt: { ...c.mqtt, brokers: [] }, journal: { dir, syncIntervalMs: 0 } },
      { logger },
    );
    await bridge.start();
    cleanups.push(() => bridge.stop());
    expect(nos(bridge.table)).toEqual([1, 2]);
    expect(records.filter((r) => r.msg === 'journal record skipped')).toMatchObject([{ line: 2 }]);
  });
});

describe('versions', () => {
  test('a journal of version 1 (no header, a compacted state of the old shape) is migrated', () => {
    const v1 = {
      tableId: 'T1',
      shoe: {
        id: 'S1',
        decks: 8,
        rounds: [{ no: 1, hand: { outcome: 'banker', playerPair: false, bankerPair: false, natural: true } }],
        burn: null,
        phase: 'idle',
        cutCard: { drawn: false },
        pendingVoidHand: null,
        tableOpen: true,
        maxNoBetCoups: 3,
      },
      shoeNumber: 4,
      signage: signage(3),
      casino: null,
      controller: null,
      eventSeq: { C1: 1_700_000_000_000_000 },
      notices: [
        { kind: 'burn', since: at(1), transient: true },
        { kind: 'tableClosed', since: at(2) },
      ],
      lastResultAt: at(30),
      change: null,
    };
    const { path } = journal([line({ t: at(40), state: v1 }), good[2]!]);
    const r = replayJournal(path, emptyTableState('T1'));
    expect(r.skipped).toEqual([]);
    expect(nos(r.state)).toEqual([1, 2]);
    expect(r.state.seqs).toEqual({ C1: { last: 1_700_000_000_000_000, recent: [] } });
    expect(r.state.notices.map((n) => n.kind)).toEqual(['tableClosed']); // timed notices end with events now
    expect(r.state.signage?.revision).toBe(3);
    expect('maxNoBetCoups' in r.state.shoe!).toBe(false);
  });

  test("a compacted state keeps the controller's table closed before any shoe; an older one, without it, loads", () => {
    const state = {
      ...emptyTableState('T1'),
      controllerTableOpen: false,
      controllerTableOpenAt: at(1),
      notices: [{ kind: 'tableClosed', since: at(1) }],
    };
    const { path } = journal([line({ t: at(2), state })]);
    expect(replayJournal(path, emptyTableState('T1')).state).toMatchObject({
      controllerTableOpen: false,
      controllerTableOpenAt: at(1), // a status older than this does not undo it after a restart either
    });
    const { path: odd } = journal([line({ t: at(2), state: { ...state, controllerTableOpenAt: 'yesterday' } })]);
    expect('controllerTableOpenAt' in replayJournal(odd, emptyTableState('T1')).state).toBe(false);
    const { path: older } = journal([line({ t: at(2), state: { ...state, controllerTableOpen: undefined } })]);
    const r = replayJournal(older, emptyTableState('T1'));
    expect(r.skipped).toEqual([]);
    expect('controllerTableOpen' in r.state).toBe(false);
  });

  test("a compacted state keeps its shoe's word on open or closed, and whether an event said the controller's", () => {
    const state = { ...emptyTableState('T1'), snapshotTableOpen: { open: true, at: at(1) } };
    const { path } = journal([line({ t: at(2), state })]);
    expect(replayJournal(path, emptyTableState('T1')).state.snapshotTableOpen).toEqual({ open: true, at: at(1) });
    const live = { ...state, controllerTableOpen: false, controllerTableOpenAt: at(1), controllerTableOpenLive: true };
    const { path: said } = journal([line({ t: at(2), state: live })]);
    expect(replayJournal(said, emptyTableState('T1')).state).toMatchObject({ controllerTableOpenLive: true });
    for (const odd of [{ open: 'yes', at: at(1) }, { open: true, at: 'yesterday' }, true]) {
      const { path: p } = journal([line({ t: at(2), state: { ...state, snapshotTableOpen: odd } })]);
      expect('snapshotTableOpen' in replayJournal(p, emptyTableState('T1')).state).toBe(false);
    }
  });

  test('a journal written by a later version is set aside whole, kept for inspection, and the board starts empty', () => {
    const { dir, path } = journal([line({ t: at(0), journal: JOURNAL_VERSION + 1 }), ...good]);
    const r = replayJournal(path, emptyTableState('T1'), new Date(at(50)));
    expect(r.state).toEqual(emptyTableState('T1'));
    expect(r.setAside?.reason).toMatch(/later version of the board \(journal 3\)/);
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^T1\.journal\.set-aside-/)]);
  });

  test('this version writes its header first', async () => {
    const { dir, path } = journal([]);
    const c = defaultConfig();
    const { logger } = memoryLogger();
    const bridge = new Bridge(
      { ...c, tableId: 'T1', displayId: 'D1', mqtt: { ...c.mqtt, brokers: [] }, journal: { dir, syncIntervalMs: 0 } },
      { logger },
    );
    await bridge.start();
    await bridge.stop();
    const first = readFileSync(path, 'utf8').split('\n')[0]!;
    expect(JSON.parse(first.slice(9))).toEqual({ t: expect.any(String), journal: JOURNAL_VERSION });
    expect(replayJournal(path, emptyTableState('T1')).skipped).toEqual([]);
  });
});
