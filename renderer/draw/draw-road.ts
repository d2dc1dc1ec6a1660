/**
 * Draws marks into the `g.marks` group of a road with one keyed, idempotent join. Lit owns everything around
 * it (the element, its shadow root, the `<svg>` and its viewBox, the grid, labels and ARIA); this module owns
 * exactly the children of `g.marks`, reads no global state and adds no listeners.
 *
 * ```
 * svg.tile (Lit: one per 8 columns in view, and svg.ask-layer over them; road-view.ts)
 * └─ g.marks (Lit renders it empty; from here on drawRoad's)
 *    ├─ circle.bead.banker|player|tie      key b{index}        bead-plate discs
 *    ├─ text.bead-label                    key b{index}-l      庄 / B / points
 *    ├─ circle.circle.banker|player        key c{col}-{row}    big-road circles (hollow)
 *    ├─ path.tie-slash  text.tie-count     key c{col}-{row}-t  green slash, count from 2
 *    ├─ circle.pair.banker-pair|player-pair key …-bp / …-pp    pair dots (top-left / bottom-right)
 *    ├─ path.natural                       key b{index}-n      gold star on a natural
 *    ├─ circle.ring|dot / path.slash       key d{col}-{row}    derived roads, .red / .blue
 *    └─ *.ask.ask-banker|ask-player        key ask-{side}      the would-be marks, blinking (CSS)
 *       path.ask.ask-frame                key ask-{side}-f    their cells' dashed frames
 * ```
 *
 * ```ts
 * drawRoad(this.renderRoot.querySelector('g.marks')!, layoutBigRoad(cells, size));
 * ```
 * @packageDocumentation
 */
import type { Mark } from './marks';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The mark each element was last drawn from: only what changed is written (an unchanged write still costs style). */
const drawn = new WeakMap<SVGElement, Mark>();

const set = (el: SVGElement, name: string, value: string | number | undefined): void => {
  if (value === undefined) el.removeAttribute(name);
  else el.setAttribute(name, String(value));
};

/**
 * Sets the attributes of one mark's element from its data (idempotent). Writes only the attributes that differ
 * from the mark the element was last drawn from: Chromium recalculates style and re-lays out an SVG element on
 * every attribute write, even of the same value, and a hand changes only a few of a road's hundreds of marks.
 */
function apply(el: SVGElement, d: Mark): void {
  const was = drawn.get(el);
  if (was === d) return;
  drawn.set(el, d);
  const old = was as Readonly<Record<string, unknown>> | undefined; // same tag: the join's key includes it
  if (old?.['cls'] !== d.cls) el.setAttribute('class', d.cls);
  switch (d.tag) {
    case 'circle':
      if (old?.['cx'] !== d.cx) set(el, 'cx', d.cx);
      if (old?.['cy'] !== d.cy) set(el, 'cy', d.cy);
      if (old?.['r'] !== d.r) set(el, 'r', d.r);
      if (old === undefined) el.setAttribute('pathLength', '100'); // dash patterns (colour-blind theme) in % of the outline
      if (old === undefined || old['sw'] !== d.sw) set(el, 'stroke-width', d.sw);
      break;
    case 'path':
      if (old?.['d'] !== d.d) set(el, 'd', d.d);
      if (old === undefined) el.setAttribute('pathLength', '100');
      if (old === undefined || old['sw'] !== d.sw) set(el, 'stroke-width', d.sw);
      break;
    case 'text':
      if (old?.['x'] !== d.x) set(el, 'x', d.x);
      if (old?.['y'] !== d.y) set(el, 'y', d.y);
      if (old?.['size'] !== d.size) set(el, 'font-size', d.size);
      if (el.textContent !== d.text) el.textContent = d.text;
      break;
  }
}

/** Per group: the marks last drawn, and the element of each (the group's children, in order). */
const last = new WeakMap<SVGGElement, { readonly marks: readonly Mark[]; readonly els: readonly SVGElement[] }>();

/**
 * Makes the children of `g` exactly `marks`, in order: enters new keys, updates kept ones in place (so a CSS
 * animation on a kept element is not restarted), removes the rest. Calling it twice with the same marks changes
 * nothing. A keyed join in one pass, without building selections: a hand adds a mark or two to a road of
 * hundreds, and this runs for five roads on every hand (a d3 `selection.join` + `order()` cost twice as much).
 * The leading marks that are the very objects drawn last time, in the same places (the layout reuses the marks of
 * unchanged cells: layout-road.ts), are passed over at once; the join runs on the rest.
 * Elements that go are removed before any are placed, so kept ones, still in order, are never moved (a move
 * would restyle them and restart their animations). An element keeps its key for life and is never reused for
 * another tag: a key drawn with a new tag, or drawn twice, gets a new element.
 */
export function drawRoad(g: SVGGElement, marks: readonly Mark[]): void {
  const before = last.get(g);
  let same = 0; // the leading marks drawn last time, unchanged and in place
  if (before !== undefined) {
    const n = Math.min(before.marks.length, marks.length);
    while (same < n && before.marks[same] === marks[same]) same++;
    if (same > 0 && before.els[same - 1]!.parentNode !== g) same = 0; // changed by another hand: join it all
    // Nothing changed (most of a road's tiles on a hand, road-view.ts): no work at all, not even a copy.
    const end = same === 0 ? null : before.els[same - 1]!;
    if (same === marks.length && same === before.marks.length && (end === null ? g.firstChild : g.lastChild) === end)
      return;
  }
  const was = new Map<string, SVGElement>();
  if (before !== undefined) {
    for (let i = before.marks.length - 1; i >= same; i--) was.set(before.marks[i]!.key, before.els[i]!); // first wins
  }
  const els: SVGElement[] = before === undefined ? [] : before.els.slice(0, same);
  const kept: (SVGElement | undefined)[] = [];
  for (let i = same; i < marks.length; i++) {
    const d = marks[i]!;
    const el = was.get(d.key);
    if (el !== undefined && el.localName === d.tag) {
      kept[i] = el;
      was.delete(d.key); // claimed: a second mark with this key gets an element of its own
    }
  }
  for (const el of was.values()) el.remove();
  let at: ChildNode | null = same === 0 ? g.firstChild : els[same - 1]!.nextSibling;
  for (let i = same; i < marks.length; i++) {
    const d = marks[i]!;
    const el = kept[i] ?? (document.createElementNS(SVG_NS, d.tag) as SVGElement);
    els.push(el);
    apply(el, d);
    if (el === at) at = at.nextSibling;
    else g.insertBefore(el, at);
  }
  while (at !== null) {
    const next: ChildNode | null = at.nextSibling;
    at.remove(); // not a mark of ours: what was in the group before the first draw, or a duplicate's element
    at = next;
  }
  last.set(g, { marks, els });
}
