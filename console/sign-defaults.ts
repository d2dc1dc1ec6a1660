/**
 * The signs a change starts from when none is retained (documented in docs/console.md), apart from the checks in
 * `sign-edit.ts` so the console page can show them without bundling the validators. Pure.
 * @packageDocumentation
 */
import { DEFAULT_LANGUAGE } from '../contract/kiosk';
import type { CasinoSignage, TableSignage, Variant } from '../contract/schemas';

/** Rule 5.10 (b): what a table pays on Banker before any other variant is signed. */
export const DEFAULT_VARIANT: Variant = { kind: 'commission', commissionPercent: 5 };

/**
 * The sign a table starts from when none is retained (documented in docs/console.md): its id as its name,
 * AUD 25 – 5,000, tie 500, commission 5 %, tie 8 to 1, no side bets, open, disclaimer shown, and the language its
 * boards show before any sign (the casino's default language, else English with Simplified Chinese, as
 * `viewLanguage` picks for a board without a language setting), so that a first sign made to change the limits
 * does not also change the language patrons read. Revision 0, so the first one published is revision 1.
 */
export function defaultTableSignage(
  tableId: string,
  user: string,
  now: string,
  casino: CasinoSignage | null = null,
): TableSignage {
  return {
    v: 1,
    revision: 0,
    tableName: tableId,
    limits: { currency: 'AUD', minimum: 25, maximum: 5_000, tieMaximum: 500 },
    variant: DEFAULT_VARIANT,
    tiePays: 8,
    sideBets: [],
    language: casino?.defaultLanguage ?? DEFAULT_LANGUAGE,
    tableOpen: true,
    showDisclaimer: true,
    updatedBy: user,
    updatedAt: now,
  };
}

/**
 * The casino sign started from when none is retained: Perfect Pairs Pay Scale One. Its name has no default: every
 * board shows it, so the first casino sign is refused without one.
 */
export function defaultCasinoSignage(casinoName: string, user: string, now: string): CasinoSignage {
  return { v: 1, revision: 0, casinoName, perfectPairsScale: 'one', updatedBy: user, updatedAt: now };
}
