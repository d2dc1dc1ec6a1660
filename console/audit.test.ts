/**
 * Diffs, audit records and the audit log: what a change records (who, when, table, field by field from and to,
 * shoe and next hand, revisions), one record per sign published, and a JSON-lines file read back latest first.
 */
import { appendFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { casino, signage } from '../test/helpers/table-messages';
import { AuditLog } from './audit-log';
import { auditRecords, planSummary } from './audit-record';
import { casinoChanges, tableChanges } from './sign-diff';
import { planSignChange } from './sign-edit';
import { parseAssignments } from './sign-keys';

const AT = '2026-11-22T12:00:00.000Z';
const SHOE = { shoeId: 'S1', handsPlayed: 30, phase: 'waiting' as const, nextHand: 31, earliestHand: 31 };

function plan(args: string[]) {
  const edits = parseAssignments(args);
  if (!edits.ok) throw new Error(edits.error.message);
  const p = planSignChange(
    { tableId: 'T1', table: signage(4), casino: casino(1), shoe: SHOE, user: 'alice', now: AT },
    edits.value,
  );
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

describe('diffs', () => {
  test('only the fields that differ, with from and to as values and as words', () => {
    const before = signage(4);
    const after = { ...signage(5, { tableOpen: false, sideBets: ['playerPair'] }), updatedBy: 'x', updatedAt: AT };
    expect(tableChanges(before, after)).toEqual([
      { field: 'open', from: true, to: false, text: 'open open → closed' },
      {
        field: 'side-bets',
        from: ['playerPair', 'bankerPair', 'perfectPairs'],
        to: ['playerPair'],
        text: 'side-bets playerPair, bankerPair, perfectPairs → playerPair',
      },
    ]);
    expect(tableChanges(before, signage(9))).toEqual([]); // revision and author are not changes
    expect(casinoChanges(casino(1, 'one'), casino(2, 'two'))).toEqual([
      { field: 'pp-scale', from: 'one', to: 'two', text: 'pp-scale Pay Scale One → Pay Scale Two' },
    ]);
    expect(casinoChanges(null, casino(1)).map((c) => c.text)).toEqual([
      'casino-name "Test Casino"',
      'pp-scale Pay Scale One',
    ]);
  });
});

describe('audit records', () => {
  test('one per sign published, casino first, with shoe and hand, revisions and a summary', () => {
    const p = plan(['variant=modified-odds', 'pp-scale=two']);
    expect(planSummary(p)).toEqual([
      'Casino, revision 1 → 2: pp-scale Pay Scale One → Pay Scale Two',
      'Jade 8 (T1), revision 4 → 5: variant commission 5% → modified odds from hand 31 of shoe S1',
    ]);
    const [c, t] = auditRecords(p, 'alice', AT, 'console');
    expect(c).toEqual({
      v: 1,
      at: AT,
      user: 'alice',
      via: 'console',
      target: 'casino',
      tableId: null,
      tableName: null,
      revision: { from: 1, to: 2 },
      shoeId: 'S1',
      nextHand: 31,
      changes: [{ field: 'pp-scale', from: 'one', to: 'two', text: 'pp-scale Pay Scale One → Pay Scale Two' }],
      summary: 'Casino, revision 1 → 2: pp-scale Pay Scale One → Pay Scale Two',
    });
    expect(t).toMatchObject({
      target: 'table',
      tableId: 'T1',
      tableName: 'Jade 8',
      revision: { from: 4, to: 5 },
      changes: [
        {
          field: 'variant',
          from: { kind: 'commission', commissionPercent: 5 },
          to: { kind: 'modified-odds', effectiveFromShoe: 'S1', effectiveFromHand: 31 },
        },
      ],
    });
  });

  test('the log is appended to (0600), read back latest first, and survives a torn last line', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'bb-audit-')), 'sub', 'console-audit.jsonl');
    const log = new AuditLog(path);
    expect(await log.read()).toEqual([]);
    await Promise.all([
      log.append(auditRecords(plan(['min=200']), 'a', AT, 'console')),
      log.append(auditRecords(plan(['min=300']), 'b', AT, 'cli')),
    ]);
    appendFileSync(path, '{"v":1,"at":"2026-11-22T12:0');
    const records = await log.read();
    expect(records.map((r) => r.user)).toEqual(['b', 'a']);
    expect((await log.read(1)).map((r) => r.user)).toEqual(['b']);
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(3);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});
