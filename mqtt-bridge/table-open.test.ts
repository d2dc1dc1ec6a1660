/**
 * The table open or closed on a board holding a shoe: the controller's word (its status, its events) against its
 * shoe's (the snapshot's `tableOpen`), the later winning, whatever order they arrive in (`table-open.ts`).
 */
import { describe, expect, test } from 'vitest';
import { at, event, snapshot } from '../test/helpers/table-messages';
import { noticeKinds as kinds, runMessages as run, statusAt as status } from '../test/helpers/table-state-run';
import type { TableMessage } from './table-state';
import { stateWarnings } from './view';

const closedAt = (t: string) => status(t, { tableOpen: false });

describe("with a shoe, the later of the controller's word and the shoe's wins", () => {
  // [case, status (open, at), snapshot (open, at), open on the board, TABLE CLOSED, table-open-unsure]
  const shoeCases: [string, [boolean, number], [boolean, number], boolean, boolean, boolean][] = [
    ['a keypad on a new journal closed under an old open snapshot', [false, 600], [true, 5], false, true, false],
    ['a stale closed status before a newer open shoe', [false, 5], [true, 600], true, false, false],
    ['a stale open status before a newer closed shoe', [true, 5], [false, 600], false, true, false],
    ['an open status after a closed snapshot', [true, 600], [false, 5], true, false, false],
    ['the two agree, closed', [false, 600], [false, 5], false, true, false],
    ['the two agree, open', [true, 5], [true, 600], true, false, false],
    ['equal times: closed, and staff told', [true, 50], [false, 50], false, true, true],
    ['a second apart (two clocks): closed, and staff told', [false, 50], [true, 51], false, true, true],
  ];
  test.each(shoeCases)(
    'with a shoe, the later word wins, in either order: %s',
    (_c, [so, st], [ho, ht], open, tc, unsure) => {
      const st8 = status(at(st), { tableOpen: so });
      const snap: TableMessage = {
        kind: 'shoe',
        payload: snapshot('S1', [], { phase: 'waiting', tableOpen: ho, seq: 3, timestamp: at(ht) }),
      };
      for (const order of [
        [st8, snap],
        [snap, st8],
      ]) {
        const { state } = run(order);
        expect(state.shoe?.tableOpen).toBe(open);
        expect(kinds(state).includes('tableClosed')).toBe(tc);
        expect(stateWarnings(state, at(2000)).some((w) => w.code === 'table-open-unsure')).toBe(unsure);
      }
    },
  );

  test('unsure until a later word: the same snapshot or status again settles nothing, a later one does', () => {
    const snap = (open: boolean, t: number): TableMessage => ({
      kind: 'shoe',
      payload: snapshot('S1', [], { phase: 'waiting', tableOpen: open, seq: 3 + t, timestamp: at(t) }),
    });
    const unsure = run([snap(true, 50), closedAt(at(50))]).state;
    expect(unsure.shoe?.tableOpen).toBe(false);
    expect(run([snap(true, 50), closedAt(at(50))], unsure).effects).toEqual([
      'duplicate: snapshot of shoe S1 (seq 53) agrees with the board',
      'duplicate: controller status unchanged',
    ]);
    // The dealer opens: the event, then the snapshot, then the status; open, and nothing to tell staff.
    const opened = run([{ kind: 'event', payload: event('table-open', { timestamp: at(60) }) }], unsure).state;
    expect(opened.shoe?.tableOpen).toBe(true);
    expect(kinds(opened)).not.toContain('tableClosed');
    expect(stateWarnings(opened, at(2000))).toEqual([]);
    // Or the controller closes it for good, said later by its snapshot (its events missed): closed, settled.
    const settled = run([snap(false, 70)], unsure).state;
    expect(settled.shoe?.tableOpen).toBe(false);
    expect(stateWarnings(settled, at(2000))).toEqual([]);
  });

  test('a dealer closing a second after the last snapshot: closed at once by the live event, no warning, then agreed', () => {
    const open = snapshot('S1', [], { phase: 'waiting', tableOpen: true, seq: 3, timestamp: at(100) });
    const held = run([{ kind: 'shoe', payload: open }]).state;
    const closing = run([{ kind: 'event', payload: event('table-closed', { timestamp: at(101) }) }], held);
    expect(closing.state.shoe?.tableOpen).toBe(false);
    expect(kinds(closing.state)).toContain('tableClosed');
    expect(stateWarnings(closing.state, at(2000))).toEqual([]); // the live event wins the near tie: nothing to tell
    const after = { ...open, tableOpen: false, seq: 4, timestamp: at(101) };
    const { state, effects } = run([{ kind: 'shoe', payload: after }, closedAt(at(101))], closing.state);
    expect(effects[0]).toBe('applied'); // for its word alone: its shoe is the board's
    expect(state.shoe?.tableOpen).toBe(false);
    expect(stateWarnings(state, at(2000))).toEqual([]);
  });
});
