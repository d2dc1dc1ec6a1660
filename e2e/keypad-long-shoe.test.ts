/**
 * A whole 8-deck shoe keyed into the keypad, with the page open on the tablet at both orientations (800×1280 and
 * 1280×800): after every hand, mid-round with the card keys up, the page is exactly the tablet's width (no sideways
 * scroll), every card key, header button and "Round void…" is on the screen, and the newest hand is in view in the
 * history strip, which scrolls within itself. The hands' strip once set the page's width: a chip per hand, the
 * "Player pair · Banker pair" ones wide, and the page grew past 800 px by hand 9. Saves the portrait screen after
 * 30 hands to test/output/keypad/ (gitignored) to look at.
 */
import { join } from 'node:path';
import type { Page } from 'playwright';
import { describe, expect, test } from 'vitest';
import { makeCard } from '../baccarat/cards';
import type { DealerAction } from '../keypad/protocol';
import { dealingOrder } from '../keypad/round-entry';
import { simulateTable } from '../simulator/dealer';
import type { Step } from '../simulator/steps';
import { act, KEYPAD_SCREENS as SCREENS, keypadRig, servedKeypad } from '../test/helpers/keypad-rig';
import { cleanupList } from '../test/helpers/lifecycle';

const SIZES = [
  [800, 1280],
  [1280, 800],
] as const;

const rig = keypadRig();
const { missing } = rig;
const cleanups = cleanupList();

const both = (s: Step & { type: 'hand' }) => s.coup.playerPair && s.coup.bankerPair;

/** A simulated 8-deck shoe, without irregularities, whose first 30 hands have hands with both pairs. */
function longShoe(): { burn: Step & { type: 'burn' }; hands: (Step & { type: 'hand' })[] } {
  for (let i = 1; i < 200; i++) {
    const seed = `keypad-long-shoe-${i}`;
    const steps = [...simulateTable({ seed, shoes: 1, decks: 8, noBetCoups: 0, shoeId: () => `${seed}-S1` })];
    const hands = steps.filter((s): s is Step & { type: 'hand' } => s.type === 'hand' && !s.voidHand);
    const burn = steps.find((s): s is Step & { type: 'burn' } => s.type === 'burn')!;
    if (hands.length >= 70 && hands.slice(0, 30).filter(both).length >= 2) return { burn, hands };
  }
  throw new Error('no seed has a long shoe with both pairs early');
}

interface Fit {
  readonly scrollWidth: number;
  readonly innerWidth: number;
  /** Buttons (card keys, header, "Round void…") not wholly across the screen. */
  readonly off: string[];
  readonly cardKeys: number;
  /** The newest hand's chip: wholly within the strip and the screen. */
  readonly newestShown: boolean;
}

/** How the page fits the tablet, with the round's card keys up and hand `newest` the last recorded. */
async function fit(page: Page, newest: number): Promise<Fit> {
  await page.locator(`keypad-hands [data-hand="${newest}"]`).waitFor();
  await page.locator('main keypad-card-grid button[data-card]').first().waitFor();
  return page.evaluate((no) => {
    const off: string[] = [];
    let cardKeys = 0;
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) walk(el.shadowRoot);
        if (el.tagName !== 'BUTTON') continue;
        if (el.hasAttribute('data-card')) cardKeys++;
        const r = el.getBoundingClientRect();
        if (r.width > 0 && (r.left < -0.5 || r.right > innerWidth + 0.5)) off.push(el.textContent!.trim());
      }
    };
    walk(document);
    const strip = document.querySelector('keypad-app')!.shadowRoot!.querySelector('keypad-hands')!;
    const chip = strip.shadowRoot!.querySelector(`[data-hand="${no}"]`)!.getBoundingClientRect();
    const box = strip.getBoundingClientRect();
    const newestShown = chip.left >= Math.max(0, box.left) - 0.5 && chip.right <= Math.min(innerWidth, box.right) + 0.5;
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, off, cardKeys, newestShown };
  }, newest);
}

describe.skipIf(missing)(`the keypad through a whole shoe${missing ? ` (${missing})` : ''}`, () => {
  test('stays the tablet’s width at both orientations, the hands’ strip scrolling within itself', async () => {
    const { burn, hands } = longShoe();
    const { kp, server } = await servedKeypad(rig, cleanups, 'L1');
    await act(kp, { type: 'open-table' }, { type: 'new-shoe', decks: 8 }, { type: 'shuffle' });
    await act(kp, { type: 'burn', card: makeCard(burn.card), count: burn.count });
    const pages: Page[] = [];
    for (const [width, height] of SIZES) {
      const page = await rig.browser().newPage({ viewport: { width, height } });
      cleanups.push(() => page.close());
      await page.goto(server.url);
      await page.locator('keypad-app main[data-screen]').waitFor();
      pages.push(page);
    }
    let pairs = 0;
    for (const [i, hand] of hands.entries()) {
      const cards = dealingOrder({ player: hand.coup.player.cards, banker: hand.coup.banker.cards });
      await act(kp, { type: 'bets-open' }, { type: 'no-more-bets' });
      if (i > 0)
        for (const page of pages) {
          const f = await fit(page, i);
          const at = `hand ${i + 1} at ${f.innerWidth} px`;
          expect(f.scrollWidth, `${at}: the page's width`).toBe(f.innerWidth);
          expect(f.cardKeys, `${at}: card keys`).toBe(52);
          expect(f.off, `${at}: off the screen`).toEqual([]);
          expect(f.newestShown, `${at}: hand ${i} in view`).toBe(true);
        }
      if (i === 30) await pages[0]!.screenshot({ path: join(SCREENS, 'long-shoe-30-hands-800x1280.png') });
      if (i === 40)
        for (const page of pages) {
          // The dealer scrolls back to the shoe's first hands; the next hand brings the newest back into view.
          const strip = page.locator('keypad-app keypad-hands');
          const scrolled = await strip.evaluate((el) => ((el.scrollLeft = el.scrollWidth), el.scrollLeft));
          expect(scrolled, 'the strip scrolls within itself').toBeGreaterThan(0);
          await page.locator('keypad-hands [data-hand="1"]').waitFor();
        }
      await act(kp, ...cards.map((c): DealerAction => ({ type: 'card', card: makeCard(c) })), { type: 'result' });
      if (both(hand)) pairs++;
    }
    expect(pairs).toBeGreaterThanOrEqual(2);
    for (const page of pages) {
      await page.locator(`keypad-hands [data-hand="${hands.length}"]`).waitFor();
      const width = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      expect(width[0], `after the shoe at ${width[1]} px`).toBe(width[1]);
    }
  }, 240_000);
});
