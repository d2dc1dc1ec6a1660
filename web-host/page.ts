/**
 * The board's page as the web host serves it: index.html with preload links for the fonts the view's language
 * draws its labels with (font-preloads.json, written by the renderer's build). The browser then fetches them with
 * the script, instead of after the first view has told the board its language: a cold board draws sooner, and
 * once, in the right fonts.
 *
 * ```ts
 * const page = boardPage(indexHtml, fontPreloads(json, viewLanguage(view)));
 * ```
 * @packageDocumentation
 */
import { chineseScript } from '../contract/kiosk';
import type { Language } from '../contract/schemas';

/** font-preloads.json: the font files each script needs first, as paths relative to the page. */
export type FontPreloads = Readonly<Partial<Record<'en' | 'zh-Hans' | 'zh-Hant', readonly string[]>>>;

/** Reads font-preloads.json's text; anything unexpected reads as no preloads (the page works without them). */
export function parseFontPreloads(text: string | null): FontPreloads {
  try {
    const json: unknown = text === null ? {} : JSON.parse(text);
    const out: Record<string, string[]> = {};
    for (const key of ['en', 'zh-Hans', 'zh-Hant'] as const) {
      const files = (json as Record<string, unknown>)[key];
      if (Array.isArray(files)) out[key] = files.filter((f): f is string => typeof f === 'string' && SAFE.test(f));
    }
    return out;
  } catch {
    return {};
  }
}

/** A relative path under fonts/ to a woff2 file: nothing else goes into the page. */
const SAFE = /^fonts\/[\w.-]+\.woff2$/;

/** The files to preload for a board in `language`. */
export const fontPreloads = (preloads: FontPreloads, language: Language): readonly string[] =>
  preloads[chineseScript(language) ?? 'en'] ?? [];

/**
 * index.html with a preload link per file at the end of its head (CORS mode, as fonts are fetched: else the preload
 * is not used), at low priority: the script and stylesheets before them are fetched first.
 */
export function boardPage(html: string, files: readonly string[]): string {
  if (files.length === 0) return html;
  const links = files.map(
    (f) => `  <link rel="preload" href="${f}" as="font" type="font/woff2" crossorigin fetchpriority="low" />\n`,
  );
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${links.join('')}  ${html.slice(at)}`;
}
