/**
 * Draws marks into the `g.marks` group of a road with one keyed, idempotent d3 join. Lit owns everything around
 * it (the element, its shadow root, the `<svg>` and its viewBox, the grid, labels and ARIA); this module owns
 * exactly the children of `g.marks`, reads no global state and adds no listeners.
 *
 * ```
 * svg (Lit)
 * └─ g.marks (Lit renders it empty; from here on d3's)
 *    ├─ circle.bead.banker|player|tie      key b{index}        bead-plate discs
 *    ├─ text.bead-label                    key b{index}-l      庄 / B / points
 *    ├─ circle.circle.banker|player        key c{col}-{row}    big-road circles (hollow)
 *    ├─ path.tie-slash  text.tie-count     key c{col}-{row}-t  green slash, count from 2
 *    ├─ circle.pair.banker-pair|player-pair key …-bp / …-pp    pair dots (top-left / bottom-right)
 *    ├─ path.natural                       key b{index}-n      gold star on a natural
 *    ├─ circle.ring|dot / path.slash       key d{col}-{row}    derived roads, .red / .blue
 *    └─ *.ask.ask-banker|ask-player        key ask-{side}-{n}  the would-be marks, blinking (CSS)
 * ```
 *
 * ```ts
 * drawRoad(this.renderRoot.querySelector('g.marks')!, layoutBigRoad(cells, size));
 * ```
 * @packageDocumentation
 */
import { select } from 'd3';
import type { Mark } from './marks';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Sets the attributes of one mark's element from its data (idempotent). */
function apply(el: SVGElement, d: Mark): void {
  el.setAttribute('class', d.cls);
  switch (d.tag) {
    case 'circle':
      el.setAttribute('cx', String(d.cx));
      el.setAttribute('cy', String(d.cy));
      el.setAttribute('r', String(d.r));
      el.setAttribute('pathLength', '100'); // dash patterns (colour-blind theme) in % of the outline
      if (d.sw === undefined) el.removeAttribute('stroke-width');
      else el.setAttribute('stroke-width', String(d.sw));
      break;
    case 'path':
      el.setAttribute('d', d.d);
      el.setAttribute('pathLength', '100');
      if (d.sw === undefined) el.removeAttribute('stroke-width');
      else el.setAttribute('stroke-width', String(d.sw));
      break;
    case 'text':
      el.setAttribute('x', String(d.x));
      el.setAttribute('y', String(d.y));
      el.setAttribute('font-size', String(d.size));
      if (el.textContent !== d.text) el.textContent = d.text;
      break;
  }
}

/**
 * Makes the children of `g` exactly `marks`, in order: enters new keys, updates kept ones in place (so a CSS
 * animation on a kept element is not restarted), removes the rest. Calling it twice with the same marks changes
 * nothing.
 */
export function drawRoad(g: SVGGElement, marks: readonly Mark[]): void {
  select(g)
    .selectChildren<SVGElement, Mark>()
    .data(marks, (d) => `${d.tag}:${d.key}`)
    .join((enter) => enter.append((d) => document.createElementNS(SVG_NS, d.tag)))
    .each(function (d) {
      apply(this, d);
    })
    .order();
}
