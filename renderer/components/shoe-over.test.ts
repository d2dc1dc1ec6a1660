import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { Notice, TableView } from '../../contract/kiosk';
import type { Shoe } from '../../baccarat/shoe-types';
import { makeView } from '../../test/fixtures/views/build-view';
import { DemoKiosk } from '../demo-kiosk';
import { board as mountedBoard, settleAll as settled } from '../test-support/board';
import { $$, cleanup } from '../test-support/fixtures';
import type { KioskApp } from './kiosk-app';

afterEach(cleanup);
afterEach(() => page.viewport(414, 896)); // vitest's default, for whatever runs next
const SHOE = 'BBPPPBTBPPBBBBBBBBP'; // 19 hands, the 19th the last coup
const DIGEST = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

/** A view of the shoe in play, with its last coup dealt, or ended (SHOE END and its record's digest). */
const view = (
  seq: number,
  state: { notices?: Omit<Notice, 'since'>[]; phase?: Shoe['phase']; shoeId?: string; record?: boolean } = {},
  shoe = SHOE,
): TableView => ({
  ...makeView(
    {
      shoe,
      notices: state.notices ?? [],
      ...(state.phase && { phase: state.phase }),
      ...(state.shoeId && { shoeId: state.shoeId }),
      ...(state.record && { shoeRecord: { digest: DIGEST, url: null } }),
    },
    Date.now(),
  ),
  seq,
});

/** The board at 1920 × 1080, settled as after a hand (test-support/board.ts, then the frame the would-be marks take). */
async function board(demo: DemoKiosk): Promise<KioskApp> {
  await page.viewport(1920, 1080);
  const app = await mountedBoard(demo, 1920, 1080);
  await settleAll(app);
  return app;
}

async function settleAll(app: KioskApp): Promise<void> {
  await settled(app);
  await new Promise<void>((r) => requestAnimationFrame(() => r())); // the would-be marks follow a frame behind
}

const $ = (app: KioskApp, selector: string) => app.shadowRoot!.querySelector(selector) as HTMLElement | null;
const roads = (app: KioskApp) => [
  ...app.shadowRoot!.querySelectorAll<HTMLElement>('kiosk-big-road, kiosk-derived-road'),
];
/** The would-be marks of the ask roads a patron can see, in the big road and the derived roads. */
const wouldBe = (app: KioskApp) =>
  roads(app)
    .flatMap((r) => $$(r, '.ask'))
    .filter((m) => getComputedStyle(m).visibility !== 'hidden');
const noticeText = (app: KioskApp) => ($(app, 'kiosk-notices')?.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ');

describe('<kiosk-app> once the shoe has no next hand', () => {
  it.each([
    [
      'the last coup is dealt (LAST COUP, dealt)',
      { notices: [{ kind: 'lastCoup', lastCoupCase: 'b', hand: 19, dealt: true }], phase: 'idle' },
    ],
    ['the shoe has ended (SHOE END and its digest)', { notices: [{ kind: 'shoeEnd' }], phase: 'ended', record: true }],
  ] as const)('%s: no ask previews, in the panel or the roads, their place kept', async (name, state) => {
    // Hand 18 recorded after the cut card came out in it (rule 11.2 b): hand 19, the last coup, is still to come.
    const demo = new DemoKiosk(
      view(1, { notices: [{ kind: 'lastCoup', lastCoupCase: 'b', hand: 19 }] }, SHOE.slice(0, -1)),
    );
    const app = await board(demo);
    const ask = $(app, 'kiosk-ask')!;
    expect(getComputedStyle(ask).visibility).toBe('visible'); // the last coup to come: the ask says what it would draw
    expect(wouldBe(app).length).toBeGreaterThan(0);
    const [panel, main] = [ask.getBoundingClientRect().toJSON(), $(app, '.main')!.getBoundingClientRect().toJSON()];

    demo.push(view(2, { ...state, notices: [...state.notices] }));
    await settleAll(app);
    expect($(app, '.board')!.hasAttribute('data-shoe-over')).toBe(true);
    expect(getComputedStyle(ask).visibility).toBe('hidden');
    expect(wouldBe(app)).toEqual([]);
    for (const road of roads(app)) expect(road.hasAttribute('ask-hidden')).toBe(true);
    expect(ask.getBoundingClientRect().toJSON()).toEqual(panel); // nothing moved
    expect($(app, '.main')!.getBoundingClientRect().toJSON()).toEqual(main);
    expect(noticeText(app)).not.toContain('one more hand');
    expect(Number(getComputedStyle($(app, 'kiosk-big-road')!).opacity)).toBe(1); // not subdued: it is current
    await page.screenshot({ path: `../../test/output/shoe-over/${name.split(' (')[0]!.replace(/ /g, '-')}-1080p.png` });

    // A new shoe brings the ask back.
    demo.push(view(3, { shoeId: 'S2' }));
    await settleAll(app);
    expect($(app, '.board')!.hasAttribute('data-shoe-over')).toBe(false);
    expect(getComputedStyle(ask).visibility).toBe('visible');
    expect(wouldBe(app).length).toBeGreaterThan(0);
  });
});

describe('<kiosk-app> while the table is closed', () => {
  it('no ask previews, in the panel or the roads, their place kept; back when the table opens', async () => {
    const open = (seq: number, tableOpen: boolean): TableView => ({
      ...makeView({ shoe: SHOE.slice(0, 12), tableOpen }, Date.now()),
      seq,
    });
    const demo = new DemoKiosk(open(1, true));
    const app = await board(demo);
    const ask = $(app, 'kiosk-ask')!;
    expect(getComputedStyle(ask).visibility).toBe('visible');
    expect(wouldBe(app).length).toBeGreaterThan(0);
    const panel = ask.getBoundingClientRect().toJSON();

    demo.push(open(2, false)); // closed between hands: its roads stay shown, there is no next hand to predict
    await settleAll(app);
    expect($(app, '.board')!.classList.contains('closed')).toBe(true);
    expect(getComputedStyle(ask).visibility).toBe('hidden');
    expect(wouldBe(app)).toEqual([]);
    expect(ask.getBoundingClientRect().toJSON()).toEqual(panel); // nothing moved

    demo.push(open(3, true));
    await settleAll(app);
    expect(getComputedStyle(ask).visibility).toBe('visible');
    expect(wouldBe(app).length).toBeGreaterThan(0);
  });
});
