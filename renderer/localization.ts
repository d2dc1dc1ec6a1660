/**
 * Languages of the board with `@lit/localize` in runtime mode: English is the source, Simplified and Traditional
 * Chinese are hand-written locale modules. A bilingual sign (`en+zh-Hans`, `en+zh-Hant`) makes the Chinese locale
 * active and renders the English source above it.
 *
 * ```ts
 * await useLanguage('en+zh-Hant');                 // before rendering with that language
 * html`<h2>${tr(lang, 'road.big', 'Big Road')}</h2>`; // "Big Road" over "大路"
 * ```
 * @packageDocumentation
 */
import { configureLocalization, joinStringsAndValues, msg, type StrResult } from '@lit/localize';
import { html, type TemplateResult } from 'lit';
import { chineseScript, DEFAULT_LANGUAGE } from '../contract/kiosk';
import type { Language } from '../contract/schemas/signage';
import { fontLoads, loadFonts } from './fonts';
import { templates as zhHans } from './locales/zh-Hans';
import { templates as zhHant } from './locales/zh-Hant';

export type { Language };
export type Locale = 'en' | 'zh-Hans' | 'zh-Hant';

export { DEFAULT_LANGUAGE };

const { setLocale, getLocale } = configureLocalization({
  sourceLocale: 'en',
  targetLocales: ['zh-Hans', 'zh-Hant'],
  loadLocale: (locale) => Promise.resolve({ templates: locale === 'zh-Hant' ? zhHant : zhHans }),
});
export { getLocale };

/** The `@lit/localize` locale a language renders with (bilingual: the Chinese one). */
export const localeOf = (lang: Language): Locale => chineseScript(lang) ?? 'en';

/** Whether the language shows English and Chinese together. */
export const isBilingual = (lang: Language): boolean => lang.startsWith('en+');

/** Whether the language shows Chinese alone (no English). */
export const isChineseOnly = (lang: Language): lang is 'zh-Hans' | 'zh-Hant' =>
  lang === 'zh-Hans' || lang === 'zh-Hant';

/** The BCP 47 tag of the Chinese text of a language, or null for English only. */
export const chineseTag = chineseScript;

/**
 * Makes `lang` the active language; resolves when its messages are ready to render and the fonts that draw them
 * (and `text`, the view's own words: table name, casino, signs) have loaded, or given up on (fonts.ts).
 */
export async function useLanguage(lang: Language, text = ''): Promise<void> {
  const locale = localeOf(lang);
  const script = chineseTag(lang);
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  await Promise.all([
    getLocale() === locale ? undefined : setLocale(locale),
    fonts ? loadFonts(fonts, fontLoads(script, (script ? labelText(script) : '') + text)) : undefined,
  ]);
}

/** All the words of a locale's messages, run together (what its labels can draw). */
const labelText = (locale: 'zh-Hans' | 'zh-Hant'): string =>
  Object.values(locale === 'zh-Hant' ? zhHant : zhHans)
    .map((m) => (typeof m === 'string' ? m : m.strings.join('')))
    .join('');

const english = (source: string | StrResult): string =>
  typeof source === 'string' ? source : joinStringsAndValues(source.strings, source.values);

/** One message in the active language (and, for a bilingual sign, in English): `{ en, zh }`. */
export interface Message {
  readonly en: string;
  readonly zh: string | null; // null when the language is English only
}

/** Looks a message up by id (`source` is its English text, with `str` for values). */
export function message(lang: Language, id: string, source: string | StrResult): Message {
  const en = english(source);
  if (lang === 'en') return { en, zh: null };
  return { en, zh: msg(source as string, { id }) };
}

/** Renders a message: English, Chinese, or both (`.bi > .en + .zh`, stacked by the component's CSS). */
export function tr(lang: Language, id: string, source: string | StrResult): TemplateResult | string {
  return show(lang, message(lang, id, source));
}

/** Renders an already looked-up message (see {@link tr}). */
export function show(lang: Language, m: Message): TemplateResult | string {
  if (m.zh === null) return m.en;
  if (!isBilingual(lang)) return m.zh; // the board's own lang attribute says which Chinese
  const tag = chineseTag(lang);
  return html`<span class="bi"
    ><span class="en" lang="en">${m.en}</span><span class="zh" lang=${tag ?? 'zh'}>${m.zh}</span></span
  >`;
}

/** A message as one plain string (for ARIA labels): "Big Road · 大路", "大路" or "Big Road". */
export function plain(lang: Language, id: string, source: string | StrResult): string {
  return plainOf(lang, message(lang, id, source));
}

/** An already looked-up message as one plain string (see {@link plain}). */
export function plainOf(lang: Language, m: Message): string {
  if (m.zh === null) return m.en;
  return isBilingual(lang) ? `${m.en} · ${m.zh}` : m.zh;
}
