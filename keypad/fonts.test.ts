import { describe, expect, it } from 'vitest';
import { fontPlan, pageTexts } from './build.mjs';

// What the keypad build checks before it writes anything: every character of every language is drawn by a bundled
// face of that language's stack (keypad.css), by the font files' own character maps.
describe('the keypad’s bundled fonts', () => {
  it('draw every character of every language’s words, Traditional in Noto Sans TC', async () => {
    const texts = await pageTexts();
    expect(Object.keys(texts)).toEqual(['en', 'zh-Hans', 'zh-Hant']);
    const plan = await fontPlan(texts);
    expect(plan.missing).toEqual({});
    const holds = (family: string, c: string) =>
      plan.faces.some(
        (f) => f.family === family && f.ranges.some(([a, b]) => c.codePointAt(0)! >= a && c.codePointAt(0)! <= b),
      );
    for (const c of '莊閒號枱燒牌靴繁體') expect(holds('Noto Sans TC', c), c).toBe(true);
    for (const c of '庄闲号台烧牌靴简体') expect(holds('Noto Sans SC', c), c).toBe(true);
    // Only what the words need: a few files of the ~100 per family and weight.
    expect(plan.faces.length).toBeLessThan(80);
    for (const w of [400, 700]) expect(plan.faces.filter((f) => f.weight === w).length).toBeGreaterThan(20);
  });

  it('say which characters no bundled face draws', async () => {
    const texts = await pageTexts();
    const plan = await fontPlan({ ...texts, 'zh-Hant': `${texts['zh-Hant']}✎` });
    expect(plan.missing).toEqual({ 'zh-Hant': '✎' });
  });
});
