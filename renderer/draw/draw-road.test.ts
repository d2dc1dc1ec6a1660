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

describe('drawRoad, as a keyed join', () => {
  const keysOf = (g: SVGGElement) =>
    [...g.children].map((el) => `${el.nodeName}:${el.getAttribute('cx') ?? el.textContent}`);

  it('puts kept, new and reordered marks in the order given', () => {
    const g = group();
    drawRoad(g, [circle('a', 1), circle('b', 2), circle('c', 3)]);
    const [a, b, c] = [...g.children];
    drawRoad(g, [circle('c', 3), circle('x', 9), circle('a', 1), label('b', '和'), circle('b', 2)]);
    expect(keysOf(g)).toEqual(['circle:3', 'circle:9', 'circle:1', 'text:和', 'circle:2']);
    expect([g.children[0], g.children[2], g.children[4]]).toEqual([c, a, b]);
  });

  it('never moves a kept mark when others before it go or come (a move restyles it and restarts its animation)', async () => {
    const g = group();
    drawRoad(g, [circle('a', 1), circle('b', 2), circle('c', 3), circle('d', 4)]);
    for (const el of g.children) el.setAttribute('data-k', el.getAttribute('cx')!);
    const changes = await writes(g, () =>
      drawRoad(g, [circle('n', 0), circle('b', 2), circle('d', 4), circle('e', 5)]),
    );
    expect(changes.sort()).toEqual(['+circle', '+circle', '-circle', '-circle']);
    expect(keysOf(g)).toEqual(['circle:0', 'circle:2', 'circle:4', 'circle:5']);
  });

  it('clears what was in the group before it drew there, and draws nothing for no marks', () => {
    const g = group();
    g.innerHTML = '<rect></rect>text';
    drawRoad(g, [circle('a', 1)]);
    expect(keysOf(g)).toEqual(['circle:1']);
    expect(g.childNodes).toHaveLength(1);
    drawRoad(g, []);
    expect(g.childNodes).toHaveLength(0);
  });

  it('draws a key given twice twice (as a d3 join would), and settles when drawn again', () => {
    const g = group();
    drawRoad(g, [circle('a', 1), circle('a', 2)]);
    expect(keysOf(g)).toEqual(['circle:1', 'circle:2']);
    drawRoad(g, [circle('a', 1), circle('a', 2)]);
    expect(keysOf(g)).toEqual(['circle:1', 'circle:2']);
    drawRoad(g, [circle('a', 1)]);
    expect(keysOf(g)).toEqual(['circle:1']);
  });

  it('keeps one element per key and tag: the same key under another tag is another mark', () => {
    const g = group();
    drawRoad(g, [circle('a', 1)]);
    const a = g.children[0];
    drawRoad(g, [label('a', '庄'), circle('a', 1)]);
    expect(keysOf(g)).toEqual(['text:庄', 'circle:1']);
    expect(g.children[1]).toBe(a);
  });

  it('passes over the leading marks drawn last time (the very objects) and joins the rest', async () => {
    const g = group();
    const [a, b, c] = [circle('a', 1), circle('b', 2), circle('c', 3)];
    drawRoad(g, [a, b, c]);
    const els = [...g.children];
    // The layout reuses unchanged cells' marks: a and b again, c changed (no longer fresh), d new.
    expect(await writes(g, () => drawRoad(g, [a, b, circle('c', 3, 'circle player'), circle('d', 4)]))).toEqual([
      'null.class',
      '+circle',
    ]);
    expect([...g.children].slice(0, 3)).toEqual(els);
    expect(keysOf(g)).toEqual(['circle:1', 'circle:2', 'circle:3', 'circle:4']);
    // The window scrolled: the leading marks go, the kept ones stay where they are.
    drawRoad(g, [b, circle('c', 3, 'circle player'), circle('d', 4)]);
    expect(keysOf(g)).toEqual(['circle:2', 'circle:3', 'circle:4']);
    expect(g.children[0]).toBe(els[1]);
  });

  it('does nothing at all for the very marks drawn last time, unless another hand added to the group', async () => {
    const g = group();
    const marks = [circle('a', 1), circle('b', 2)];
    drawRoad(g, marks);
    expect(await writes(g, () => drawRoad(g, [...marks]))).toEqual([]);
    g.append(document.createElementNS(SVG_NS, 'rect')); // not a mark of ours, after them
    drawRoad(g, [...marks]);
    expect(keysOf(g)).toEqual(['circle:1', 'circle:2']);
    expect(g.childNodes).toHaveLength(2);
    const empty = group();
    drawRoad(empty, []);
    empty.append('text'); // an empty tile someone wrote into
    drawRoad(empty, []);
    expect(empty.childNodes).toHaveLength(0);
  });

  it('draws right after another hand changed the group, the same leading marks or not', () => {
    const g = group();
    const [a, b] = [circle('a', 1), circle('b', 2)];
    drawRoad(g, [a, b]);
    g.replaceChildren(); // e.g. a test, or a host that cleared it
    drawRoad(g, [a, b, circle('c', 3)]);
    expect(keysOf(g)).toEqual(['circle:1', 'circle:2', 'circle:3']);
  });
});
