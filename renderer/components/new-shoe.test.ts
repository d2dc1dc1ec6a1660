/**
 * A new shoe, shown calmly (no hands yet), in Chromium: "No hands yet" said once (the last hand's; the statistics'
 * "Hand –" says it too), and no longest streaks of 0 under coloured beads ("Longest 庄 0 闲 0"), in every language
 * and in either layout; the longest streaks' room kept, so that the first hand moves nothing on their line.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { FIXTURES } from '../../test/fixtures/views';
import { DemoKiosk } from '../demo-kiosk';
import { useLanguage, type Language } from '../localization';
import { board } from '../test-support/board';
import { $$, cleanup, mapOf, mount, settle } from '../test-support/fixtures';
import './stats-panel';

afterEach(async () => {
  cleanup();
  await useLanguage('en');
  await page.viewport(414, 896); // vitest's default, for whatever runs next
});

/** The texts of `root` (nested shadow roots too) a patron sees: laid out, not hidden. */
function seen(root: ShadowRoot): string[] {
  const out: string[] = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Element && node.shadowRoot) out.push(...seen(node.shadowRoot));
    const parent = node.parentElement;
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim() || !parent) continue;
    if (getComputedStyle(parent).visibility !== 'visible') continue;
    range.selectNodeContents(node);
    if ([...range.getClientRects()].some((r) => r.width > 0 && r.height > 0)) out.push(node.textContent.trim());
  }
  return out;
}

describe('a new shoe on the board', () => {
  it.for([
    [1920, 1080, 'en+zh-Hans', 'No hands yet'],
    [1080, 1920, 'en+zh-Hant', 'No hands yet'],
    [1920, 1080, 'zh-Hans', '暂无牌局'],
    [1080, 1920, 'zh-Hant', '暫無牌局'],
    [1920, 1080, 'en', 'No hands yet'],
  ] as const)('%i×%i, %s: "%s" once, no longest streak of 0', async ([w, h, language, none]) => {
    await page.viewport(w, h);
    const v = FIXTURES['new-shoe']!(Date.now());
    const app = await board(new DemoKiosk({ ...v, signage: { ...v.signage!, language } }), w, h);
    await settle(app);
    const texts = seen(app.shadowRoot!);
    expect(texts.filter((t) => t.includes(none))).toHaveLength(1);
    const stats = app.shadowRoot!.querySelector('kiosk-stats')!;
    const longest = $$(stats, '[data-kind=longestStreak]')[0]!;
    expect(longest.querySelectorAll('.mini-bead:not(.none)')).toHaveLength(0);
    const shown = [...longest.querySelectorAll<HTMLElement>('.num')].filter(
      (n) => getComputedStyle(n).visibility === 'visible',
    );
    expect(shown.map((n) => n.textContent)).toEqual(['–']);
  });
});

describe('<kiosk-stats> longest streaks before and after the first', () => {
  it.for(['en', 'en+zh-Hans', 'zh-Hant'] as const)(
    '%s: "–" at first, in the room the first streak takes',
    async (language: Language) => {
      await useLanguage(language);
      const el = document.createElement('kiosk-stats');
      el.stats = mapOf('').stats();
      el.language = language;
      el.wide = true;
      await mount(el, 1000, 300);
      const longest = () => $$(el, '[data-kind=longestStreak]')[0]!;
      const before = longest().getBoundingClientRect().width;
      el.stats = mapOf('B').stats();
      await el.updateComplete;
      expect(longest().querySelectorAll('.mini-bead:not(.none)')).toHaveLength(2);
      expect(longest().getBoundingClientRect().width).toBeCloseTo(before, 0);
    },
  );
});
