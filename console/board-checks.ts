/**
 * Two things the console checks on every board besides its signs: which software it runs, and its clock. A board
 * reports the SHA-256 of its application bundle (`build.sha256` in its status); the console compares it with the
 * approved list it was given (`--approved-builds FILE`, one digest and a label a line) and flags a board whose build
 * is not on it, or that reports none. A board also reports its clock against the controller's (`clock.offsetMs`,
 * from the hands' timestamps); more than 2 s either way is flagged: the board's times, and what staff read from
 * them, would be wrong. Pure.
 *
 * ```ts
 * const approved = parseApprovedBuilds(text);          // Result<ApprovedBuilds, string>
 * boardChecks(board, approved.value);                  // Attention[]: build-unapproved, build-unreported, clock-off
 * ```
 * @packageDocumentation
 */
import { err, ok, type Result } from '../baccarat/types';
import type { DisplayStatus } from '../contract/schemas';
import type { Attention } from './fleet-attention';

/** The approved builds: digest (64 hex digits, lower case) → label (`1.4.2 release, 2026-11-02`). */
export type ApprovedBuilds = ReadonlyMap<string, string>;

/** Beyond this offset from the controller's clock, in ms, a board is flagged. */
export const CLOCK_LIMIT_MS = 2_000;

/**
 * Reads an approved-builds file: one build a line, its SHA-256 (64 hex digits) then a label; `#` starts a comment,
 * blank lines are skipped. An error names the line.
 */
export function parseApprovedBuilds(text: string): Result<ApprovedBuilds, string> {
  const out = new Map<string, string>();
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') continue;
    const m = /^([0-9a-fA-F]{64})(?:\s+(.+))?$/.exec(line);
    if (!m?.[1]) return err(`line ${i + 1}: expected a SHA-256 (64 hex digits) and a label, not '${raw.trim()}'`);
    out.set(m[1].toLowerCase(), m[2]?.trim() ?? m[1].slice(0, 12));
  }
  return ok(out);
}

/** `3f2a9c1d…e07b`: a digest short enough to read out. */
export const shortDigest = (sha: string): string => `${sha.slice(0, 8)}…${sha.slice(-4)}`;

/** `3.2 s`, `45 s`, `2 min 5 s`. */
function seconds(ms: number): string {
  const s = Math.abs(ms) / 1000;
  if (s < 10) return `${s.toFixed(1)} s`;
  if (s < 120) return `${Math.round(s)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/** The approved list's label of a board's build: null when not on it or none reported. */
export function approvedLabel(b: DisplayStatus, approved: ApprovedBuilds): string | null {
  if (b.state !== 'online' || !b.build) return null;
  return approved.get(b.build.sha256) ?? null;
}

/** What to look at on a board's software (when there is an approved list) and clock. */
export function boardChecks(b: DisplayStatus, approved: ApprovedBuilds | null): Attention[] {
  if (b.state !== 'online') return [];
  const out: Attention[] = [];
  const board = `Board ${b.displayId}`;
  if (approved && !b.build)
    out.push({
      code: 'build-unreported',
      displayId: b.displayId,
      text: `${board} reports no build: its software cannot be checked against the approved list`,
    });
  else if (approved && b.build && !approved.has(b.build.sha256))
    out.push({
      code: 'build-unapproved',
      displayId: b.displayId,
      text: `${board} runs build ${shortDigest(b.build.sha256)}, which is not on the approved list — find out what is installed on it`,
    });
  if (b.clock && Math.abs(b.clock.offsetMs) > CLOCK_LIMIT_MS)
    out.push({
      code: 'clock-off',
      displayId: b.displayId,
      text: `${board}: clock ${seconds(b.clock.offsetMs)} off the controller's (${b.clock.offsetMs > 0 ? 'board ahead' : 'board behind'}) — check time sync (NTP) on both`,
    });
  return out;
}
