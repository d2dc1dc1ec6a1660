import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { OutOfStep, TableView } from '../../contract/kiosk';
import type { Language } from '../../contract/schemas/signage';
import { FIXTURES } from '../../test/fixtures/views';
import { makeView, type ViewSpec } from '../../test/fixtures/views/build-view';
import { DemoKiosk } from '../demo-kiosk';
import { CATCH_UP_GRACE_MS, OUT_OF_STEP_GRACE_MS } from '../controllers/out-of-step-controller';
import { CONTROLLER_GRACE_MS } from '../controllers/stale-picture';
import { $$, cleanup, mount, settle } from '../test-support/fixtures';
import './kiosk-app';
import type { KioskApp } from './kiosk-app';
import { elapsed } from './staff-status';

afterEach(cleanup);
afterEach(() => page.viewport(414, 896)); // vitest's default, for whatever runs next
const SHOE = 'BBPPPBTBPPBBBBBBBBP'; // 19 hands: 18 big-road circles (one tie), 19 beads
const view = (spec: Omit<ViewSpec, 'shoe'> & { shoe?: string }, seq: number, now = Date.now()): TableView => ({
  ...makeView({ shoe: SHOE, ...spec }, now),
  seq,
});
const gap = (since = new Date(Date.now() - 12_000).toISOString()): OutOfStep => ({
  code: 'gap',
  reason: 'hand 21 arrived but hand 20 is next',
  since,
});

async function board(demo: DemoKiosk, width = 1920, height = 1080): Promise<KioskApp> {
  await page.viewport(width, height); // the board lays itself out by the page's shape (kiosk-app.styles.ts)
  const app = document.createElement('kiosk-app');
  app.api = demo;
  await mount(app, width, height);
  for (let i = 0; i < 3; i++) await settleAll(app);
  return app;
}

async function settleAll(app: KioskApp): Promise<void> {
  await settle(app);
  for (const el of app.shadowRoot!.querySelectorAll('*')) {
    if ('updateComplete' in el) await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  }
  await new Promise<void>((r) => requestAnimationFrame(() => r()));
}

const $ = (app: KioskApp, selector: string) => app.shadowRoot!.querySelector(selector) as HTMLElement | null;
const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const inner = (app: KioskApp, host: string, selector: string) => $$($(app, host)!, selector);
const staffText = (app: KioskApp) => text($(app, 'kiosk-staff')?.shadowRoot?.querySelector('.staff') ?? null);
const marks = (app: KioskApp) => ({
  circles: inner(app, 'kiosk-big-road', 'g.marks > circle.circle:not(.ask)').length,
  beads: inner(app, 'kiosk-bead-plate', 'g.marks > circle.bead').length,
  eye: inner(app, 'kiosk-derived-road[road=bigEyeBoy]', 'g.marks > circle.ring:not(.ask)').length,
});

describe('<kiosk-app> out of step with its table', () => {
  it('keeps the last good roads, subdued, says so calmly, tells staff why, and returns to normal at once', async () => {
    const demo = new DemoKiosk(view({}, 1));
    const app = await board(demo);
    const before = marks(app);
    const main = $(app, '.main')!.getBoundingClientRect();
    expect(before).toEqual({ circles: 18, beads: 19, eye: 15 });
    expect(app.dataset['outOfStep']).toBeUndefined();

    demo.push(view({ outOfStep: gap() }, 2));
    await settleAll(app);
    expect(app.dataset['outOfStep']).toBe('gap');
    expect($(app, '.board')!.hasAttribute('data-updating')).toBe(true);
    const line = $(app, '[data-text=updating]')!;
    expect(line.getAttribute('role')).toBe('status');
    expect(text(line)).toBe('Updating results · 路单更新中');
    expect(marks(app)).toEqual(before); // the roads keep every mark
    expect(Number(getComputedStyle($(app, 'kiosk-big-road')!).opacity)).toBeLessThan(1); // but do not pass as current
    expect(Number(getComputedStyle($(app, '.panel.last-hand')!).opacity)).toBeLessThan(1);
    expect(Number(getComputedStyle(line).opacity)).toBe(1);
    expect($(app, 'kiosk-big-road')!.hasAttribute('ask-hidden')).toBe(true); // no would-be marks from stale roads
    // Nor ask previews: the line is where they were, not drawn over them (found by hand: white on the light panel).
    const ask = $(app, 'kiosk-ask')!;
    expect(getComputedStyle(ask).visibility).toBe('hidden');
    const [a, l] = [ask.getBoundingClientRect(), line.getBoundingClientRect()];
    expect(l.left < a.right && a.left < l.right && l.top < a.bottom && a.top < l.bottom).toBe(true);
    expect(staffText(app)).toMatch(
      /^Out of step: a hand missing · 与牌桌不同步：缺少一局 · 0:1\d — hand 21 arrived but hand 20 is next$/,
    );
    expect($(app, '.main')!.getBoundingClientRect().toJSON()).toEqual(main.toJSON()); // nothing moved
    // Calm: nothing on it animates or transitions, nothing red.
    for (const el of [line, $(app, 'kiosk-big-road')!]) {
      expect(getComputedStyle(el).animationName).toBe('none');
      expect(getComputedStyle(el).transitionDuration).toBe('0s');
    }
    expect(getComputedStyle(line).color).not.toMatch(/^rgb\(2[0-5]\d, [0-9]{1,2}, [0-9]{1,2}\)$/);

    demo.push(view({}, 3));
    await settleAll(app);
    expect(app.dataset['outOfStep']).toBeUndefined();
    expect($(app, '.board')!.hasAttribute('data-updating')).toBe(false);
    expect($(app, '[data-text=updating]')).toBeNull();
    expect($(app, 'kiosk-staff')).toBeNull();
    expect(getComputedStyle($(app, 'kiosk-big-road')!).opacity).toBe('1');
    expect($(app, 'kiosk-big-road')!.hasAttribute('ask-hidden')).toBe(false);
    expect(getComputedStyle($(app, 'kiosk-ask')!).visibility).toBe('visible');
    expect(marks(app)).toEqual(before);
    expect($(app, '.main')!.getBoundingClientRect().toJSON()).toEqual(main.toJSON());
  });

  it.each([
    ['gap', 'en', 'Updating results', 'Out of step: a hand missing'],
    ['rejected', 'zh-Hans', '路单更新中', '与牌桌不同步：一条消息被拒'],
    ['conflict', 'zh-Hant', '路單更新中', '與牌桌不同步：牌桌數據不符'],
    ['gap', 'en+zh-Hant', 'Updating results · 路單更新中', 'Out of step: a hand missing · 與牌桌不同步：缺少一局'],
  ] as const)('%s in %s: "%s", and staff read "%s", never the code', async (code, language, line, words) => {
    const o: OutOfStep = { code, reason: `why ${code}`, since: new Date(Date.now() - 75_000).toISOString() };
    const demo = new DemoKiosk(view({ language: language as Language, outOfStep: o }, 1));
    const app = await board(demo);
    await settleAll(app);
    expect(app.dataset['outOfStep']).toBe(code);
    expect(text($(app, '[data-text=updating]'))).toBe(line);
    expect(staffText(app)).toMatch(new RegExp(`^${words} · 1:1\\d — why ${code}$`));
    const staff = $(app, 'kiosk-staff')!.shadowRoot!;
    expect(text(staff.querySelector('.what'))).not.toContain(code);
    expect([...staff.querySelectorAll('.item > [lang=en]')].map((e) => e.textContent)).toEqual([`why ${code}`]);
  });

  it('shows patrons a spell only once it has lasted a moment (a gap filled at once never dims the roads)', async () => {
    const demo = new DemoKiosk(view({}, 1));
    const app = await board(demo);
    demo.push(view({ outOfStep: gap(new Date().toISOString()) }, 2));
    await settleAll(app);
    expect(app.dataset['outOfStep']).toBe('gap'); // staff and monitoring know at once
    expect($(app, '.board')!.hasAttribute('data-updating')).toBe(false);
    expect($(app, '[data-text=updating]')).toBeNull();
    await new Promise((r) => setTimeout(r, OUT_OF_STEP_GRACE_MS + 100));
    await settleAll(app);
    expect($(app, '.board')!.hasAttribute('data-updating')).toBe(true);
    // Back in step, then out again at once, with an old `since`: still not before the grace (no flashing).
    demo.push(view({}, 3));
    await settleAll(app);
    demo.push(view({ outOfStep: gap() }, 4));
    await settleAll(app);
    expect($(app, '.board')!.hasAttribute('data-updating')).toBe(false);
    await new Promise((r) => setTimeout(r, OUT_OF_STEP_GRACE_MS + 100));
    await settleAll(app);
    expect($(app, '.board')!.hasAttribute('data-updating')).toBe(true);
  });

  it('reconnected, its table not heard yet (hands may have been dealt meanwhile): after a moment, "Updating results"', async () => {
    const demo = new DemoKiosk(view({}, 1));
    const app = await board(demo);
    const awaiting = (seq: number, awaitingTable: boolean) => {
      const v = view({}, seq);
      const since = new Date().toISOString();
      return { ...v, connection: { ...v.connection, state: 'connected' as const, since, awaitingTable } };
    };
    demo.push(awaiting(2, true));
    await settleAll(app);
    expect($(app, '[data-text=updating]')).toBeNull(); // a snapshot heard within the grace dims nothing
    await new Promise((r) => setTimeout(r, CATCH_UP_GRACE_MS + 100));
    await settleAll(app);
    expect($(app, '.board')!.hasAttribute('data-updating')).toBe(true);
    expect(text($(app, '[data-text=updating]'))).toBe('Updating results · 路单更新中');
    expect($(app, 'kiosk-big-road')!.hasAttribute('ask-hidden')).toBe(true);
    expect(app.dataset['outOfStep']).toBeUndefined(); // not out of step: staff are told by /readyz, not as a fault
    demo.push(awaiting(3, false)); // the table heard: its snapshot settled it
    await settleAll(app);
    expect($(app, '.board')!.hasAttribute('data-updating')).toBe(false);
    expect($(app, '[data-text=updating]')).toBeNull();
  });

  it('its table controller offline, the table open: after 10 s (a restart is over sooner), "Results paused"', async () => {
    const demo = new DemoKiosk(view({}, 1));
    const app = await board(demo);
    const offline = (seq: number, ago: number, more: Partial<TableView> = {}): TableView => {
      const v = view({}, seq);
      const since = new Date(Date.now() - ago).toISOString();
      const detail = `The table controller ctl-T1 has been offline since ${since}: no result reaches this board`;
      return { ...v, controllerOnline: false, warnings: [{ code: 'controller-offline', detail, since }], ...more };
    };
    demo.push(offline(2, 0));
    await settleAll(app);
    expect($(app, '.board')!.hasAttribute('data-updating')).toBe(false); // a controller restarting dims nothing
    expect(staffText(app)).toContain('Table controller offline · 牌桌控制器离线'); // staff know at once
    demo.push(view({}, 3)); // back at once: a restart
    await settleAll(app);
    // Offline again, for longer than the grace (a board opened, or reloaded, meanwhile shows it at once).
    demo.push(offline(4, CONTROLLER_GRACE_MS + 1_000));
    await settleAll(app);
    expect($(app, '.board')!.hasAttribute('data-updating')).toBe(true);
    expect(text($(app, '[data-text=paused]'))).toBe('Results paused · 路单暂停更新');
    expect($(app, 'kiosk-big-road')!.hasAttribute('ask-hidden')).toBe(true);
    expect(marks(app)).toEqual({ circles: 18, beads: 19, eye: 15 }); // the last good picture kept
    // Out of step as well: the line says what ends first.
    demo.push(offline(5, CONTROLLER_GRACE_MS + 1_000, { outOfStep: gap() }));
    await settleAll(app);
    expect(text($(app, '[data-text=updating]'))).toBe('Updating results · 路单更新中');
    demo.push(view({}, 6)); // the controller is back
    await settleAll(app);
    expect($(app, '.board')!.hasAttribute('data-updating')).toBe(false);
    expect($(app, '.updating')).toBeNull();
  });

  it("shows staff warnings in words of the board, the host's detail after them, and nothing for patrons", async () => {
    const demo = new DemoKiosk(
      view(
        {
          language: 'zh-Hant',
          warnings: [{ code: 'signage-ignored', detail: 'table sign revision 3 arrived after revision 4: ignored' }],
        },
        1,
      ),
    );
    const app = await board(demo);
    expect(staffText(app)).toBe('已忽略較舊的牌桌告示 — table sign revision 3 arrived after revision 4: ignored');
    expect($(app, '.panel.signs > kiosk-staff')).not.toBeNull(); // a landscape board's: at its sign column's foot
    expect($(app, '[data-text=updating]')).toBeNull();
    expect($(app, '.board')!.hasAttribute('data-updating')).toBe(false);
    expect(app.dataset['outOfStep']).toBeUndefined();
  });

  // Found by hand: "results-unverified — results are not…", cut, in a landscape board's sign column.
  it.each(['en', 'zh-Hans', 'zh-Hant', 'en+zh-Hans'] as const)(
    'in the sign column of a landscape board in %s, the results unverified in words, whole, never the code',
    async (language) => {
      const since = new Date().toISOString();
      const warnings = [{ code: 'results-unverified', detail: 'results are not signed', since }] as const;
      const app = await board(new DemoKiosk(view({ language, warnings }, 1)));
      const staff = $(app, '.panel.signs > kiosk-staff')!;
      const what = staff.shadowRoot!.querySelector<HTMLElement>('.warning .what')!;
      const said = {
        en: 'Results not verified',
        'zh-Hans': '结果未经验证',
        'zh-Hant': '結果未經驗證',
        'en+zh-Hans': 'Results not verified · 结果未经验证',
      }[language];
      expect(text(what)).toBe(said);
      expect(text(staff.shadowRoot!.querySelector('.staff'))).not.toMatch(/results-unverified/);
      // The words are shown whole: within the item's one line, none of them past its end.
      const item = what.closest('.item')!.getBoundingClientRect();
      for (const r of what.getClientRects()) {
        expect(r.right).toBeLessThanOrEqual(item.right + 0.5);
        expect(r.bottom).toBeLessThanOrEqual(item.bottom + 0.5);
      }
    },
  );

  it('says it in a few words in a portrait header, beside the table’s name', async () => {
    const warnings = [
      { code: 'signage-ignored', detail: 'table sign revision 3 arrived after revision 4: ignored' },
      { code: 'results-unverified', detail: 'results are not signed' },
    ] as const;
    const demo = new DemoKiosk(view({ warnings }, 1));
    const app = await board(demo, 1080, 1920);
    expect($(app, '.header kiosk-staff')).not.toBeNull();
    // The count in English on a bilingual board: the corner beside the phase's room holds one language, whole (the
    // two were cut to '2 warning…').
    expect(staffText(app)).toBe('2 warnings');
    const item = $(app, '.header kiosk-staff')!.shadowRoot!.querySelector<HTMLElement>('.item')!;
    expect(item.scrollHeight).toBeLessThanOrEqual(item.clientHeight + 1);
    expect(item.scrollWidth).toBeLessThanOrEqual(item.clientWidth + 1);
    demo.push(view({ warnings, outOfStep: gap(new Date(Date.now() - 60_000).toISOString()) }, 2));
    await settleAll(app);
    expect(staffText(app)).toBe('Out of step · 与牌桌不同步');
    // Whole: with no phase shown, the corner's room is the staff's (it was cut to "Out of ste…").
    const out = $(app, '.header kiosk-staff')!.shadowRoot!.querySelector<HTMLElement>('.item')!;
    expect(out.scrollWidth).toBeLessThanOrEqual(out.clientWidth + 1);
    expect(out.scrollHeight).toBeLessThanOrEqual(out.clientHeight + 1);
  });
});

/**
 * What staff should know, at the foot of a landscape board's sign column, has the room the column leaves: it was
 * cut to two lines ("Older casino sign ignored (+2 more) —…") with the column half empty below it. Still clamped where
 * the column is full (every side bet, its limits and a message), and never past the column's foot.
 */
describe('<kiosk-app> staff words in a landscape sign column', () => {
  const WARNINGS = [
    { code: 'signage-ignored', detail: 'table sign revision 3 arrived after revision 4: ignored' },
    { code: 'casino-signage-ignored', detail: 'casino sign revision 1 arrived after revision 2: ignored' },
    {
      code: 'perfect-pairs-scale-missing',
      detail: 'Perfect Pairs is offered at T7 but no casino pay scale is published',
    },
    { code: 'signage-ignored', detail: 'table sign revision 2 arrived after revision 4: ignored' },
  ] as const;
  /** The staff's items, and how many lines each shows; every one within the column. */
  const items = async (app: KioskApp) => {
    await new Promise((r) => setTimeout(r, 50)); // its room, measured (ResizeObserver), then drawn
    await settleAll(app);
    const column = $(app, '.panel.signs')!.getBoundingClientRect();
    const staff = $(app, '.panel.signs > kiosk-staff')!;
    const shown = [...staff.shadowRoot!.querySelectorAll<HTMLElement>('.item')];
    const line = parseFloat(getComputedStyle(shown[0]!).lineHeight);
    for (const item of shown) expect(item.getBoundingClientRect().bottom).toBeLessThanOrEqual(column.bottom);
    return shown.map((item) => ({
      text: text(item),
      lines: Math.round(item.getBoundingClientRect().height / line),
      whole: item.scrollHeight <= item.clientHeight + 1, // not cut by its clamp
    }));
  };

  it('with room below the pays: every warning, each with its reason', async () => {
    const sideBets = ['playerPair', 'bankerPair', 'perfectPairs'] as const;
    const app = await board(
      new DemoKiosk(view({ language: 'en', sideBets: [...sideBets], warnings: [...WARNINGS] }, 1)),
    );
    const shown = await items(app);
    expect(shown.map((s) => s.text)).toHaveLength(4);
    expect(shown.some((s) => s.text.includes('more'))).toBe(false);
    // Each reason whole: the longest takes more lines rather than an ellipsis.
    expect(shown.map((s) => s.whole)).toEqual([true, true, true, true]);
    expect(shown.find((s) => s.text.includes('Perfect Pairs'))!.lines).toBeGreaterThan(1);
  });

  it("in a table's narrower column without side bets: every warning, in more lines each", async () => {
    const app = await board(new DemoKiosk(view({ language: 'en', warnings: [...WARNINGS] }, 1)));
    const shown = await items(app);
    expect(shown.map((s) => s.text)).toHaveLength(4);
    expect(shown.some((s) => s.text.includes('more'))).toBe(false);
    expect(Math.min(...shown.map((s) => s.lines))).toBeGreaterThanOrEqual(2);
  });

  // The broker refusing the board comes first, and only its last words say what to check (mqtt.username and
  // mqtt.password): shared out a line at a time with four warnings it was cut at "check…", the fields unsaid.
  it('the broker refusing the board: whole, what to check included, the warnings after it sharing the rest', async () => {
    const v = view({ language: 'en', connection: 'lost', lostMinutes: 1, warnings: [...WARNINGS] }, 1);
    const app = await board(new DemoKiosk({ ...v, connection: { ...v.connection, refused: 'credentials' } }));
    const shown = await items(app);
    expect(shown[0]!.text).toContain('mqtt.password');
    expect(shown[0]!.whole).toBe(true);
    expect(shown.map((s) => s.text)).toHaveLength(5);
  });

  it('in a full column (every side bet, its limits, a message): clamped, within the column', async () => {
    const full = {
      ...FIXTURES['full-side-bets']!(Date.now()),
      seq: 1,
      warnings: WARNINGS.map((w) => ({ ...w, since: new Date().toISOString() })),
    };
    const app = await board(new DemoKiosk(full));
    const shown = await items(app);
    expect(shown.reduce((n, s) => n + s.lines, 0)).toBeLessThanOrEqual(2);
  });
});

describe('<kiosk-app> numbers that agree', () => {
  it('"Hand N" is the last hand\'s number, void hands included; the counts say how many are void', async () => {
    const demo = new DemoKiosk(
      view(
        {
          language: 'en',
          voidHands: { 4: { kind: 'noBetsThisHand', reason: 'third-card-exposed' } },
          voidedRounds: { 12: { reason: 'cannot-reconstruct' } },
        },
        1,
      ),
    );
    const app = await board(demo);
    const stats = $(app, 'kiosk-stats')!;
    const last = $(app, 'kiosk-last-hand')!;
    const hand = $$(stats, '[data-value=hand]')[0]!.textContent;
    expect(hand).toBe('20'); // 19 on the notation + 1 void hand; the voided round 12 keeps its number
    expect($$(last, '[data-hand]')[0]!.getAttribute('data-hand')).toBe(hand);
    expect(text($$(last, '.hand-no')[0]!)).toBe(`#${hand}`);
    expect(text($$(stats, '.denominator .said')[0]!)).toBe('18 hands + 2 void');
    expect(app.dataset['hands']).toBe('18');
  });

  it('"Shoe N" is the dealer\'s shoe number, and nothing when the controller gives none', async () => {
    const demo = new DemoKiosk(view({ language: 'en', shoeNo: 12 }, 1));
    const app = await board(demo);
    const shoe = () => $$($(app, 'kiosk-stats')!, '[data-value=shoe]');
    expect(shoe()[0]!.textContent).toBe('12');
    demo.push(view({ language: 'en', shoeNo: null }, 2));
    await settleAll(app);
    expect(shoe()).toHaveLength(0);
  });
});

describe('elapsed()', () => {
  it.each([
    [12_000, '0:12'],
    [75_000, '1:15'],
    [14 * 60_000 + 3_000, '14:03'],
    [2 * 3_600_000 + 5 * 60_000 + 9_000, '2:05:09'],
    [-5_000, '0:00'], // a host clock ahead of the board's
  ])('%i ms → %s', (ms, shown) => {
    const now = Date.UTC(2024, 10, 22, 14, 0, 0);
    expect(elapsed(new Date(now - ms).toISOString(), now)).toBe(shown);
  });
});
