import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { DEALER_UNDO_BY } from '../../contract/correction-by';
import type { Notice } from '../../contract/kiosk';
import { FIXTURES, makeView } from '../../test/fixtures/views';
import { DemoKiosk } from '../demo-kiosk';
import type { KioskApp } from './kiosk-app';
import { board, settleAll } from '../test-support/board';
import { cleanup, settle } from '../test-support/fixtures';
import '../test-support/product-fonts'; // measured in the board's fonts: the fallback's lines are shorter

const NOW = new Date().toISOString();

afterEach(async () => {
  cleanup();
  await page.viewport(414, 896); // vitest's default, for whatever runs next
});

/** A fixture's board at a screen's size (the page's viewport too: what the board's styles read). */
async function fixtureBoard(fixture: string, w: number, h: number): Promise<KioskApp> {
  await page.viewport(w, h);
  return board(new DemoKiosk(FIXTURES[fixture]!(Date.now())), w, h);
}

/** The rectangles of every text of `root` (a shadow root), nested shadow roots included. */
function textRects(root: ShadowRoot): DOMRect[] {
  const rects: DOMRect[] = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Element && node.shadowRoot) rects.push(...textRects(node.shadowRoot));
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    range.selectNodeContents(node);
    rects.push(...[...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0));
  }
  return rects;
}

/**
 * What the last hand and the statistics show lies within their panels: the panels clip what runs past them (the
 * board's grid sizes them, never what they hold). A landscape board lays them out on their own (contained:
 * kiosk-app.styles.ts), so its fit (FitController) measures what runs past the component, not the panel: measured
 * wrong, the statistics of a bilingual 1080p board lost their last line, clipped, and no other test saw it.
 */
describe('the last hand and the statistics within their panels', () => {
  it.for([
    [1920, 1080, 'shoe-full'],
    [1920, 1080, 'shoe-long-en-zh-hant'],
    [1920, 1080, 'full-side-bets'],
    [1920, 1080, 'void-hand'],
    [1080, 1920, 'shoe-full'],
    [1080, 1920, 'shoe-long-en-zh-hant'],
    [3840, 2160, 'shoe-full'],
  ] as const)('%i×%i, %s: every line whole', async ([w, h, fixture]) => {
    const app = await fixtureBoard(fixture, w, h);
    const root = app.shadowRoot!;
    const cut = () =>
      ['last-hand', 'stats'].flatMap((name) => {
        const panel = root.querySelector<HTMLElement>(`.panel.${name}`)!;
        const box = panel.getBoundingClientRect();
        const foot = box.bottom - parseFloat(getComputedStyle(panel).borderBottomWidth);
        const part = panel.querySelector<HTMLElement>('kiosk-last-hand, kiosk-stats')!;
        return (
          textRects(part.shadowRoot!)
            // A text's box runs from its font's ascent to its descent, past its glyphs (Noto CJK's descent is deep):
            // a line is cut when a quarter of its box is past the foot.
            .filter((r) => r.bottom - foot > r.height / 4 || r.right > box.right + 1)
            .map((r) => `${name}: a line at ${r.top.toFixed(0)}–${r.bottom.toFixed(0)} past its panel's foot ${foot}`)
        );
      });
    await expect.poll(async () => (await settle(app), cut()), { timeout: 5000 }).toEqual([]);
    expect(root.querySelector('kiosk-stats')!.shadowRoot!.textContent).toMatch(/\d/);
  });
});

describe("the header's pair maximum", () => {
  it.for([
    [['playerPair', 'bankerPair'], true],
    [['perfectPairs'], false],
    [[], false],
  ] as const)('side bets %j: shown %s', async ([sideBets, shown]) => {
    await page.viewport(1920, 1080);
    const app = await board(new DemoKiosk(makeView({ shoe: 'BPB', sideBets: [...sideBets] }, Date.now())), 1920, 1080);
    const limits = app.shadowRoot!.querySelector('kiosk-limits.headline')!.shadowRoot!;
    expect(limits.querySelectorAll('[data-limit=pairMaximum]')).toHaveLength(shown ? 1 : 0);
    expect(limits.querySelectorAll('[data-limit=tieMaximum]')).toHaveLength(1);
  });
});

describe('modified odds ending (rule 5.11)', () => {
  it('while the last round under them is settled, the six sign and the Super 6 count stay, beside the next round’s commission', async () => {
    await page.viewport(1920, 1080);
    const whole = FIXTURES['shoe-long-en-zh-hant']!(Date.now());
    const payTable = whole.payTable!;
    expect(payTable.modifiedOddsSign).toBe(true);
    // As payTableView says between the last modified-odds hand and the first commission round.
    const settling = {
      ...whole,
      payTable: { ...payTable, variant: 'commission' as const, commission: 0.05, bankerSix: null },
    };
    const app = await board(new DemoKiosk(settling), 1920, 1080);
    const root = app.shadowRoot!;
    const pays = root.querySelector('kiosk-pay-table')!.shadowRoot!;
    expect(pays.querySelectorAll('[data-sign=modified-odds]')).toHaveLength(1);
    const stats = root.querySelector('kiosk-stats')!.shadowRoot!;
    expect(stats.querySelectorAll('[data-kind=bankerSix]')).toHaveLength(1);
  });
});

/**
 * Nothing moves when something appears: the first void hand of a shoe adds its count ("20 hands + 1 void") to the
 * statistics' head, which on a bilingual landscape board took a second line there and dropped the rest of the
 * panel by it (22 px at 1080p). The count keeps the room of its widest from the shoe's first hand.
 */
describe('the statistics when the first void hand appears', () => {
  const shoe = 'TPBPBBPBBBPTTPBPPPPB'; // 20 hands
  it.for(
    (
      [
        [1920, 1080],
        [1080, 1920],
        [3840, 2160],
      ] as const
    ).flatMap(([w, h]) => (['en', 'zh-Hans', 'en+zh-Hans'] as const).map((lang) => [w, h, lang] as const)),
  )('%i×%i, %s: nothing in the panel moves', async ([w, h, language]) => {
    await page.viewport(w, h);
    const host = new DemoKiosk(makeView({ shoe, language }, Date.now()));
    const app = await board(host, w, h);
    const stats = () => app.shadowRoot!.querySelector('kiosk-stats')!;
    const places = () =>
      [stats(), ...stats().shadowRoot!.querySelectorAll('.head, .figure, .rows, .extras')].map((e) => {
        const r = e.getBoundingClientRect();
        return `${e.className}: ${r.top.toFixed(1)} ${r.height.toFixed(1)}`;
      });
    await document.fonts.ready; // measured in the board's fonts, not a fallback drawn while they load
    const before = places();
    const voidHand = { kind: 'noBetsThisHand', reason: 'first-card-face-up' } as const;
    host.push(makeView({ shoe, language, voidHands: { 21: voidHand } }, Date.now()));
    for (let i = 0; i < 3; i++) await settleAll(app);
    expect(stats().shadowRoot!.querySelector('[data-void]')!.getAttribute('data-void')).toBe('1');
    expect(places()).toEqual(before);
  });
});

/** The text node that ends `el` (or is it), whitespace-only nodes passed over. */
function lastText(node: Node | null): Text | null {
  for (let n = node; n; n = n.previousSibling) {
    if (n.nodeType === Node.TEXT_NODE && n.textContent!.trim()) return n as Text;
    if (n instanceof Element && n.getAttribute('aria-hidden') !== 'true') {
      const inner = lastText(n.lastChild);
      if (inner) return inner;
    }
  }
  return null;
}

/**
 * A count stands clear of its label: a Chinese label's glyphs fill their em box, so the gap a Latin label leaves
 * between its last letter and the number all but vanished ("例牌28" read as one word on a bilingual board).
 */
describe("the statistics' counts beside their labels", () => {
  it.for([
    [1920, 1080, 'shoe-long-en-zh-hant'],
    [1080, 1920, 'shoe-long-en-zh-hant'],
    [3840, 2160, 'connection-lost'],
    [1920, 1080, 'shoe-full-zh-hans'],
  ] as const)('%i×%i, %s: a clear gap before each count', async ([w, h, fixture]) => {
    const app = await fixtureBoard(fixture, w, h);
    await document.fonts.ready;
    const stats = app.shadowRoot!.querySelector('kiosk-stats')!.shadowRoot!;
    const counts = [...stats.querySelectorAll<HTMLElement>('.extra > .num')].filter(
      (n) => !n.previousElementSibling?.classList.contains('mini-bead'), // a streak's count follows its bead
    );
    expect(counts.length).toBeGreaterThanOrEqual(3);
    const range = document.createRange();
    const tight = counts.flatMap((num) => {
      const label = lastText(num.previousSibling)!;
      range.setStart(label, label.length - 1);
      range.setEnd(label, label.length);
      const gap = num.getBoundingClientRect().left - range.getBoundingClientRect().right;
      const em = parseFloat(getComputedStyle(num).fontSize);
      return gap >= 0.375 * em ? [] : [`"${label.textContent!.trim()}${num.textContent}": ${(gap / em).toFixed(2)} em`];
    });
    expect(tight).toEqual([]);
    // A streak's bead, whose circle fills its box, stands clear of its label too ('连胜(闲)' touched).
    const beads = [...stats.querySelectorAll<HTMLElement>('.extra .mini-bead:not(.none)')];
    expect(beads.length).toBeGreaterThanOrEqual(2);
    const crowded = beads.flatMap((bead) => {
      const label = bead.previousElementSibling;
      if (!label || label.classList.contains('num')) return []; // the second longest, after the first's count
      const em = parseFloat(getComputedStyle(bead.parentElement!).fontSize);
      const gap = bead.getBoundingClientRect().left - label.getBoundingClientRect().right;
      return gap >= 0.24 * em
        ? []
        : [`${label.textContent!.trim()}|${bead.textContent!.trim()}: ${(gap / em).toFixed(2)} em`];
    });
    expect(crowded).toEqual([]);
  });
});

/**
 * The statistics' Banker, Player and Tie share one line, and their pairs, natural and streaks at most two under it,
 * at 1080p and at 4K alike. A bilingual 4K board's panel is taller than twice 1080p's (its big road is shorter), so
 * the lines it wrapped did not spill past it and the gaps stayed wide: Tie went alone to a second line, the natural
 * beside the streak and the longest streaks to a sixth.
 */
describe('the statistics keep their lines', () => {
  it.for([
    [1920, 1080, 'shoe-full'],
    [3840, 2160, 'shoe-full'],
    [3840, 2160, 'shoe-long'],
    [3840, 2160, 'shoe-long-en-zh-hant'],
    [3840, 2160, 'full-side-bets'],
  ] as const)('%i×%i, %s: Banker, Player and Tie on one line, the rest on two', async ([w, h, fixture]) => {
    const app = await fixtureBoard(fixture, w, h);
    const stats = () => app.shadowRoot!.querySelector('kiosk-stats')!.shadowRoot!;
    const lines = (sel: string) =>
      new Set([...stats().querySelectorAll<HTMLElement>(sel)].map((e) => Math.round(e.getBoundingClientRect().top)))
        .size;
    await expect
      .poll(async () => (await settle(app), [lines('.rows > .row'), lines('.extras .extra') <= 2]), {
        timeout: 5000,
      })
      .toEqual([1, true]);
  });
});

/**
 * A count and its share read as two figures: dense statistics (a bilingual 1080p board) set them 0.2 em apart, and
 * from 3 m "39 49%" read as one number. The gap between the count's last digit and the share's first is at least
 * 0.4 of the count's em.
 */
describe("the statistics' counts beside their shares", () => {
  it.for([
    [1920, 1080, 'shoe-full'],
    [1920, 1080, 'shoe-long-en-zh-hant'],
    [1920, 1080, 'shoe-full-en'],
    [1080, 1920, 'shoe-full'],
    [3840, 2160, 'shoe-full'],
    [3840, 2160, 'shoe-full-zh-hans'],
  ] as const)('%i×%i, %s: a clear gap', async ([w, h, fixture]) => {
    const app = await fixtureBoard(fixture, w, h);
    const stats = () => app.shadowRoot!.querySelector('kiosk-stats')!.shadowRoot!;
    const range = document.createRange();
    const glyphs = (el: Element) => (range.selectNodeContents(el), range.getBoundingClientRect());
    const tight = () =>
      [...stats().querySelectorAll<HTMLElement>('.rows .figures')].flatMap((f) => {
        const [count, share] = [f.querySelector('.count')!, f.querySelector('.pct')!];
        const em = parseFloat(getComputedStyle(count).fontSize);
        const gap = (glyphs(share).left - glyphs(count).right) / em;
        return gap >= 0.4 ? [] : [`"${count.textContent} ${share.textContent}": ${gap.toFixed(2)} em`];
      });
    await expect.poll(async () => (await settle(app), tight()), { timeout: 5000 }).toEqual([]);
    expect(stats().querySelectorAll('.rows .figures')).toHaveLength(3);
  });
});

/**
 * The current streak and the longest streaks are read together: an English board ended the pairs' line with
 * "Streak 庄×6" and put "Longest" alone on the next, two figures that looked unrelated.
 */
describe('the two streaks on one line', () => {
  it.for([
    [1920, 1080, 'warnings'],
    [3840, 2160, 'warnings'],
    [1920, 1080, 'shoe-full-en'],
    [3840, 2160, 'shoe-full-en'],
    [1080, 1920, 'shoe-full-en'],
    [1920, 1080, 'shoe-full'],
    [1920, 1080, 'shoe-long-en-zh-hant'],
  ] as const)('%i×%i, %s: Streak and Longest side by side', async ([w, h, fixture]) => {
    const app = await fixtureBoard(fixture, w, h);
    const stats = () => app.shadowRoot!.querySelector('kiosk-stats')!.shadowRoot!;
    const apart = () => {
      const [now, longest] = ['currentStreak', 'longestStreak'].map((kind) =>
        stats().querySelector<HTMLElement>(`.extra[data-kind=${kind}]`)!.getBoundingClientRect(),
      );
      return Math.abs(now!.top - longest!.top) > now!.height / 2 ? 'on two lines' : 'on one line';
    };
    await expect.poll(async () => (await settle(app), apart()), { timeout: 5000 }).toBe('on one line');
  });
});

/**
 * A 4K board (`highResolution: more-columns`) draws its big road shorter than twice 1080p's: the room it leaves
 * (~125 px in landscape, ~250 px in portrait) goes to the panels under it. It stayed empty at the foot of the last
 * hand and the statistics, on a board in one language and then on a bilingual one (25–30 % of the panels); their
 * content now uses it (larger cards, the statistics' lines spaced), so the room left at their foot is no more than
 * twice a 1080p board's.
 */
describe('a 4K board: the room its big road leaves is used', () => {
  /** The empty room at the foot of each panel, in px: its inner bottom less its content's. */
  const footRoom = (app: HTMLElement, panels: readonly string[]) =>
    panels.map((name) => {
      const panel = app.shadowRoot!.querySelector<HTMLElement>(`.panel.${name}`)!;
      const foot = panel.getBoundingClientRect().bottom - parseFloat(getComputedStyle(panel).paddingBottom) - 1;
      const part = panel.querySelector<HTMLElement>('kiosk-last-hand, kiosk-stats')!.shadowRoot!;
      const content = part.querySelector<HTMLElement>('.last, .stats > :last-child')!;
      return Math.round(foot - content.getBoundingClientRect().bottom);
    });
  it.for([
    [3840, 2160, 'shoe-full-en', ['last-hand', 'stats']],
    [3840, 2160, 'shoe-full-zh-hans', ['last-hand', 'stats']],
    [2160, 3840, 'shoe-full-en', ['last-hand']],
    [2160, 3840, 'shoe-full-zh-hans', ['last-hand']],
    [3840, 2160, 'shoe-full', ['last-hand', 'stats']],
    [3840, 2160, 'many-ties', ['last-hand', 'stats']],
    [3840, 2160, 'shoe-long-en-zh-hant', ['last-hand', 'stats']],
    [2160, 3840, 'shoe-full', ['last-hand']],
    [2160, 3840, 'pairs', ['last-hand']],
  ] as const)('%i×%i, %s: %j keep no more empty room than at 1080p', async ([w, h, fixture, panels]) => {
    const room = async (width: number, height: number) => {
      await page.viewport(width, height);
      const app = await board(new DemoKiosk(FIXTURES[fixture]!(Date.now())), width, height);
      await settle(app);
      // A filtered run (-t) may ask before the board has drawn its panels.
      for (const name of panels)
        await expect.poll(() => app.shadowRoot!.querySelector(`.panel.${name}`)).not.toBeNull();
      const r = footRoom(app, panels);
      cleanup();
      return r;
    };
    const hd = await room(w / 2, h / 2);
    const uhd = await room(w, h);
    uhd.forEach((r, i) =>
      expect(r, `${panels[i]}: ${r} px at 4K, ${hd[i]} at 1080p`).toBeLessThanOrEqual(2 * hd[i]! + 24),
    );
  });
});

/**
 * A side of the last hand reads as one unit: its name and points, and what it had (won, a pair, a natural) under
 * them, together beside its cards. On a one-language 4K board, whose cards are larger (the room its big road leaves),
 * the side's two rows spread over the cards' height: the name at the top, "Win" about 60 px under it at the foot, and
 * a Player side without badges half empty under its name.
 */
describe("the last hand's sides", () => {
  it.for([
    [3840, 2160, 'shoe-full-en'],
    [3840, 2160, 'warnings'],
    [3840, 2160, 'shoe-full-zh-hans'],
    [3840, 2160, 'shoe-full'],
    [1920, 1080, 'shoe-full'],
    [1920, 1080, 'warnings'],
    [2160, 3840, 'shoe-full-en'],
  ] as const)('%i×%i, %s: name, points and badges together, beside the cards', async ([w, h, fixture]) => {
    const app = await fixtureBoard(fixture, w, h);
    const last = () => app.shadowRoot!.querySelector('kiosk-last-hand')!.shadowRoot!;
    const loose = () =>
      [...last().querySelectorAll<HTMLElement>('.side')].flatMap((side) => {
        const name = side.dataset['side'];
        const em = parseFloat(getComputedStyle(side).fontSize);
        const box = side.getBoundingClientRect();
        const head = side.querySelector('.side-head')!.getBoundingClientRect();
        const badges = side.querySelector('.badges:not(:only-child)');
        const under = side.classList.contains('badges-under');
        const b = badges && !under ? badges.getBoundingClientRect() : null;
        const text = { top: head.top, bottom: b ? b.bottom : head.bottom };
        const off = Math.abs((text.top + text.bottom) / 2 - (box.top + box.bottom) / 2) / box.height;
        return [
          ...(b && b.top - head.bottom > 0.6 * em
            ? [`${name}: its badges ${((b.top - head.bottom) / em).toFixed(2)} em under its name`]
            : []),
          ...(!under && off > 0.15 ? [`${name}: its words ${(off * 100).toFixed(0)} % off its middle`] : []),
        ];
      });
    await expect.poll(async () => (await settle(app), loose()), { timeout: 5000 }).toEqual([]);
    expect(last().querySelectorAll('.side')).toHaveLength(2);
  });
});

/**
 * A table offering no side bet beyond the pair has four short lines of pays: its landscape sign column, at the width
 * every side bet needs, was half empty. It is as wide as those lines (each on one line, in every language), the roads
 * and statistics beside it have the rest; with side bets, the column is as it was. In Chinese alone, whose lines are
 * the shortest, its pays are larger.
 */
describe('the sign column of a table without side bets', () => {
  const column = async (spec: Omit<Parameters<typeof makeView>[0], 'shoe'>) => {
    await page.viewport(1920, 1080);
    const app = await board(new DemoKiosk(makeView({ shoe: 'BPBBPT', ...spec }, Date.now())), 1920, 1080);
    const root = app.shadowRoot!;
    // A filtered run (-t) may ask before the board has drawn its panels.
    await expect
      .poll(() => root.querySelector('.panel.signs') && root.querySelector('kiosk-derived-road'))
      .not.toBeNull();
    const signs = root.querySelector<HTMLElement>('.panel.signs')!.getBoundingClientRect();
    const pays = root.querySelector('kiosk-pay-table')!.shadowRoot!;
    // Each bet's name and odds on one line, within the column.
    const cut = [...pays.querySelectorAll<HTMLElement>('.row')].flatMap((row) => {
      const [name, odds] = [row.querySelector('.name')!, row.querySelector('.odds')!].map((e) =>
        e.getBoundingClientRect(),
      );
      return Math.abs(name!.top - odds!.top) > name!.height / 2 ||
        odds!.right > signs.right ||
        odds!.height > name!.height * 1.5
        ? [`${row.dataset['bet'] ?? row.textContent}: not on one line`]
        : [];
    });
    const derived = root.querySelector<HTMLElement>('kiosk-derived-road')!.getBoundingClientRect().width;
    // How large a bet's line is, against the board's text.
    const size = (e: Element) => parseFloat(getComputedStyle(e).fontSize);
    const scale = size(pays.querySelector('.row > .name')!) / size(root.querySelector('kiosk-pay-table')!);
    return { width: signs.width / 10.8, cut, derived, scale }; // in cqmin (1080 px short side)
  };
  it.for([
    ['en', 'commission'],
    ['en', 'modified-odds'],
    ['zh-Hans', 'commission'],
    ['zh-Hant', 'modified-odds'],
    ['en+zh-Hans', 'commission'],
    ['en+zh-Hant', 'modified-odds'],
  ] as const)('%s, %s: as wide as its pays, each on one line', async ([language, variant]) => {
    const main = await column({ language, variant, sideBets: ['playerPair', 'bankerPair'] });
    const all = await column({ language, variant, sideBets: ['playerPair', 'bankerPair', 'perfectPairs'] });
    expect(main.cut).toEqual([]);
    expect(Math.round(all.width), 'with side bets: as it was').toBe(48);
    expect(main.width, 'without: narrower').toBeLessThanOrEqual(language.includes('+') ? 43 : 31);
    expect(main.derived, 'the derived roads have the rest').toBeGreaterThan(all.derived);
    // In Chinese alone, its short lines left a third of the column empty beside them: they are larger there.
    expect(main.scale, 'its pays, larger in Chinese alone').toBeCloseTo(language.startsWith('zh') ? 1.3 : 1, 2);
    expect(all.scale, 'with side bets: as it was').toBeCloseTo(1, 2);
  });
});

/**
 * Each run of `pattern` in the text under `root` (shadow roots not entered), as "run: N line(s)": the lines its glyphs
 * are laid out on. A run on one line is read whole.
 */
function runLines(root: Node, pattern: RegExp, shown: (run: string) => string = (run) => run): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.textContent!.matchAll(pattern)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      found.push(`${shown(m[0])}: ${tops.size} line${tops.size === 1 ? '' : 's'}`);
    }
  }
  return found;
}

/**
 * The burn notice's two halves ("1 face up + 10 face down") each read whole: a screenshot of a bilingual 1080p board
 * broke its Chinese as "1 张正面 + 10 | 张背面", the count at one line's end and what it counts on the next.
 */
describe('the burn notice', () => {
  it.for([
    [1920, 1080, 'en+zh-Hans'],
    [1080, 1920, 'en+zh-Hans'],
    [1920, 1080, 'en+zh-Hant'],
    [1920, 1080, 'zh-Hant'],
  ] as const)('%i×%i, %s: each half on one line', async ([w, h, language]) => {
    await page.viewport(w, h);
    const spec = { ...FIXTURES['new-shoe']!(Date.now()) };
    const view = { ...spec, signage: { ...spec.signage!, language } };
    const app = await board(new DemoKiosk(view), w, h);
    const detail = await burnDetail(app);
    const found = runLines(detail, /1\s(?:face\sup|[张張]正面)|10\s(?:face\sdown|[张張]背面)/g, (run) =>
      run.replace(/\s/g, ' '),
    );
    const halves = language.startsWith('en') ? 4 : 2;
    expect(found).toHaveLength(halves);
    for (const f of found) expect(f).toMatch(/: 1 line$/);
  });

  /**
   * Each language starts a line of its own: a bilingual portrait board's narrow notice read "1 face up + | 10 face down
   * 1 张正面 + | 10 张背面", the English's end and the Chinese's start as one line. All of it within the notice.
   */
  it.for([
    [1080, 1920, 'en+zh-Hans'],
    [1080, 1920, 'en+zh-Hant'],
    [2160, 3840, 'en+zh-Hans'],
    [1920, 1080, 'en+zh-Hans'],
  ] as const)('%i×%i, %s: the Chinese on a line of its own, within the notice', async ([w, h, language]) => {
    await page.viewport(w, h);
    const spec = { ...FIXTURES['new-shoe']!(Date.now()) };
    const view = { ...spec, signage: { ...spec.signage!, language } };
    const app = await board(new DemoKiosk(view), w, h);
    const detail = await burnDetail(app);
    const [en, zh] = [detail.querySelector('.en')!, detail.querySelector('.zh')!];
    const shared = () => {
      const enLast = [...en.getClientRects()].at(-1)!;
      const zhFirst = zh.getClientRects()[0]!;
      return zhFirst.top < enLast.bottom - enLast.height / 2;
    };
    await expect.poll(async () => (await settleAll(app), shared()), { timeout: 5000 }).toBe(false);
    const notice = detail.closest<HTMLElement>('.notice')!.getBoundingClientRect();
    const text = detail.closest<HTMLElement>('.text')!.getBoundingClientRect();
    expect(text.top).toBeGreaterThanOrEqual(notice.top);
    expect(text.bottom).toBeLessThanOrEqual(notice.bottom);
  });
});

/** The burn notice's detail, once the board has drawn its notice band (a filtered run may ask before it has). */
async function burnDetail(app: KioskApp): Promise<HTMLElement> {
  await settleAll(app);
  const find = () =>
    app
      .shadowRoot!.querySelector('kiosk-notices:not([cover])')
      ?.shadowRoot?.querySelector<HTMLElement>('.notice[data-kind=burn] .detail') ?? null;
  await expect.poll(find, { timeout: 5000 }).not.toBeNull();
  return find()!;
}

/**
 * The disclaimer's Chinese breaks only between its clauses (after "。" and "，"): a bilingual 1080p board broke
 * "实时" (real time) as "应实 | 时显示", a portrait one "实际所 | 发牌张", and a Traditional 4K portrait one left "計算。"
 * alone on its last line. Its lines still fit the footer, which keeps their room.
 */
describe("the disclaimer's Chinese", () => {
  it.for([
    [1920, 1080, 'shoe-full'],
    [1080, 1920, 'shoe-full'],
    [1920, 1080, 'shoe-long-en-zh-hant'],
    [2160, 3840, 'shoe-full-zh-hant'],
    [1080, 1920, 'shoe-full-zh-hans'],
  ] as const)('%i×%i, %s: each clause on one line, every line shown', async ([w, h, fixture]) => {
    const app = await fixtureBoard(fixture, w, h);
    await settleAll(app);
    await expect.poll(() => app.shadowRoot!.querySelector('.footer .disclaimer')).not.toBeNull();
    const disclaimer = app.shadowRoot!.querySelector<HTMLElement>('.footer .disclaimer')!;
    const found = runLines(disclaimer, /[\u4e00-\u9fff][^。，]*[。，]/g);
    expect(found).toHaveLength(3);
    for (const f of found) expect(f).toMatch(/: 1 line$/);
    // Whole: no more than half a line past the footer's room (a line's glyphs reach a little below it anyway).
    const line = parseFloat(getComputedStyle(disclaimer).fontSize) * 1.12;
    expect(disclaimer.scrollHeight).toBeLessThanOrEqual(disclaimer.clientHeight + line / 2);
  });
});

/**
 * Where the disclaimer's Chinese starts a line of its own (a footer narrowed by what staff should know), it starts at
 * the line's start: the gap between the languages was a margin, and indented it. Tried at every width from a third of
 * the footer to all of it, in steps of 5 px.
 */
describe("the disclaimer's languages", () => {
  it.for([
    [1920, 1080],
    [3840, 2160],
  ] as const)('%i×%i: the Chinese after the English, or at a line start, never indented', async ([w, h]) => {
    await page.viewport(w, h);
    const spec = FIXTURES['shoe-full']!(Date.now());
    const view = { ...spec, signage: { ...spec.signage!, language: 'en+zh-Hans' as const } };
    const app = await board(new DemoKiosk(view), w, h);
    await settleAll(app);
    await expect.poll(() => app.shadowRoot!.querySelector('.footer .disclaimer .zh')).not.toBeNull();
    const disclaimer = app.shadowRoot!.querySelector<HTMLElement>('.footer .disclaimer')!;
    const [en, zh] = [disclaimer.querySelector('.en')!, disclaimer.querySelector('.zh')!];
    const range = document.createRange();
    range.setStart(zh.lastChild!, 0); // its first character, not the space before it
    range.setEnd(zh.lastChild!, 1);
    const full = disclaimer.getBoundingClientRect().width;
    const indented: string[] = [];
    let starts = 0;
    for (let width = Math.round(full / 3); width <= full; width += 5) {
      disclaimer.style.flex = `0 0 ${width}px`;
      const enLast = [...en.getClientRects()].at(-1)!;
      const first = range.getBoundingClientRect();
      if (first.top < enLast.bottom - enLast.height / 2) continue; // on the English's last line, after it
      starts++;
      const left = disclaimer.getBoundingClientRect().left;
      if (Math.abs(first.left - left) > 1) indented.push(`${width} px: by ${Math.round(first.left - left)} px`);
    }
    disclaimer.style.flex = '';
    expect(starts, 'widths where the Chinese starts a line').toBeGreaterThan(0);
    expect(indented).toEqual([]);
  });
});

/**
 * A notice's Chinese breaks between words and phrases, never inside one: a bilingual portrait board broke the new
 * shoe's "路单重新开始" as "路单重 | 新开始" ("afresh" split in two). Each run of Chinese characters stays on one line.
 */
describe("the notices' Chinese", () => {
  it.for([
    [1080, 1920, 'new-shoe'],
    [1920, 1080, 'new-shoe'],
    [1080, 1920, 'shuffle'],
    [1080, 1920, 'void-hand'],
  ] as const)('%i×%i, %s: each run of Chinese on one line', async ([w, h, fixture]) => {
    const app = await fixtureBoard(fixture, w, h);
    await settleAll(app);
    await expect.poll(() => app.shadowRoot!.querySelector('kiosk-notices:not([cover])')).not.toBeNull();
    const band = app.shadowRoot!.querySelector('kiosk-notices:not([cover])')!.shadowRoot!;
    const found = [...band.querySelectorAll('.detail')].flatMap((detail) => runLines(detail, /[\u4e00-\u9fff]+/g));
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(found.filter((f) => !f.endsWith(': 1 line'))).toEqual([]);
  });
});

/**
 * Staff warnings at the foot of the sign column take the lines it has: a 4K board cut its third warning at four lines
 * ("no casino pay scale is…") with two lines free under the fourth. Whatever is shown stays within the column.
 */
describe('staff warnings in the sign column', () => {
  it.for([
    [3840, 2160, true],
    [1920, 1080, false],
  ] as const)('%i×%i: each whole where the column has room (%s), all within it', async ([w, h, whole]) => {
    const app = await fixtureBoard('warnings', w, h);
    const staff = () => app.shadowRoot!.querySelector<HTMLElement>('kiosk-staff[fill]') ?? null;
    const report = () => {
      const host = staff();
      if (!host) return ['no staff words in the sign column'];
      const box = host.getBoundingClientRect();
      return [...host.shadowRoot!.querySelectorAll<HTMLElement>('.item')].flatMap((item) => {
        const r = item.getBoundingClientRect();
        const code = item.dataset['code'];
        return [
          ...(r.bottom > box.bottom + 1 ? [`${code}: past the column's foot`] : []),
          // Cut: more than half a line of it hidden (a clamped line's glyphs reach a little below its box anyway).
          ...(whole && item.scrollHeight > item.clientHeight + parseFloat(getComputedStyle(item).lineHeight) / 2
            ? [`${code}: cut (${item.scrollHeight} px of ${item.clientHeight})`]
            : []),
        ];
      });
    };
    await expect.poll(async () => (await settle(app), report()), { timeout: 5000 }).toEqual([]);
    expect(staff()!.shadowRoot!.querySelectorAll('.item').length).toBeGreaterThanOrEqual(3);
  });
});

/**
 * What staff should know breaks its Chinese between phrases, never inside a word: a bilingual 4K board's sign column
 * read "与牌桌不同 | 步：缺少一局" ("out of sync" split, "步" alone at the next line's start).
 */
describe("staff words' Chinese", () => {
  it.for([
    [3840, 2160, 'out-of-step'],
    [1920, 1080, 'out-of-step'],
    [1920, 1080, 'out-of-step-rejected'],
    [1080, 1920, 'out-of-step-message'],
  ] as const)('%i×%i, %s: each run of Chinese on one line', async ([w, h, fixture]) => {
    const app = await fixtureBoard(fixture, w, h);
    await settleAll(app);
    await expect
      .poll(() => app.shadowRoot!.querySelector('kiosk-staff')?.shadowRoot?.textContent ?? '')
      .toMatch(/[\u4e00-\u9fff]/);
    const found = [...app.shadowRoot!.querySelectorAll('kiosk-staff')].flatMap((staff) =>
      runLines(staff.shadowRoot!, /[\u4e00-\u9fff]+/g),
    );
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(found.filter((f) => !f.endsWith(': 1 line'))).toEqual([]);
  });
});

/**
 * Two notices share the band, each half its width, and the band's height never changes: a bilingual board with the
 * last coup dealt beside a corrected result (a dealer's undo of the last coup) drew the last coup's headline over
 * its frame and its Chinese under it, and a portrait one ran both off the screen. Each says itself briefly then
 * ("Last coup", "Hand 7 was the last hand"), all within its frame; alone, a notice says everything.
 */
describe('notices side by side', () => {
  const pairs: Record<string, Notice[]> = {
    'last coup dealt, corrected': [
      { kind: 'lastCoup', lastCoupCase: 'b', hand: 7, dealt: true, since: NOW },
      { kind: 'corrected', hand: 7, by: DEALER_UNDO_BY, since: NOW },
    ],
    // Three: two shown, the third in turn (notice-turns.ts).
    'last coup, corrected, no bets': [
      { kind: 'lastCoup', lastCoupCase: 'b', hand: 65, since: NOW },
      { kind: 'corrected', hand: 60, by: DEALER_UNDO_BY, since: NOW },
      { kind: 'noBetsThisHand', hand: 64, reason: 'first-card-face-up', since: NOW },
    ],
    'last coup, round void': [
      { kind: 'lastCoup', lastCoupCase: 'b', hand: 7, since: NOW },
      { kind: 'roundVoid', hand: 6, reason: 'cannot-reconstruct', since: NOW },
    ],
  };
  /** What runs past its notice's frame (half a line's leeway: glyphs reach a little past their box). */
  const outside = (band: ShadowRoot) =>
    [...band.querySelectorAll<HTMLElement>('.notice')].flatMap((notice) => {
      const box = notice.getBoundingClientRect();
      const text = notice.querySelector<HTMLElement>('.text')!;
      const r = text.getBoundingClientRect();
      const line = parseFloat(getComputedStyle(text.querySelector('.detail')!).fontSize) * 0.5;
      const kind = notice.dataset['kind'];
      return [
        ...(r.top < box.top || r.bottom > box.bottom ? [`${kind}: past its frame`] : []),
        ...(text.scrollHeight > text.clientHeight + line
          ? [`${kind}: cut (${text.scrollHeight} of ${text.clientHeight})`]
          : []),
      ];
    });
  it.for([
    [1920, 1080, 'en+zh-Hans', 'last coup dealt, corrected'],
    [1080, 1920, 'en+zh-Hans', 'last coup dealt, corrected'],
    [1080, 1920, 'en+zh-Hant', 'last coup, round void'],
    [1920, 1080, 'en', 'last coup, round void'],
    [2160, 3840, 'en+zh-Hant', 'last coup dealt, corrected'],
    [1920, 1080, 'en+zh-Hans', 'last coup, corrected, no bets'],
    [1080, 1920, 'en+zh-Hant', 'last coup, corrected, no bets'],
  ] as const)('%i×%i, %s, %s: each within its frame', async ([w, h, language, pair]) => {
    await page.viewport(w, h);
    const spec = FIXTURES['shoe-full']!(Date.now());
    const view = { ...spec, signage: { ...spec.signage!, language }, notices: pairs[pair]! };
    const app = await board(new DemoKiosk(view), w, h);
    const band = () => app.shadowRoot!.querySelector('kiosk-notices:not([cover])')?.shadowRoot ?? null;
    await expect.poll(() => band()?.querySelectorAll('.notice').length ?? 0).toBe(2);
    await expect.poll(async () => (await settleAll(app), outside(band()!)), { timeout: 5000 }).toEqual([]);
  });

  // A patron review found the Chinese line of a stacked notice at its frame: its line box is, by 3 px (6 at 4K), but its
  // glyphs' ink is 4 px clear of it (6.5 at 4K), and 5.6 px under its top (10.9). Kept so: at least 1 px a 1080p.
  it.for([
    [1920, 1080],
    [1080, 1920],
    [3840, 2160],
  ] as const)(
    '%i×%i: a notice alone, each language on its own line, keeps its words clear of its frame',
    async ([w, h]) => {
      await page.viewport(w, h);
      const spec = FIXTURES['shoe-full']!(Date.now());
      const notices: Notice[] = [{ kind: 'lastCoup', lastCoupCase: 'b', hand: 80, since: NOW }];
      const app = await board(
        new DemoKiosk({ ...spec, signage: { ...spec.signage!, language: 'en+zh-Hant' }, notices }),
        w,
        h,
      );
      await settleAll(app);
      const band = app.shadowRoot!.querySelector('kiosk-notices:not([cover])')!.shadowRoot!;
      const notice = band.querySelector<HTMLElement>('.notice')!;
      expect(notice.hasAttribute('stacked'), 'each language on its own line').toBe(true);
      const frame = notice.getBoundingClientRect();
      const border = parseFloat(getComputedStyle(notice).borderBottomWidth);
      // The glyphs' ink, top and bottom (canvas metrics of the text in its own font, from its line's baseline): the
      // first line's, the headline's two languages, and the last's, the detail's Chinese.
      const ink = (el: Element) => {
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = getComputedStyle(el).font;
        const m = context.measureText(el.textContent!.trim());
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = [...range.getClientRects()].filter((r) => r.height > 0);
        const baseline = (r: DOMRect) => r.bottom - m.fontBoundingBoxDescent;
        return {
          top: baseline(lines[0]!) - m.actualBoundingBoxAscent,
          bottom: baseline(lines.at(-1)!) + m.actualBoundingBoxDescent,
        };
      };
      const first = [...notice.querySelectorAll('.headline .en, .headline .zh')].map(ink);
      const last = ink(notice.querySelector('.detail .zh')!);
      expect(first).toHaveLength(2);
      const top = Math.min(...first.map((i) => i.top)) - (frame.top + border);
      const bottom = frame.bottom - border - last.bottom;
      expect(top, 'room above the first line, px').toBeGreaterThanOrEqual(w / 1920);
      expect(bottom, 'room under the last line, px').toBeGreaterThanOrEqual(w / 1920);
    },
  );

  it('says a notice in full when it has the band to itself', async () => {
    await page.viewport(1080, 1920);
    const spec = FIXTURES['shoe-full']!(Date.now());
    const view = {
      ...spec,
      signage: { ...spec.signage!, language: 'en+zh-Hans' as const },
      notices: [pairs['last coup dealt, corrected']![0]!],
    };
    const app = await board(new DemoKiosk(view), 1080, 1920);
    await settleAll(app);
    const band = app.shadowRoot!.querySelector('kiosk-notices:not([cover])')!.shadowRoot!;
    const notice = band.querySelector<HTMLElement>('.notice')!;
    expect(notice.hasAttribute('brief')).toBe(false);
    expect(notice.textContent).toContain('Last coup dealt — no further hands');
    expect(outside(band)).toEqual([]);
  });
});
