/**
 * What `baccarat-board signage set` (close, open, restore) prints once published, as text: where the sign was made
 * from when not the broker's (the audit log, the defaults, a sign the boards show), one line per sign published, and
 * where a new Perfect Pairs scale applies — at the tables that offer it once this change is out.
 *
 * ```ts
 * io.out(publishedReport({ plan, records, edits, tableId, current, lostSigns, key, audit, revertedTo, restore, replaced }));
 * io.out(publishedJson(result, shared)); // --json
 * ```
 * @packageDocumentation
 */
import { floorAfter, scaleReach } from '../console/pays-at-once';
import type { SignRecord } from '../console/audit-record';
import type { RetainedSigns } from '../console/retained-signs';
import type { RestoredSign, SignPlan } from '../console/sign-edit';
import type { SignEdits } from '../console/sign-keys';
import type { SigningKey } from '../mqtt-bridge/signing';

export interface PublishedReport {
  readonly plan: SignPlan;
  readonly records: readonly SignRecord[];
  readonly edits: SignEdits;
  readonly tableId: string | null;
  readonly current: Pick<RetainedSigns, 'floor'>;
  readonly lostSigns: readonly string[];
  readonly key: SigningKey | null;
  readonly audit: string | undefined; // --audit FILE
  readonly revertedTo: number | undefined; // a restore: the revision the boards show
  readonly restore: RestoredSign | undefined; // set on a sign the broker lost: the boards' sign it was made to
  readonly replaced: readonly string[]; // what it replaces on boards that show a sign the broker lost (--replace)
}

export function publishedReport(o: PublishedReport): string {
  const { plan, records, tableId } = o;
  const out: string[] = [];
  const fresh = plan.table && !plan.table.before && records.some((r) => r.target === 'table');
  if (o.revertedTo !== undefined)
    out.push(`(from the audit log ${o.audit ?? ''}: revision ${o.revertedTo}, as the boards show it)`);
  else if (o.restore)
    out.push(
      `(the broker had lost this sign: your changes were made to revision ${o.restore.sign.revision}, as the boards ` +
        `show it, from the audit log ${o.audit ?? ''})`,
    );
  else if (o.replaced.length > 0) out.push(`(${o.replaced.join('\n')})`);
  else if (fresh)
    out.push(`(no sign was retained for table ${tableId ?? ''}: started from the defaults, see docs/console.md)`);
  for (const r of records) out.push(`Published ${r.summary}${o.key ? ` (signed, key ${o.key.kid})` : ''}`);
  // A restore publishes what the boards show already: it reaches no table anew. A table this change makes offer
  // Perfect Pairs (or stop) is counted as it will be.
  const reach =
    o.revertedTo === undefined && records.some((r) => r.target === 'casino')
      ? scaleReach(o.edits, floorAfter(o.current.floor, tableId, plan.table?.after ?? null), o.lostSigns)
      : null;
  if (reach) out.push(reach);
  return out.map((l) => `${l}\n`).join('');
}

/** The same, with `--json`: the messages published (topic and payload), the audit records' ids, and any error. */
export const publishedJson = (
  result: {
    readonly published: readonly { readonly topic: string; readonly text: string }[];
    readonly error: string | null;
  },
  shared: { readonly published: readonly { readonly id: string }[]; readonly error?: string | null },
): string =>
  `${JSON.stringify(
    {
      published: result.published.map((p) => ({ topic: p.topic, payload: JSON.parse(p.text) as unknown })),
      audit: shared.published.map((r) => r.id),
      error: result.error ?? shared.error,
    },
    null,
    2,
  )}\n`;
