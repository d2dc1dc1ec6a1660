/**
 * The shape of a change request from the page (`POST /api/preview`, `POST /api/apply`), checked before anything
 * is planned, and the two things a person types besides the keys: the reason, and a closed table's name. Pure.
 *
 * ```ts
 * const req = changeRequest(body); // ChangeRequest, or a FieldError naming what is wrong
 * reasonProblem('  ');             // 'give a reason for the change: …'
 * reasonProblem('ok');             // "the reason 'ok' is too short: give a reason for the change of at least 3 …"
 * ```
 * @packageDocumentation
 */
import type { TableSignage } from '../contract/schemas';
import { MAX_REASON_LENGTH } from '../contract/schemas/audit';
import { isId } from '../contract/schemas/common';
import type { ChangeRequest } from './protocol';
import { fieldError, type FieldError } from './sign-keys';

/** Shortest reason accepted, in characters (trimmed). */
export const MIN_REASON_LENGTH = 3;

/** Why a reason is refused, or null; `what` and `example` fit the words to the action (a change, a reload). */
export function reasonProblem(
  reason: string | undefined,
  what = 'the change',
  example = 'new limits for the weekend',
): string | null {
  const r = (reason ?? '').trim();
  if (r.length === 0) return `give a reason for ${what}: it goes to the audit log with your name (e.g. "${example}")`;
  if (r.length < MIN_REASON_LENGTH)
    return (
      `the reason '${r}' is too short: give a reason for ${what} of at least ${MIN_REASON_LENGTH} characters; ` +
      `it goes to the audit log with your name (e.g. "${example}")`
    );
  if (r.length > MAX_REASON_LENGTH) return `the reason is longer than ${MAX_REASON_LENGTH} characters`;
  return null;
}

/** Whether `typed` names the table: its name on the sign or its id, ignoring case and outer spaces. */
export function sameTable(typed: string | undefined, tableId: string, sign: TableSignage | null): boolean {
  const t = (typed ?? '').trim().toLowerCase();
  return t !== '' && (t === tableId.toLowerCase() || t === sign?.tableName.trim().toLowerCase());
}

const isPair = (c: unknown) => Array.isArray(c) && c.length === 2 && c.every((x) => typeof x === 'string');

/** Checks the shape of a request body; the error names the part at fault. */
export function changeRequest(body: unknown): ChangeRequest | FieldError {
  if (typeof body !== 'object' || body === null) return fieldError('request', 'expected a JSON object');
  const b = body as Record<string, unknown>;
  if (b.tableId !== null && !(typeof b.tableId === 'string' && isId(b.tableId)))
    return fieldError('table', 'not a table id');
  if (!Array.isArray(b.changes) || !b.changes.every(isPair))
    return fieldError('request', 'changes must be a list of [key, value] strings');
  if (b.reason !== undefined && (typeof b.reason !== 'string' || b.reason.length > 4 * MAX_REASON_LENGTH))
    return fieldError('reason', 'the reason is text');
  if (b.shoeId !== undefined && !(typeof b.shoeId === 'string' && isId(b.shoeId)))
    return fieldError('shoe', 'not a shoe id');
  if (b.republish !== undefined && typeof b.republish !== 'boolean')
    return fieldError('request', 'republish is true or false');
  if (b.action !== undefined && b.action !== 'close-table' && b.action !== 'open-table')
    return fieldError('request', 'action is close-table or open-table');
  if (b.confirm !== undefined && (typeof b.confirm !== 'string' || b.confirm.length > 200))
    return fieldError('confirm', 'type the table’s name');
  if (b.revertTo !== undefined && !(Number.isSafeInteger(b.revertTo) && (b.revertTo as number) >= 0))
    return fieldError('revertTo', 'revertTo is a revision number');
  const special = (b.action !== undefined ? 1 : 0) + (b.revertTo !== undefined ? 1 : 0);
  if (special > 1 || (special === 1 && b.changes.length > 0))
    return fieldError('request', 'closing, opening and restoring a revision each take no other key');
  if (b.action !== undefined && b.tableId === null) return fieldError('table', 'which table? name it');
  return body as ChangeRequest;
}
