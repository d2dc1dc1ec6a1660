/**
 * `signage restore`: after a broker lost its signs (a restart without persistence), the sign the boards still show,
 * read back from an audit log (the console's, or one `signage --audit` keeps) and published again above it, as the
 * console's Republish does. Without it, a floor manager on the command line could only remake the sign from the
 * defaults and the keys they remembered (`set … --replace`).
 *
 * ```ts
 * const r = await restoreFromAudit(current, 'T12', '/var/lib/baccarat-console/audit.jsonl');
 * if (r.kind === 'sign') planSignChange({ …, restore: r.restore }, {}); // r.revision as it is, whatever the broker has
 * ```
 * @packageDocumentation
 */
import type { CasinoSignage, TableSignage } from '../contract/schemas';
import { AuditLog } from '../console/audit-log';
import { boardRevisions } from '../console/board-revisions';
import type { RetainedSigns } from '../console/retained-signs';
import { signAtRevision } from '../console/revert';
import type { RestoredSign } from '../console/sign-edit';
import { editsCasino, editsTable, type SignEdits } from '../console/sign-keys';

export type Restore =
  | { readonly kind: 'sign'; readonly restore: RestoredSign; readonly revision: number }
  | { readonly kind: 'nothing'; readonly text: string } // the broker has what the boards show: exit 0
  | { readonly kind: 'missing'; readonly text: string }; // not in the log: exit 1

/**
 * What restores the sign of `tableId` (null: the casino's) to the revision its boards show, from the audit log at
 * `auditPath`. Rejects when the log cannot be read (other than missing: an empty log).
 */
export async function restoreFromAudit(
  current: Pick<RetainedSigns, 'boards' | 'table' | 'casino'>,
  tableId: string | null,
  auditPath: string,
): Promise<Restore> {
  const target = tableId === null ? 'casino' : 'table';
  const what = tableId === null ? "the casino's sign" : `the sign of table ${tableId}`;
  const shown = boardRevisions(current.boards, tableId)[target];
  const kept: TableSignage | CasinoSignage | null = tableId === null ? current.casino : current.table;
  if (shown === null)
    return {
      kind: 'nothing',
      text: `no board reports ${what}: there is nothing to restore it to (show says what the broker has)`,
    };
  if (kept && kept.revision >= shown)
    return {
      kind: 'nothing',
      text: `the broker has ${what} at revision ${kept.revision}, and no board shows a later one`,
    };
  // The sign itself, not the edits that remake it from the broker's or the defaults: those would date its variant
  // from the next round, as if the table had paid otherwise until then.
  const sign = signAtRevision(await new AuditLog(auditPath).read(), target, tableId, shown);
  if (!sign)
    return {
      kind: 'missing',
      text:
        `a board shows revision ${shown} of ${what}, which the broker ${kept ? `no longer has (it has revision ${kept.revision})` : 'no longer has'}, ` +
        `and the audit log ${auditPath} does not hold it. Give the console's audit log, or make the sign in full with set … --replace. Nothing was published.`,
    };
  const restore: RestoredSign =
    target === 'casino' ? { target, sign: sign as CasinoSignage } : { target, sign: sign as TableSignage };
  return { kind: 'sign', restore, revision: shown };
}

/**
 * For `set … --audit FILE`: where the broker lost the sign the edits change (the table's; the casino's for
 * `pp-scale` and `casino-name` alone) and a board shows it, that sign from the audit log, for the edits to be made to,
 * as the console's Change signs… does: not to the defaults, which would replace everything the boards show, nor
 * refused for want of a casino name the boards already show. Null where the broker has the sign the boards show.
 */
export async function lostSignToEdit(
  current: Pick<RetainedSigns, 'boards' | 'table' | 'casino'>,
  tableId: string | null,
  edits: SignEdits,
  auditPath: string,
): Promise<Exclude<Restore, { kind: 'nothing' }> | null> {
  // 'missing': the log does not hold it; the caller makes the change as without the log, saying so.
  const target = editsTable(edits) ? tableId : editsCasino(edits) ? null : undefined;
  if (target === undefined) return null;
  const r = await restoreFromAudit(current, target, auditPath);
  return r.kind === 'nothing' ? null : r;
}

/** What {@link signFromAudit} found: the sign to start from, or the command's end (a message, and whether it is ok). */
export type FromAudit =
  | { readonly stop: { readonly ok: boolean; readonly text: string } }
  | { readonly restore?: RestoredSign; readonly revertedTo?: number; readonly auditLacks: string };

/**
 * For `restore`, and `set` with `--audit FILE` (not `--replace`, which makes the sign in full from the keys given):
 * the sign to start from, read from the audit log. `revertedTo` for a restore; `auditLacks`, a sentence for a
 * refusal, where the log does not hold the sign the boards show (a set is then made as without the log).
 */
export async function signFromAudit(
  action: string,
  current: Pick<RetainedSigns, 'boards' | 'table' | 'casino'>,
  tableId: string | null,
  edits: SignEdits,
  flags: { readonly audit?: string | undefined; readonly replace?: boolean | undefined },
): Promise<FromAudit> {
  const file = flags.audit ?? '';
  if (action !== 'restore' && (action !== 'set' || flags.audit === undefined || flags.replace === true))
    return { auditLacks: '' };
  const r = await (
    action === 'restore' ? restoreFromAudit(current, tableId, file) : lostSignToEdit(current, tableId, edits, file)
  ).catch((e: unknown) => String((e as Error).message ?? e));
  if (typeof r === 'string')
    return {
      stop: {
        ok: false,
        text: `baccarat-board signage: cannot read the audit log ${file}: ${r}\nNothing was published.\n`,
      },
    };
  if (r === null) return { auditLacks: '' };
  if (r.kind === 'nothing') return { stop: { ok: true, text: `Nothing to restore: ${r.text}.\n` } };
  if (r.kind === 'missing')
    return action === 'restore'
      ? { stop: { ok: false, text: `baccarat-board signage: ${r.text}\n` } }
      : { auditLacks: `The audit log ${file} does not hold the sign the boards show. ` };
  return action === 'restore'
    ? { restore: r.restore, revertedTo: r.revision, auditLacks: '' }
    : { restore: r.restore, auditLacks: '' };
}

/**
 * For whoever reads the command line: how to put back a sign the broker lost, when a board shows one above the
 * broker's (`signage-ahead`, `casino-ahead` among `codes`): one line for each, or nothing.
 */
export function restoreHint(codes: Iterable<string>, tableId: string | null = null): string {
  const c = new Set(codes);
  const lines = [
    ...(c.has('signage-ahead')
      ? [`signage --table ${tableId ?? 'ID'} restore --audit FILE --reason … publishes the table sign the boards show`]
      : []),
    ...(c.has('casino-ahead')
      ? ['signage restore --audit FILE --reason … publishes the casino sign the boards show']
      : []),
  ];
  return lines.map((l) => `(${l} again, from an audit log: docs/console.md)\n`).join('');
}
