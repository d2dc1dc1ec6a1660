import { describe, expect, it } from 'vitest';
import { fontLoads, loadFonts, type FontLoad } from './fonts';

describe('fontLoads', () => {
  it.each([
    [null, 'Banker', ['400 16px "Noto Sans"|Aa0', '700 16px "Noto Sans"|Aa0']],
    [
      null, // an English board with 庄 閒 和 beads, or a Chinese casino name: English's stack, Simplified first
      'Banker 庄閒',
      [
        '400 16px "Noto Sans"|Aa0',
        '700 16px "Noto Sans"|Aa0',
        '400 16px "Noto Sans SC"|庄閒',
        '700 16px "Noto Sans SC"|庄閒',
      ],
    ],
    ['zh-Hans', 'Banker', ['400 16px "Noto Sans"|Aa0', '700 16px "Noto Sans"|Aa0']],
    [
      'zh-Hans',
      '庄闲 庄和',
      [
        '400 16px "Noto Sans"|Aa0',
        '700 16px "Noto Sans"|Aa0',
        '400 16px "Noto Sans SC"|庄闲和',
        '700 16px "Noto Sans SC"|庄闲和',
      ],
    ],
    [
      'zh-Hant',
      '莊閒 — 1 賠 8',
      [
        '400 16px "Noto Sans"|Aa0',
        '700 16px "Noto Sans"|Aa0',
        '400 16px "Noto Sans TC"|莊閒賠',
        '700 16px "Noto Sans TC"|莊閒賠',
      ],
    ],
  ] as const)('script %s, text %j', (script, text, want) => {
    expect(fontLoads(script, text).map((l) => `${l.font}|${l.text}`)).toEqual(want);
  });
});

/** A FontFaceSet that records loads and settles each as told. */
function fakeFonts(settle: (l: FontLoad) => Promise<FontFace[]>) {
  const asked: string[] = [];
  const fonts = {
    load: (font: string, text: string) => {
      asked.push(font);
      return settle({ font, text });
    },
  } as unknown as FontFaceSet;
  return { fonts, asked };
}

describe('loadFonts', () => {
  it('resolves once every load has settled, failed ones included', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { fonts, asked } = fakeFonts((l) =>
      l.font.includes('SC') ? gate.then(() => []) : Promise.reject(new Error('no such file')),
    );
    let done = false;
    const p = loadFonts(fonts, fontLoads('zh-Hans', '庄'), 10_000).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    expect(asked).toHaveLength(4);
    release();
    await p;
    expect(done).toBe(true);
  });

  it('gives up after the timeout: a board never waits on a font for long', async () => {
    const { fonts } = fakeFonts(() => new Promise<FontFace[]>(() => undefined));
    const t0 = performance.now();
    await loadFonts(fonts, fontLoads(null, ''), 50);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(45);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
