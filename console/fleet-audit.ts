/**
 * What makes a fleet command accountable, shared by the console (`fleet-commands.ts`) and `baccarat-board fleet`:
 * the reason it needs (required where the patrons' screen changes), the board's answer in words, and the audit record
 * of the command once that answer is in or the wait is over — who, which board, the command as published, the
 * outcome. Pure; the caller publishes the record (`audit-feed.ts`).
 *
 * ```ts
 * fleetReasonProblem('reload', ''); // 'give a reason for the reload: it goes to the audit log …'
 * const { record, outcome, detail } = fleetAudit({ id, at, who, displayId, tableId, command, kid, answer, answeredAt, hints });
 * ```
 * @packageDocumentation
 */
import type { DisplayCommand, DisplayCommandName } from '../contract/schemas';
import { MAX_REASON_LENGTH, type FleetOutcome } from '../contract/schemas/audit';
import { fleetRecord, type FleetRecord, type Who } from './audit-record';
import { reasonProblem } from './change-request';
import { describeStatus, type Answer, type NoAnswerHints } from './fleet-answer';

/** Whether a command changes what the patrons see (`reload` blanks the screen, `resync` may drop its state). */
export const changesTheScreen = (name: DisplayCommandName): boolean => name === 'reload' || name === 'resync';

/** Why a command's reason is refused, or null: required for reload and resync, kept (at most 300) for the others. */
export function fleetReasonProblem(name: DisplayCommandName, reason: string | undefined): string | null {
  const r = (reason ?? '').trim();
  if (changesTheScreen(name)) return reasonProblem(r, `the ${name}`, 'board stuck on an old shoe');
  return r.length > MAX_REASON_LENGTH ? `the reason is longer than ${MAX_REASON_LENGTH} characters` : null;
}

const KIB = 1024;
/** The size of a base64 text's bytes. */
export const base64Bytes = (b64: string): number =>
  Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);

/** The board's answer, as the record and the tool that sent it say it: its outcome, and in words. */
export function fleetOutcome(
  a: Answer,
  name: DisplayCommandName,
  hints: NoAnswerHints,
): { readonly outcome: FleetOutcome; readonly detail: string } {
  if (a.kind === 'status') {
    if (a.ok) return { outcome: 'done', detail: `confirmed by the board's status at ${a.status.timestamp}` };
    const error = a.status.state === 'online' ? a.status.lastCommand?.error : undefined; // older boards do not say
    const why = error ? `: ${error}` : '';
    return { outcome: 'failed', detail: `the board's status says ${name} failed (at ${a.status.timestamp})${why}` };
  }
  if (a.kind === 'timeout')
    return {
      outcome: 'no-answer',
      detail: `no answer within ${a.seconds} s. ${describeStatus(a.status, hints, a.rejected, a.going, a.unreadable)}`,
    };
  const shot = a.reply;
  if (!shot.ok) return { outcome: 'failed', detail: `no picture (${shot.code}): ${shot.error}` };
  const kib = Math.ceil(base64Bytes(shot.png) / KIB);
  return {
    outcome: 'done',
    detail: `${shot.width}×${shot.height} PNG, ${kib} KiB, source ${shot.source}, taken at ${shot.timestamp}`,
  };
}

/** A command sent, and what came of it. */
export interface FleetAuditContext {
  readonly id: string; // the record's: a random UUID
  readonly at: string; // RFC 3339: when the command was published
  readonly who: Who;
  readonly reason?: string; // as given; blank: none
  readonly displayId: string;
  readonly tableId: string | null; // the board's table as its status said (null: no status seen)
  readonly command: DisplayCommand; // as made (its signature is not kept)
  readonly kid: string | null; // the pit key that signed it
  readonly answer: Answer;
  readonly answeredAt: string; // RFC 3339: when the answer came, or the wait ended
  readonly hints: NoAnswerHints; // why a board may not answer, in the words of the tool that asked
}

/** The audit record of a fleet command once answered (or not), with its outcome and the answer in words. */
export function fleetAudit(c: FleetAuditContext): {
  readonly record: FleetRecord;
  readonly outcome: FleetOutcome;
  readonly detail: string;
} {
  const { outcome, detail } = fleetOutcome(c.answer, c.command.command, c.hints);
  const reason = (c.reason ?? '').trim();
  const record = fleetRecord({
    id: c.id,
    at: c.at,
    who: c.who,
    ...(reason && { reason }),
    displayId: c.displayId,
    tableId: c.tableId,
    command: c.command,
    kid: c.kid,
    outcome,
    answeredAt: outcome === 'no-answer' ? null : c.answeredAt,
    detail,
  });
  return { record, outcome, detail };
}
