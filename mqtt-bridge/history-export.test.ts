/**
 * A shoe's record where the board caught up through snapshots: what each brought that the record had not seen
 * (hands it missed, a correction and a void made while it was away) is listed under it, and the record still checks.
 * A whole shoe through a real board: history.test.ts.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openHistory, verifyHistory } from './history';
import { checkExport, exportCsv, exportShoe } from './history-export';

const S = 'S7';
const T = '2026-11-22T10:00:00.000Z';
const hand = (handNo: number, outcome: string, playerPoints: number, bankerPoints: number, extra = {}) => ({
  v: 1,
  shoeId: S,
  handNo,
  outcome,
  playerPoints,
  bankerPoints,
  playerPair: false,
  bankerPair: false,
  natural: false,
  timestamp: T,
  ...extra,
});
const snapshot = (hands: unknown[]) => ({ v: 1, controllerId: 'ctl-T1', seq: 1, shoeId: S, hands, voidedRounds: [] });

/** A history of table T1 with these entries (kind and payload), and its text. */
function history(entries: [string, unknown][]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'bb-export-')), 'T1.history');
  const h = openHistory(path, 'T1');
  for (const [kind, payload] of entries)
    h.append({ t: T, kind, topic: `baccarat/tables/T1/${kind}`, verified: true, kid: 'k1', payload });
  h.close();
  return readFileSync(path, 'utf8');
}

test('a board that came in mid-shoe, then missed a hand, a correction and a void: each snapshot lists what it brought', () => {
  const text = history([
    ['shoe', snapshot([hand(1, 'banker', 6, 7), hand(2, 'banker', 6, 7)])], // the board starts mid-shoe
    ['hand', hand(3, 'tie', 6, 6)],
    [
      'shoe',
      snapshot([
        hand(1, 'banker', 6, 7),
        hand(2, 'player', 5, 4, { corrected: { by: 'Lee', timestamp: T, note: 'keyed wrong' } }),
        hand(3, 'tie', 6, 6, { voided: { reason: 'cannot-reconstruct', timestamp: T, by: 'Lee' } }),
        hand(4, 'banker', 0, 9, { voidHand: { reason: 'first-card-face-up' } }),
      ]),
    ],
    ['hand', hand(5, 'player', 8, 2)],
    ['event', { v: 1, controllerId: 'ctl-T1', seq: 9, timestamp: T, type: 'shoe-end', shoeId: S, handCount: 5 }],
  ]);
  expect(verifyHistory(text, 'T1').ok).toBe(true);
  const e = exportShoe(text, S);
  if (!e.ok) throw new Error(e.error);
  expect(e.value.records.map((r) => [r.what, r.brought?.map((h) => h.what)])).toEqual([
    ['snapshot: 2 hands (brought: hands 1–2)', ['hand 1: banker 6–7, by snapshot', 'hand 2: banker 6–7, by snapshot']],
    ['hand 3: tie 6–6', undefined],
    [
      'snapshot: 4 hands (brought: hands 2–4)',
      [
        'hand 2: player 5–4, by snapshot; corrected by Lee — "keyed wrong"; the record had banker 6–7',
        'hand 3: tie 6–6, by snapshot; declared void (cannot-reconstruct) by Lee',
        'hand 4: banker 0–9 (void hand, no bets), by snapshot',
      ],
    ],
    ['hand 5: player 8–2', undefined],
    ['shoe-end', undefined],
  ]);
  expect(e.value.records[2]!.brought!.map((h) => h.handNo)).toEqual([2, 3, 4]);
  expect(checkExport(e.value)).toBeNull();
  // What was brought is read from the snapshot's line, never hashed on its own: an export without it (written
  // before) checks the same.
  expect(checkExport({ ...e.value, records: e.value.records.map((r) => ({ ...r, brought: undefined })) })).toBeNull();
  expect(
    exportCsv(e.value)
      .split('\n')
      .filter((l) => l.startsWith('2,'))
      .map((l) => l.split(',').slice(0, 3).join(',')),
  ).toEqual([`2,${T},shoe`, `2,${T},by-snapshot`, `2,${T},by-snapshot`, `2,${T},by-snapshot`]);
});

test('a snapshot that brings nothing new is a snapshot only', () => {
  const text = history([
    ['hand', hand(1, 'banker', 6, 7)],
    ['shoe', snapshot([hand(1, 'banker', 6, 7)])],
  ]);
  const e = exportShoe(text, S);
  expect(e.ok && e.value.records.map((r) => [r.what, r.brought])).toEqual([
    ['hand 1: banker 6–7', undefined],
    ['snapshot: 1 hand', undefined],
  ]);
});
