/**
 * The journal on its own: replay folds the records through the reducer; compaction (at shoe end, and on a fleet
 * resync) leaves one state record; and replaying a compacted journal plus the records after it gives exactly the
 * live state.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { shoeHands } from '../baccarat/shoe';
import {
  makeDisplayCommand,
  makeHandMessage,
  makeShoeSnapshot,
  makeTableEvent,
  makeTableSignage,
} from '../contract/mqtt';
import { topics } from '../contract/topics';
import { at, CARDS, coup, event, handMessage, signage, snapshot } from '../test/helpers/table-messages';
import { Bridge } from './bridge';
import { type Config, defaultConfig } from './config';
import { type JournalRecord, openJournal, replayJournal } from './journal';
import { memoryLogger } from './log';
import { applyMessage, emptyTableState, type TableMessage, type TableState } from './table-state';

const T = topics('baccarat');
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tmp = (p = 'bb-journal-') => {
  const d = mkdtempSync(join(tmpdir(), p));
  dirs.push(d);
  return d;
};
const CARD_OF: Record<string, string> = { B: CARDS.banker, P: CARDS.player, T: CARDS.tie };
const handOf = (shoeId: string, no: number) => handMessage(shoeId, no, coup(CARD_OF['BPTBBP'[no % 6]!]!));
const nosOf = (s: TableState) => (s.shoe ? shoeHands(s.shoe).map((h) => h.no) : []);
const record = (line: string) => JSON.parse(line.slice(9)) as JournalRecord;
/** The journal's records, its header (the format's version, written first) aside. */
const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .slice(0, -1)
    .filter((l) => !('journal' in record(l)));
const json = (x: unknown) => JSON.stringify(x);

function config(dir: string): Config {
  const c = defaultConfig();
  return {
    ...c,
    tableId: 'T1',
    displayId: 'D1',
    mqtt: { ...c.mqtt, brokers: [] },
    journal: { dir, syncIntervalMs: 0 },
  };
}

async function board(dir: string) {
  const { logger, records } = memoryLogger();
  const bridge = new Bridge(config(dir), { logger });
  await bridge.start();
  cleanups.push(() => bridge.stop());
  return { bridge, records };
}

const send = {
  shoeStart: (b: Bridge, shoeId: string) =>
    b.onMessage(T.tableEvent('T1'), Buffer.from(makeTableEvent(event('shoe-start', { shoeId, decks: 8 })))),
  shoeEnd: (b: Bridge, shoeId: string, handCount: number) =>
    b.onMessage(T.tableEvent('T1'), Buffer.from(makeTableEvent(event('shoe-end', { shoeId, handCount })))),
  hands: (b: Bridge, shoeId: string, from: number, to: number) => {
    for (let no = from; no <= to; no++)
      b.onMessage(T.tableHand('T1'), Buffer.from(makeHandMessage(handOf(shoeId, no))));
  },
  signage: (b: Bridge, revision: number) =>
    b.onMessage(T.tableSignage('T1'), Buffer.from(makeTableSignage(signage(revision)))),
};

describe('replay', () => {
  test('an absent journal is an empty one', () => {
    const r = replayJournal(join(tmp(), 'none.journal'), emptyTableState('T1'));
    expect(r).toEqual({ state: emptyTableState('T1'), records: 0, skipped: [] });
  });

  test('replaying the records gives the state the reducer built live; refused records are passed over', () => {
    const path = join(tmp(), 'T1.journal');
    const j = openJournal(path);
    const messages: TableMessage[] = [
      { kind: 'signage', payload: signage(1) },
      { kind: 'event', payload: event('shoe-start', { shoeId: 'S1', decks: 8 }) },
      ...[1, 2, 3].map((no) => ({ kind: 'hand' as const, payload: handOf('S1', no) })),
      { kind: 'hand', payload: handOf('S1', 2) }, // a duplicate that slipped in: replay ignores it
      { kind: 'hand', payload: handOf('S1', 4) },
    ];
    let live = emptyTableState('T1');
    for (const [i, m] of messages.entries()) {
      j.append({ t: at(i), m });
      const r = applyMessage(live, m, at(i));
      if (r.effect === 'applied') live = r.state;
    }
    j.close();
    const r = replayJournal(path, emptyTableState('T1'));
    expect(r.records).toBe(messages.length);
    expect(r.skipped).toEqual([]);
    expect(json(r.state)).toBe(json(live));
    expect(nosOf(r.state)).toEqual([1, 2, 3, 4]);
  });

  test('compact() replaces the file with one state record, atomically; appends go after it', () => {
    const dir = tmp();
    const path = join(dir, 'T1.journal');
    const j = openJournal(path);
    let state = emptyTableState('T1');
    const apply = (m: TableMessage, t: string) => {
      const r = applyMessage(state, m, t);
      if (r.effect !== 'applied') throw new Error(r.reason);
      state = r.state;
      j.append({ t, m });
    };
    apply({ kind: 'event', payload: event('shoe-start', { shoeId: 'S1', decks: 8 }) }, at(1));
    for (const no of [1, 2, 3]) apply({ kind: 'hand', payload: handOf('S1', no) }, at(no + 1));
    j.compact(state, at(10));
    expect(lines(path)).toHaveLength(1);
    expect(record(lines(path)[0]!)).toEqual({ t: at(10), state: JSON.parse(json(state)) });
    expect(readdirSync(dir)).toEqual(['T1.journal']); // no temp file left behind
    for (const no of [4, 5]) apply({ kind: 'hand', payload: handOf('S1', no) }, at(no + 1));
    j.sync();
    j.close();
    expect(lines(path)).toHaveLength(3);
    const r = replayJournal(path, emptyTableState('T1'));
    expect(r.records).toBe(3);
    expect(json(r.state)).toBe(json(state));
  });
});

describe('compaction by the bridge', () => {
  test('at shoe end the journal is one state record; replay after it and more records equals the live state', async () => {
    const dir = tmp();
    const { bridge } = await board(dir);
    send.signage(bridge, 1);
    send.shoeStart(bridge, 'S1');
    send.hands(bridge, 'S1', 1, 12);
    expect(lines(bridge.journalPath)).toHaveLength(14);
    send.shoeEnd(bridge, 'S1', 12);
    expect(bridge.table.shoe?.phase).toBe('ended');
    await bridge.settled(); // compaction runs off the event loop

    const compacted = lines(bridge.journalPath);
    expect(compacted).toHaveLength(1);
    const only = record(compacted[0]!);
    expect('state' in only).toBe(true);
    expect(json((only as { state: TableState }).state)).toBe(json(bridge.table));
    expect(bridge.counters.rejected).toBe(0);

    // The next shoe, and a sign change, after the compaction.
    send.shoeStart(bridge, 'S2');
    send.hands(bridge, 'S2', 1, 7);
    send.signage(bridge, 2);
    send.hands(bridge, 'S2', 8, 9);
    expect(lines(bridge.journalPath)).toHaveLength(1 + 1 + 7 + 1 + 2);
    const live = json(bridge.table);
    await bridge.stop();

    const r = replayJournal(bridge.journalPath, emptyTableState('T1'));
    expect(r.skipped).toEqual([]);
    expect(json(r.state)).toBe(live);
    expect(r.state.pastShoes).toEqual(['S1']);
    expect(nosOf(r.state)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);

    // A board restarted on it shows the same, and carries on from it.
    const again = await board(dir);
    expect(json(again.bridge.table)).toBe(live);
    send.hands(again.bridge, 'S2', 10, 10);
    expect(nosOf(again.bridge.table)).toHaveLength(10);
    expect(again.bridge.counters.rejected).toBe(0);
  });

  test('compaction after compaction: many shoes keep the journal at one record per shoe end', async () => {
    const dir = tmp();
    const { bridge } = await board(dir);
    for (let s = 1; s <= 5; s++) {
      send.shoeStart(bridge, `S${s}`);
      send.hands(bridge, `S${s}`, 1, 6);
      send.shoeEnd(bridge, `S${s}`, 6);
      await bridge.settled();
      expect(lines(bridge.journalPath)).toHaveLength(1);
    }
    expect(json(replayJournal(bridge.journalPath, emptyTableState('T1')).state)).toBe(json(bridge.table));
    expect(bridge.table.pastShoes).toEqual(['S1', 'S2', 'S3', 'S4']);
  });

  test('records that arrive while a compaction runs are kept, after the state record', async () => {
    const dir = tmp();
    const { bridge } = await board(dir);
    send.shoeStart(bridge, 'S1');
    send.hands(bridge, 'S1', 1, 5);
    send.shoeEnd(bridge, 'S1', 5);
    // The next shoe starts before the compaction has finished.
    send.shoeStart(bridge, 'S2');
    send.hands(bridge, 'S2', 1, 4);
    await bridge.settled();
    expect(lines(bridge.journalPath)).toHaveLength(1 + 1 + 4);
    const live = json(bridge.table);
    await bridge.stop();
    expect(json(replayJournal(bridge.journalPath, emptyTableState('T1')).state)).toBe(live);
  });

  test("a fleet resync keeps the board; one that says replace compacts it to the table's snapshot", async () => {
    const dir = tmp();
    const { bridge } = await board(dir);
    send.shoeStart(bridge, 'S1');
    send.hands(bridge, 'S1', 1, 3);
    const resync = (requestId: string, replace?: boolean) =>
      bridge.onMessage(
        T.displayCommand('D1'),
        Buffer.from(
          makeDisplayCommand({
            v: 1,
            command: 'resync',
            requestId,
            timestamp: at(99),
            ...(replace === undefined ? {} : { replace }),
          }),
        ),
      );
    resync('r-1');
    expect(nosOf(bridge.table)).toEqual([1, 2, 3]); // a resync never moves the board back by itself
    resync('r-2', true);
    expect(nosOf(bridge.table)).toEqual([1, 2, 3]); // until the table's snapshot comes
    const older = snapshot('S1', [handOf('S1', 1)], { seq: 0 });
    bridge.onMessage(T.tableShoe('T1'), Buffer.from(makeShoeSnapshot(older)));
    expect(nosOf(bridge.table)).toEqual([1]);
    await bridge.settled();
    expect(lines(bridge.journalPath)).toHaveLength(1);
    await bridge.stop();
    const r = replayJournal(bridge.journalPath, emptyTableState('T1'));
    expect(nosOf(r.state)).toEqual([1]);
    expect(json(r.state)).toBe(json(bridge.table));
    expect(existsSync(`${bridge.journalPath}.tmp`)).toBe(false);
  });
});

describe('appendMessage: a message journaled from its own text', () => {
  test('writes exactly the line append() writes, compact JSON or not, and falls back on text with newlines', () => {
    const payload = handMessage('S1', 1, coup(CARDS.banker));
    const dir = tmp();
    const a = openJournal(join(dir, 'a.journal'));
    const b = openJournal(join(dir, 'b.journal'));
    a.append({ t: at(1), m: { kind: 'hand', payload } });
    b.appendMessage(at(1), 'hand', JSON.stringify(payload));
    a.append({ t: at(2), m: { kind: 'hand', payload } });
    b.appendMessage(at(2), 'hand', `  ${JSON.stringify(payload, null, 2)}\n`); // pretty-printed, with newlines
    a.close();
    b.close();
    expect(lines(join(dir, 'b.journal'))).toEqual(lines(join(dir, 'a.journal')));
    const replayed = replayJournal(join(dir, 'b.journal'), emptyTableState('T1'));
    expect(replayed.skipped).toEqual([]);
    expect(replayed.records).toBe(2);
  });
});
