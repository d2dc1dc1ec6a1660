/**
 * The ask roads' would-be marks (ROADS.md §5): where the next Banker and the next Player would draw, in place on
 * each road, blinking in a dashed frame. Pure; the layouts of layout-road.ts keep them apart from the results, drawn over them.
 * @packageDocumentation
 */
import type { AskPreview, GridCell } from '../../baccarat/roads/types';
import { BIG_CIRCLE, derivedMark, r2 } from './glyphs';
import { centre, type Mark, type RoadSize, visible } from './marks';

/** `ask-a` or `ask-b`, alternating with the hand count `askKey`: which of two identical blink animations runs. */
const askRun = (askKey: string): 'ask-a' | 'ask-b' => (Number(askKey) % 2 === 1 ? 'ask-b' : 'ask-a');

type AskCell = GridCell & ({ readonly outcome: 'banker' | 'player' } | { readonly colour: 'red' | 'blue' });

/**
 * The would-be marks of the next Banker and the next Player, blinking in place (ROADS.md §5), each in a dashed frame. Each side keeps its
 * element from hand to hand (only its place and colour change); the blink starts anew because the animation's
 * name alternates with `askKey`'s parity (`ask-a` / `ask-b`), and a new animation name restarts a CSS animation:
 * no element is removed and inserted on each hand for it.
 */
export function askMarks(
  size: RoadSize,
  askKey: string,
  glyph: 'circle' | 'ring' | 'dot' | 'slash',
  ask: { readonly banker: AskPreview; readonly player: AskPreview },
  pick: (a: AskPreview) => AskCell | null,
): Mark[] {
  const marks: Mark[] = [];
  for (const side of ['banker', 'player'] as const) {
    const at = pick(ask[side]);
    if (!at || !visible(size, at.col)) continue;
    const key = `ask-${side}`;
    const run = askRun(askKey);
    // The cell framed with a dashed line, the would-be mark smaller inside it (styles): a preview, never mistaken for
    // a result, even in a still picture.
    const [fx, fy] = centre(size, at.col, at.row);
    const h = size.cell * 0.44;
    marks.push({
      key: `${key}-f`,
      tag: 'path',
      cls: `ask ask-${side} ${run} ask-frame`,
      d: `M${r2(fx - h)} ${r2(fy - h)}H${r2(fx + h)}V${r2(fy + h)}H${r2(fx - h)}Z`,
      sw: r2(Math.max(1, size.cell * 0.05)),
    });
    if (glyph === 'circle' && 'outcome' in at) {
      const [cx, cy] = centre(size, at.col, at.row);
      const cls = `ask ask-${side} ${run} circle ${at.outcome}`;
      marks.push({
        key,
        tag: 'circle',
        cls,
        cx: r2(cx),
        cy: r2(cy),
        r: r2(size.cell * BIG_CIRCLE.r),
        sw: r2(size.cell * BIG_CIRCLE.sw),
      });
    } else if (glyph !== 'circle' && 'colour' in at) {
      marks.push(derivedMark(key, `ask ask-${side} ${run} ${glyph} ${at.colour}`, glyph, size, at));
    }
  }
  return marks;
}
