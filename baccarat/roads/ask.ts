/**
 * The ask roads (ROADS.md §5): for a next Banker and a next Player, the circle the big road would get and the
 * colour and cell each derived road would get. Ties do not change them.
 *
 * ```ts
 * const a = roadmap(parseShoe('BP').value).ask();
 * a.banker.bigEyeBoy; // 'red'
 * a.player.bigEyeBoy; // 'blue'
 * ```
 * @packageDocumentation
 */
import type { BigRoad } from './big-road';
import { derivedColour, type DerivedRoad } from './derived-road';
import type { Ask, AskPreview } from './types';

/** The ask roads of a big road and its three derived roads (k = 1, 2, 3, in that order). */
export function ask(big: BigRoad, derived: readonly [DerivedRoad, DerivedRoad, DerivedRoad]): Ask {
  return { banker: preview(big, derived, 'banker'), player: preview(big, derived, 'player') };
}

function preview(
  big: BigRoad,
  derived: readonly [DerivedRoad, DerivedRoad, DerivedRoad],
  outcome: 'banker' | 'player',
): AskPreview {
  const at = big.peek(outcome);
  const c = at.logicalCol;
  const r = at.logicalRow;
  // The would-be lengths: the hypothetical entry extends column c to r + 1. Only columns left of c are read by
  // the colour rule, so the real lengths array serves as it is.
  const lengths = big.lengths;
  const [bigEyeBoy, smallRoad, cockroachPig] = derived.map((road) => {
    const colour = derivedColour(lengths, c, r, road.k);
    return colour === null ? null : { colour, cell: road.peek(colour) };
  }) as [Would, Would, Would];
  return {
    bigRoad: { col: at.col, row: at.row, outcome },
    bigEyeBoy: bigEyeBoy?.colour ?? null,
    smallRoad: smallRoad?.colour ?? null,
    cockroachPig: cockroachPig?.colour ?? null,
    cells: {
      bigEyeBoy: bigEyeBoy?.cell ?? null,
      smallRoad: smallRoad?.cell ?? null,
      cockroachPig: cockroachPig?.cell ?? null,
    },
  };
}

type Would = { colour: 'red' | 'blue'; cell: { col: number; row: number } } | null;
