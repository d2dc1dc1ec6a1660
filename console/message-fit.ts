/**
 * Whether a pit message will likely be cut on the board, said before it is published. The board measures its own
 * layout (renderer/controllers/fit-controller.ts) and reports a cut only afterwards (`pit-message-cut`); it defines
 * no character budget, so this uses documented lengths (docs/console.md): the panel holds about 110 characters
 * where the modified-odds sign and Perfect Pairs share it (a floor manager's report), more otherwise. Pure.
 *
 * ```ts
 * messageFit(sign); // null, or 'the pit message (150 characters) will likely be cut on the boards: …'
 * ```
 * @packageDocumentation
 */
import type { TableSignage } from '../contract/schemas';

/** Characters a board shows whole where the modified-odds sign and Perfect Pairs share the panel. */
export const MESSAGE_FITS_CROWDED = 100;
/** Characters a board shows whole otherwise (conservative). */
export const MESSAGE_FITS = 180;

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
