/**
 * Numbers as signs show them: money with `Intl.NumberFormat` in the sign's currency, percentages with one
 * decimal, odds in English ("19 to 20") and Chinese ("1 赔 0.95"), clock times. Formatters are cached, and counts
 * and shares are remembered as the strings they made: a board formats the same few things on every view.
 *
 * ```ts
 * money(50000, 'HKD', 'en');   // "HK$50,000"
 * oddsEn({ win: 1, stake: 2 }); // "1 to 2"
 * ```
 * @packageDocumentation
 */
import type { Odds } from '../contract/kiosk';
import type { Locale } from './localization';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) cache.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

/**
 * An amount in the sign's currency, without decimals when it is whole: "HK$50,000", "A$25"; `narrow`: its narrow
 * symbol ("$50,000"), where the header's limits have said which dollar.
 */
export function money(amount: number, currency: string, locale: Locale, narrow = false): string {
  const whole = Number.isInteger(amount);
  try {
    return numberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: narrow ? 'narrowSymbol' : 'symbol',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(amount);
  } catch {
    return `${currency} ${amount}`; // an unknown currency code: still say the amount
  }
}

/**
 * A range of amounts as the locale writes it, its dash spaced to be read from afar: "100 – 5,000"; equal ends are
 * one amount ("100": never the locale's "~100"). No currency (see {@link moneyRange} for one that says it).
 */
export function amountRange(min: number, max: number, locale: Locale): string {
  const f = numberFormat(locale, { maximumFractionDigits: 2 }) as Intl.NumberFormat & {
    formatRange?: (a: number, b: number) => string;
  };
  if (min === max) return f.format(min);
  return f.formatRange ? f.formatRange(min, max).replace(/\s*[–~-]\s*/, ' – ') : `${f.format(min)} – ${f.format(max)}`;
}

/**
 * A wager range in the sign's currency, said once: "HK$100 – 5,000" (bare, "50 – 1,000" under "180 to 1" read as
 * another pay, not as what may be staked); equal ends are one amount ("HK$50"). `narrow`: the currency's narrow
 * symbol ("$100 – 5,000"), for a sign column too full for "HK$" (the fit's narrow step: the header's limits say
 * which dollar), where a currency without a short symbol (pataca: "MOP 100") is left bare, as the header states it:
 * its letters would cost the column a line.
 */
export function moneyRange(min: number, max: number, currency: string, locale: Locale, narrow = false): string {
  const rest = amountRange(min, max, locale);
  const first = money(min, currency, locale, narrow);
  if (narrow && first.replace(/[\d.,\s]/g, '').length > 2) return rest; // the symbol: digits, separators and spaces out
  if (min === max) return first;
  return `${first}${rest.slice(rest.indexOf(' – '))}`;
}

/**
 * Strings already formatted, by locale and value: a hand formats the same few dozen counts and shares on every
 * view (the hand number, the roads' counts, the statistics), and `Intl` costs microseconds a call, on the hand's
 * frame. Bounded: cleared whole when it grows past what a shoe can ask for.
 */
const said = new Map<string, string>();
const SAID_MAX = 4096;

function remembered(key: string, format: () => string): string {
  let s = said.get(key);
  if (s === undefined) {
    if (said.size >= SAID_MAX) said.clear();
    said.set(key, (s = format()));
  }
  return s;
}

/** A whole number with grouping: "1,234". */
export const count = (n: number, locale: Locale): string =>
  remembered(`c|${locale}|${n}`, () => numberFormat(locale, {}).format(n));

/** A share as a percentage with one decimal (or `digits`): 0.4737 → "47.4%"; 0 of 0 → "–". */
export function percent(part: number, whole: number, locale: Locale, digits = 1): string {
  if (whole <= 0) return '–';
  return remembered(`p|${locale}|${digits}|${part}/${whole}`, () =>
    numberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(part / whole),
  );
}

/** Odds the English way, win to stake: "1 to 1", "19 to 20", "8 to 1". */
export const oddsEn = (o: Odds): string => `${o.win} to ${o.stake}`;

/** Odds the Chinese way, per unit staked: 19 to 20 → "1 赔 0.95", 8 to 1 → "1 赔 8" (賠 in Traditional). */
export function oddsZh(o: Odds, script: 'zh-Hans' | 'zh-Hant'): string {
  const per = Math.round((o.win / o.stake) * 1000) / 1000;
  return `1 ${script === 'zh-Hant' ? '賠' : '赔'} ${per}`;
}

/** A clock time, 24-hour: "14:05". */
export function clock(iso: string, locale: Locale): string {
  const key = `t|${locale}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f)
    cache.set(key, (f = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '--:--' : f.format(d);
}

/** Whole minutes from `iso` to `now` (never negative). */
export function minutesSince(iso: string, now: number): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : Math.max(0, Math.floor((now - t) / 60_000));
}
