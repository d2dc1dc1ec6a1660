/**
 * The whole shoe at a glance (issue 13), measured in real Chromium: a real 8-deck shoe (79 hands, 43 big-road
 * columns: a demanding one, see test/fixtures/views/index.ts) is dealt into the board hand by hand, as a table
 * would, and at each screen size every road must show all of it from its first column, nothing scrolled away:
 * the big road at least 45 columns (60 at 4K by default), the bead plate 14 (84 hands), each derived road 40, with
 * big-road circles at least 36 px across at 1080p. Then a long shoe (100 hands, 56 big-road columns) must scroll
 * by whole streaks: the marks drawn are exactly those of the streaks that start in the window, so no dragon tail
 * shows without its head at the left edge.
 */
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roadmap } from '../baccarat/roads/roadmap';
import type { BigRoadCell } from '../baccarat/roads/types';
import { roadHands } from '../baccarat/shoe';
import type { TableView } from '../contract/kiosk';
import { FIXTURES } from '../test/fixtures/views';
import { type RendererInChromium, rendererInChromium } from '../test/helpers/renderer-server';

type DemoWindow = Window & {
  __kioskDemo?: { settle(): Promise<void>; push(view: unknown): void };
  __kioskFixtures?: Record<string, () => TableView>;
};

/** A screen, and what each road must show there. */
interface Screen {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly highResolution?: 'more-columns' | 'larger';
  readonly big: number; // big-road columns, at least
  readonly circle: number; // big-road circle across, px, at least
}

const SCREENS: readonly Screen[] = [
  { name: '1080p landscape', width: 1920, height: 1080, big: 45, circle: 36 },
  { name: '1080p portrait', width: 1080, height: 1920, big: 45, circle: 36 },
  { name: '4K, more columns (the default)', width: 3840, height: 2160, big: 60, circle: 50 },
  { name: '4K, larger', width: 3840, height: 2160, highResolution: 'larger', big: 45, circle: 72 },
];
const BEAD = 14;
const DERIVED = 40;

let board: RendererInChromium | undefined;
let base = '';
let browser: Browser;

beforeAll(async () => {
  board = await rendererInChromium();
  ({ base, browser } = board);
}, 60_000);

afterAll(() => board?.close());

/** What a road view shows, read from the page. */
interface Shown {
  readonly road: string;
  readonly columns: number; // columns it can show (per line × lines)
  readonly from: number; // first column shown
  readonly cell: number; // px
  readonly keys: string[]; // the keys of the marks drawn (ask marks left out)
  readonly circle: number; // the first big-road circle's width on screen, stroke included, px (0 for other roads)
}

async function open(screen: Screen): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: screen.width, height: screen.height },
    reducedMotion: 'reduce',
  });
  await page.goto(`${base}/index.html?demo=no-shoe&askBlink=0`);
  await page.waitForFunction(() => (window as DemoWindow).__kioskDemo !== undefined);
  return page;
}

/** Deals the fixture's shoe into the board one hand at a time (views as a host pushes them), then reads the roads. */
async function deal(page: Page, fixture: string, screen: Screen, seq: number): Promise<Shown[]> {
  return page.evaluate(
    async ({ fixture, highResolution, seq }) => {
      const w = window as DemoWindow;
      const whole = w.__kioskFixtures![fixture]!();
      const settings = highResolution ? { ...whole.settings, highResolution } : whole.settings;
      const rounds = whole.shoe!.rounds;
      for (let n = 0; n <= rounds.length; n++) {
        w.__kioskDemo!.push({
          ...whole,
          settings,
          seq: seq + n,
          shoe: { ...whole.shoe!, rounds: rounds.slice(0, n) },
          change: n === 0 ? { kind: 'reset' } : { kind: 'hand', hand: n },
        });
        if (n % 10 === 0 || n === rounds.length) await w.__kioskDemo!.settle();
      }
      await w.__kioskDemo!.settle();
      await document.fonts.ready;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const root = document.querySelector('kiosk-app')!.shadowRoot!;
      type RoadElement = HTMLElement & { currentMarks(): { key: string; cls: string }[] };
      return [...root.querySelectorAll<RoadElement>('kiosk-big-road, kiosk-bead-plate, kiosk-derived-road')].map(
        (el) => {
          // The marks drawn: their elements, and their keys from the view (the same marks, as data).
          const marks = [...el.shadowRoot!.querySelectorAll<SVGGraphicsElement>('g.marks > *')];
          const data = el.currentMarks();
          if (data.length !== marks.length)
            throw new Error(`${el.localName}: ${marks.length} elements, ${data.length} marks`);
          let circle = 0;
          const first = marks.find((m) => m.classList.contains('circle') && !m.classList.contains('ask'));
          if (el.localName === 'kiosk-big-road' && first instanceof SVGCircleElement) {
            const scale = first.getScreenCTM()!.a;
            circle = (2 * first.r.baseVal.value + Number(first.getAttribute('stroke-width'))) * scale;
          }
          return {
            road: el.getAttribute('road') ?? el.localName.replace('kiosk-', ''),
            columns: Number(el.dataset['columns']),
            from: Number(el.dataset['from']),
            cell: Number(el.dataset['cell']),
            keys: data.filter((m) => !m.cls.split(' ').includes('ask')).map((m) => m.key),
            circle,
          };
        },
      );
    },
    { fixture, highResolution: screen.highResolution ?? null, seq },
  );
}

/**
 * What patrons read, measured on the screen (px): the derived roads' ring hole and dot, the ask panel's letters,
 * a card rank's capitals, and the smallest patron-facing text (the screenshot test checks every text too).
 */
function legibility() {
  const root = document.querySelector('kiosk-app')!.shadowRoot!;
  const inner = (host: string, sel: string) => root.querySelector(host)?.shadowRoot?.querySelector(sel) ?? null;
  const across = (el: Element | null, hole: boolean) => {
    if (!(el instanceof SVGCircleElement)) return 0;
    const sw = Number(el.getAttribute('stroke-width') ?? 0);
    return (2 * el.r.baseVal.value + (hole ? -sw : 0)) * el.getScreenCTM()!.a;
  };
  const card = inner('kiosk-last-hand', '.card:not(.sideways) svg');
  return {
    ringHole: across(inner('kiosk-derived-road[road=bigEyeBoy]', 'circle.ring:not(.ask)'), true),
    dot: across(inner('kiosk-derived-road[road=smallRoad]', 'circle.dot:not(.ask)'), false),
    askLetter: parseFloat(getComputedStyle(inner('kiosk-ask', '.letter')!).fontSize),
    cardRank: card ? (card.getBoundingClientRect().height * 140) / 350 : 0, // card-ink.ts: capitals 140 of 350
  };
}

/** The core's roads of a fixture's shoe. */
function coreRoads(fixture: string) {
  const view = FIXTURES[fixture]!(Date.now());
  return roadmap(roadHands(view.shoe!));
}

describe('the whole shoe at a glance (issue 13)', () => {
  it.for(SCREENS)(
    '$name: a real 8-deck shoe, dealt hand by hand, shows whole on every road',
    { timeout: 120_000 },
    async (screen) => {
      const page = await open(screen);
      const shown = await deal(page, 'shoe-full', screen, 1000);
      const map = coreRoads('shoe-full');
      const by = Object.fromEntries(shown.map((s) => [s.road, s]));
      const report = shown.map((s) => `${s.road} ${s.columns} columns of ${s.cell} px, from ${s.from}`).join('; ');
      console.log(`${screen.name}: ${report}; big-road circles ${by['big-road']!.circle.toFixed(1)} px`);
      expect(by['big-road']!.columns, report).toBeGreaterThanOrEqual(screen.big);
      expect(by['bead-plate']!.columns, report).toBeGreaterThanOrEqual(BEAD);
      for (const road of ['bigEyeBoy', 'smallRoad', 'cockroachPig'])
        expect(by[road]!.columns, `${road}: ${report}`).toBeGreaterThanOrEqual(DERIVED);
      for (const s of shown) expect(s.from, `${s.road} scrolled: ${report}`).toBe(0);
      // Every mark of the shoe is drawn: one circle per big-road entry, one bead per hand, one mark per derived entry.
      const circles = map.bigRoad.cells.filter((c) => c.outcome !== 'tie').length;
      expect(
        by['big-road']!.keys.filter((k) => /^c\d+-\d+$/.test(k)),
        'big-road circles',
      ).toHaveLength(circles);
      expect(
        by['bead-plate']!.keys.filter((k) => /^b\d+$/.test(k)),
        'beads',
      ).toHaveLength(map.beadPlate.length);
      for (const road of ['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const)
        expect(by[road]!.keys, road).toHaveLength(map[road].cells.length);
      expect(by['big-road']!.circle, 'big-road circle across, px').toBeGreaterThanOrEqual(screen.circle);
      // At 1080p, from 3 m on a 55-inch screen (0.63 mm a pixel; 1 arcminute = 1.39 px): a ring's hole 6′ or more
      // (three times the 2′ a 20/40 eye resolves), ask letters as large as the text, card ranks' capitals 14′.
      const read = await page.evaluate(legibility);
      console.log(
        `${screen.name}: ${JSON.stringify(read, (_k, v: unknown) => (typeof v === 'number' ? +v.toFixed(1) : v))}`,
      );
      // Everything but the big road keeps its size on the screen at 4K, in either setting: the derived roads' marks
      // too (only the big road's grow 1.5 times 1080p's by default, for more of its columns).
      const scale = Math.min(screen.width, screen.height) / 1080;
      expect(read.ringHole / scale, 'ring hole, px of 1080p').toBeGreaterThanOrEqual(8.6);
      expect(read.askLetter / scale, 'ask letters, px of 1080p').toBeGreaterThanOrEqual(28);
      expect(read.cardRank / scale, 'card ranks capitals, px of 1080p').toBeGreaterThanOrEqual(19);
      await page.close();
    },
  );

  it(
    'a long shoe scrolls by whole streaks: no dragon tail without its head at the left edge',
    { timeout: 120_000 },
    async () => {
      const screen = SCREENS[0]!;
      const page = await open(screen);
      const shown = await deal(page, 'shoe-long', screen, 5000);
      const map = coreRoads('shoe-long');
      const big = shown.find((s) => s.road === 'big-road')!;
      expect(big.from, 'the long shoe scrolled').toBeGreaterThan(0);
      const starts = new Set(map.bigRoad.cells.map((c) => c.streakStart));
      expect(starts.has(big.from), `column ${big.from} starts a streak`).toBe(true);
      const expected = (cells: readonly BigRoadCell[]) =>
        cells
          .filter((c) => c.outcome !== 'tie' && c.streakStart >= big.from && c.col < big.from + big.columns)
          .map((c) => `c${c.col}-${c.row}`)
          .sort();
      expect(big.keys.filter((k) => /^c\d+-\d+$/.test(k)).sort()).toEqual(expected(map.bigRoad.cells));
      // The derived roads too: only streaks that start inside their window.
      for (const road of ['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const) {
        const s = shown.find((x) => x.road === road)!;
        const want = map[road].cells
          .filter((c) => c.streakStart >= s.from && c.col < s.from + s.columns)
          .map((c) => `d${c.col}-${c.row}`)
          .sort();
        expect(s.keys.sort(), road).toEqual(want);
      }
      await page.close();
    },
  );
});

/** What an animation does, read in the page: its name, how long an iteration lasts, how often, its opacity steps. */
interface Motion {
  readonly name: string;
  readonly duration: number; // ms per iteration
  readonly iterations: number;
  readonly opacities: number[]; // each keyframe's opacity (1 where it sets none)
}

/** Every animation running in the page after a hand, shadow roots included. */
function motions(): Motion[] {
  const roots: (Document | ShadowRoot)[] = [document];
  const out: Motion[] = [];
  for (let i = 0; i < roots.length; i++) {
    for (const el of roots[i]!.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
    for (const a of roots[i]!.getAnimations()) {
      const effect = a.effect as KeyframeEffect;
      const timing = effect.getComputedTiming();
      out.push({
        name: (a as CSSAnimation).animationName ?? 'script',
        duration: Number(timing.duration),
        iterations: Number(timing.iterations),
        opacities: effect.getKeyframes().map((k) => (k['opacity'] === undefined ? 1 : Number(k['opacity']))),
      });
    }
  }
  return out;
}

describe('calm for 18 hours a day (issue 13)', () => {
  it('nothing flashes more than three times a second (WCAG 2.3.1), and every animation ends', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'no-preference' });
    await page.goto(`${base}/index.html?demo=no-shoe`);
    await page.waitForFunction(() => (window as DemoWindow).__kioskDemo !== undefined);
    await deal(page, 'shoe-mid', SCREENS[0]!, 9000);
    const seen = await page.evaluate(motions);
    expect(seen.length, 'a new hand glows and its ask marks blink').toBeGreaterThan(0);
    for (const m of seen) {
      expect(Number.isFinite(m.iterations), `${m.name} ends`).toBe(true);
      // A flash is a pair of opposite changes of luminance: count the opacity steps of an iteration (and back to the
      // first keyframe when it repeats), by at least a tenth.
      const steps = m.opacities.slice(1).filter((o, i) => Math.abs(o - m.opacities[i]!) >= 0.1).length;
      const back = m.iterations > 1 && Math.abs(m.opacities[0]! - m.opacities.at(-1)!) >= 0.1 ? 1 : 0;
      const perSecond = (steps + back) / 2 / (m.duration / 1000);
      expect(perSecond, `${m.name}: ${perSecond.toFixed(2)} flashes a second`).toBeLessThanOrEqual(3);
    }
    await page.close();
  });

  it('honours prefers-reduced-motion: no glow, no blink, no shift', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto(`${base}/index.html?demo=no-shoe`);
    await page.waitForFunction(() => (window as DemoWindow).__kioskDemo !== undefined);
    await deal(page, 'shoe-mid', SCREENS[0]!, 9500);
    expect(await page.evaluate(motions)).toEqual([]);
    await page.clock.runFor(30 * 60_000);
    expect(
      await page.evaluate(() => document.querySelector<HTMLElement>('kiosk-app')!.dataset['shift']),
    ).toBeUndefined();
    await page.close();
  });

  it('moves the whole board a few pixels every two minutes against burn-in', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'no-preference' });
    await page.clock.install();
    await page.goto(`${base}/index.html?demo=typical&askBlink=0`);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('kiosk-app')?.dataset['hands'] !== '0');
    const place = () =>
      page.evaluate(() => {
        const board = document.querySelector('kiosk-app')!.shadowRoot!.querySelector('.board')!;
        return getComputedStyle(board).translate;
      });
    expect(await place()).toBe('none');
    const seen = new Set<string>();
    for (let i = 0; i < 9; i++) {
      await page.clock.runFor(120_000);
      const p = await place();
      const [x, y] = p.split(' ').map((v) => Math.abs(parseFloat(v) || 0));
      expect(Math.max(x ?? 0, y ?? 0), `at most 3 px from its place: ${p}`).toBeLessThanOrEqual(3);
      seen.add(p);
    }
    expect(seen.size, 'nine places in turn').toBe(9);
    await page.close();
  });
});

describe('the ask preview (issue 13)', () => {
  /** The ask marks drawn in each road, and whether the ask panel is there. */
  const askShown = () => {
    const root = document.querySelector('kiosk-app')!.shadowRoot!;
    const roads = [...root.querySelectorAll('kiosk-big-road, kiosk-derived-road')].map((el) => {
      const marks = [...el.shadowRoot!.querySelectorAll<SVGGraphicsElement>('g.marks > .ask')];
      return {
        frames: marks.filter((m) => m.classList.contains('ask-frame')).length,
        marks: marks.filter((m) => !m.classList.contains('ask-frame')).map((m) => getComputedStyle(m).transform),
      };
    });
    return { roads, panel: root.querySelector('kiosk-ask') !== null };
  };

  /** In place: every road has drawn its would-be marks (the Banker's and the Player's, four in all at least). */
  const askDrawn = () => {
    const root = document.querySelector('kiosk-app')?.shadowRoot;
    const roads = [...(root?.querySelectorAll('kiosk-big-road, kiosk-derived-road') ?? [])];
    const frames = roads.map((el) => el.shadowRoot?.querySelectorAll('g.marks > .ask-frame').length ?? 0);
    return frames.reduce((a, b) => a + b, 0) >= 4;
  };

  it.for(['in-place', 'panel', 'off'] as const)('%s', async (askPreview) => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'no-preference' });
    await page.goto(`${base}/index.html?demo=no-shoe`);
    await page.waitForFunction(() => (window as DemoWindow).__kioskDemo !== undefined);
    await page.evaluate(
      async ({ askPreview }) => {
        const w = window as DemoWindow;
        const view = w.__kioskFixtures!['shoe-mid']!();
        w.__kioskDemo!.push({ ...view, seq: 20_000, settings: { ...view.settings, askPreview } });
        await w.__kioskDemo!.settle();
      },
      { askPreview },
    );
    // The would-be marks follow a hand a frame behind (road-view.ts): on a loaded machine, later than any fixed wait.
    // In place, wait for them in every road; otherwise give them the time they would take to show, then look.
    if (askPreview === 'in-place') {
      await page.waitForFunction(askDrawn, undefined, { timeout: 10_000 });
    } else await page.waitForTimeout(300);
    const shown = await page.evaluate(askShown);
    expect(shown.panel, 'the ask panel').toBe(askPreview !== 'off');
    for (const road of shown.roads) {
      if (askPreview !== 'in-place') {
        expect(road).toEqual({ frames: 0, marks: [] });
        continue;
      }
      // Each would-be mark in a dashed frame of its own, drawn smaller than a result: a preview in a still picture.
      expect(road.frames).toBe(road.marks.length);
      for (const t of road.marks) expect(t).toMatch(/^matrix\(0\.72, 0, 0, 0\.72/);
    }
    if (askPreview === 'in-place') {
      expect(shown.roads.reduce((n, r) => n + r.frames, 0)).toBeGreaterThanOrEqual(4); // Banker's and Player's
      await page.screenshot({
        path: new URL('../test/output/screens/ask-in-place-1920x1080.png', import.meta.url).pathname,
      });
    }
    await page.close();
  });
});
