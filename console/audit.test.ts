/**
 * Diffs, audit records and the audit log: what a change records (who, why, when, table, field by field from and
 * to, the whole sign before and after, shoe and next hand, revisions), one record per sign published, valid on the
 * wire; and a JSON-lines file read back latest first, where each record is written once by id — by two writers of
 * one file, across restarts — and older lines without an id are still read.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { casino, signage } from '../test/helpers/table-messages';
import { makePitAudit, parsePitAudit } from '../contract/audit';
import { AuditLog } from './audit-log';
import {
  auditRecords,
  describeCommand,
  describeWho,
  fleetRecord,
  isSignRecord,
  planSummary,
  type AuditContext,
} from './audit-record';
import { signAtRevision } from './revert';
import { casinoChanges, tableChanges } from './sign-diff';
import { planSignChange } from './sign-edit';
import { parseAssignments } from './sign-keys';

const AT = '2026-11-22T12:00:00.000Z';
const SHOE = { shoeId: 'S1', handsPlayed: 30, phase: 'waiting' as const, nextHand: 31, earliestHand: 31 };
let n = 0;
const ctx = (account: string, via: 'console' | 'cli' = 'console'): AuditContext => ({
  who: { account, via, ...(via === 'console' ? { role: 'supervisor' as const } : { osUser: account }) },
  reason: 'new promotion',
  action: 'change',
  at: AT,
  newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
});

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
      { field: 'open', from: true, to: false, text: 'table open → closed' },
      {
        field: 'side-bets',
        from: ['playerPair', 'bankerPair', 'perfectPairs'],
        to: ['playerPair'],
        text: 'side-bets playerPair, bankerPair, perfectPairs → playerPair',
      },
    ]);
    expect(tableChanges(before, signage(9))).toEqual([]); // revision and author are not changes
    expect(tableChanges(after, before).find((c) => c.field === 'open')?.text).toBe('table closed → open');
    expect(casinoChanges(casino(1, 'one'), casino(2, 'two'))).toEqual([
      { field: 'pp-scale', from: 'one', to: 'two', text: 'pp-scale Pay Scale One → Pay Scale Two' },
    ]);
    expect(casinoChanges(null, casino(1)).map((c) => c.text)).toEqual([
      'casino-name "Test Casino"',
      'pp-scale Pay Scale One',
    ]);
  });

  test('a new sign reads as words: the open key says "table open", not "open open"', () => {
    const texts = tableChanges(null, signage(1)).map((c) => c.text);
    expect(texts).toContain('table open');
    expect(texts.filter((t) => /\bopen open\b/.test(t))).toEqual([]);
    const closed = tableChanges(null, signage(1, { tableOpen: false }));
    expect(closed.find((c) => c.field === 'open')).toEqual({
      field: 'open',
      from: null,
      to: false,
      text: 'table closed',
    });
  });
});

describe('audit records', () => {
  test('one per sign published, casino first, with shoe and hand, revisions and a summary', () => {
    const p = plan(['variant=modified-odds', 'pp-scale=two']);
    expect(planSummary(p)).toEqual([
      'Casino, revision 1 → 2: pp-scale Pay Scale One → Pay Scale Two',
      'Jade 8 (T1), revision 4 → 5: variant commission 5% → modified odds from hand 31 of shoe S1',
    ]);
    const [c, t] = auditRecords(p, ctx('alice'));
    expect(c).toEqual({
      v: 1,
      id: expect.stringMatching(/^00000000-/) as unknown,
      at: AT,
      who: { account: 'alice', role: 'supervisor', via: 'console' },
      reason: 'new promotion',
      action: 'change',
      target: 'casino',
      tableId: null,
      tableName: null,
      revision: { from: 1, to: 2 },
      shoeId: 'S1',
      nextHand: 31,
      changes: [{ field: 'pp-scale', from: 'one', to: 'two', text: 'pp-scale Pay Scale One → Pay Scale Two' }],
      before: casino(1, 'one'),
      after: { ...casino(1, 'one'), revision: 2, perfectPairsScale: 'two', updatedBy: 'alice', updatedAt: AT },
      summary: 'Casino, revision 1 → 2: pp-scale Pay Scale One → Pay Scale Two',
    });
    expect(c?.id).not.toBe(t?.id);
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

  test('a record is valid on the wire (contract/schemas/audit.ts), and who reads as an account, never free text', () => {
    const [t] = auditRecords(plan(['min=200']), ctx('bob', 'cli'));
    if (!t) throw new Error('no record');
    const wire = parsePitAudit(makePitAudit(t));
    expect(wire).toEqual({ ok: true, value: t });
    expect(describeWho(t.who)).toBe('bob (command line)');
    expect(describeWho({ account: 'ann', role: 'floor-manager', via: 'console' })).toBe('ann (floor manager)');
    expect(parsePitAudit(JSON.stringify({ ...t, reason: '' }))).toMatchObject({
      ok: false,
      error: { code: 'bad-shape' },
    });
    expect(parsePitAudit(JSON.stringify({ ...t, who: 'somebody' }))).toMatchObject({ ok: false });
  });

  test('a fleet command is a record of its own: who, which board, which command, the answer; valid on the wire', () => {
    const command = {
      v: 1 as const,
      command: 'resync' as const,
      requestId: '5d3f1c2a-9b8e-4f7a-8c6d-1e2f3a4b5c6d',
      timestamp: AT,
      replace: true,
      sig: { alg: 'Ed25519' as const, kid: '56475aa75463474c', value: 'x' },
    };
    const r = fleetRecord({
      id: 'f1',
      at: AT,
      who: { account: 'sam', role: 'supervisor', via: 'console', host: 'pit-3' },
      reason: 'stuck on an old shoe',
      displayId: 'jade8-a',
      tableId: 'T1',
      command,
      kid: '56475aa75463474c',
      outcome: 'done',
      answeredAt: AT,
      detail: 'confirmed',
    });
    expect(r).toEqual({
      v: 1,
      id: 'f1',
      at: AT,
      who: { account: 'sam', role: 'supervisor', via: 'console', host: 'pit-3' },
      reason: 'stuck on an old shoe',
      action: 'fleet-command',
      target: 'display',
      displayId: 'jade8-a',
      tableId: 'T1',
      // The command as published, without its signature: which key signed it is enough.
      command: { name: 'resync', requestId: command.requestId, replace: true, kid: '56475aa75463474c' },
      outcome: 'done',
      answeredAt: AT,
      detail: 'confirmed',
      summary: 'Board jade8-a (table T1): resync with replace — done',
    });
    expect(parsePitAudit(makePitAudit(r))).toEqual({ ok: true, value: r });
    expect(isSignRecord(r)).toBe(false);
    expect(describeCommand({ name: 'identify', durationSeconds: 60 })).toBe('identify (60 s)');
    // A fleet record is never taken for a sign's: it has no revision to restore.
    expect(signAtRevision([r], 'table', 'T1', 4)).toBeNull();
    const reload = { v: 1 as const, command: 'reload' as const, requestId: 'r2', timestamp: AT };
    const noAnswer = fleetRecord({
      ...r,
      command: reload,
      kid: null,
      outcome: 'no-answer',
      answeredAt: null,
      tableId: null,
      detail: 'x'.repeat(2000),
    });
    expect(noAnswer.summary).toBe('Board jade8-a: reload — no answer');
    expect(noAnswer.detail).toHaveLength(1000);
    expect(parsePitAudit(makePitAudit(noAnswer)).ok).toBe(true);
    // A shape error names the path in the fleet record's own terms.
    expect(parsePitAudit(JSON.stringify({ ...r, outcome: 'maybe' }))).toMatchObject({
      ok: false,
      error: { code: 'bad-shape', message: expect.stringContaining('/outcome') },
    });
  });

  test('the log is appended to (0600), read back latest first, and survives a torn last line', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'bb-audit-')), 'sub', 'console-audit.jsonl');
    const log = new AuditLog(path);
    expect(await log.read()).toEqual([]);
    await Promise.all([
      log.append(auditRecords(plan(['min=200']), ctx('a'))),
      log.append(auditRecords(plan(['min=300']), ctx('b', 'cli'))),
    ]);
    appendFileSync(path, '{"v":1,"at":"2026-11-22T12:0');
    const records = await log.read();
    expect(records.map((r) => r.who.account)).toEqual(['b', 'a']);
    expect((await log.read(1)).map((r) => r.who.account)).toEqual(['b']);
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(3);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  test('each record once by id: appended twice, by two writers of one file, and after a restart', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'bb-audit-')), 'console-audit.jsonl');
    const [r1] = auditRecords(plan(['min=200']), ctx('a'));
    const [r2] = auditRecords(plan(['min=300']), ctx('b'));
    if (!r1 || !r2) throw new Error('no record');
    const one = new AuditLog(path);
    const two = new AuditLog(path); // a second console sharing the file
    const written = await Promise.all([one.append([r1]), two.append([r1, r2]), one.append([r2]), two.append([r1])]);
    expect(
      written
        .flat()
        .map((r) => r.id)
        .sort(),
    ).toEqual([r1.id, r2.id].sort());
    const restarted = new AuditLog(path);
    expect(await restarted.append([r2, r1])).toEqual([]);
    expect(new Set((await restarted.read()).map((r) => r.id))).toEqual(new Set([r1.id, r2.id]));
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  test('lines written before records had an id are read, with who and no reason', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'bb-audit-')), 'old.jsonl');
    const old = { v: 1, at: AT, user: 'Alice Wong', via: 'cli', target: 'table', tableId: 'T1', tableName: 'Jade 8' };
    writeFileSync(path, `${JSON.stringify({ ...old, revision: { from: 1, to: 2 }, changes: [], summary: 'x' })}\n`);
    const [r] = await new AuditLog(path).read();
    expect(r).toMatchObject({ who: { account: 'Alice Wong', via: 'cli' }, reason: '(not recorded)', summary: 'x' });
  });
});
