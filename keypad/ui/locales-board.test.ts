// The keypad's Chinese counts hands as the board at its table does: the dealer reads the board's numbers, and a
// keypad that said 第 23 手 under a board's 第 23 局 would name one hand two ways.
import { describe, expect, it } from 'vitest';
import { templates as boardHans } from '../../renderer/locales/zh-Hans';
import { templates as boardHant } from '../../renderer/locales/zh-Hant';
import { strings, type Strings } from './locales';

type Template = string | { readonly strings: readonly string[] };

/**
 * A board message with its placeholders filled in order (`str` templates), as the board shows it; its no-break spaces
 * (a hand's number kept with 第 and 局 on a line) as spaces: the words are compared here, not where lines break.
 */
function board(t: Readonly<Record<string, Template>>, id: string, ...values: readonly (number | string)[]): string {
  const m = t[id];
  if (m === undefined) throw new Error(`the board has no message ${id}`);
  const text = typeof m === 'string' ? m : m.strings.reduce((text, s, i) => text + String(values[i - 1] ?? '') + s);
  return text.replaceAll('\u00a0', ' ');
}

/** Every keypad word that names or counts hands, with a hand number (23) or a count of hands (71). */
const handWords = (t: Strings): string[] => [
  t.hand(23),
  t.lastResult(23),
  t.undo(23, 8),
  t.redoing(23),
  t.correctHand(23),
  t.voidRecorded(23),
  t.endShoeDone(71, 0),
  t.ended(3, 71, 0),
  t.endShoeDone(17, 2),
  t.lastRound(13),
  t.roundVoidAgain(13),
  t.supervisorTitle,
  t.supervisorTitleCutCard,
  t.pickHand,
];

describe.each([
  ['zh-Hans', boardHans],
  ['zh-Hant', boardHant],
] as const)('the %s keypad counts hands in the board’s word', (lang, words) => {
  const t = strings(lang);
  // The board's word for a hand: 局 in 第 23 局 (the round it numbers) and 共 71 局 (its count).
  const numbered = board(words, 'phase.round', 23);
  const counted = board(words, 'stats.hands', 71);
  const word = numbered.replace(/^第 23 /, '');

  it('numbers a hand as the board does', () => {
    expect(numbered).toMatch(/^第 23 \S$/);
    expect(t.hand(23)).toBe(numbered);
    expect(t.lastResult(23)).toContain(board(words, 'lastHand.title'));
  });

  it('names and counts hands only in that word', () => {
    expect(counted).toBe(`共 71 ${word}`);
    for (const text of handWords(t)) expect(text).toContain(word);
    expect(t.endShoeDone(71, 0)).toContain(counted);
    expect(t.ended(3, 71, 0)).toContain(counted);
  });

  it('counts void hands as the board does: its played and void, not one sum', () => {
    const voids = board(words, 'stats.handsVoid', 17, 2);
    expect(voids).toMatch(/^17 \S \+ 2 /);
    expect(t.handsCount(17, 2)).toBe(voids);
    expect(t.endShoeDone(17, 2)).toContain(voids);
    expect(t.ended(3, 17, 2)).toContain(voids);
    expect(t.handsCount(1, 2)).toBe(board(words, 'stats.oneHandVoid', 1, 2));
    expect(t.handsCount(1, 0)).toBe(board(words, 'stats.oneHand', 1));
    // The mainland's counter for a hand, which no board says: nowhere on the keypad.
    expect(JSON.stringify(t) + handWords(t).join('')).not.toContain('手');
  });
});
