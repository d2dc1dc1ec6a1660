/**
 * The sign column of a pataca (MOP) table that offers every side bet with its limits, in Chromium: every line of it
 * within the column at every size. Its "MOP 100,000" is wider than "HK$100,000": at 1080×1920 the differential's
 * label took two lines, and "Max differential … MOP 100,000" was cut in half at the column's foot. And a portrait
 * board offering every side bet, with a pit message, keeps the statistics' streak line (issue 13): it gave it up to
 * the signs while the derived roads' names took a row of their own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { TableView } from '../../contract/kiosk';
import { FIXTURES } from '../../test/fixtures/views';
import { DemoKiosk } from '../demo-kiosk';
import type { Language } from '../localization';
import { board } from '../test-support/board';
import { cleanup, settle } from '../test-support/fixtures';
import '../test-support/product-fonts'; // measured in the board's fonts: the fallback's lines are shorter

afterEach(async () => {
  cleanup();
  await page.viewport(414, 896); // vitest's default, for whatever runs next
});

/** The full-side-bets fixture, its limits in patacas (in `language`, else the fixture's). */
function pataca(language?: Language): TableView {
  const v = FIXTURES['full-side-bets']!(Date.now());
  const signage = v.signage!;
  return {
    ...v,
    signage: {
      ...signage,
      language: language ?? signage.language,
      limits: { ...signage.limits, currency: 'MOP' },
    },
    payTable: v.payTable && {
      ...v.payTable,
      sideBetLimits: v.payTable.sideBetLimits?.map((l) => ({ ...l, currency: 'MOP' })),
    },
  };
}

/** The texts of `root` (nested shadow roots too) that run past `box` (a quarter of a line's height allowed). */
function outside(root: ShadowRoot, box: DOMRect): string[] {
  const out: string[] = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Element && node.shadowRoot) out.push(...outside(node.shadowRoot, box));
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width === 0 || r.height === 0) continue;
      if (r.bottom - box.bottom > r.height / 4 || r.right > box.right + 1)
        out.push(`"${node.textContent.trim()}" at ${r.top.toFixed(0)}–${r.bottom.toFixed(0)} past ${box.bottom}`);
    }
  }
  return out;
}

describe('the sign column of a pataca table with every side bet', () => {
  it.for([
    [1080, 1920, undefined],
    [1080, 1920, 'en+zh-Hant'],
    [1080, 1920, 'en'],
    [1080, 1920, 'zh-Hans'],
    [1920, 1080, undefined],
    [2160, 3840, undefined],
    [3840, 2160, undefined],
  ] as const)('%i×%i (%s): every line whole, the differential with it', async ([w, h, language]) => {
    await page.viewport(w, h);
    const app = await board(new DemoKiosk(pataca(language)), w, h);
    const column = app.shadowRoot!.querySelector<HTMLElement>('.panel.signs')!;
    // Within the column's box, half its padding at the foot allowed (a line's descent reaches into it).
    const inColumn = () => {
      const box = column.getBoundingClientRect();
      const foot = box.bottom - parseFloat(getComputedStyle(column).paddingBottom) / 2;
      const texts: string[] = [];
      for (const part of column.querySelectorAll('kiosk-pay-table, kiosk-limits'))
        texts.push(...outside(part.shadowRoot!, new DOMRect(box.x, box.y, box.width, foot - box.y)));
      return texts;
    };
    await expect.poll(async () => (await settle(app), inColumn()), { timeout: 5000 }).toEqual([]);
    // The differential is shown (in the header of a landscape board, else in the column).
    const limits = [...app.shadowRoot!.querySelectorAll('kiosk-limits')].map((l) => l.shadowRoot!.textContent);
    expect(limits.join(' ')).toMatch(/MOP\s100,000/);
  });
});

describe('a portrait board with every side bet and a pit message', () => {
  it.for([
    ['full-side-bets', false],
    ['full-side-bets', true],
  ] as const)('%s (patacas: %s): the streak line kept, nothing in the sign column cut', async ([fixture, mop]) => {
    await page.viewport(1080, 1920);
    const view = mop ? pataca() : FIXTURES[fixture]!(Date.now());
    expect(view.signage?.message).toBeTruthy();
    const app = await board(new DemoKiosk(view), 1080, 1920);
    const stats = app.shadowRoot!.querySelector('kiosk-stats')!;
    const column = app.shadowRoot!.querySelector<HTMLElement>('.panel.signs')!;
    await expect
      .poll(async () => {
        await settle(app);
        const streaks = stats.shadowRoot!.querySelector('[data-kind=longestStreak]') !== null;
        return { streaks, overflow: column.scrollHeight > column.clientHeight + 1 };
      })
      .toEqual({ streaks: true, overflow: false });
    expect(stats.hasAttribute('without-streaks')).toBe(false);
  });
});
