/**
 * What the console checks on a board besides its signs: its build against the approved list (flagged when not on
 * it, or when it reports none), and its clock against the controller's (flagged beyond 2 s, either way).
 */
import { describe, expect, test } from 'vitest';
import type { DisplayStatus } from '../contract/schemas';
import { approvedLabel, boardChecks, parseApprovedBuilds } from './board-checks';
import { emptyFleet, fleetBoards, receive } from './fleet-state';
import { makeDisplayStatus } from '../contract/mqtt';

const GOOD = 'a'.repeat(64);
const BAD = `3f2a9c1d${'0'.repeat(52)}e07b`;
const board = (extra: Partial<Extract<DisplayStatus, { state: 'online' }>> = {}): DisplayStatus => ({
  v: 1,
  state: 'online',
  displayId: 'D1',
  tableId: 'T1',
  version: '1.4.2',
  timestamp: '2026-11-22T12:00:00.000Z',
  handCount: 3,
  rejectedMessages: 0,
  uptimeSeconds: 60,
  ...extra,
});
const clock = (offsetMs: number) => ({ offsetMs, delayMs: { median: 40, worst: 120 }, hands: 30 });

describe('the approved builds file', () => {
  test('a digest and a label a line; comments and blank lines skipped; an error names the line', () => {
    const r = parseApprovedBuilds(
      `# approved for the floor\n\n${GOOD.toUpperCase()}  1.4.2 release  # Nov\n${'b'.repeat(64)}\n`,
    );
    expect(r).toEqual({
      ok: true,
      value: new Map([
        [GOOD, '1.4.2 release'],
        ['b'.repeat(64), 'bbbbbbbbbbbb'],
      ]),
    });
    expect(parseApprovedBuilds('1.4.2 abc\n')).toEqual({
      ok: false,
      error: "line 1: expected a SHA-256 (64 hex digits) and a label, not '1.4.2 abc'",
    });
  });
});

describe('software and clock', () => {
  const approved = new Map([[GOOD, '1.4.2 release']]);
  test('a build not on the list, or none reported, is flagged; an approved one is labelled', () => {
    expect(boardChecks(board({ build: { sha256: GOOD } }), approved)).toEqual([]);
    expect(approvedLabel(board({ build: { sha256: GOOD } }), approved)).toBe('1.4.2 release');
    expect(boardChecks(board({ build: { sha256: BAD } }), approved)).toEqual([
      {
        code: 'build-unapproved',
        displayId: 'D1',
        text: 'Board D1 runs build 3f2a9c1d…e07b, which is not on the approved list — find out what is installed on it',
      },
    ]);
    expect(boardChecks(board(), approved).map((a) => a.code)).toEqual(['build-unreported']);
    expect(boardChecks(board({ build: { sha256: BAD } }), null)).toEqual([]); // no list, nothing to compare with
  });

  test('a clock more than 2 s off the controller’s, either way', () => {
    expect(boardChecks(board({ clock: clock(1_999) }), null)).toEqual([]);
    expect(boardChecks(board({ clock: clock(-2_000) }), null)).toEqual([]);
    expect(boardChecks(board({ clock: clock(3_240) }), null).map((a) => a.text)).toEqual([
      "Board D1: clock 3.2 s off the controller's (board ahead) — check time sync (NTP) on both",
    ]);
    expect(boardChecks(board({ clock: clock(-95_000) }), null).map((a) => a.text)).toEqual([
      "Board D1: clock 95 s off the controller's (board behind) — check time sync (NTP) on both",
    ]);
  });

  test('the fleet carries them under each board, with the approved label', () => {
    const status = board({ build: { sha256: BAD }, clock: clock(5_000) });
    const fleet = receive(
      emptyFleet(),
      'baccarat',
      'baccarat/displays/D1/status',
      new TextEncoder().encode(makeDisplayStatus(status)),
      status.timestamp,
    );
    const [row] = fleetBoards(fleet, approved, Date.parse(status.timestamp) + 5_000); // a status 5 s old
    expect(row?.approvedBuild).toBeNull();
    expect(row?.attention.map((a) => a.code)).toEqual(['build-unapproved', 'clock-off']);
    expect(fleetBoards(fleet, null, Date.parse(status.timestamp))[0]?.approvedBuild).toBeUndefined();
  });
});
