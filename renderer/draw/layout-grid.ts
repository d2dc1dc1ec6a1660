/**
 * The grid of a road as one path string: the lines between cells of the visible window (the paper's edge is
 * the panel's). Pure; the road view renders it with Lit, under `g.marks`.
 *
 * ```ts
 * layoutGrid({ cell: 10, rows: 2, cols: 2, offset: 0 }); // "M10,0V20M0,10H20"
 * ```
 * @packageDocumentation
 */
import { path } from 'd3';
import type { RoadSize } from './marks';

const r2 = (n: number): number => Math.round(n * 100) / 100;

/** Inner grid lines of the visible window, in px. */
export function layoutGrid(size: RoadSize): string {
  const p = path();
  const w = r2(size.cols * size.cell);
  const h = r2(size.rows * size.cell);
  for (let c = 1; c < size.cols; c++) {
    const x = r2(c * size.cell);
    p.moveTo(x, 0);
    p.lineTo(x, h);
  }
  for (let r = 1; r < size.rows; r++) {
    const y = r2(r * size.cell);
    p.moveTo(0, y);
    p.lineTo(w, y);
  }
  return p.toString();
}
