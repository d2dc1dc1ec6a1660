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
    ['snapshot: 2 hands (brought: hands 1–2)', ['hand 1: banker 7–6, by snapshot', 'hand 2: banker 7–6, by snapshot']],
    ['hand 3: tie 6–6', undefined],
    [
      'snapshot: 4 hands (brought: hands 2–4)',
      [
        'hand 2: player 5–4, by snapshot; corrected by Lee — "keyed wrong"; the record had banker 7–6',
        'hand 3: tie 6–6, by snapshot; declared void (cannot-reconstruct) by Lee',
        'hand 4: banker 9–0 (void hand, no bets), by snapshot',
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
    ['hand 1: banker 7–6', undefined],
    ['snapshot: 1 hand', undefined],
  ]);
});

test.each([
  ['banker', 2, 5, 'hand 1: banker 5–2'],
  ['player', 8, 2, 'hand 1: player 8–2'],
  ['banker', 0, 9, 'hand 1: banker 9–0'],
  ['tie', 6, 6, 'hand 1: tie 6–6'],
])(
  'a %s win of Player %i, Banker %i reads "%s": the winner\'s points first, as the keypad says it',
  (o, p, b, what) => {
    const text = history([['hand', hand(1, o, p, b)]]);
    const e = exportShoe(text, S);
    expect(e.ok && e.value.records[0]!.what).toBe(what);
    expect(e.ok && JSON.parse(e.value.records[0]!.line).payload).toMatchObject({ playerPoints: p, bankerPoints: b });
  },
);

test("one controller's hands and events say who alike: its id and its key", () => {
  const event = (seq: number, type: string, extra = {}) => ({
    v: 1,
    controllerId: 'ctl-T1',
    seq,
    timestamp: T,
    type,
    shoeId: S,
    ...extra,
  });
  const text = history([
    ['hand', hand(1, 'banker', 2, 5)], // before any event of the shoe: the first controller named after it
    ['event', event(2, 'cut-card')],
    ['hand', hand(2, 'player', 8, 2)],
    ['event', event(3, 'correction', { handNo: 2, by: 'Lee', hand: hand(2, 'banker', 2, 8) })],
    ['event', event(4, 'shoe-end', { handCount: 2 })],
  ]);
  expect(verifyHistory(text, 'T1').ok).toBe(true);
  const e = exportShoe(text, S);
  if (!e.ok) throw new Error(e.error);
  expect(e.value.records.map((r) => [r.kind, r.what, r.who])).toEqual([
    ['hand', 'hand 1: banker 5–2', 'ctl-T1, key k1'],
    ['event', 'cut-card', 'ctl-T1, key k1'],
    ['hand', 'hand 2: player 8–2', 'ctl-T1, key k1'],
    ['event', 'correction of hand 2: banker 8–2', 'Lee, key k1'],
    ['event', 'shoe-end', 'ctl-T1, key k1'],
  ]);
  expect(checkExport(e.value)).toBeNull();
});
