/**
 * A playing card drawn in SVG: rank and suit in the corners, a large suit in the middle, hearts and diamonds
 * red. `sideways` draws it turned a quarter, as dealers place a third card. Everything is a path (the ranks are
 * outlined from Noto Sans Bold, card-glyphs.ts): a new card has no text to shape or lay out.
 *
 * ```ts
 * html`${playingCard({ rank: 'K', suit: 'D' })} ${playingCard(third, { sideways: true })}`;
 * ```
 * @packageDocumentation
 */
import { html, svg, type TemplateResult } from 'lit';
import { suitColour } from '../../baccarat/cards';
import type { Card } from '../../baccarat/types';
import { RANK_PATH } from './card-glyphs';
import { SUIT_PATH } from './icons';

const SYMBOL = { S: '♠', H: '♥', D: '♦', C: '♣' } as const;

/** The card's face in a 250×350 box. */
function face(card: Card) {
  const suit = SUIT_PATH[card.suit];
  const rank = RANK_PATH[card.rank];
  return svg`
    <rect class="shadow" x="7" y="11" width="242" height="338" rx="22"></rect>
    <rect class="face" x="3" y="3" width="240" height="336" rx="22"></rect>
    <g class="ink">
      <path class="rank" d=${rank}></path>
      <path d=${suit} transform="translate(26 92) scale(0.36)"></path>
      <g transform="rotate(180 125 175)">
        <path class="rank" d=${rank}></path>
        <path d=${suit} transform="translate(26 92) scale(0.36)"></path>
      </g>
      <path d=${suit} transform="translate(75 125) scale(1)"></path>
    </g>`;
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
