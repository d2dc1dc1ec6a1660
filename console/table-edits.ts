/**
 * The fields of a table sign as the edits set them — limits and side-bet limits, side bets offered, name, tie odds,
 * language, message, open or closed — and what the checks of the sign alone cannot see: limits for a side bet the
 * sign does not offer. The variant is `sign-variant.ts`'s; both are used by `planSignChange` (`sign-edit.ts`).
 * Pure.
 *
 * ```ts
 * const after = applyTable(sign, { min: 500 }, { variant: sign.variant }, { user: 'alice', now }, 5);
 * notOffered({ sideBetLimits: { perfectPairs: { minimum: 10, maximum: 500 } } }, after); // a FieldError, or null
 * ```
 * @packageDocumentation
 */
import { LIMITED_SIDE_BETS, SIDE_BETS, type LimitedSideBet, type SideBet } from '../baccarat/signage';
import type { TableSignage } from '../contract/schemas';
import { fieldError, SIDE_BET_LIMIT_KEYS, type FieldError, type SignEdits, type WagerRangeEdit } from './sign-keys';
import type { VariantFields } from './sign-variant';

type WireSideBetLimits = NonNullable<TableSignage['limits']['sideBetLimits']>;

/**
 * The side-bet limits after the edits. A bet no longer offered loses its range (the diff and the audit say so), unless
 * the edits set one for it: that is refused by the checks, naming the key.
 */
function applySideBetLimits(
  cur: WireSideBetLimits | undefined,
  e: SignEdits,
  offered: readonly SideBet[],
): WireSideBetLimits | undefined {
  const out: { -readonly [B in LimitedSideBet]?: WagerRangeEdit } = {};
  for (const bet of LIMITED_SIDE_BETS) {
    const edit = e.sideBetLimits?.[bet];
    const range = edit === undefined ? cur?.[bet] : (edit ?? undefined);
    if (range && (offered.includes(bet) || edit)) out[bet] = { minimum: range.minimum, maximum: range.maximum };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The table sign `base` with the edits applied (limits, side bets, name, language, message …), at `revision`. */
export function applyTable(
  base: TableSignage,
  e: SignEdits,
  variant: VariantFields,
  by: { readonly user: string; readonly now: string }, // who makes the change, and when (RFC 3339)
  revision: number,
): TableSignage {
  const limits = { ...base.limits };
  if (e.currency !== undefined) limits.currency = e.currency;
  if (e.min !== undefined) limits.minimum = e.min;
  if (e.max !== undefined) limits.maximum = e.max;
  if (e.tieMax !== undefined) limits.tieMaximum = e.tieMax;
  if (e.pairMax === null) delete limits.pairMaximum;
  else if (e.pairMax !== undefined) limits.pairMaximum = e.pairMax;
  if (e.differential === null) delete limits.maxDifferential;
  else if (e.differential !== undefined) limits.maxDifferential = e.differential;
  const sb = e.sideBets;
  const bets = !sb
    ? base.sideBets
    : 'set' in sb
      ? sb.set
      : [...base.sideBets, ...sb.add].filter((b) => !sb.remove.includes(b));
  // The pair maximum is the pair bets' (house rule 6.1.3): gone with the last of them, said as a change, as a side
  // bet's range is (it stayed on the sign unseen, to come back unreviewed with a pair bet, found by a floor manager).
  if (sb && e.pairMax === undefined && !bets.some((b) => b === 'playerPair' || b === 'bankerPair'))
    delete limits.pairMaximum;
  const sideBetLimits = applySideBetLimits(base.limits.sideBetLimits, e, bets);
  delete limits.sideBetLimits;
  if (sideBetLimits) limits.sideBetLimits = sideBetLimits;
  const { previousVariant: _old, message: _msg, ...rest } = base;
  const message = e.message === undefined ? base.message : (e.message ?? undefined);
  return {
    ...rest,
    revision,
    ...(e.name !== undefined && { tableName: e.name }),
    limits,
    ...variant,
    ...(e.tiePays !== undefined && { tiePays: e.tiePays }),
    sideBets: SIDE_BETS.filter((b) => bets.includes(b)),
    ...(e.language !== undefined && { language: e.language }),
    ...(message !== undefined && { message }),
    ...(e.open !== undefined && { tableOpen: e.open }),
    ...(e.disclaimer !== undefined && { showDisclaimer: e.disclaimer }),
    updatedBy: by.user,
    updatedAt: by.now,
  };
}

/** Refused: limits set for a side bet the sign does not offer (a board would show nothing for them). */
export function notOffered(e: SignEdits, after: TableSignage): FieldError | null {
  for (const bet of LIMITED_SIDE_BETS)
    if (e.sideBetLimits?.[bet] && !after.sideBets.includes(bet))
      return fieldError(
        SIDE_BET_LIMIT_KEYS[bet],
        `${bet} is not offered at this table: offer it with side-bets=+${bet}, or leave its limits out`,
      );
  // The pair maximum is the Player and Banker Pair's (house rule 6.1.3): boards show it only where one is offered.
  if (typeof e.pairMax === 'number' && !after.sideBets.some((b) => b === 'playerPair' || b === 'bankerPair'))
    return fieldError(
      'pair-max',
      'no pair bet is offered at this table: offer one with side-bets=+playerPair,+bankerPair, or leave pair-max out',
    );
  return null;
}
