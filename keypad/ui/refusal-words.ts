/**
 * A refused keypad's words, chosen from the word table (locales.ts): what holds the table and what to do.
 *
 * ```ts
 * const { said, what } = refusalWords(strings('en'), view.link.refusal, 'T12');
 * ```
 * @packageDocumentation
 */
import type { LinkView } from '../protocol';
import type { Strings } from './locales';

/**
 * A refused keypad's words: what holds the table (another keypad, the table simulator, another controller, as its
 * status says) and whether it took the table over; then what to do. It said "another keypad" whatever held it.
 */
export function refusalWords(
  t: Strings,
  r: LinkView['refusal'],
  table: string,
): { readonly said: string; readonly what: string } {
  const id = r?.controllerId ?? '';
  const over = r?.why === 'taken-over';
  switch (r?.holder) {
    case 'simulator':
      return {
        said: over ? t.refusedTakenOverSimulator(id, table) : t.refusedSimulator(id, table),
        what: t.refusedWhatSimulator,
      };
    case 'controller':
      return {
        said: over ? t.refusedTakenOverController(id, table) : t.refusedController(id, table),
        what: t.refusedWhatController,
      };
    default:
      return { said: over ? t.refusedTakenOver(id, table) : t.refusedAnother(id, table), what: t.refusedWhat };
  }
}
