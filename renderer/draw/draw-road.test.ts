import { describe, expect, it } from 'vitest';
import { drawRoad } from './draw-road';
import type { Mark } from './marks';

const SVG_NS = 'http://www.w3.org/2000/svg';

function group(): SVGGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  const g = document.createElementNS(SVG_NS, 'g');
  svg.append(g);
  document.body.append(svg);
  return g;
}

/** The attribute writes and child changes `draw()` makes to `g`, as "name" / "+tag" / "-tag". */
async function writes(g: SVGGElement, draw: () => void): Promise<string[]> {
  const seen: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') seen.push(`${(r.target as Element).getAttribute('data-k')}.${r.attributeName}`);
      for (const n of r.addedNodes) seen.push(`+${n.nodeName}`);
      for (const n of r.removedNodes) seen.push(`-${n.nodeName}`);
    }
  });
  observer.observe(g, { subtree: true, attributes: true, childList: true, characterData: true });
  draw();
  await Promise.resolve();
  seen.push(...observer.takeRecords().map((r) => `${r.type}?`));
  observer.disconnect();
  return seen;
}

const circle = (key: string, cx: number, cls = 'circle banker'): Mark => ({
  tag: 'circle',
  key,
  cls,
  cx,
  cy: 10,
  r: 8,
  sw: 2,
});
const label = (key: string, text: string): Mark => ({
  tag: 'text',
  key,
  cls: 'bead-label',
  x: 10,
  y: 10,
  size: 12,
  text,
});

describe('drawRoad', () => {
  it('draws the marks in order, with every attribute', () => {
    const g = group();
    drawRoad(g, [circle('a', 10), label('b', '庄'), { tag: 'path', key: 'c', cls: 'slash red', d: 'M0,0L5,5' }]);
    expect(g.innerHTML).toBe(
      '<circle class="circle banker" cx="10" cy="10" r="8" pathLength="100" stroke-width="2"></circle>' +
        '<text class="bead-label" x="10" y="10" font-size="12">庄</text>' +
        '<path class="slash red" d="M0,0L5,5" pathLength="100"></path>',
    );
  });

  it('writes only what changed: an unchanged mark costs no write (each one would restyle and re-lay out it)', async () => {
    const g = group();
    drawRoad(g, [circle('a', 10), circle('b', 30), label('l', '庄')]);
    for (const el of g.children) el.setAttribute('data-k', el.nodeName === 'text' ? 'l' : el.getAttribute('cx')!);
    // new objects with the same values, as every view brings
    expect(await writes(g, () => drawRoad(g, [circle('a', 10), circle('b', 30), label('l', '庄')]))).toEqual([]);
    // one mark turns fresh, one label changes, one mark is added
    const changed = await writes(g, () =>
      drawRoad(g, [circle('a', 10), circle('b', 30, 'circle banker fresh'), label('l', '閒'), circle('c', 50)]),
    );
    expect(changed.filter((w) => !w.startsWith('null.')).sort()).toEqual(['+#text', '+circle', '-#text', '30.class']);
  });

  it('removes marks no longer drawn and keeps the element of a kept key', () => {
    const g = group();
    drawRoad(g, [circle('a', 10), circle('b', 30)]);
    const b = g.children[1];
    drawRoad(g, [circle('b', 30)]);
    expect(g.children).toHaveLength(1);
    expect(g.children[0]).toBe(b);
  });
});
