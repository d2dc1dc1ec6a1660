/**
 * What a change does to the signs, field by field, in the keys' own names (but `table open`, not `open open`):
 * for the confirmation step, the command's report and the audit log. Pure.
 *
 * ```ts
 * tableChanges(before, after).map((c) => c.text);
 * // ['variant commission 5% → modified odds from hand 31 of shoe S1', 'min 500 → 1,000']
 * ```
 * @packageDocumentation
 */
import type { CasinoSignage, TableSignage } from '../contract/schemas';
import type { SignKey } from './sign-keys';
import { describeRange, describeScale, describeVariant, formatAmount } from './sign-text';

/** One field that changes. `from` is null for a new sign or a field that was not set; `to` null: removed. */
export interface Change {
  readonly field: SignKey;
  readonly from: unknown;
  readonly to: unknown;
  readonly text: string; // e.g. 'min 500 → 1,000'
}

type Field<T> = readonly [SignKey, (s: T) => unknown, (v: never) => string];

/**
 * The word a change's text opens with, where the key's own name would not read as words: the `open` key said
 * 'open open' of a new sign and 'open open → closed' of a closing.
 */
const LABELS: Partial<Record<SignKey, string>> = { open: 'table' };

const amount = (v: number) => formatAmount(v);
const TABLE_FIELDS: readonly Field<TableSignage>[] = [
  ['name', (s) => s.tableName, (v: string) => JSON.stringify(v)],
  ['open', (s) => s.tableOpen, (v: boolean) => (v ? 'open' : 'closed')],
  ['currency', (s) => s.limits.currency, (v: string) => v],
  ['min', (s) => s.limits.minimum, amount],
  ['max', (s) => s.limits.maximum, amount],
  ['tie-max', (s) => s.limits.tieMaximum, amount],
  ['pair-max', (s) => s.limits.pairMaximum, amount],
  ['differential', (s) => s.limits.maxDifferential, amount],
  ['variant', (s) => s.variant, describeVariant],
  ['tie-pays', (s) => s.tiePays, (v: number) => `${v} to 1`],
  ['side-bets', (s) => s.sideBets, (v: string[]) => (v.length ? v.join(', ') : 'none')],
  ['pp-limits', (s) => s.limits.sideBetLimits?.perfectPairs, describeRange],
  ['ur-way-limits', (s) => s.limits.sideBetLimits?.urWayEgalite, describeRange],
  ['3g8-limits', (s) => s.limits.sideBetLimits?.threeGivesEight, describeRange],
  ['language', (s) => s.language, (v: string) => v],
  ['message', (s) => s.message, (v: string) => JSON.stringify(v)],
  ['disclaimer', (s) => s.showDisclaimer, (v: boolean) => (v ? 'shown' : 'hidden')],
];
const CASINO_FIELDS: readonly Field<CasinoSignage>[] = [
  ['casino-name', (s) => s.casinoName, (v: string) => JSON.stringify(v)],
  ['pp-scale', (s) => s.perfectPairsScale, describeScale],
];

function changes<T>(fields: readonly Field<T>[], before: T | null, after: T): Change[] {
  const out: Change[] = [];
  for (const [field, get, format] of fields) {
    const from = before === null ? undefined : get(before);
    const to = get(after);
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    const show = (v: unknown) => (v === undefined ? 'none' : (format as (x: unknown) => string)(v));
    const label = LABELS[field] ?? field;
    out.push({
      field,
      from: from ?? null,
      to: to ?? null,
      text: before === null ? `${label} ${show(to)}` : `${label} ${show(from)} → ${show(to)}`,
    });
  }
  return out;
}

/** The fields that differ between two table signs (all of them for a new sign). Revision and author aside. */
export const tableChanges = (before: TableSignage | null, after: TableSignage): Change[] =>
  changes(TABLE_FIELDS, before, after);

/** The fields that differ between two casino signs. */
export const casinoChanges = (before: CasinoSignage | null, after: CasinoSignage): Change[] =>
  changes(CASINO_FIELDS, before, after);

/** `Jade 8 (T1)`, or the id alone when the sign has no other name. */
export const tableLabel = (tableId: string, s: TableSignage | null): string =>
  s && s.tableName !== tableId ? `${s.tableName} (${tableId})` : tableId;
