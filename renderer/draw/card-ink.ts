/**
 * A playing card's ink as one path: the rank and a small suit in the top-left corner, the same turned a half turn
 * in the bottom-right, and a large suit in the middle, in the card's 250×350 box. One path per card instead of
 * six elements with transforms: a new hand changes one attribute per card. Built once per card and kept.
 *
 * ```ts
 * svg`<path class="ink" d=${cardInkPath({ rank: 'K', suit: 'D' })}></path>`;
 * ```
 * @packageDocumentation
 */
import type { Card } from '../../baccarat/types';
import { RANK_PATH } from '../components/card-glyphs';
import { SUIT_PATH } from '../components/icons';
import { thenMap, transformPath, type AxisMap } from './path-transform';

/** The small suit under the rank: its 100×100 box scaled to 36 at (26, 92). */
const CORNER_SUIT: AxisMap = { sx: 0.36, sy: 0.36, tx: 26, ty: 92 };
/** The large suit in the middle: its 100×100 box at (75, 125). */
const CENTRE_SUIT: AxisMap = { sx: 1, sy: 1, tx: 75, ty: 125 };
/** A half turn about the card's centre (125, 175). */
const HALF_TURN: AxisMap = { sx: -1, sy: -1, tx: 250, ty: 350 };

const paths = new Map<string, string>();

/** The card's ink (everything drawn in its suit's colour), as SVG path data. */
export function cardInkPath(card: Card): string {
  const key = card.rank + card.suit;
  let d = paths.get(key);
  if (d === undefined) {
    const rank = RANK_PATH[card.rank];
    const suit = SUIT_PATH[card.suit];
    d = [
      rank, // already drawn in its place
      transformPath(suit, CORNER_SUIT),
      transformPath(rank, HALF_TURN),
      transformPath(suit, thenMap(CORNER_SUIT, HALF_TURN)),
      transformPath(suit, CENTRE_SUIT),
    ].join('');
    paths.set(key, d);
  }
  return d;
}
