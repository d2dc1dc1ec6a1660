// font-preloads.json (renderer/build.mjs): the files each language's labels need, checked against fonts.css.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { templates as zhHans } from '../renderer/locales/zh-Hans';
import { templates as zhHant } from '../renderer/locales/zh-Hant';
import { hanziLabels } from '../renderer/draw/bead-labels';

const DIST = join(import.meta.dirname, '..', 'dist', 'renderer');

/** fonts.css as { url, family, ranges }. */
function faces() {
  const css = readFileSync(join(DIST, 'fonts.css'), 'utf8');
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
    family: /font-family:\s*'([^']+)'/.exec(body!)![1]!,
    url: /url\(([^)]+)\)/.exec(body!)![1]!,
    ranges: /unicode-range:\s*([^;]+);/
      .exec(body!)![1]!
      .split(',')
      .map((r) => r.trim().slice(2).split('-'))
      .map(([a, b]) => [parseInt(a!, 16), parseInt(b ?? a!, 16)] as const),
  }));
}

const words = (t: Readonly<Record<string, string | { strings: readonly string[] }>>) =>
  Object.values(t)
    .map((m) => (typeof m === 'string' ? m : m.strings.join('')))
    .join('');
const cjk = (s: string) => [...new Set(s)].filter((c) => c.codePointAt(0)! > 0x2e7f);

describe('font-preloads.json', () => {
  const preloads = JSON.parse(readFileSync(join(DIST, 'font-preloads.json'), 'utf8')) as Record<string, string[]>;
  const all = faces();

  it.each([
    ['en', 'Noto Sans SC', Object.values(hanziLabels('en')).join('')],
    ['zh-Hans', 'Noto Sans SC', words(zhHans) + Object.values(hanziLabels('zh-Hans')).join('')],
    ['zh-Hant', 'Noto Sans TC', words(zhHant) + Object.values(hanziLabels('zh-Hant')).join('')],
  ])('%s: the Latin files, and a %s file of every label character at both weights', (script, family, text) => {
    const files = preloads[script]!;
    expect(files.every((f) => existsSync(join(DIST, f)))).toBe(true);
    expect(files.filter((f) => f.includes('noto-sans-latin'))).toHaveLength(2);
    for (const weight of ['400', '700']) {
      const listed = all.filter((f) => f.family === family && f.url.includes(`-${weight}-`) && files.includes(f.url));
      const missing = cjk(text).filter(
        (c) => !listed.some((f) => f.ranges.some(([a, b]) => c.codePointAt(0)! >= a && c.codePointAt(0)! <= b)),
      );
      expect(missing, `${weight}: no preloaded file holds these`).toEqual([]);
    }
    expect(files.length).toBeLessThan(60); // a handful of the 414: only what the labels need
  });
});
