/**
 * What `baccarat-board signage` refuses, or warns of, before it publishes: a close whose confirmation names another
 * table, a close or open of a table with no sign, a table the broker knows nothing of (a typo more often than a new
 * table), what a sign made from the broker's replaces on boards that show one the broker lost, a signed change made
 * from an unsigned sign the boards have not taken (`console/unsigned-base.ts`), and a pit message the boards will
 * likely cut (as the console's review warns, `contract/message-fit.ts`).
 *
 * ```ts
 * const why = refusalBeforePlan('close', current, 'T12', { confirm: 'T21', newTable: false, edits });
 * replacedOnBoards(plan, 'T12'); // ['table T12: a board shows sign revision 13, which the broker no longer has …']
 * messageFitWarnings(plan);       // ['the pit message (150 characters) will likely be cut on the boards: …']
 * ```
 * @packageDocumentation
 */
import { compareIds } from '../contract/board-list';
import type { SignAction } from '../contract/schemas/audit';
import { changedMessageFit } from '../contract/message-fit';
import { sameTable } from '../console/change-request';
import { tableCasinoRefusal } from '../console/pays-at-once';
import type { RetainedSigns } from '../console/retained-signs';
import type { PlannedSign, SignPlan } from '../console/sign-edit';
import type { BoardRevisions } from '../console/board-revisions';
import { editsTable, formatFieldError, type FieldError, type SignEdits } from '../console/sign-keys';
import { unsignedBase, unsignedBaseText } from '../console/unsigned-base';

/** The actions of `signage` on signs (`keepers`, the audit log's consoles, is `signage-keepers.ts`). */
export const ACTIONS = ['show', 'set', 'close', 'open', 'restore'] as const;
export type Action = (typeof ACTIONS)[number];
/** What each action is in the audit log (`show` publishes nothing). */
export const AUDIT_ACTION: Readonly<Record<Action, SignAction>> = {
  show: 'change',
  set: 'change',
  close: 'close-table',
  open: 'open-table',
  restore: 'republish',
};

/** Why the change must not be planned at all (exit 2, nothing published), or null. */
export function refusalBeforePlan(
  action: string,
  current: Pick<RetainedSigns, 'table' | 'shoe' | 'boards' | 'casino' | 'floor'>,
  tableId: string | null,
  o: { readonly confirm: string | undefined; readonly newTable: boolean; readonly edits: SignEdits },
): string | null {
  const casinoWide = tableCasinoRefusal(
    tableId,
    o.edits,
    current.casino,
    current.floor,
    (key) =>
      `Change it without --table, as a supervisor (signage set ${key === 'pp-scale' ? `pp-scale=${o.edits.ppScale ?? ''}` : 'casino-name=…'} --reason …), ` +
      `for every ${key === 'pp-scale' ? 'table' : 'board'} at once. Nothing was published.`,
  );
  if (casinoWide) return formatFieldError(casinoWide);
  if (action === 'close' && !sameTable(o.confirm, tableId ?? '', current.table))
    return (
      `--confirm '${o.confirm ?? ''}' is not table ${tableId ?? ''}` +
      `${current.table ? ` (${current.table.tableName})` : ''}: nothing was published`
    );
  if ((action === 'close' || action === 'open') && !current.table)
    return `table ${tableId ?? ''} has no sign on the broker: nothing to ${action}`;
  // A table the broker knows nothing of is a typo ('T9', 't1': ids are case-sensitive) more often than a new table:
  // its sign would be a phantom table, made from the defaults, that every console lists (a floor manager's report).
  const known = (id: string) => current.boards.some((b) => b.tableId === id);
  if (!editsTable(o.edits) || !tableId || current.table || current.shoe || known(tableId) || o.newTable) return null;
  const tables = [...new Set(current.boards.map((b) => b.tableId))].sort(compareIds);
  return (
    `table ${tableId} is not known on this broker: it has no sign, no shoe and no board. ` +
    `Check the id (ids are case-sensitive${tables.length > 0 ? `; boards report from ${tables.join(', ')}` : ''}), ` +
    'or add --new-table to give a new table its first sign. Nothing was published.'
  );
}

/**
 * What a plan replaces on boards that show a sign above the broker's, in words: one line per sign, or none. The
 * boards' sign cannot be read from here (their status gives its revision only), so this says what it is made from.
 */
export function replacedOnBoards(plan: SignPlan, tableId: string): string[] {
  const line = (what: string, p: PlannedSign<{ readonly revision: number }> | null, mayChange: string) =>
    p === null || p.boardsAhead === null || p.restored !== undefined // made from the sign the boards show
      ? []
      : [
          `${what}: a board shows sign revision ${p.boardsAhead}, which the broker no longer has ` +
            `(${p.before ? `it has revision ${p.before.revision}` : 'it has no sign'}). A sign made from ` +
            `${p.before ? `the broker's revision ${p.before.revision}` : 'the defaults'} and your keys replaces theirs in ` +
            `full: ${mayChange} the boards show now may change.`,
        ];
  return [
    ...line(`table ${tableId}`, plan.table, 'limits, side bets or message'),
    ...line('the casino sign', plan.casino, "the casino's name or pay scale"),
  ];
}

/** The refusal of a plan that would replace on boards the signs the broker lost (`replaced`), saying the ways out. */
export const replacedRefusal = (replaced: readonly string[], auditLacks: string): string =>
  `${replaced.join('\n')}\n${auditLacks}` +
  "Give the audit log that holds the sign the boards show (--audit FILE: the console's) to make your change to " +
  'that sign, or check what the broker has with show, give every key that must stay as the boards show it, and add ' +
  '--replace. Nothing was published.\n';

/**
 * After a refused plan, the way out where the broker lost a sign the boards show: a restore of a table needs the
 * casino's sign back first (its keys are not restore's); a casino change without a name can take it from the log.
 */
export function planRefusalHint(
  action: string,
  error: FieldError,
  current: Pick<RetainedSigns, 'casino'>,
  tableId: string | null,
  boards: BoardRevisions,
  withAudit: boolean,
): string {
  if (action === 'restore' && tableId !== null && !current.casino && boards.casino !== null)
    return (
      "The broker lost the casino's sign too: restore it first (signage restore --audit FILE --reason …, " +
      "without --table), then this table's.\n"
    );
  if (error.field === 'casino-name' && boards.casino !== null && !withAudit)
    return (
      `A board shows casino sign revision ${boards.casino}: give the audit log that holds it (--audit FILE), ` +
      'and the change is made to it, its name kept.\n'
    );
  return '';
}

/**
 * A warning (never a refusal: the board may show it whole) when the plan's pit message is likely longer than the
 * boards show whole, with the console's lengths and only where the console's review warns: a change of the message
 * or of what shares its panel (variant, side bets).
 */
export function messageFitWarnings(plan: SignPlan): string[] {
  const t = plan.table;
  const fit =
    t &&
    changedMessageFit(
      t.after,
      t.changes.map((c) => c.field),
    );
  return fit ? [fit] : [];
}

/**
 * What a change's signature, or its lack, calls for: a signed change of table `tableId` made from its retained sign
 * when that sign is unsigned and its boards show an earlier revision (`boardsShow`, the highest they report) is refused
 * (`set`, `open`) unless `--replace` says to sign it as it stands; a close goes ahead (it is never held up), with a
 * warning; nothing for a restore, or a change made to the sign the boards show (`--audit`). And a change without a
 * key over a signed sign is warned of: boards that require signatures refuse it and keep the signed one.
 */
export function signingChecks(
  action: Action,
  plan: SignPlan,
  tableId: string | null,
  boardsShow: number | null,
  flags: { readonly signing: boolean; readonly replace: boolean },
): { readonly refuse?: string; readonly warnings: readonly string[] } {
  const warnings: string[] = [];
  const wasSigned = plan.table?.before?.sig ?? plan.casino?.before?.sig;
  if (!flags.signing && wasSigned)
    warnings.push(
      `the sign this replaces is signed (key ${wasSigned.kid}) and this change is not (no --signing-key): ` +
        'boards that require signatures (trust.requireSignatures) will refuse it and keep showing the signed one',
    );
  const t = plan.table;
  if (tableId === null || !t || t.restored !== undefined || action === 'restore' || flags.replace) return { warnings };
  const u = unsignedBase(t.before, boardsShow, flags.signing);
  if (!u) return { warnings };
  const what = `table ${tableId}`;
  if (action === 'close') {
    const text = `The table is closed all the same; check what the sign says (show) before it is opened again.`;
    return { warnings: [...warnings, unsignedBaseText(what, u, text)] };
  }
  return {
    refuse: unsignedBaseText(
      what,
      u,
      `Check what it says with show; then add --replace to sign it as it stands with your change` +
        (u.boardsShow === 0
          ? '. Nothing was published.'
          : `, or restore revision ${u.boardsShow}, the sign the boards show, from the console's audit log first. ` +
            'Nothing was published.'),
    ),
    warnings,
  };
}
