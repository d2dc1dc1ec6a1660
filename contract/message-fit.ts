/**
 * Whether a pit message will likely be cut on the board, said before it is published, by the console's review and
 * by `signage set` alike. The board measures its own layout (renderer/controllers/fit-controller.ts) and reports a
 * cut only afterwards (`pit-message-cut`); it defines no character budget, so this uses documented lengths
 * (docs/console.md): the panel holds about 110 characters where the modified-odds sign and Perfect Pairs share it
 * (a floor manager's report), more otherwise. Pure.
 *
 * ```ts
 * messageFit(sign); // null, or 'the pit message (150 characters) will likely be cut on the boards: …'
 * changedMessageFit(sign, ['min']); // null: neither the message nor the panel it shares changes
 * ```
 * @packageDocumentation
 */
import type { TableSignage } from './schemas';

/** Characters a board shows whole where the modified-odds sign and Perfect Pairs share the panel. */
export const MESSAGE_FITS_CROWDED = 100;
/** Characters a board shows whole otherwise (conservative). */
export const MESSAGE_FITS = 180;

/** The sign's keys whose change can make its pit message too long: the message, and what shares its panel. */
export const MESSAGE_FIT_KEYS: readonly string[] = ['message', 'variant', 'side-bets'];

/** A warning when the sign's pit message is likely longer than its boards show whole, else null. */
export function messageFit(s: TableSignage): string | null {
  const n = s.message === undefined ? 0 : [...s.message].length;
  const crowded = s.variant.kind === 'modified-odds' && s.sideBets.includes('perfectPairs');
  const fits = crowded ? MESSAGE_FITS_CROWDED : MESSAGE_FITS;
  if (n <= fits) return null;
  return (
    `the pit message (${n} characters) will likely be cut on the boards: about ${fits} show whole` +
    `${crowded ? ' where the modified-odds sign and Perfect Pairs share the panel' : ''}; shorten it`
  );
}

/**
 * {@link messageFit} of a changed sign, only when the change touches the message or the panel it shares (keys
 * named as `signage set` names them, {@link MESSAGE_FIT_KEYS}): a change of limits says nothing of a message the
 * boards already show.
 */
export function changedMessageFit(after: TableSignage, changedKeys: readonly string[]): string | null {
  return changedKeys.some((k) => MESSAGE_FIT_KEYS.includes(k)) ? messageFit(after) : null;
}
