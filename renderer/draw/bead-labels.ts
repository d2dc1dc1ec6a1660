/**
 * The bead plate's winner labels (庄 / 閒 / 和 or B / P / T) as each language writes them: for the bead plate, and
 * for the fonts a board loads before it first draws (every language draws the hanzi beads when so set).
 * @packageDocumentation
 */
import type { BeadLabels } from './layout-road';

/** The characters of the winners, as the language writes them (Macau boards: 庄 閒 和). */
export function hanziLabels(locale: 'en' | 'zh-Hans' | 'zh-Hant'): Exclude<BeadLabels, 'points'> {
  if (locale === 'zh-Hant') return { banker: '莊', player: '閒', tie: '和' };
  if (locale === 'zh-Hans') return { banker: '庄', player: '闲', tie: '和' };
  return { banker: '庄', player: '閒', tie: '和' };
}

/** B / P / T. */
export const LETTERS: Exclude<BeadLabels, 'points'> = { banker: 'B', player: 'P', tie: 'T' };
