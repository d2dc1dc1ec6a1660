/** The next revision of a sign: above the retained one and above every revision a board reports (issue 12, case 9). */
import { describe, expect, test } from 'vitest';
import { casino, signage } from '../test/helpers/table-messages';
import { aheadOnBoards, boardRevisions, nextRevision, tableShows } from './board-revisions';
import { planSignChange } from './sign-edit';
import { parseAssignments } from './sign-keys';

const AT = '2026-11-22T12:00:00.000Z';

describe('board revisions', () => {
  test("a table's boards for its sign, every board for the casino's", () => {
    const boards = [
      { tableId: 'T1', signageRevision: 13, casinoSignageRevision: 2 },
      { tableId: 'T1' }, // shows no sign (or offline)
      { tableId: 'T2', signageRevision: 40, casinoSignageRevision: 6 },
    ];
    expect(boardRevisions(boards, 'T1')).toEqual({ table: 13, casino: 6 });
    expect(boardRevisions(boards, 'T3')).toEqual({ table: null, casino: 6 });
    expect(boardRevisions(boards, null)).toEqual({ table: null, casino: 6 });
    expect(boardRevisions([], 'T1')).toEqual({ table: null, casino: null });
  });

  test("what a table's boards show: a revision, none (online without one), or nothing known", () => {
    const online = { tableId: 'T5', state: 'online' };
    expect(tableShows(boardRevisions([{ ...online, signageRevision: 3 }], 'T5'))).toBe(3);
    expect(tableShows(boardRevisions([online], 'T5'))).toBe(0); // it refused every sign so far
    expect(tableShows(boardRevisions([{ tableId: 'T5', state: 'offline' }], 'T5'))).toBeNull();
    expect(tableShows(boardRevisions([online], 'T6'))).toBeNull();
  });

  test.each([
    [null, null, 1, null], // nothing anywhere: the first sign is revision 1
    [4, null, 5, null],
    [4, 3, 5, null], // a board behind changes nothing
    [4, 4, 5, null],
    [1, 13, 14, 13], // an old sign was published over a newer one
    [null, 13, 14, 13], // the broker lost its retained sign
    [null, 0, 1, null],
  ])('retained %j, boards up to %j → %j (ahead: %j)', (retained, boards, next, ahead) => {
    expect(nextRevision(retained, boards)).toBe(next);
    expect(aheadOnBoards(retained, boards)).toBe(ahead);
  });
});

describe('planSignChange with the boards ahead', () => {
  const edits = (...args: string[]) => {
    const e = parseAssignments(args);
    if (!e.ok) throw new Error(e.error.message);
    return e.value;
  };
  const ctx = { tableId: 'T1', shoe: null, user: 'alice', now: AT };

  test('the new signs go above the boards; unchanged ones are republished only while a board is ahead', () => {
    const p = planSignChange(
      { ...ctx, table: signage(1), casino: casino(2), boards: { table: 13, casino: 6 } },
      edits('open=true', 'pp-scale=one'),
    );
    if (!p.ok) throw new Error(p.error.message);
    expect(p.value.table).toMatchObject({ after: { revision: 14 }, changes: [], boardsAhead: 13 });
    expect(p.value.casino).toMatchObject({ after: { revision: 7 }, changes: [], boardsAhead: 6 });
    const level = planSignChange(
      { ...ctx, table: signage(13), casino: casino(6), boards: { table: 13, casino: 6 } },
      edits('open=true', 'pp-scale=one'),
    );
    expect(level).toEqual({ ok: true, value: { tableId: 'T1', shoe: null, table: null, casino: null } });
  });

  test('republish names no key; it needs a retained sign (else it would publish the defaults)', () => {
    const p = planSignChange(
      { ...ctx, table: signage(1), casino: casino(2), boards: { table: 13, casino: null }, republish: 'table' },
      {},
    );
    expect(p.ok && p.value.table).toMatchObject({ before: { revision: 1 }, after: { revision: 14 }, changes: [] });
    const none = planSignChange(
      { ...ctx, table: null, casino: casino(2), boards: { table: 13, casino: null }, republish: 'table' },
      {},
    );
    expect(none).toMatchObject({
      ok: false,
      error: { field: 'revision', message: /no sign is retained for table T1/ },
    });
  });
});
