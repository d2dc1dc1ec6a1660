/**
 * Restoring a sign as it was at an earlier revision: the sign is found in the audit records (the one that made it,
 * else the one that replaced it), and only what differs is changed back, through the same planner as any change —
 * so the restored variant is signed from the first round not yet begun (rule 5.11), never backdated to the shoe
 * and hand it once had, and the revision goes above everything.
 */
import { describe, expect, test } from 'vitest';
import { casino, signage } from '../test/helpers/table-messages';
import type { AuditRecord } from './audit-record';
import { restoreCasinoEdits, restoreTableEdits, signAtRevision } from './revert';
import type { ShoePosition } from './shoe-position';
import { planSignChange } from './sign-edit';

const NOW = '2026-11-22T12:00:00.000Z';
const record = (target: 'table' | 'casino', before: unknown, after: unknown, tableId: string | null = 'T1') =>
  ({ target, tableId, before, after }) as unknown as AuditRecord;

describe('the sign of a revision, from the audit records', () => {
  const r4 = signage(4);
  const r5 = signage(5, { tiePays: 9 });
  const records = [record('table', r5, signage(6)), record('table', r4, r5), record('table', r4, r5, 'T2')];
  test('from the record that made it, else the one that replaced it; of this table only', () => {
    expect(signAtRevision(records, 'table', 'T1', 5)).toBe(r5);
    expect(signAtRevision(records, 'table', 'T1', 4)).toBe(r4);
    expect(signAtRevision(records, 'table', 'T1', 3)).toBeNull();
    expect(signAtRevision(records, 'table', 'T9', 4)).toBeNull();
    expect(signAtRevision([record('casino', casino(1), casino(2, 'two'), null)], 'casino', null, 1)).toEqual(casino(1));
  });
});

describe('the edits that restore it', () => {
  test('only what differs; a sign made from nothing gets every field', () => {
    const now = signage(8, { limits: { ...signage(1).limits, minimum: 200 }, tiePays: 9, message: 'Happy hour' });
    expect(restoreTableEdits(now, signage(4))).toEqual({ min: 100, tiePays: 8, message: null });
    expect(restoreTableEdits(signage(4), signage(4))).toEqual({});
    expect(Object.keys(restoreTableEdits(null, signage(4)))).toHaveLength(15); // every key but from-hand and the casino's
    expect(restoreCasinoEdits(casino(3, 'two'), casino(1, 'one'))).toEqual({ ppScale: 'one' });
  });

  test('a variant goes back from the first round not yet begun, not from the hand it once had', () => {
    const shoe: ShoePosition = { shoeId: 'S9', handsPlayed: 20, phase: 'betting', nextHand: 21, earliestHand: 22 };
    const old = signage(4, { variant: { kind: 'modified-odds', effectiveFromShoe: 'S1', effectiveFromHand: 31 } });
    const now = signage(6);
    const edits = restoreTableEdits(now, old);
    expect(edits).toEqual({ variant: 'modified-odds' });
    const p = planSignChange(
      { tableId: 'T1', table: now, casino: casino(1), shoe, user: 'sue', now: NOW, boards: { table: 6, casino: 1 } },
      edits,
    );
    if (!p.ok) throw new Error(p.error.message);
    expect(p.value.table?.after).toMatchObject({
      revision: 7,
      variant: { kind: 'modified-odds', effectiveFromShoe: 'S9', effectiveFromHand: 22 },
      previousVariant: { kind: 'commission', commissionPercent: 5 },
    });
  });
});
