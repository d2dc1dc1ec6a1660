import { afterEach, describe, expect, it } from 'vitest';
import { OUT_OF_STEP_CODES, STAFF_WARNING_CODES } from '../../contract/schemas/status';
import { useLanguage, type Language } from '../localization';
import { $$, cleanup, mount } from '../test-support/fixtures';
import './staff-status';

afterEach(cleanup);
afterEach(() => useLanguage('en'));
const SINCE = new Date().toISOString();
const LANGUAGES: readonly Language[] = ['en', 'zh-Hans', 'zh-Hant', 'en+zh-Hans', 'en+zh-Hant'];
const han = /\p{Script=Han}/u;

async function staffLine(language: Language, set: (el: HTMLElementTagNameMap['kiosk-staff']) => void) {
  await useLanguage(language);
  const el = document.createElement('kiosk-staff');
  el.language = language;
  el.lines = 2;
  el.clock = Date.now();
  set(el);
  await mount(el, 900, 200);
  return $$(el, '.what').map((w) => (w.textContent ?? '').replace(/\s+/g, ' ').trim());
}

/** Words in the board's languages: English where it shows English, Chinese where it shows Chinese, no code. */
function inWords(language: Language, said: string, code: string): void {
  expect(said).not.toContain(code);
  expect(/[A-Za-z]{3}/.test(said), `${said}: English`).toBe(!language.startsWith('zh'));
  expect(han.test(said), `${said}: Chinese`).toBe(language !== 'en');
}

describe('<kiosk-staff>: what staff read, in words, never a code', () => {
  it.each(LANGUAGES.flatMap((l) => STAFF_WARNING_CODES.map((c) => [l, c] as const)))(
    '%s: the warning %s',
    async (language, code) => {
      const [what] = await staffLine(
        language,
        (el) => (el.warnings = [{ code, detail: 'the host says', since: SINCE }]),
      );
      inWords(language, what!, code);
    },
  );

  // The broker refusing the board's password: said to staff (patrons see only "Connection lost"), first.
  it.each(LANGUAGES)('%s: the broker refusing the board, first, with what to check', async (language) => {
    const said = await staffLine(language, (el) => {
      el.refused = 'credentials';
      el.warnings = [{ code: 'results-unverified', detail: 'the host says', since: SINCE }];
    });
    expect(said).toHaveLength(2);
    inWords(language, said[0]!, 'credentials');
    if (!language.startsWith('zh')) expect(said[0]).toContain('Password refused');
    const el = document.querySelector('kiosk-staff')!;
    expect(el.shadowRoot!.querySelector('.item')!.textContent).toContain('mqtt.password');
  });

  // A portrait header's corner names the refusal; the warnings after it were not said at all there ("Password
  // refused" alone over four warnings): they are counted.
  it.each([
    ['en', 'Password refused (+2 more)'],
    ['en+zh-Hans', 'Password refused (+2 more)'],
    ['zh-Hant', '密碼被拒絕 (另有 2 項)'],
  ] as const)('%s: in a corner, the refusal and how many warnings follow it ("%s")', async (language, few) => {
    const warnings = (['results-unverified', 'signage-ignored'] as const).map((code) => ({
      code,
      detail: 'the host says',
      since: SINCE,
    }));
    const said = await staffLine(language, (el) => {
      el.refused = 'credentials';
      el.warnings = warnings;
      el.compact = true;
    });
    expect(said).toEqual([few]);
    cleanup();
    expect(await staffLine(language, (el) => ((el.refused = 'credentials'), (el.compact = true)))).toEqual([
      few.replace(/ \(.*\)$/, ''),
    ]);
  });

  it.each(LANGUAGES.flatMap((l) => OUT_OF_STEP_CODES.map((c) => [l, c] as const)))(
    '%s: out of step (%s)',
    async (language, code) => {
      const [what] = await staffLine(
        language,
        (el) => (el.outOfStep = { code, reason: 'the host says', since: SINCE }),
      );
      inWords(language, what!.replace(/· \d+:\d\d$/, ''), ` ${code} `);
    },
  );

  it.each([
    ['en', '3 warnings', 'Older table sign ignored (+2 more)'],
    ['zh-Hans', '3 项警告', '已忽略较旧的牌桌告示 (另有 2 项)'],
    // A portrait header's corner: one language (the two were cut to '3 warning…'); the footer's line says both.
    ['en+zh-Hant', '3 warnings', 'Older table sign ignored · 已忽略較舊的牌桌告示 (+2 more · 另有 2 項)'],
  ] as const)('%s: how many, in a few words ("%s") and after the one shown ("%s")', async (language, few, more) => {
    const warnings = (['signage-ignored', 'results-unverified', 'casino-signage-ignored'] as const).map((code) => ({
      code,
      detail: 'the host says',
      since: SINCE,
    }));
    expect(await staffLine(language, (el) => ((el.warnings = warnings), (el.compact = true)))).toEqual([few]);
    cleanup();
    expect(await staffLine(language, (el) => ((el.warnings = warnings), (el.lines = 1)))).toEqual([more]);
  });
});

describe('<kiosk-staff>: a warning alone', () => {
  const detail = 'results are not signed: no signing key is configured for table T1, so a forged result would show';
  const lines = async (lines: number, warnings: number) => {
    const el = document.createElement('kiosk-staff');
    el.language = 'en+zh-Hans';
    el.lines = lines;
    el.warnings = Array.from({ length: warnings }, () => ({
      code: 'results-unverified' as const,
      detail,
      since: SINCE,
    }));
    el.style.setProperty('--kiosk-text-staff', '18px'); // as on a 1080p board (tokens.css)
    await mount(el, 380, 200); // the sign column's width at 1080p
    const item = $$(el, '.item')[0]!;
    const n = Math.round(item.getBoundingClientRect().height / parseFloat(getComputedStyle(item).lineHeight));
    cleanup();
    return n;
  };

  it('takes two lines where two are allowed, so that its reason can be read, and one otherwise', async () => {
    expect(await lines(2, 1)).toBe(2);
    expect(await lines(1, 1)).toBe(1); // the footer: never taller than the disclaimer beside it
    expect(await lines(2, 2)).toBe(1); // two warnings: a line each
  });
});
