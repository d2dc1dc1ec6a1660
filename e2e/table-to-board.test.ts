/**
 * End to end, as on a casino floor: the simulator deals a real shoe over MQTT (with a void hand, a mis-keyed
 * result and its correction, and the last coup); the pit switches the table to modified odds mid-shoe; a real
 * bridge and the browser-mode host feed the real renderer in Chromium; and the board shows each thing at the
 * right moment. The simulated table is paused after chosen steps (through its injectable sleep) while the test
 * looks at the board.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { type Browser, chromium, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { roadHands } from '../baccarat/shoe';
import type { RoadHand } from '../baccarat/types';
import type { TableView } from '../contract/kiosk';
import { makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { Bridge } from '../mqtt-bridge/bridge';
import { defaultConfig } from '../mqtt-bridge/config';
import { type EmbeddedBroker, startEmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { memoryLogger } from '../mqtt-bridge/log';
import { simulateTable } from '../simulator/dealer';
import { startTableSimulator } from '../simulator/publisher';
import type { Step } from '../simulator/steps';
import { signage } from '../test/helpers/table-messages';
import { startWebHost, type WebHost } from '../web-host/server';
import { chromiumLaunchOptions } from '../test/helpers/chromium';

const RENDERER = new URL('../dist/renderer', import.meta.url).pathname;
const T = topics('baccarat');
let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({
    ...chromiumLaunchOptions(),
  });
});
afterAll(async () => {
  await browser?.close();
});

/** A simulated table that can be held after a chosen step, and let go again. */
function gate() {
  let holdAfter: ((s: Step) => boolean) | null = null;
  let holding = false;
  let release: (() => void) | null = null;
  let onHeld: ((s: Step) => void) | null = null;
  let last: Step | null = null;
  return {
    onStep(step: Step) {
      last = step;
      if (holdAfter?.(step)) holding = true;
    },
    sleep(): Promise<void> {
      if (!holding) return Promise.resolve();
      holding = false;
      holdAfter = null;
      return new Promise<void>((resolve) => {
        release = resolve;
        onHeld?.(last!);
      });
    },
    /** Lets the table go on, and resolves with the step it is held after (or null if it never is). */
    runUntil(pred: (s: Step) => boolean, done: Promise<void>): Promise<Step | null> {
      holdAfter = pred;
      const held = new Promise<Step | null>((resolve) => {
        onHeld = resolve;
        void done.then(() => resolve(null));
      });
      const r = release;
      release = null;
      r?.();
      return held;
    },
  };
}

interface Rig {
  broker: EmbeddedBroker;
  bridge: Bridge;
  web: WebHost;
  page: Page;
  views: TableView[];
  stop(): Promise<void>;
}

async function rig(): Promise<Rig> {
  const broker = await startEmbeddedBroker();
  const c = defaultConfig();
  const { logger } = memoryLogger('warn');
  const bridge = new Bridge(
    {
      ...c,
      tableId: 'E2E',
      displayId: 'board-e2e',
      mqtt: { ...c.mqtt, brokers: [broker.url], clientId: 'board-e2e', reconnectMinMs: 100 },
      journal: { dir: mkdtempSync(join(tmpdir(), 'bb-e2e-')), syncIntervalMs: 0 },
      board: { ...c.board, language: 'en' },
    },
    { logger },
  );
  const views: TableView[] = [];
  bridge.on('view', (v) => views.push(v));
  await bridge.start();
  const web = await startWebHost({
    source: bridge,
    host: '127.0.0.1',
    port: 0,
    token: null,
    rendererDir: RENDERER,
    logger,
  });
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await page.goto(web.url);
  return {
    broker,
    bridge,
    web,
    page,
    views,
    async stop() {
      await page.close();
      await web.close();
      await bridge.stop();
      await broker.close();
    },
  };
}

const text = (page: Page, t: string | RegExp) => page.getByText(t).first();
const hands = (v: TableView | undefined): RoadHand[] => (v?.shoe ? roadHands(v.shoe) : []);

describe.each([
  { seed: 'e2e-2', lastCoupCase: 'a' as const },
  { seed: 'e2e-4', lastCoupCase: 'b' as const },
])(
  'a shoe dealt by the simulator, shown by the board ($seed, last coup case $lastCoupCase)',
  ({ seed, lastCoupCase }) => {
    test('void hand, modified odds from a given hand, correction, last coup and shoe end, each at its moment', async () => {
      const r = await rig();
      try {
        const pub = await mqtt.connectAsync(r.broker.url, { clientId: 'pit-console' });
        await pub.publishAsync(
          T.tableSignage('E2E'),
          makeTableSignage(signage(1, { language: 'en', tableName: 'Jade E2E' })),
          {
            qos: 1,
            retain: true,
          },
        );
        const g = gate();
        const steps = [
          ...simulateTable({ seed, shoes: 1, irregularities: { exposedCard: 0.03, misKey: 0.03, cutCardMissed: 0 } }),
        ];
        const sim = await startTableSimulator({
          broker: r.broker.url,
          tableId: 'E2E',
          steps,
          speed: 1,
          onStep: (s) => g.onStep(s),
          sleep: () => g.sleep(),
        });
        const view = () => r.bridge.view();
        // The sign itself, not the announcement of a change to come, which uses the same words.
        const sign = () => r.page.locator('[data-sign="modified-odds"]').first().isVisible();
        const shoeId = steps.find((s) => s.type === 'shoe-start')!.shoeId;
        const voidStep = steps.find((s) => s.type === 'void-hand')!;
        const correction = steps.find((s) => s.type === 'correction');
        const cut = steps.find((s) => s.type === 'cut-card')!;
        expect(cut.firstCardOfRound).toBe(lastCoupCase === 'a');
        const H = voidStep.handNo + 4; // modified odds take effect from this hand
        let onRoadsBefore = 0;

        /** What to look at after which step; visited in the order the shoe deals them. */
        const checkpoints: { after: (s: Step) => boolean; check: () => Promise<void> }[] = [
          {
            // NO BETS THIS HAND from the announcement...
            after: (s) => s.type === 'void-hand',
            check: async () => {
              await expect.poll(() => text(r.page, 'No bets this hand').isVisible(), { timeout: 5000 }).toBe(true);
              onRoadsBefore = hands(view()).length;
            },
          },
          {
            // ...and the void hand's result is kept, but stays off the roads.
            after: (s) => s.type === 'hand' && s.handNo === voidStep.handNo,
            check: async () => {
              await expect.poll(() => view().shoe?.rounds.filter((x) => 'hand' in x).length).toBe(voidStep.handNo);
              expect(hands(view())).toHaveLength(onRoadsBefore);
            },
          },
          {
            // The pit switches to modified odds from hand H of this shoe while hand H-2 is the last result.
            after: (s) => s.type === 'hand' && s.handNo === H - 2,
            check: async () => {
              await pub.publishAsync(
                T.tableSignage('E2E'),
                makeTableSignage(
                  signage(2, {
                    language: 'en',
                    tableName: 'Jade E2E',
                    variant: { kind: 'modified-odds', effectiveFromShoe: shoeId, effectiveFromHand: H },
                    previousVariant: { kind: 'commission', commissionPercent: 5 },
                  }),
                ),
                { qos: 1, retain: true },
              );
              await expect.poll(() => view().signage?.revision).toBe(2);
            },
          },
          {
            // Bets for hand H-1: still commission, no sign.
            after: (s) => s.type === 'betting-open' && s.handNo === H - 1,
            check: async () => {
              await expect.poll(() => view().shoe?.phase).toBe('betting');
              expect(view().payTable?.variant).toBe('commission');
              expect(await sign()).toBe(false);
            },
          },
          {
            // From the beginning of round H (bets open for it) the sign shows...
            after: (s) => s.type === 'betting-open' && s.handNo === H,
            check: async () => {
              await expect.poll(sign, { timeout: 5000 }).toBe(true);
              expect(view().payTable).toMatchObject({ variant: 'modified-odds', modifiedOddsSign: true, fromHand: H });
            },
          },
          {
            // ...and stays while the round is played.
            after: (s) => s.type === 'no-more-bets' && s.handNo === H,
            check: async () => {
              await expect.poll(() => view().shoe?.phase).toBe('dealing');
              expect(await sign()).toBe(true);
            },
          },
          ...(correction
            ? [
                {
                  // A mis-keyed result, then the supervisor's correction: the roads take the true result.
                  after: (s: Step) => s === correction,
                  check: async () => {
                    await expect.poll(() => text(r.page, 'Corrected result').isVisible(), { timeout: 5000 }).toBe(true);
                    const round = view().shoe!.rounds.find((x) => x.no === correction.handNo && 'hand' in x);
                    expect(round).toMatchObject({
                      hand: { outcome: correction.coup.outcome },
                      corrected: { by: correction.by },
                    });
                  },
                },
              ]
            : []),
          lastCoupCase === 'a'
            ? {
                // Rule 11.2 (a): LAST COUP at once.
                after: (s: Step) => s === cut,
                check: async () => {
                  await expect
                    .poll(() => text(r.page, /Last hand · Last coup/).isVisible(), { timeout: 5000 })
                    .toBe(true);
                  expect(
                    await text(
                      r.page,
                      // "\s·": the "·" keeps to the words before it with a no-break space (notice-board.ts)
                      /Cut card came out first( — this hand is the last|\s· Hand \d+ is the last)/,
                    ).isVisible(),
                  ).toBe(true);
                },
              }
            : {
                // Rule 11.2 (b): the round is completed first, then LAST COUP.
                after: (s: Step) => s.type === 'hand' && s.handNo === cut.handNo,
                check: async () => {
                  await expect
                    .poll(() => text(r.page, /Last hand · Last coup/).isVisible(), { timeout: 5000 })
                    .toBe(true);
                  expect(await text(r.page, /Cut card out( in hand \d+)? — one more/).isVisible()).toBe(true);
                },
              },
        ];
        const indexOf = (pred: (s: Step) => boolean) => steps.findIndex(pred);
        checkpoints.sort((a, b) => indexOf(a.after) - indexOf(b.after));
        for (const cp of checkpoints) {
          expect(indexOf(cp.after)).toBeGreaterThanOrEqual(0);
          const held = await g.runUntil(cp.after, sim.done);
          expect(held).not.toBeNull();
          await cp.check();
        }
        if (lastCoupCase === 'b') {
          // Before the round in which the cut card came out was complete, there was no LAST COUP yet.
          const early = r.views.find((v) => v.shoe && v.notices.some((n) => n.kind === 'lastCoup'));
          expect(early?.shoe?.rounds.filter((x) => 'hand' in x).length).toBeGreaterThanOrEqual(cut.handNo);
        }

        // Shoe end: every hand on the board exactly once, the roads equal to the dealt results.
        await g.runUntil((s) => s.type === 'shoe-end', sim.done);
        await expect.poll(() => text(r.page, 'Shoe end').isVisible(), { timeout: 5000 }).toBe(true);
        const truth = new Map<number, RoadHand>();
        for (const s of steps) {
          if (s.type === 'hand' && !s.voidHand) truth.set(s.handNo, s.coup);
          if (s.type === 'correction') truth.set(s.handNo, s.coup);
        }
        // The page shows Shoe end from its own view; the bridge's may still be taking the last messages on a busy CI.
        await expect
          .poll(() => hands(view()).map((h) => h.outcome), { timeout: 5000 })
          .toEqual([...truth.values()].map((h) => h.outcome));
        expect(r.views.length).toBeGreaterThan(100);
        await sim.stop();
        await pub.endAsync();
      } finally {
        await r.stop();
      }
    }, 90_000);
  },
);
