/**
 * The sign editor's form as plain strings, and the `KEY=VALUE` changes it makes: only the fields that differ
 * from what the form opened with, in the same words as `baccarat-board signage set`. Pure.
 *
 * ```ts
 * tableChanges(formValues(sign), { ...formValues(sign), min: '1000' }); // [['min', '1000']]
 * ```
 * @packageDocumentation
 */
import type { CasinoSignage, TableSignage } from '../../contract/schemas';
import { LIMITED_SIDE_BETS } from '../../baccarat/signage';
import {
  CASINO_KEYS,
  formatFieldError,
  SIDE_BET_LIMIT_KEYS,
  SIGN_KEYS,
  type SideBetLimitKey,
  type SignKey,
} from '../sign-keys';

/** The form's fields: every sign key (declared once, in sign-keys.ts), and the shoe a from-hand refers to. */
export type FormKey = SignKey | 'shoe';
export const FORM_KEYS: readonly FormKey[] = SIGN_KEYS.flatMap((k): FormKey[] =>
  k === 'from-hand' ? [k, 'shoe'] : [k],
);
export type FormValues = { readonly [K in FormKey]: string };

const str = (v: number | string | boolean | undefined): string => (v === undefined ? '' : String(v));

/** A side bet's range as the form writes it, `100-5000` (empty: none). */
const range = (r: { readonly minimum: number; readonly maximum: number } | undefined): string =>
  r ? `${r.minimum}-${r.maximum}` : '';

/** Keys whose empty field means `none` (an optional field removed). */
const EMPTY_IS_NONE: readonly SignKey[] = ['pair-max', 'differential', 'pp-limits', 'ur-way-limits', '3g8-limits'];

/** The form for a sign (all empty for none). */
export function formValues(s: TableSignage | null, casino: CasinoSignage | null = null): FormValues {
  let rate: number | undefined;
  for (const v of [s?.previousVariant, s?.variant]) if (v?.kind === 'commission') rate = v.commissionPercent;
  return {
    name: str(s?.tableName),
    currency: str(s?.limits.currency),
    min: str(s?.limits.minimum),
    max: str(s?.limits.maximum),
    'tie-max': str(s?.limits.tieMaximum),
    'pair-max': str(s?.limits.pairMaximum),
    differential: str(s?.limits.maxDifferential),
    variant: str(s?.variant.kind),
    commission: s ? str(rate ?? 5) : '',
    'from-hand': '',
    shoe: '',
    'tie-pays': str(s?.tiePays),
    'side-bets': s ? s.sideBets.join(',') : '',
    'pp-limits': range(s?.limits.sideBetLimits?.perfectPairs),
    'ur-way-limits': range(s?.limits.sideBetLimits?.urWayEgalite),
    '3g8-limits': range(s?.limits.sideBetLimits?.threeGivesEight),
    language: str(s?.language),
    message: str(s?.message),
    open: str(s?.tableOpen),
    disclaimer: str(s?.showDisclaimer),
    'pp-scale': str(casino?.perfectPairsScale),
    'casino-name': str(casino?.casinoName),
  };
}

/**
 * Table keys sent as typed; variant with commission, side-bets and from-hand have rules of their own below, and
 * open is never sent: closing and opening a table is an action of its own (table-state-dialog.ts).
 */
const OWN_RULES: readonly SignKey[] = ['variant', 'commission', 'side-bets', 'from-hand', 'open'];
const PLAIN = SIGN_KEYS.filter((k) => !OWN_RULES.includes(k) && !CASINO_KEYS.includes(k));

/** The table keys that changed, as `[key, value]` pairs; variant and commission go together, from-hand when given. */
export function tableChanges(initial: FormValues, v: FormValues): [string, string][] {
  const out: [string, string][] = [];
  const offered = new Set(v['side-bets'].split(','));
  // A side bet unticked loses its limits on the server: its field, greyed out, is not sent.
  const unoffered = new Set(LIMITED_SIDE_BETS.filter((b) => !offered.has(b)).map((b) => SIDE_BET_LIMIT_KEYS[b]));
  for (const k of PLAIN)
    if (v[k] !== initial[k] && !unoffered.has(k as SideBetLimitKey))
      out.push([k, v[k].trim() === '' && EMPTY_IS_NONE.includes(k) ? 'none' : v[k]]);
  if (v['side-bets'] !== initial['side-bets']) out.push(['side-bets', v['side-bets'] || 'none']);
  const variant = v.variant !== initial.variant || (v.variant === 'commission' && v.commission !== initial.commission);
  if (variant) {
    out.push(['variant', v.variant]);
    if (v.variant === 'commission') out.push(['commission', v.commission]);
  }
  if (v['from-hand'].trim()) out.push(['from-hand', v['from-hand'].trim()]);
  return out;
}

/**
 * A refusal as the editor shows it: a sign key's problem named by its key, as `signage set` says it (`min: '3OO' is
 * not an amount…`: a floor manager read the bare message beside two amount fields). Other refusals (the reason, a
 * revision, a role) are whole sentences, shown as they are.
 */
export const refusalText = (e: { readonly field: string | null; readonly message: string }): string =>
  e.field !== null && (FORM_KEYS as readonly string[]).includes(e.field)
    ? formatFieldError({ field: e.field, message: e.message })
    : e.message;
