/**
 * What each per-hand panel costs the frame that shows a hand: the board's main-thread CPU per hand (frame-cpu.ts)
 * with that panel skipped (`content-visibility: hidden` on its host: it keeps its place and size, and still updates,
 * but is neither styled, laid out nor painted), against the whole board, on pages opened alike. The difference is
 * the panel's share of the frame's style, layout and paint; its script is not in it (the panel still updates).
 *
 * This VM (1080p, 160 hands each): the whole board's frame ~6.2 ms a hand; without the last hand ~3.9, without the
 * statistics ~4.9, without both ~3.1: the two panels of text that change at every hand are half of the frame, the
 * five roads and everything else the other half. Hiding their static parts (visibility) saved 0.3-0.5 ms, so each
 * hand repaints them whole. Neither fixed-size number boxes (layout containment) nor a paint layer per number moved
 * it beyond the noise: the lever is a cheaper panel, not containment.
 * @packageDocumentation
 */
import type { Browser, Page } from 'playwright';
import { cpuPerHand } from './frame-cpu';
import { ms, pct } from './renderer-page';

/** Panels to skip, by the tags of their hosts; an empty list is the whole board. */
export const PANEL_CASES: readonly (readonly string[])[] = [
  [],
  ['kiosk-last-hand'],
  ['kiosk-stats'],
  ['kiosk-last-hand', 'kiosk-stats'],
];

/** Skips the hosts with these tags (shadow roots included) on the page. */
export async function skipPanels(page: Page, tags: readonly string[]): Promise<void> {
  await page.evaluate((tags) => {
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (tags.includes(el.localName)) (el as HTMLElement).style.setProperty('content-visibility', 'hidden');
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
  }, tags);
}

/**
 * For each case, on a page of its own (`open`, then `warm` before the trace), the frame's CPU per hand (the hand's
 * CPU less its push's script) over the hands `deal` pushes: p50, ms.
 */
export async function panelShares(
  browser: Browser,
  open: () => Promise<Page>,
  warm: (page: Page) => Promise<unknown>,
  deal: (page: Page) => Promise<unknown>,
): Promise<{ readonly skipped: readonly string[]; readonly frame: readonly number[] }[]> {
  const out = [];
  for (const skipped of PANEL_CASES) {
    const page = await open();
    await warm(page);
    await skipPanels(page, skipped);
    const hands = await cpuPerHand(browser, page, () => deal(page));
    out.push({ skipped, frame: hands.map((h) => h.total - h.script) });
    await page.close();
  }
  return out;
}

/** The shares as the bench prints them: each case's frame p50, and how much less than the whole board's it is. */
export function panelShareLines(shares: Awaited<ReturnType<typeof panelShares>>): string[] {
  const whole = pct([...(shares[0]?.frame ?? [])], 50);
  return [
    `    1080p, the frame's main-thread CPU per hand (p50, the push's script left out) with panels skipped:`,
    ...shares.map(({ skipped, frame }) => {
      const p50 = pct([...frame], 50);
      const less = skipped.length === 0 ? '' : `  (${ms(whole - p50)} less)`;
      return `      ${skipped.length === 0 ? 'the whole board' : `without ${skipped.join(' and ')}`}: ${ms(p50)}${less}`;
    }),
  ];
}
