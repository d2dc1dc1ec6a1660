/**
 * SVG file snapshots of the roads, in the manner of Plot's `test/plot-snapshot.js`: every road of a shoe drawn
 * into one detached `<svg>` by the real `layoutX()` + `drawRoad()`, numbers rounded to 2 decimals, compared with
 * `test/snapshots/<name>.svg`; on a mismatch `<name>-changed.svg` is written beside it to look at. Update with
 * `npx vitest run --project browser -u`.
 */
import { describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { parseShoe } from '../../baccarat/notation';
import { roadmap } from '../../baccarat/roads/roadmap';
import { DERIVED_ROADS } from '../../baccarat/types';
import { EXAMPLE_SHOES } from '../../test/fixtures/views/index';
import { drawRoad } from './draw-road';
import { layoutGrid } from './layout-grid';
import { layoutBeadPlate, layoutBigRoad, layoutDerivedRoad } from './layout-road';
import { allMarks, lastCol, roadSize, scrollX, type Mark, type RoadSize } from './marks';

const SVG_NS = 'http://www.w3.org/2000/svg';
const CELL = 24; // big road and bead plate, in px; derived roads are half
const COLS = 24;

/** Colours for looking at the files; the board takes them from assets/tokens.css. */
const STYLE = `
.paper{fill:#f7f2e8}.grid{stroke:#d8ccb6;fill:none}text{font-family:'Noto Sans',sans-serif;text-anchor:middle;dominant-baseline:central;font-weight:700}
.bead.banker{fill:#d7392f}.bead.player{fill:#1f63d6}.bead.tie{fill:#1d9a52}.bead-label{fill:#fff}
.circle{fill:none}.circle.banker{stroke:#d7392f}.circle.player{stroke:#1f63d6}.tie-slash{stroke:#1d9a52;stroke-linecap:round}
.tie-count{fill:#157a40}.pair.banker-pair{fill:#d7392f}.pair.player-pair{fill:#1f63d6}.natural{fill:#dcb56d}
.ring{fill:none}.ring.red,.slash.red{stroke:#d7392f}.ring.blue,.slash.blue{stroke:#1f63d6}.dot.red{fill:#d7392f}.dot.blue{fill:#1f63d6}
.slash{stroke-linecap:round}.label{fill:#333;font-size:11px;text-anchor:start}.ask{opacity:.4}`;

function road(parent: SVGSVGElement, y: number, label: string, size: RoadSize, marks: Mark[]): number {
  const w = size.cols * size.cell;
  const h = size.rows * size.cell;
  const g = document.createElementNS(SVG_NS, 'g');
  g.setAttribute('transform', `translate(0,${y})`);
  g.innerHTML = `<text class="label" x="0" y="7">${label}</text><g transform="translate(0,16)"><rect class="paper" width="${w}" height="${h}"/><path class="grid" d="${layoutGrid(size)}"/><g class="marks" transform="translate(${scrollX(size)} 0)"/></g>`;
  parent.append(g);
  drawRoad(g.querySelector('g.marks') as SVGGElement, marks);
  return y + h + 28;
}

/** Every road of a shoe in one SVG, as markup with one element per line. */
function snapshot(shoe: string): string {
  const parsed = parseShoe(shoe);
  if (!parsed.ok) throw new Error(parsed.error);
  const map = roadmap(parsed.value);
  const svg = document.createElementNS(SVG_NS, 'svg');
  const ask = map.ask();
  let y = 0;
  const big = (cells: { col: number }[]) => roadSize({ cell: CELL, rows: 6, cols: COLS }, lastCol(cells));
  y = road(
    svg,
    y,
    'Bead Plate',
    big(map.beadPlate),
    allMarks(layoutBeadPlate(map.beadPlate, big(map.beadPlate), { labels: { banker: 'B', player: 'P', tie: 'T' } })),
  );
  const bigSize = big([...map.bigRoad.cells, ask.banker.bigRoad, ask.player.bigRoad]);
  y = road(svg, y, 'Big Road', bigSize, allMarks(layoutBigRoad(map.bigRoad.cells, bigSize, { ask, askKey: 'next' })));
  for (const name of DERIVED_ROADS) {
    const cells = map[name].cells;
    const size = roadSize({ cell: CELL / 2, rows: 6, cols: COLS * 2 }, lastCol(cells));
    y = road(svg, y, name, size, allMarks(layoutDerivedRoad(name, cells, size, { ask, askKey: 'next' })));
  }
  const width = COLS * CELL;
  svg.setAttribute('xmlns', SVG_NS);
  svg.setAttribute('viewBox', `0 0 ${width} ${y}`);
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(y));
  const style = document.createElementNS(SVG_NS, 'style');
  style.textContent = STYLE;
  svg.prepend(style);
  return format(new XMLSerializer().serializeToString(svg));
}

/** Numbers to 2 decimals, one element per line (as Plot's snapshots). */
function format(markup: string): string {
  return `${markup.replace(/\d+\.\d{3,}/g, (n) => String(Math.round(Number(n) * 100) / 100)).replace(/></g, '>\n<')}\n`;
}

const SHOES: Record<string, string> = {
  'example-a': EXAMPLE_SHOES.A,
  'example-b': EXAMPLE_SHOES.B,
  'example-c': EXAMPLE_SHOES.C,
  'example-d': EXAMPLE_SHOES.D,
  'long-dragon': 'PBPBBPPBBBBBBBBBBBBBPPBPBPPPPPPPPPBPB',
  'leading-ties': 'TTTPBBPPTBPBBBTPBPPP',
  'many-ties': 'BTTTPTPTTBBTPPTTTTBTPBTTPTBBTT',
  pairs: 'B^P_B^_TP^B_P*B^P_^B PB_P^T^_B P_B^P',
  // 79 hands: every road has scrolled, so the marks' group is shifted
  'full-shoe': 'BPBBPTBPPBPB^BBPPTBPBPBBPPPBTBP_BBPBPPBBBPTPBPBBPPBPBPBBBPPBPTBPBBPPBPBBPBPPBTBBP',
};

describe('road snapshots', () => {
  it.each(Object.entries(SHOES))('%s', async (name, shoe) => {
    const markup = snapshot(shoe);
    const file = `../../test/snapshots/${name}.svg`;
    try {
      await expect(markup).toMatchFileSnapshot(file);
    } catch (e) {
      await commands.writeFile(`test/snapshots/${name}-changed.svg`, markup); // relative to the project root
      throw e;
    }
  });
});
