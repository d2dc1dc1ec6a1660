/**
 * A playing card's ink as one path, drawn for a board read from 3 m (issue 13): a jumbo index, the rank large
 * (its capitals 140 units of the card's 350: 22 px on a 54 px card) over a large suit, upright; a sideways card
 * (a third card, as dealers place it) is a landscape box with the same ink upright, rank beside suit. One path per
 * card instead of several elements with transforms: a new hand changes one attribute per card. Built once and kept.
 *
 * ```ts
 * svg`<path class="ink" d=${cardInkPath({ rank: 'K', suit: 'D' })}></path>`;              // in a 250×350 box
 * svg`<path class="ink" d=${cardInkPath({ rank: 'K', suit: 'D' }, true)}></path>`;        // in a 350×250 box
 * ```
 * @packageDocumentation
 */
import type { Card } from '../../baccarat/types';
import { RANK_PATH } from '../components/card-glyphs';
import { SUIT_PATH } from '../components/icons';
import { transformPath, type AxisMap } from './path-transform';

/** The rank's scale: its glyphs (card-glyphs.ts) have capitals 50 units tall, from y = 24 to the baseline at 74. */
const RANK_SCALE = 2.8;

/** Where rank and suit go, upright, in each box: the rank centred on x = 46 in its glyph box, the suit a 100 box. */
const LAYOUT: { readonly [K in 'upright' | 'sideways']: { readonly rank: AxisMap; readonly suit: AxisMap } } = {
  // 250×350: the rank's capitals from y = 22 to 162 centred on x = 125, the suit 105 wide below them.
  upright: {
    rank: { sx: RANK_SCALE, sy: RANK_SCALE, tx: 125 - 46 * RANK_SCALE, ty: 22 - 24 * RANK_SCALE },
    suit: { sx: 1.05, sy: 1.05, tx: 72.5, ty: 212 },
  },
  // 350×250: the rank's capitals from y = 55 to 195 centred on x = 100, the suit 110 wide at its right.
  sideways: {
    rank: { sx: RANK_SCALE, sy: RANK_SCALE, tx: 100 - 46 * RANK_SCALE, ty: 55 - 24 * RANK_SCALE },
    suit: { sx: 1.1, sy: 1.1, tx: 205, ty: 70 },
  },
};

const paths = new Map<string, string>();

/** The card's ink (everything drawn in its suit's colour), as SVG path data; `sideways`: in a 350×250 box. */
export function cardInkPath(card: Card, sideways = false): string {
  const key = card.rank + card.suit + (sideways ? 's' : '');
  let d = paths.get(key);
  if (d === undefined) {
    const at = LAYOUT[sideways ? 'sideways' : 'upright'];
    d = transformPath(RANK_PATH[card.rank], at.rank) + transformPath(SUIT_PATH[card.suit], at.suit);
    paths.set(key, d);
  }
  return d;
}
