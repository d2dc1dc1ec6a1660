/**
 * A playing card drawn in SVG for a board read from 3 m: a jumbo index (a large rank over a large suit), hearts
 * and diamonds red. `sideways` lays it on its side, as dealers place a third card, its rank still upright. The ink is one path (the ranks are
 * outlined from Noto Sans Bold, card-glyphs.ts; draw/card-ink.ts bakes the suits' places into it): a new card
 * has no text to shape or lay out, and changes one attribute.
 *
 * ```ts
 * html`${playingCard({ rank: 'K', suit: 'D' })} ${playingCard(third, { sideways: true })}`;
 * ```
 * @packageDocumentation
 */
import { html, svg, type TemplateResult } from 'lit';
import { suitColour } from '../../baccarat/cards';
import type { Card } from '../../baccarat/types';
import { cardInkPath } from '../draw/card-ink';

const SYMBOL = { S: '♠', H: '♥', D: '♦', C: '♣' } as const;

/** The card's face in a 250×350 box, or (`sideways`) a 350×250 one, its ink upright either way. */
function face(card: Card, sideways: boolean) {
  const [w, h] = sideways ? [350, 250] : [250, 350];
  return svg`
    <rect class="shadow" x="7" y="11" width=${w - 8} height=${h - 12} rx="22"></rect>
    <rect class="face" x="3" y="3" width=${w - 10} height=${h - 14} rx="22"></rect>
    <path class="ink" d=${cardInkPath(card, sideways)}></path>`;
}

/** A card as an inline SVG; `sideways` lays it on its side (its box is then landscape; its rank still upright). */
export function playingCard(card: Card, opts: { sideways?: boolean } = {}): TemplateResult {
  const colour = suitColour(card.suit);
  const label = `${card.rank}${SYMBOL[card.suit]}`;
  const sideways = opts.sideways === true;
  return html`<span
    class="card ${colour} ${sideways ? 'sideways' : ''}"
    role="img"
    aria-label=${label}
    data-card=${card.rank + card.suit}
    ><svg viewBox=${sideways ? '0 0 350 250' : '0 0 250 350'} aria-hidden="true">${face(card, sideways)}</svg></span
  >`;
}
