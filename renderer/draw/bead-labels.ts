/**
 * The bead plate's winner labels (庄 / 閒 / 和 or B / P / T) as each language writes them: for the bead plate, and
 * for the fonts a board loads before it first draws (every language draws the hanzi beads when so set).
 * @packageDocumentation
 */
import type { BeadLabels } from './layout-road';

const HANZI = {
  'zh-Hant': { banker: '莊', player: '閒', tie: '和' },
  'zh-Hans': { banker: '庄', player: '闲', tie: '和' },
  en: { banker: '庄', player: '閒', tie: '和' },
} as const satisfies Record<string, Exclude<BeadLabels, 'points'>>;

/**
 * The characters of the winners, as the language writes them (Macau boards: 庄 閒 和). The same object for the same
 * language every time: the bead plate reuses a bead's marks while its labels are the same object.
 */
export function hanziLabels(locale: 'en' | 'zh-Hans' | 'zh-Hant'): Exclude<BeadLabels, 'points'> {
  return HANZI[locale];
}

/** B / P / T. */
export const LETTERS: Exclude<BeadLabels, 'points'> = { banker: 'B', player: 'P', tie: 'T' };
