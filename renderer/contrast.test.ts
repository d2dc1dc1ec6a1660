/// <reference types="vite/client" />
/**
 * Contrast of the board's colours (issue 13, WCAG 2.x relative luminance): every patron-facing text at least 4.5:1
 * on what it is drawn on, every mark (circles, beads, dots, slashes, swatches) at least 3:1, in both themes. The
 * colours are read from assets/tokens.css as the board computes them; the backgrounds are the worst cases (the felt's
 * lightest stop, a panel over it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tokens from '../assets/tokens.css?raw';

/** WCAG relative luminance of an sRGB colour written `rgb(r, g, b)` or `#rrggbb`. */
function luminance(colour: string): number {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour.trim());
  const rgb = hex
    ? [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16))
    : (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const ratio = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The felt's lightest stop and a panel over it (rgb 255 at 5.5 %): light text's worst backgrounds. */
const FELT = '#123127';
const PANEL = '#1f3c33';

/** [what, foreground token or colour, background token or colour, minimum ratio]. */
const PAIRS: readonly [string, string, string, number][] = [
  // Text: 4.5:1.
  ['bead label on a banker bead', '--kiosk-bead-ink', '--kiosk-banker', 4.5],
  ['bead label on a player bead', '--kiosk-bead-ink', '--kiosk-player', 4.5],
  ['bead label on a tie bead', '--kiosk-bead-ink', '--kiosk-tie', 4.5],
  ['tie count on the paper', '--kiosk-tie-count', '--kiosk-road-bg', 4.5],
  ['ask letters and road text on the paper', '--kiosk-road-ink', '--kiosk-road-bg', 4.5],
  ['secondary road text on the paper', '--kiosk-road-ink-muted', '--kiosk-road-bg', 4.5],
  ['text on the felt', '--kiosk-ink', FELT, 4.5],
  ['text on a panel', '--kiosk-ink', PANEL, 4.5],
  ['secondary text on a panel', '--kiosk-ink-muted', PANEL, 4.5],
  ['gold titles on a panel', '--kiosk-gold', PANEL, 4.5],
  ['Chinese line of gold titles on a panel', '--kiosk-gold-muted', PANEL, 4.5],
  ['"Banker" on a panel', '--kiosk-banker-ink', PANEL, 4.5],
  ['"Player" on a panel', '--kiosk-player-ink', PANEL, 4.5],
  ['tie figures on a panel', '--kiosk-tie-ink', PANEL, 4.5],
  ['"Win" on a banker chip', '--kiosk-bead-ink', '--kiosk-banker', 4.5],
  ['"6" on the modified-odds sign', '--kiosk-bead-ink', '--kiosk-banker', 4.5],
  ['a void badge', '--kiosk-ink', '--kiosk-notice-void', 4.5],
  ['a red card rank', '--kiosk-card-red', '--kiosk-card-face', 4.5],
  ['a black card rank', '--kiosk-card-black', '--kiosk-card-face', 4.5],
  // Marks: 3:1.
  ['banker circles and beads on the paper', '--kiosk-banker', '--kiosk-road-bg', 3],
  ['player circles and beads on the paper', '--kiosk-player', '--kiosk-road-bg', 3],
  ['tie slashes and beads on the paper', '--kiosk-tie', '--kiosk-road-bg', 3],
  ['red derived marks on the paper', '--kiosk-red', '--kiosk-road-bg', 3],
  ['blue derived marks on the paper', '--kiosk-blue', '--kiosk-road-bg', 3],
  ['the natural star (its outline) on the paper', '--kiosk-natural-edge', '--kiosk-road-bg', 3],
  ['banker swatches on a panel', '--kiosk-banker-ink', PANEL, 3],
  ['player swatches on a panel', '--kiosk-player-ink', PANEL, 3],
  ['tie swatches on a panel', '--kiosk-tie-ink', PANEL, 3],
  ['the connected dot on the felt', '--kiosk-live', FELT, 3],
];

let style: HTMLStyleElement;
beforeAll(() => {
  style = document.createElement('style');
  style.textContent = tokens;
  document.head.append(style);
});
afterAll(() => style.remove());

describe.each(['classic', 'colour-blind'])('%s theme: contrast', (theme) => {
  const el = document.createElement('div');
  el.dataset['theme'] = theme;
  const colour = (v: string) => {
    if (!v.startsWith('--')) return v;
    if (!el.isConnected) document.body.append(el);
    return getComputedStyle(el).getPropertyValue(v).trim();
  };
  it.each(PAIRS)('%s', (_what, fg, bg, min) => {
    const r = ratio(colour(fg), colour(bg));
    expect(r, `${fg} ${colour(fg)} on ${bg} ${colour(bg)}: ${r.toFixed(2)}:1`).toBeGreaterThanOrEqual(min);
  });
});
