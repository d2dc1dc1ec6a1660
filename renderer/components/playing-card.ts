/**
 * A playing card drawn in SVG: rank and suit in the corners, a large suit in the middle, hearts and diamonds
 * red. `sideways` draws it turned a quarter, as dealers place a third card. The ink is one path (the ranks are
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

/** The card's face in a 250×350 box. */
function face(card: Card) {
  return svg`
    <rect class="shadow" x="7" y="11" width="242" height="338" rx="22"></rect>
    <rect class="face" x="3" y="3" width="240" height="336" rx="22"></rect>
    <path class="ink" d=${cardInkPath(card)}></path>`;
}

/** A card as an inline SVG; `sideways` turns it 90° (its box is then landscape). */
export function playingCard(card: Card, opts: { sideways?: boolean } = {}): TemplateResult {
  const colour = suitColour(card.suit);
  const label = `${card.rank}${SYMBOL[card.suit]}`;
  if (opts.sideways) {
    return html`<span class="card ${colour} sideways" role="img" aria-label=${label} data-card=${card.rank + card.suit}
      ><svg viewBox="0 0 350 250" aria-hidden="true">
        <g transform="translate(350 0) rotate(90)">${face(card)}</g>
      </svg></span
    >`;
  }
  return html`<span class="card ${colour}" role="img" aria-label=${label} data-card=${card.rank + card.suit}
    ><svg viewBox="0 0 250 350" aria-hidden="true">${face(card)}</svg></span
  >`;
}
