/**
 * Nothing moves while a shoe is dealt (issue 13), measured in real Chromium: a long shoe (100 hands, three-digit
 * hand numbers at its end) is dealt into the board hand by hand, and after every hand each panel must stand where
 * it stood before the first: the roads, the statistics, the last hand, the signs, the footer and the pit message.
 * Counts growing from one digit to two or three, a streak's line, a Super 6 count: none may move anything patrons
 * read. And nothing is cut: everything the statistics say (the pairs, naturals and streaks; the Super 6 count at a
 * no-commission table) lies inside their panel, and neither the last hand nor the signs overflow theirs, in every
 * language, both ways, with a pit message short or long.
 */
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableView } from '../contract/kiosk';
import { type charsShown, LINES_SHOWN_SCRIPT, type linesShown } from '../test/helpers/lines-shown';
import { type RendererInChromium, rendererInChromium } from '../test/helpers/renderer-server';

type DemoWindow = Window & {
  __kioskDemo?: { settle(): Promise<void>; push(view: unknown): void };
  __kioskFixtures?: Record<string, () => TableView>;
  __linesShown?: typeof linesShown; // LINES_SHOWN_SCRIPT
  __charsShown?: typeof charsShown; // LINES_SHOWN_SCRIPT
};

/** A board to deal a shoe into. */
interface Case {
  readonly name: string;
  // shoe-long-en-zh-hant: modified odds, so a Super 6 count; full-side-bets: every side bet and its limits (57 hands)
  readonly fixture: 'shoe-long' | 'shoe-long-en-zh-hant' | 'full-side-bets';
  readonly language: 'en' | 'zh-Hans' | 'zh-Hant' | 'en+zh-Hans' | 'en+zh-Hant';
  readonly message?: string; // at the sign column's foot
  readonly voided?: readonly number[]; // hands declared void after their result: counted, never on the roads
}

const CASES: readonly Case[] = [
  { name: 'bilingual', fixture: 'shoe-long', language: 'en+zh-Hans' },
  {
    name: 'bilingual, a short pit message',
    fixture: 'shoe-long',
    language: 'en+zh-Hans',
    message: 'Welcome — free-flow refreshments at the bar',
  },
  {
    name: 'bilingual, a long pit message',
    fixture: 'shoe-long',
    language: 'en+zh-Hans',
    message:
      'Welcome to the VIP room — free-flow refreshments are served at the bar all night. 欢迎光临贵宾厅，酒吧整晚免费供应饮品。',
  },
  {
    name: 'English, a short pit message, Super 6',
    fixture: 'shoe-long-en-zh-hant',
    language: 'en',
    message: 'Minimum raised after 22:00',
  },
  {
    name: 'Traditional Chinese, a short pit message, Super 6',
    fixture: 'shoe-long-en-zh-hant',
    language: 'zh-Hant',
    message: '歡迎光臨，請享用免費飲品',
  },
  {
    name: 'bilingual Traditional, a short pit message, Super 6',
    fixture: 'shoe-long-en-zh-hant',
    language: 'en+zh-Hant',
    message: 'Welcome 歡迎光臨',
  },
  {
    name: 'the longest pit message a sign may carry (280 characters)',
    fixture: 'shoe-long',
    language: 'en+zh-Hans',
    message:
      'Welcome to the VIP room. Free-flow refreshments are served at the bar all night. Minimum raised to HK$1,000 after 22:00. Please ask the pit boss for a seat at the next table. Welcome to the VIP room. Free-flow refreshments are served at the bar all night. Minimum raised to HK$1,000 aft',
  },
  {
    name: 'every side bet with its limits, a pit message',
    fixture: 'full-side-bets',
    language: 'en+zh-Hans',
    message: 'Minimum raised to HK$1,000 after 22:00',
  },
  { name: 'Simplified Chinese', fixture: 'shoe-long', language: 'zh-Hans' },
  {
    name: 'bilingual Traditional, hands declared void (the count says "+ 2 void")',
    fixture: 'shoe-long',
    language: 'en+zh-Hant',
    voided: [20, 61],
  },
];

const SCREENS = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;

let board: RendererInChromium | undefined;
let browser: Browser;

beforeAll(async () => {
  board = await rendererInChromium();
  browser = board.browser;
}, 60_000);

afterAll(() => board?.close());

/** Where each panel stands, and what of the statistics is cut off, after each hand of the shoe (hand 0: none). */
interface Dealt {
  readonly places: { readonly hand: number; readonly rects: Record<string, string> }[];
  readonly hidden: { readonly hand: number; readonly what: string }[];
  readonly extras: string[]; // the kinds of the statistics' extra items shown at the end
  readonly clamped: boolean; // the pit message cut to the lines it has room for
  readonly voids: string; // the void count the statistics give at the end (their data-void)
}

async function deal(page: Page, c: Case, seq: number): Promise<Dealt> {
  await page.evaluate(LINES_SHOWN_SCRIPT);
  return page.evaluate(
    async ({ c, seq }) => {
      const w = window as DemoWindow;
      const whole = w.__kioskFixtures![c.fixture]!();
      const signage = { ...whole.signage!, language: c.language, ...(c.message ? { message: c.message } : {}) };
      const voided = new Set(c.voided ?? []);
      const rounds = whole.shoe!.rounds.map((r) =>
        voided.has(r.no) ? { ...r, voided: { reason: 'cannot-reconstruct', at: new Date().toISOString() } } : r,
      );
      const root = document.querySelector('kiosk-app')!.shadowRoot!;
      const stats = () => root.querySelector('kiosk-stats')!.shadowRoot!;
      const PANELS: Record<string, string> = {
        big: '.panel.road.big',
        bead: '.panel.road.bead',
        derived: '.panel.road.derived',
        stats: '.panel.stats',
        lastHand: '.panel.last-hand',
        signs: '.panel.signs',
        footer: '.footer',
        message: '.message', // at the sign column's foot, or in the footer where the signs leave no room
      };
      const places: Dealt['places'] = [];
      const hidden: Dealt['hidden'] = [];
      for (let n = 0; n <= rounds.length; n++) {
        w.__kioskDemo!.push({
          ...whole,
          signage,
          seq: seq + n,
          shoe: { ...whole.shoe!, id: `steady-${seq}`, rounds: rounds.slice(0, n) },
          change: n === 0 ? { kind: 'reset' } : { kind: 'hand', hand: n },
        });
        await w.__kioskDemo!.settle();
        if (n === 0) await document.fonts.ready;
        const rects: Record<string, string> = {};
        for (const [name, sel] of Object.entries(PANELS)) {
          const el = root.querySelector(sel);
          if (!el) continue;
          const r = el.getBoundingClientRect();
          rects[name] = [r.left, r.top, r.width, r.height].map((x) => Math.round(x)).join(' '); // whole pixels
        }
        places.push({ hand: n, rects });
        // Everything the statistics say lies inside their panel, and the panel and its text are not cut.
        const panel = root.querySelector<HTMLElement>('.panel.stats')!;
        const box = panel.getBoundingClientRect();
        if (panel.scrollHeight > panel.clientHeight + 1) hidden.push({ hand: n, what: 'the statistics overflow' });
        for (const el of stats().querySelectorAll<HTMLElement>('.head, .rows, .extra')) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.right > box.right + 0.5)
            hidden.push({ hand: n, what: `${el.className} ${el.dataset['kind'] ?? ''}`.trim() });
        }
        // The last hand's sides: their names, verdicts and points clear of their cards.
        const last = root.querySelector('kiosk-last-hand')!.shadowRoot!;
        for (const side of last.querySelectorAll('.side')) {
          const cards = side.querySelector('.cards')?.getBoundingClientRect();
          for (const el of side.querySelectorAll('.side-head > *, .badges > *')) {
            const r = el.getBoundingClientRect();
            if (
              cards &&
              cards.width > 0 &&
              r.right > cards.left + 0.5 &&
              r.left < cards.right &&
              r.bottom > cards.top &&
              r.top < cards.bottom
            )
              hidden.push({ hand: n, what: `the last hand's ${el.className} under its cards` });
          }
        }
        // A message longer than its room is cut to whole lines with an ellipsis (.clamped), never overflowing.
        for (const sel of ['.panel.signs', '.panel.last-hand']) {
          const p = root.querySelector<HTMLElement>(sel);
          if (p && p.scrollHeight > p.clientHeight + 1) hidden.push({ hand: n, what: `${sel} overflows` });
        }
        // ...and shows those lines whole, its ellipsis on the last: the column never squeezes it into fewer, cut
        // through mid-line (from the text's line boxes: Latin and CJK lines differ in height).
        const clampedMessage = root.querySelector<HTMLElement>('.panel.signs > .message.clamped');
        if (clampedMessage) {
          const { whole, partial } = w.__linesShown!(clampedMessage);
          const cutThrough = partial > 0;
          const told = Number(clampedMessage.style.getPropertyValue('--lines'));
          if (whole !== told || cutThrough)
            hidden.push({
              hand: n,
              what: `the message, cut to ${told} lines, shows ${whole}${cutThrough ? ' and part of one' : ''}`,
            });
        }
        // One not cut shows whole, to its last character (by its line boxes: its glyphs' boxes run past its 1.12 em
        // lines, Noto Sans's being 1.36 em, so its own box always overflows a little).
        const wholeMessage = root.querySelector<HTMLElement>('.panel.signs > .message:not(.clamped)');
        const characters = wholeMessage?.textContent?.replace(/\s/g, '').length ?? 0;
        if (wholeMessage && w.__charsShown!(wholeMessage) !== characters)
          hidden.push({ hand: n, what: 'the message at the sign column’s foot is cut' });

        // A message in the footer (the sign column had no room) is cut to the footer's lines, never past them.
        const footer = root.querySelector<HTMLElement>('.footer');
        if (footer && footer.scrollHeight > footer.clientHeight + 1)
          hidden.push({ hand: n, what: 'the footer overflows' });
      }
      const extras = [...stats().querySelectorAll<HTMLElement>('.extra')].map((e) => e.dataset['kind'] ?? '');
      const voids = stats().querySelector<HTMLElement>('.denominator')?.dataset['void'] ?? '';
      // Then the fullest last hands a table can deal: a tie with a pair and a natural on each side (4 4 against
      // 9 9, eight each), and three cards a side, each with a pair, the Player winning.
      const card = (rank: string, suit: string) => ({ rank, suit });
      const hardest = [
        {
          hand: { outcome: 'tie', playerPair: true, bankerPair: true, natural: true, playerPoints: 8, bankerPoints: 8 },
          cards: { player: [card('4', 'S'), card('4', 'H')], banker: [card('9', 'C'), card('9', 'D')] },
        },
        {
          hand: {
            outcome: 'player',
            playerPair: true,
            bankerPair: true,
            natural: false,
            playerPoints: 9,
            bankerPoints: 6,
          },
          cards: {
            player: [card('10', 'S'), card('10', 'H'), card('9', 'D')],
            banker: [card('10', 'C'), card('10', 'D'), card('6', 'H')],
          },
        },
      ];
      for (const [i, last] of hardest.entries()) {
        const no = rounds.length + 1;
        const at = new Date().toISOString();
        w.__kioskDemo!.push({
          ...whole,
          signage,
          seq: seq + 500 + i,
          shoe: { ...whole.shoe!, id: `steady-${seq}`, rounds: [...rounds, { no, at, ...last }] },
          change: { kind: 'hand', hand: no },
        });
        await w.__kioskDemo!.settle();
        const panel = root.querySelector<HTMLElement>('.panel.last-hand')!;
        if (panel.scrollHeight > panel.clientHeight + 1)
          hidden.push({
            hand: no,
            what: `the last hand overflows with ${last.hand.outcome} ${JSON.stringify(last.cards)}`,
          });
      }
      return { places, hidden, extras, voids, clamped: root.querySelector('.message.clamped') !== null };
    },
    { c, seq },
  );
}

describe('nothing moves while a shoe is dealt (issue 13)', () => {
  for (const screen of SCREENS)
    it(
      `${screen.name}: every panel stands still from the first hand to the last, and nothing is cut`,
      { timeout: 300_000 },
      async () => {
        const page = await browser.newPage({
          viewport: { width: screen.width, height: screen.height },
          reducedMotion: 'reduce',
        });
        await page.goto(`${board!.base}/index.html?demo=no-shoe&askBlink=0`);
        await page.waitForFunction(() => (window as DemoWindow).__kioskDemo !== undefined);
        let seq = 1_000;
        for (const c of CASES) {
          const dealt = await deal(page, c, (seq += 1_000));
          const label = `${screen.name}, ${c.name}`;
          expect(dealt.places.length, label).toBeGreaterThan(50);
          const first = dealt.places[0]!.rects;
          expect(Object.keys(first), label).toEqual(
            expect.arrayContaining(['big', 'bead', 'derived', 'stats', 'lastHand', 'footer']),
          );
          if (c.message) expect(Object.keys(first), label).toContain('message');
          const moved = dealt.places
            .flatMap(({ hand, rects }) =>
              Object.entries(rects)
                .filter(([name, r]) => r !== first[name])
                .map(([name, r]) => `hand ${hand}: ${name} ${first[name]} → ${r}`),
            )
            .slice(0, 5);
          expect(moved, label).toEqual([]);
          expect(dealt.hidden.slice(0, 5), label).toEqual([]);
          // Every statistic, the streaks too: a portrait board with every side bet and a pit message gave them up
          // to its signs while the derived roads' names had a row of their own (FitController still may, elsewhere).
          const kinds = ['bankerPair', 'playerPair', 'natural', 'currentStreak', 'longestStreak'];
          if (c.fixture === 'shoe-long-en-zh-hant') kinds.push('bankerSix');
          expect(dealt.extras, label).toEqual(kinds);
          // Cut: only the longest message a sign may carry, and only in portrait (a landscape column holds its 280
          // characters whole, in lines of 1.12 em).
          expect(dealt.clamped, label).toBe((c.message?.length ?? 0) > 200 && screen.name === 'portrait');
          expect(dealt.voids, label).toBe(String(c.voided?.length ?? 0));
        }
        await page.close();
      },
    );
});
