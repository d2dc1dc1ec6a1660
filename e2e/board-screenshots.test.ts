/**
 * The whole board in Chromium, as patrons see it: every fixture of `test/fixtures/views` in demo mode
 * (`dist/renderer/index.html?demo=<fixture>` from a static server on 127.0.0.1), landscape and portrait, 1080p and
 * 4K. Checks the DOM (composed through shadow roots): nothing outside the viewport or its panel, no two panels
 * overlapping, no patron-facing text smaller than 2.6% of the screen's short side (28 px at 1080p: what reads from
 * 3 m; staff's 2.2%), no clipped text, and the texts each state must show (and never a reason code); a board out
 * of step, or showing notices, has moved nothing. Saves PNGs to test/output/screens/ (gitignored) to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, type ExpectStatic, it } from 'vitest';
import { ROUND_VOID_REASONS } from '../contract/schemas/event';
import { VOID_HAND_REASONS } from '../contract/schemas/hand';
import { STAFF_WARNING_CODES } from '../contract/schemas/status';
import { type RendererInChromium, rendererInChromium } from '../test/helpers/renderer-server';

/** The demo page's hooks (renderer/demo-kiosk.ts), as this file uses them. */
type DemoWindow = Window & {
  __kioskDemo?: { settle(): Promise<void>; push(view: unknown): void };
  __kioskFixtures?: Record<string, () => { seq: number; connection: { state: string }; notices: unknown[] }>;
};

const ROOT = new URL('..', import.meta.url).pathname;
const SCREENS = join(ROOT, 'test', 'output', 'screens');
const SIZES: [number, number][] = [
  [1920, 1080],
  [1080, 1920],
  [3840, 2160],
  [2160, 3840],
];
/**
 * At 4K every size is in container units, so the board is the 1080p one scaled ×2: a representative subset
 * (every language, the densest signs, the overlays) keeps the file fast (a 4K PNG costs about a second).
 */
const AT_4K = [
  'bilingual',
  'pair-kinds',
  'zh-hant',
  'full-side-bets',
  'every-sign',
  'shoe-record',
  'last-hand',
  'connection-lost',
  'table-closed',
  'shoe-early',
  'shoe-mid',
  'shoe-full',
  'shoe-long',
  'shoe-full-zh-hant',
  'shoe-long-colour-blind',
];

/**
 * What staff read in full on a landscape board. A portrait board says it in a few words in its header, beside the
 * table's name (PORTRAIT_STAFF); the about overlay says the rest.
 */
const staff = (text: string) => `staff:${text}`;
const PORTRAIT_STAFF: Readonly<Record<string, string>> = {
  'out-of-step': 'Out of step · 与牌桌不同步',
  'out-of-step-message': 'Out of step · 与牌桌不同步',
  'out-of-step-rejected': '與牌桌不同步',
  'out-of-step-conflict': 'Out of step',
  'pp-unpublished': '1 warning', // a count, in English on a bilingual board: the corner has room for one language
  warnings: '4 warnings',
};

/** Fixtures and the texts each must show (English source or its translation, as the fixture's language). */
const FIXTURES: Record<string, readonly string[]> = {
  'long-dragon': ['Big Road', 'Bead Plate', 'Big Eye Boy', 'Small Road', 'Cockroach Pig', 'Hand 41'],
  'leading-ties': ['Big Road', '大路', '珠盤路'],
  'many-ties': ['Tie', 'UR Way Égalité', '3 gives 8', '9 to 1'],
  pairs: ['Perfect Pairs', 'Pay Scale Two', 'Banker pair', 'Player pair'],
  // Issue 13: Perfect Pairs offered: the kind of each pair; a no-commission table counts the Banker wins with 6.
  'pair-kinds': ['No more bets', '停止下注', 'Super 6', '超级六', 'Streak', '连胜', 'Longest', '最长'],
  'last-hand': ['Last hand · Last coup', '最后一局', 'Cut card out — one more hand, then the shoe ends'],
  'cut-card-withdrawn': [
    'Cut card withdrawn',
    '切牌卡已撤回',
    'Not the last coup: the shoe goes on',
    '并非最后一局：本靴继续',
  ],
  'void-hand': ['No bets this hand', '此局不设投注', 'The first card was face up', '首张牌正面朝上'],
  'modified-odds': ['Banker wins with 6 pays 1 to 2', 'Minimum', 'HK$50,000', 'Max differential', 'Tie max'],
  'zh-hant': ['大路', '曱甴路', '最低', '最高', '1 賠 1', '問路', '完美對子', '和局最高'],
  bilingual: ['Banker wins with 6 pays 1 to 2', '莊家以 6 點勝出 1 賠 0.5', 'Ask roads', '問路'],
  'connection-lost': ['Connection lost — showing results up to', '(12 min ago)', '连接中断'],
  'table-closed': ['Table closed', '暂停营业'],
  'colour-blind': ['Big Road', 'Ask roads'],
  'new-shoe': ['New shoe', 'Burn', '1 face up + 10 face down'],
  'full-side-bets': [
    'Perfect Pairs',
    'UR Way Égalité',
    '3 gives 8',
    'Minimum raised to HK$1,000 after 22:00',
    // Issue 13: each side bet's limits beside it (rule 11A.4).
    '$100 – 5,000', // in the currency: bare, they read as pays
    '$50 – 2,500',
    '$50 – 1,000',
  ],
  // The fullest sign column (no commission, every side bet and its limits, a bilingual message): every pay whole.
  'every-sign': [
    'Banker wins with 6 pays 1 to 2',
    'UR Way Égalité',
    '$50 – 2,500',
    'Max differential',
    'Super 6',
    'Tonight only: the minimum bet',
  ],
  // Issue 13: a real 8-deck shoe early, mid-shoe, complete (79 hands), and a long one (100 hands, scrolled). The hand
  // number is the shoe's progress in hands ("79 hands" beside it is said only when void hands leave the count short).
  'shoe-early': ['Big Road', 'Hand 局数 12'],
  'shoe-mid': ['Big Road', 'Hand 局数 40', 'Bets open', '请下注', 'Streak', 'Longest'],
  'shoe-full': ['Big Road', 'Big Eye Boy', 'Small Road', 'Cockroach Pig', 'Hand 局数 79', 'Tie max', 'Pair max'],
  'shoe-long': ['Big Road', 'Hand 局数 100'],
  // A portrait header's first row has the table's name and the round's phase: the casino's name gives way to its logo.
  'long-names': ['wide:Harbour Casino', 'Salon Privé 18', 'Max differential'],
  'shoe-full-en': ['Big Road', 'Bead Plate', 'Cockroach Pig', 'Hand 79', 'Perfect Pairs'],
  'shoe-full-zh-hans': ['大路', '珠盘路', '小强路', '79'],
  'shoe-full-zh-hant': ['大路', '珠盤路', '曱甴路', '完美對子'],
  'shoe-long-en-zh-hant': ['Big Road', '大路', 'Hand 局數 100', 'Banker wins with 6 pays 1 to 2', '莊家以 6 點勝出'],
  'shoe-long-colour-blind': ['Big Road', 'Hand 局数 100'],
  // Issue 14: a shoe over, its record's digest and QR code over the statistics (which keep their room).
  'shoe-record': ["Scan to check this shoe's record", '扫码核对本靴记录', '3f9a0c21 d47be5a8 190c6fd2 e85b7a43'],
  // Closed after the shoe's end: the record on the veil, where its QR code can be scanned.
  'table-closed-record': ['Table closed', '暂停营业', "Scan to check this shoe's record", '3f9a0c21 d47be5a8'],
  // Issue 12: out of step (patrons: the roads subdued and one calm line; staff, in words: what, how long, why), warnings,
  // Perfect Pairs without a published scale, pay table changes signed ahead, numbers that agree.
  'out-of-step': [
    'Updating results',
    '路单更新中',
    staff('Out of step: a hand missing · 与牌桌不同步：缺少一局'),
    staff('hand 66 arrived but hand 65 is next'),
  ],
  'out-of-step-message': [
    'Updating results',
    'Welcome — free-flow refreshments at the bar',
    staff('Out of step: a hand missing'),
  ],
  'out-of-step-rejected': ['路單更新中', staff('與牌桌不同步：一條訊息被拒'), staff('hand 21 refused')],
  'out-of-step-conflict': ['Updating results', staff('Out of step: the table disagrees')],
  'pp-unpublished': [
    'Perfect Pairs',
    'Pay scale not published',
    '赔率表未公布',
    staff('Perfect Pairs pay scale missing'),
  ],
  warnings: [
    staff('Older table sign ignored'),
    // All four, in the room the sign column leaves below its pays (a column without side bets is narrow: up to four
    // lines each); before that room was theirs, two were shown and two counted ("+2 more").
    staff('table sign revision 3 arrived after revision 4'),
    staff('Older casino sign ignored'),
    staff('Perfect Pairs pay scale missing'),
    staff('table sign revision 2 arrived'),
  ],
  'scheduled-hand': ['From hand 31', 'Banker wins with 6 pays 1 to 2', '第 31 局起', '庄家以 6 点胜出 1 赔 0.5'],
  'scheduled-next-shoe': ['From the next shoe', '下一牌靴起', '莊家以 6 點勝出 1 賠 0.5'],
  'scheduled-commission': ['下一牌靴起', '庄赢 1 赔 1，抽佣 5%', '庄家以 6 点胜出 1 赔 0.5'],
  'void-hands-numbered': ['Hand 21', '18 hands + 3 void', 'Shoe 3'],
  'void-hand-after': [
    'Hand 局數 22',
    '20 hands + 2 void',
    '20 局 + 2 局無效',
    'A third card dealt in error',
    '誤發第三張牌',
  ],
  // A void hand or round for every reason code of the contract: words in the board's language, never the code.
  ...Object.fromEntries([...VOID_HAND_REASONS, ...ROUND_VOID_REASONS].map((code) => [`void-${code}`, []])),
};

/**
 * Words that must not show: the contract's reason codes (patrons read them translated), and its staff warnings'
 * codes (staff read them in words too: found by hand, "results-unverified — …" in a landscape board's sign column).
 */
const CODES: readonly string[] = [...VOID_HAND_REASONS, ...ROUND_VOID_REASONS, ...STAFF_WARNING_CODES];

/**
 * Out of step must move nothing: the board is first shown in step (the same view without `outOfStep`), then out of
 * step, and the roads' and panels' boxes must not have moved.
 */
const STILL_OUT_OF_STEP = ['out-of-step', 'out-of-step-message', 'out-of-step-rejected', 'out-of-step-conflict'];

/**
 * Neither must a notice (issue 13: a fixed band): the board is first shown without notices and connected, then with
 * them, and the roads' and panels' boxes must not have moved.
 */
const STILL_NOTICES = [
  'last-hand',
  'last-hand-a',
  'void-hand',
  'new-shoe',
  'connection-lost',
  'shuffle',
  'corrected',
  'round-void',
];

let board: RendererInChromium | undefined;
let base = '';
let browser: Browser;
const pages = new Map<string, Page>();

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  board = await rendererInChromium();
  ({ base, browser } = board);
}, 60_000);

afterAll(() => board?.close());

const errors: string[] = [];

/** One page per screen size, loaded once in demo mode; each fixture is then pushed to it as a host would. */
async function pageFor(width: number, height: number): Promise<Page> {
  const key = `${width}x${height}`;
  let page = pages.get(key);
  if (!page) {
    page = await browser.newPage({ viewport: { width, height }, reducedMotion: 'reduce' });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/index.html?demo=typical&askBlink=0`);
    await page.waitForFunction(() => (window as DemoWindow).__kioskDemo !== undefined);
    pages.set(key, page);
  }
  return page;
}

let seq = 1_000_000;

/** What the checks need from the page, measured inside it (composed tree: shadow roots included). */
interface Report {
  readonly text: string;
  readonly outside: string[]; // elements beyond the viewport
  readonly outOfPanel: string[]; // elements beyond the panel they are in
  readonly overlaps: string[]; // pairs of top-level panels that overlap
  readonly cut: string[]; // panels beyond their column (which hides what overflows it)
  readonly smallText: string[]; // text smaller than the minimum
  readonly clipped: string[]; // text cut off by its box
  readonly fontsReady: boolean;
}

function measure([minPx, staffPx]: readonly [number, number]): Report {
  const W = innerWidth;
  const H = innerHeight;
  const app = document.querySelector('kiosk-app')!;
  const all: Element[] = [];
  const walk = (root: Element | ShadowRoot) => {
    for (const el of root.children) {
      all.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
      walk(el);
    }
  };
  walk(app.shadowRoot!);
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('class') ? `.${el.getAttribute('class')!.trim().split(/\s+/).join('.')}` : ''}`;
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0;
  };
  const inSvg = (el: Element) => el instanceof SVGElement && !(el instanceof SVGSVGElement);
  const overlay = (el: Element) =>
    !!el.closest('kiosk-identify, kiosk-notices[cover]') || el.matches('kiosk-identify, kiosk-notices[cover]');
  const composedParent = (el: Element): Element | null =>
    el.parentElement ?? ((el.parentNode as ShadowRoot | null)?.host as Element | undefined) ?? null;
  const panelOf = (el: Element): Element | null => {
    for (let p = composedParent(el); p; p = composedParent(p))
      if (p.matches('.panel, header.header, footer.footer')) return p;
    return null;
  };
  /**
   * The part of `el`'s box that can show: cut by every box between it and `panel` that clips what overflows it (a
   * line-clamped item's inline text runs on, hidden, past its last line); null when none of it can.
   */
  const clippedBox = (el: Element, panel: Element) => {
    const r = el.getBoundingClientRect();
    let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
    for (let a = composedParent(el); a && a !== panel; a = composedParent(a)) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (s.overflowX !== 'visible') [left, right] = [Math.max(left, b.left), Math.min(right, b.right)];
      if (s.overflowY !== 'visible') [top, bottom] = [Math.max(top, b.top), Math.min(bottom, b.bottom)];
    }
    return right > left && bottom > top ? { left, top, right, bottom } : null;
  };
  const visible = all.filter((el) => !inSvg(el) && !overlay(el) && shown(el));
  const outside: string[] = [];
  const outOfPanel: string[] = [];
  const smallText: string[] = [];
  const clipped: string[] = [];
  for (const el of visible) {
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1)
      outside.push(`${name(el)} ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
    const panel = panelOf(el);
    if (panel) {
      const p = panel.getBoundingClientRect();
      const c = clippedBox(el, panel);
      if (c && (c.left < p.left - 1 || c.top < p.top - 1 || c.right > p.right + 1 || c.bottom > p.bottom + 1))
        outOfPanel.push(`${name(el)} in ${name(panel)}`);
    }
    const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim() !== '');
    if (ownText) {
      const size = parseFloat(getComputedStyle(el).fontSize);
      const staff = !!el.closest('kiosk-staff') || (el.getRootNode() as ShadowRoot).host?.localName === 'kiosk-staff';
      if (size < (staff ? staffPx : minPx))
        smallText.push(`${name(el)} "${el.textContent!.trim().slice(0, 30)}" ${size.toFixed(1)}px`);
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
        clipped.push(`${name(el)} "${el.textContent!.trim().slice(0, 30)}"`);
    }
  }
  const top = visible.filter((el) => el.matches('.panel, header.header, footer.footer'));
  const overlaps: string[] = [];
  for (let i = 0; i < top.length; i++) {
    for (let j = i + 1; j < top.length; j++) {
      const a = top[i]!.getBoundingClientRect();
      const b = top[j]!.getBoundingClientRect();
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1 && !top[i]!.contains(top[j]!) && !top[j]!.contains(top[i]!))
        overlaps.push(`${name(top[i]!)} × ${name(top[j]!)}`);
    }
  }
  const cut: string[] = [];
  for (const el of top) {
    const column = el.parentElement;
    if (!column?.matches('.column, .main')) continue;
    const r = el.getBoundingClientRect();
    const c = column.getBoundingClientRect();
    if (r.left < c.left - 1 || r.top < c.top - 1 || r.right > c.right + 1 || r.bottom > c.bottom + 1)
      cut.push(`${name(el)} ${Math.round(r.bottom - c.bottom)}px beyond ${name(column)}`);
  }
  let text = '';
  const texts = (root: Node) => {
    for (const n of root.childNodes) {
      if (n.nodeType === 3) text += `${n.textContent} `;
      else if (n instanceof Element) {
        if (n.shadowRoot) texts(n.shadowRoot);
        texts(n);
      }
    }
  };
  texts(app.shadowRoot!);
  return {
    text: text.replace(/\s+/g, ' '),
    outside,
    outOfPanel,
    overlaps,
    cut,
    smallText,
    clipped,
    // No network fonts: any loaded Noto face is one of ours (dist/renderer/fonts).
    fontsReady: ['Noto Sans', 'Noto Sans SC'].every((family) =>
      [...document.fonts].some((f) => f.family.replace(/"/g, '') === family && f.status === 'loaded'),
    ),
  };
}

/** Pushes a fixture (`calm`: without its out-of-step, notices and lost connection) and waits until it is drawn. */
async function show(page: Page, fixture: string, calm = false): Promise<void> {
  await page.evaluate(
    async ([name, n, calm]) => {
      const view = (window as DemoWindow).__kioskFixtures![name]!();
      const quiet = { outOfStep: null, notices: [], connection: { ...view.connection, state: 'connected' } };
      (window as DemoWindow).__kioskDemo!.push({ ...view, ...(calm ? quiet : {}), seq: n });
      await (window as DemoWindow).__kioskDemo!.settle();
      await (window as DemoWindow).__kioskDemo!.settle(); // a new language renders once its messages are in
      await document.fonts.ready;
    },
    [fixture, ++seq, calm] as const,
  );
}

/** The boxes of the board's areas and panels, rounded to the pixel. */
function boxes(): string[] {
  const root = document.querySelector('kiosk-app')!.shadowRoot!;
  return [...root.querySelectorAll('.main, .roads, .panel, header.header, footer.footer')].map((el) => {
    const r = el.getBoundingClientRect();
    const label = el
      .getAttribute('class')!
      .replace(/\b(noticed|busy)\b/g, '')
      .trim(); // the state, not the place
    return `${label}: ${[r.left, r.top, r.width, r.height].map(Math.round).join(' ')}`;
  });
}

/** Loads (or pushes) one fixture at one size, measures it, saves the PNG; softly checks everything. */
async function check(
  expect: ExpectStatic,
  page: Page,
  [width, height]: readonly [number, number],
  fixture: string,
  texts: readonly string[],
): Promise<void> {
  const still = STILL_OUT_OF_STEP.includes(fixture) || STILL_NOTICES.includes(fixture);
  let inStep: string[] = [];
  if (still) {
    await show(page, fixture, true);
    inStep = await page.evaluate(boxes);
  }
  await show(page, fixture);
  // Patrons see a spell once it has lasted a moment, and never sooner than that after the last one ended.
  if (STILL_OUT_OF_STEP.includes(fixture)) await page.waitForTimeout(1_300).then(() => show(page, fixture));
  // Patrons read from 3 m: 2.6% of the short side (28 px at 1080p); what staff read close up, 2.2% (1% leeway).
  const minPx = Math.min(width, height) * 0.026 * 0.99;
  const staffPx = Math.min(width, height) * 0.022 * 0.99;
  const report = await page.evaluate(measure, [minPx, staffPx] as const);
  await page.screenshot({ path: join(SCREENS, `${fixture}-${width}x${height}.png`), animations: 'disabled' });
  const at = `${fixture} at ${width}×${height}`;
  expect.soft(report.fontsReady, `${at}: bundled fonts in use`).toBe(true);
  expect.soft(report.outside, `${at}: outside the viewport`).toEqual([]);
  expect.soft(report.overlaps, `${at}: overlapping panels`).toEqual([]);
  expect.soft(report.cut, `${at}: panels cut by their column`).toEqual([]);
  expect.soft(report.outOfPanel, `${at}: outside their panel`).toEqual([]);
  expect.soft(report.smallText, `${at}: text under ${minPx.toFixed(1)}px (staff ${staffPx.toFixed(1)}px)`).toEqual([]);
  expect.soft(report.clipped, `${at}: clipped text`).toEqual([]);
  const portrait = height > width;
  for (const t of texts) {
    if (/^(staff|wide):/.test(t) && portrait) continue;
    const text = t.replace(/^(staff|wide):/, '');
    expect.soft(report.text, `${at}: "${text}"`).toContain(text);
  }
  const few = PORTRAIT_STAFF[fixture];
  if (portrait && few !== undefined) expect.soft(report.text, `${at}: staff, in a few words`).toContain(few);
  for (const code of CODES) expect.soft(report.text, `${at}: the code "${code}" shown`).not.toContain(` ${code}`);
  if (still) {
    if (STILL_OUT_OF_STEP.includes(fixture))
      expect
        .soft(await page.evaluate(() => document.querySelector<HTMLElement>('kiosk-app')!.dataset['outOfStep']))
        .toBeTruthy();
    expect.soft(await page.evaluate(boxes), `${at}: moved by its notices or out-of-step`).toEqual(inStep);
  }
}

// One page per screen size, the sizes side by side; within a size the fixtures follow one another on one page.
describe.concurrent('board screenshots', () => {
  it.for(SIZES)(
    '%i×%i: every fixture fits, reads and says what it must',
    { timeout: 240_000 }, // ~45 fixtures a size on two cores shared with the other sizes
    async ([width, height], { expect }) => {
      const page = await pageFor(width, height);
      const fixtures = Object.entries(FIXTURES).filter(
        ([name]) => Math.min(width, height) < 2000 || AT_4K.includes(name),
      );
      for (const [fixture, texts] of fixtures) await check(expect, page, [width, height], fixture, texts);
      expect(errors, 'page errors').toEqual([]);
    },
  );
});
