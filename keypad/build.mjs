// Builds the keypad page into dist/keypad/: keypad.js (keypad/ui/main.ts, one classic script, so it runs under the
// board's strict CSP), index.html, keypad.css, and its fonts for offline use, with a generated fonts.css: of Noto
// Sans, Noto Sans SC and Noto Sans TC (400 and 700, ~100 unicode-range files each), only the files that draw a
// character of the page's words in some language. Each language's words are drawn with its font stack from
// keypad.css (English and Simplified: --k-font-hans, Traditional: --k-font-hant), and the build fails if any
// character would fall through to a system font: each is looked up in the font files' own character maps, not only
// their unicode-range. No network fonts.
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const UI = join(ROOT, 'keypad', 'ui');

/** The bundled families: the @fontsource package of each family name keypad.css stacks. */
const FAMILIES = {
  'Noto Sans': '@fontsource/noto-sans',
  'Noto Sans SC': '@fontsource/noto-sans-sc',
  'Noto Sans TC': '@fontsource/noto-sans-tc',
};
const WEIGHTS = [400, 700];

/** Each language's table of words (keypad/ui/) and the keypad.css stack it is drawn with. */
const TABLES = {
  en: { file: 'locales.ts', stack: '--k-font-hans' },
  'zh-Hans': { file: 'locales.zh-hans.ts', stack: '--k-font-hans' },
  'zh-Hant': { file: 'locales.zh-hant.ts', stack: '--k-font-hant' },
};

/** Source text without its comments (a comment's `→` is drawn nowhere). */
const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/**
 * The text each language draws: its table, and the components' own signs (suits, −, –, ·), which every language
 * shows. The language button's label is the next language's, drawn in that language's fonts (lang=).
 */
export async function pageTexts() {
  const locales = await readFile(join(UI, 'locales.ts'), 'utf8');
  const declared = /export const LANGUAGES = \[([^\]]*)\]/.exec(locales)?.[1].match(/'[^']+'/g) ?? [];
  const unknown = declared.map((l) => l.slice(1, -1)).filter((l) => !(l in TABLES));
  if (unknown.length) throw new Error(`keypad/build.mjs: no table or font stack for ${unknown.join(', ')}`);
  const components = (await readdir(UI)).filter((f) => /\.(ts|html)$/.test(f) && !/^locales|\.test\.ts$/.test(f));
  const signs = (await Promise.all(components.map((f) => readFile(join(UI, f), 'utf8')))).map(code).join('');
  const out = {};
  for (const [lang, { file }] of Object.entries(TABLES))
    out[lang] = code(await readFile(join(UI, file), 'utf8')) + signs;
  return out;
}

/** keypad.css's `--k-font-hans` and `--k-font-hant`: family names, in order. */
async function stacks() {
  const css = await readFile(join(UI, 'keypad.css'), 'utf8');
  const out = {};
  for (const { stack } of Object.values(TABLES)) {
    const value = new RegExp(`${stack}:\\s*([^;]+);`).exec(css)?.[1];
    if (!value) throw new Error(`keypad/build.mjs: keypad.css has no ${stack}`);
    out[stack] = value.split(',').map((f) => f.trim().replace(/^['"]|['"]$/g, ''));
  }
  return out;
}

/** `U+4E00-4E3F,U+5000` → [[0x4e00, 0x4e3f], [0x5000, 0x5000]]. */
const unicodeRanges = (rule) =>
  (/unicode-range:\s*([^;]+);/.exec(rule)?.[1] ?? 'U+0-10FFFF').split(',').map((r) => {
    const [a, b = a] = r.trim().slice(2).split('-');
    return [parseInt(a, 16), parseInt(b, 16)];
  });

/** The code points a WOFF file maps to a glyph (its cmap: format 12, else 4). The woff2 twin has the same glyphs. */
async function woffCodePoints(file) {
  const b = await readFile(file);
  if (b.toString('latin1', 0, 4) !== 'wOFF') throw new Error(`${file}: not a WOFF file`);
  let cmap = null;
  for (let i = 0, e = 44; i < b.readUInt16BE(12); i++, e += 20) {
    if (b.toString('latin1', e, e + 4) !== 'cmap') continue;
    const [offset, stored, size] = [b.readUInt32BE(e + 4), b.readUInt32BE(e + 8), b.readUInt32BE(e + 12)];
    cmap = stored < size ? inflateSync(b.subarray(offset, offset + stored)) : b.subarray(offset, offset + stored);
  }
  if (!cmap) throw new Error(`${file}: no cmap`);
  const formats = new Map();
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const at = cmap.readUInt32BE(4 + i * 8 + 4);
    if (!formats.has(cmap.readUInt16BE(at))) formats.set(cmap.readUInt16BE(at), at);
  }
  const out = new Set();
  if (formats.has(12)) {
    const s = formats.get(12);
    for (let g = 0, p = s + 16; g < cmap.readUInt32BE(s + 12); g++, p += 12) {
      const [first, last, glyph] = [cmap.readUInt32BE(p), cmap.readUInt32BE(p + 4), cmap.readUInt32BE(p + 8)];
      for (let c = first; c <= last; c++) if (glyph + c - first) out.add(c);
    }
  } else if (formats.has(4)) {
    const s = formats.get(4);
    const segs = cmap.readUInt16BE(s + 6) / 2;
    const ends = s + 14;
    const starts = ends + segs * 2 + 2;
    const deltas = starts + segs * 2;
    const offsets = deltas + segs * 2;
    for (let i = 0; i < segs; i++) {
      const [first, last] = [cmap.readUInt16BE(starts + i * 2), cmap.readUInt16BE(ends + i * 2)];
      const [delta, offset] = [cmap.readInt16BE(deltas + i * 2), cmap.readUInt16BE(offsets + i * 2)];
      for (let c = first; c <= last && c !== 0xffff; c++) {
        const raw = offset ? cmap.readUInt16BE(offsets + i * 2 + offset + (c - first) * 2) : c;
        if (raw && (raw + delta) & 0xffff) out.add(c);
      }
    }
  }
  return out;
}

/** Every @font-face of the bundled families at the bundled weights, with its woff2 and woff files. */
async function allFaces() {
  const out = [];
  for (const [family, pkg] of Object.entries(FAMILIES)) {
    const dir = join(ROOT, 'node_modules', pkg);
    for (const weight of WEIGHTS) {
      const css = await readFile(join(dir, `${weight}.css`), 'utf8');
      for (const [, rule] of css.matchAll(/\/\*\s*[\w-[\]]+\s*\*\/\s*(@font-face\s*{[^}]*})/g)) {
        const woff2 = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(rule)?.[1];
        if (!woff2) continue;
        let chars = null;
        out.push({
          family,
          weight,
          name: woff2,
          file: join(dir, 'files', woff2),
          ranges: unicodeRanges(rule),
          rule: rule.replace(/src:[^;]+;/, `src: url(fonts/${woff2}) format('woff2');`),
          chars: async () => (chars ??= await woffCodePoints(join(dir, 'files', woff2.replace(/\.woff2$/, '.woff')))),
        });
      }
    }
  }
  return out;
}

/**
 * The font files the page needs, and what no bundled face would draw. For each language, weight and character,
 * the browser's way: the stack's families in order, in each the faces whose unicode-range holds the character
 * (fetched, so bundled), the first family whose face has its glyph draws it. A character no family draws is
 * `missing` (it would come from a system font, or be a box).
 * @param {Record<string, string>} [texts] each language's text (default: the page's, `pageTexts()`)
 */
export async function fontPlan(texts) {
  texts ??= await pageTexts();
  const [faces, stacksOf] = await Promise.all([allFaces(), stacks()]);
  const needed = new Set();
  const missing = {};
  for (const [lang, text] of Object.entries(texts)) {
    const stack = stacksOf[TABLES[lang]?.stack ?? '--k-font-hans'];
    const chars = [...new Set(text)].filter((c) => !'\n\r\t'.includes(c)).map((c) => c.codePointAt(0));
    for (const weight of WEIGHTS)
      for (const c of chars) {
        let drawn = false;
        for (const family of stack) {
          if (!(family in FAMILIES)) break; // system-ui, sans-serif: not ours
          const holding = faces.filter(
            (f) => f.family === family && f.weight === weight && f.ranges.some(([a, b]) => c >= a && c <= b),
          );
          holding.forEach((f) => needed.add(f));
          for (const f of holding) if ((await f.chars()).has(c)) drawn = true;
          if (drawn) break;
        }
        if (!drawn) (missing[lang] ??= new Set()).add(String.fromCodePoint(c));
      }
  }
  return {
    faces: faces.filter((f) => needed.has(f)),
    missing: Object.fromEntries(Object.entries(missing).map(([lang, s]) => [lang, [...s].join('')])),
  };
}

/** Builds dist/keypad/. Options: `outdir` (default dist/keypad), `minify` (default true). */
export async function buildKeypad({ outdir = join(ROOT, 'dist', 'keypad'), minify = true } = {}) {
  const started = Date.now();
  const plan = await fontPlan();
  const gaps = Object.entries(plan.missing).map(([lang, chars]) => `${lang}: ${chars}`);
  if (gaps.length) throw new Error(`keypad/build.mjs: no bundled font draws ${gaps.join('; ')}`);
  await rm(join(outdir, 'fonts'), { recursive: true, force: true }); // no files of an earlier build's words
  await mkdir(join(outdir, 'fonts'), { recursive: true });
  await build({
    entryPoints: { keypad: join(UI, 'main.ts') },
    outdir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['chrome120'],
    tsconfig: join(UI, 'tsconfig.json'), // experimentalDecorators, useDefineForClassFields: false
    minify,
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    absWorkingDir: ROOT,
  });
  await Promise.all(plan.faces.map((f) => copyFile(f.file, join(outdir, 'fonts', f.name))));
  await writeFile(
    join(outdir, 'fonts.css'),
    `/* Generated by keypad/build.mjs from @fontsource (OFL-1.1): Noto Sans, Noto Sans SC and TC, the files the page's words need. */\n${plan.faces.map((f) => f.rule).join('\n')}\n`,
  );
  await copyFile(join(UI, 'keypad.css'), join(outdir, 'keypad.css'));
  await copyFile(join(UI, 'index.html'), join(outdir, 'index.html'));
  return { outdir: relative(ROOT, outdir), fonts: plan.faces.length, ms: Date.now() - started };
}

// Run directly: node keypad/build.mjs
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await buildKeypad();
  console.log(`build: ${r.outdir}/ in ${r.ms} ms (${r.fonts} font files)`);
}
