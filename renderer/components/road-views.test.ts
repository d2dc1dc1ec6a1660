import { afterEach, describe, expect, it } from 'vitest';
import { $$, cleanup, mapOf, mount, settle } from '../test-support/fixtures';
import './bead-plate-view';
import './big-road-view';
import './derived-road-view';
import type { KioskBeadPlate } from './bead-plate-view';
import type { KioskBigRoad } from './big-road-view';
import type { KioskDerivedRoad } from './derived-road-view';

const EXAMPLE_A = 'BBPPPBTBPPBBBBBBBBP';
afterEach(cleanup);

function beadPlate(shoe: string, label: KioskBeadPlate['label'] = 'hanzi'): KioskBeadPlate {
  const el = document.createElement('kiosk-bead-plate');
  el.beads = mapOf(shoe).beadPlate;
  el.label = label;
  el.language = 'en';
  return el;
}

describe('<kiosk-bead-plate>', () => {
  it('draws Example A: 19 beads in g.marks, labelled, with an accessible name', async () => {
    const el = await mount(beadPlate(EXAMPLE_A), 480, 240);
    expect($$(el, 'g.marks > circle.bead')).toHaveLength(19);
    expect(
      $$(el, 'g.marks > text.bead-label')
        .map((t) => t.textContent)
        .join(''),
    ).toBe('庄庄閒閒閒庄和庄閒閒庄庄庄庄庄庄庄庄閒');
    const svg = $$(el, 'svg')[0]!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe('Bead Plate: 19');
  });

  it('fits as many columns as the box allows and keeps the newest in view', async () => {
    const el = await mount(beadPlate('P'.repeat(60), 'letters'), 240, 240); // 40 px cells: 6 columns of 10
    expect($$(el, 'g.marks > circle.bead')).toHaveLength(36);
    const first = $$(el, 'g.marks > circle.bead')[0]!;
    expect(first.getAttribute('cx')).toBe('180'); // column 4 of the road (hands 25-30) …
    const dot = first.getBoundingClientRect();
    const centre = dot.left + dot.width / 2 - el.getBoundingClientRect().left;
    expect(centre).toBeCloseTo(20, 0); // … drawn in the first column on screen
    el.beads = mapOf('P'.repeat(66)).beadPlate; // one more column: the group moves, the marks keep their place
    await settle(el);
    expect($$(el, 'g.marks > circle.bead')[0]!.getAttribute('cx')).toBe('220');
    expect(first.isConnected).toBe(false);
  });

  it('redraws idempotently: the same beads keep their elements', async () => {
    const el = await mount(beadPlate('BPB'), 480, 240);
    const before = $$(el, 'g.marks > circle.bead');
    el.beads = mapOf('BPBT').beadPlate;
    await settle(el);
    const after = $$(el, 'g.marks > circle.bead');
    expect(after).toHaveLength(4);
    expect(after.slice(0, 3)).toEqual(before);
  });

  it('labels beads with points when asked', async () => {
    const el = await mount(beadPlate('B(3-8)P(9-0)', 'points'), 480, 240);
    expect($$(el, 'text.bead-label').map((t) => t.textContent)).toEqual(['8', '9']);
  });
});

describe('<kiosk-big-road>', () => {
  it('draws Example A: 18 circles, 1 tie slash, 2 tail circles', async () => {
    const el = document.createElement('kiosk-big-road');
    el.cells = mapOf(EXAMPLE_A).bigRoad.cells;
    await mount(el, 960, 240);
    expect($$(el, 'g.marks > circle.circle')).toHaveLength(18);
    expect($$(el, 'g.marks > path.tie-slash')).toHaveLength(1);
    expect($$(el, 'g.marks > circle.tail')).toHaveLength(2);
    expect($$(el, 'svg')[0]!.getAttribute('aria-label')).toMatch(/^Big Road/);
  });

  it('draws the would-be circles of both asks, and B / P letters in the colour-blind theme', async () => {
    const map = mapOf('BBP');
    const el = document.createElement('kiosk-big-road');
    el.cells = map.bigRoad.cells;
    el.ask = map.ask();
    el.theme = 'colour-blind';
    await mount(el, 960, 240);
    // The two would-be circles, each in a dashed frame of its own (a preview, never mistaken for a result).
    expect($$(el, 'g.marks > .ask:not(.ask-frame)')).toHaveLength(2);
    expect($$(el, 'g.marks > .ask.ask-frame')).toHaveLength(2);
    expect($$(el, 'g.marks > text.circle-label').map((t) => t.textContent)).toEqual(['B', 'B', 'P']);
    expect(el.getAttribute('theme')).toBe('colour-blind');
  });

  it('blinks the would-be circles anew on each hand, in the same elements, moved a frame after the result', async () => {
    const el = document.createElement('kiosk-big-road');
    el.cells = mapOf('BBP').bigRoad.cells;
    el.ask = mapOf('BBP').ask();
    el.askKey = '3';
    await mount(el, 960, 240);
    const [banker] = $$(el, 'g.marks > .ask.ask-banker');
    const blink = () => banker!.getAnimations().map((a) => [(a as CSSAnimation).animationName, a.playState]);
    expect(blink()).toEqual([['kiosk-ask-blink-b', 'running']]);
    for (const a of banker!.getAnimations()) a.finish(); // over, as by the next hand: hidden, nothing runs
    expect(blink()).toEqual([]);
    expect(getComputedStyle(banker!).opacity).toBe('0');
    const circle = $$(el, 'g.marks > circle.ask.ask-player')[0]!;
    const at = () => [circle.getAttribute('cx'), circle.getAttribute('cy')];
    const before = at();
    el.cells = mapOf('BBPP').bigRoad.cells;
    el.ask = mapOf('BBPP').ask();
    el.askKey = '4';
    await el.updateComplete;
    expect($$(el, 'g.marks > circle.circle:not(.ask)')).toHaveLength(4); // the result, in the hand's frame
    // The would-be marks neither move nor blink in that frame: they do in the next (road-view.ts).
    expect(at()).toEqual(before);
    expect(blink()).toEqual([]);
    await settle(el);
    expect($$(el, 'g.marks > .ask.ask-banker')[0]).toBe(banker); // moved, not replaced
    expect(at()).not.toEqual(before); // the next Player: under BBP's P, then under BBPP's second P
    expect(blink()).toEqual([['kiosk-ask-blink', 'running']]);
  });

  it('on two lines, parts them with a band of the board’s colour, edge to edge: two roads of six rows, not one of 12', async () => {
    // Found by a patron review of a portrait board: a fifth of a cell of paper between the lines read as rows 7–12.
    const el = document.createElement('kiosk-big-road');
    el.cells = mapOf('BBBPPPBPBBPP'.repeat(4)).bigRoad.cells;
    el.strips = 2;
    el.style.setProperty('--kiosk-panel-solid', 'rgb(14, 32, 25)');
    await mount(el, 1000, 250);
    const box = el.getBoundingClientRect();
    const papers = $$(el, 'rect.paper').map((r) => r.getBoundingClientRect());
    const bands = $$(el, 'rect.strip-gap');
    expect(papers).toHaveLength(2);
    expect(bands).toHaveLength(1);
    const band = bands[0]!.getBoundingClientRect();
    const cell = Number(el.dataset['cell']);
    expect(band.height).toBeCloseTo(cell * 0.3, 0);
    expect(band.top).toBeCloseTo(papers[0]!.bottom, 0); // between the lines, touching both
    expect(band.bottom).toBeCloseTo(papers[1]!.top, 0);
    expect(band.left).toBeLessThanOrEqual(box.left); // across the paper's margins too
    expect(band.right).toBeGreaterThanOrEqual(box.right);
    expect(getComputedStyle(bands[0]!).fill).toBe('rgb(14, 32, 25)');
    el.strips = 1;
    await settle(el);
    expect($$(el, 'rect.strip-gap')).toHaveLength(0);
  });

  it('hides the ask marks with ask-blink-off', async () => {
    const map = mapOf('BBP');
    const el = document.createElement('kiosk-big-road');
    el.cells = map.bigRoad.cells;
    el.ask = map.ask();
    el.askBlinkOff = true;
    await mount(el, 960, 240);
    const ask = $$(el, 'g.marks > .ask');
    expect(ask).toHaveLength(4); // two marks, two frames
    for (const m of ask) expect(getComputedStyle(m).display).toBe('none');
  });
});

describe('<kiosk-derived-road>', () => {
  it.each([
    ['bigEyeBoy', 'circle.ring', 15],
    ['smallRoad', 'circle.dot', 12],
    ['cockroachPig', 'path.slash', 10],
  ] as const)('draws Example A on the %s: %s × %i', async (road, selector, n) => {
    const map = mapOf(EXAMPLE_A);
    const el = document.createElement('kiosk-derived-road') as KioskDerivedRoad;
    el.road = road;
    el.cells = map[road].cells;
    await mount(el, 960, 120);
    expect($$(el, `g.marks > ${selector}`)).toHaveLength(n);
    expect($$(el, 'svg')[0]!.getAttribute('aria-label')).toMatch(/: \d+ \/ \d+$/);
  });

  // Found by a patron reviewing the colour-blind theme: the small road's blue mark, hollow with a solid outline, was the
  // big eye boy's red ring. Solid is red and broken is blue, in every derived road.
  it.each(['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const)(
    'colour-blind theme, %s: red marks drawn solid, blue ones broken',
    async (road) => {
      const map = mapOf(EXAMPLE_A);
      const el = document.createElement('kiosk-derived-road') as KioskDerivedRoad;
      el.road = road;
      el.cells = map[road].cells;
      el.theme = 'colour-blind';
      await mount(el, 960, 120);
      const dashes = (colour: string) =>
        $$(el, `g.marks > .${colour}`).map((m) => getComputedStyle(m).strokeDasharray !== 'none');
      expect(dashes('red').length).toBeGreaterThan(0);
      expect(dashes('blue').length).toBeGreaterThan(0);
      expect(new Set(dashes('red'))).toEqual(new Set([false]));
      expect(new Set(dashes('blue'))).toEqual(new Set([true]));
    },
  );

  it('highlights the newest mark (once, by CSS)', async () => {
    const map = mapOf('BPBPBP');
    const el = document.createElement('kiosk-derived-road') as KioskDerivedRoad;
    el.cells = map.bigEyeBoy.cells;
    el.fresh = map.bigEyeBoy.cells.length - 1;
    await mount(el, 480, 120);
    const fresh = $$(el, 'g.marks > .fresh');
    expect(fresh).toHaveLength(1);
    const anim = getComputedStyle(fresh[0]!);
    expect(anim.animationName).toBe('kiosk-fresh');
    expect(anim.animationIterationCount).toBe('1');
  });
});

describe('tiles: each 8 columns in an <svg> of their own', () => {
  it('draws a hand in its own tile, leaving the others untouched, and never moves a mark between tiles', async () => {
    // 40 px cells, 30 columns: the whole road in view, never scrolled.
    const el = await mount(beadPlate('P'.repeat(40), 'letters'), 1200, 240);
    const tile = (t: number) => $$(el, `svg.tile[data-tile="${t}"] g.marks > circle.bead`);
    const tiles = () => $$(el, 'svg.tile').map((t) => t.getAttribute('data-tile'));
    expect(tiles()).toEqual(['0']); // 30 columns in view, but only columns 0-6 in use
    expect([tile(0).length, tile(1).length]).toEqual([40, 0]); // hands 1-40: columns 0-6
    const first = tile(0);
    const changes: MutationRecord[] = [];
    const watch = new MutationObserver((records) => changes.push(...records));
    watch.observe($$(el, 'svg.tile[data-tile="0"]')[0]!, { subtree: true, childList: true, attributes: true });
    for (let n = 41; n <= 60; n++) {
      el.beads = mapOf('P'.repeat(n)).beadPlate;
      await settle(el);
    }
    // Hands 41-48 went into tile 0 (column 7) and its elements stayed; hands 49-60 into tile 1, which tile 0 never saw.
    expect(tile(0).slice(0, 40)).toEqual(first);
    expect([tile(0).length, tile(1).length]).toEqual([48, 12]);
    expect(tiles()).toEqual(['0', '1']);
    watch.disconnect();
    const touched = changes.filter((r) => r.type === 'childList').flatMap((r) => [...r.addedNodes]);
    expect(touched).toHaveLength(8 * 2); // hands 41-48, a bead and its label each: nothing was moved in or out
    // The <svg> lie exactly one over the other, so a mark is where it was whichever tile draws it.
    const boxes = $$(el, 'svg').map((s) => [JSON.stringify(s.getBoundingClientRect()), s.getAttribute('viewBox')]);
    expect(new Set(boxes.map((b) => b.join(' '))).size).toBe(1);
  });
});

describe('tiles ahead: no hand makes a tile in the frame that shows it', () => {
  it('makes the tile the next hand can go in a frame after the hand before', async () => {
    // 40 px cells, 30 columns in view: columns 0-6 full, the next bead opens column 7, the last of tile 0.
    const el = await mount(beadPlate('P'.repeat(42), 'letters'), 1200, 240);
    const tiles = () => $$(el, 'svg.tile').map((t) => t.getAttribute('data-tile'));
    expect(tiles()).toEqual(['0']);
    for (let n = 43; n <= 50; n++) {
      const before = tiles();
      el.beads = mapOf('P'.repeat(n)).beadPlate;
      await el.updateComplete;
      expect(tiles(), `hand ${n}`).toEqual(before); // the frame that shows the hand makes no tile …
      expect($$(el, 'g.marks > circle.bead')).toHaveLength(n); // … and draws it
      await settle(el);
      // Hand 43 opened column 7: the frame after it made tile 1 (column 8), where hands 49 and 50 go.
      expect(tiles()).toEqual(['0', '1']);
    }
    expect($$(el, 'svg.tile[data-tile="1"] g.marks > circle.bead')).toHaveLength(2);
  });

  it('gives results beyond the tiles ahead their tiles at once: several hands in one view', async () => {
    const el = await mount(beadPlate('P'.repeat(42), 'letters'), 1200, 240);
    el.beads = mapOf('P'.repeat(100)).beadPlate; // a snapshot after a gap: columns 7-16 at once
    await el.updateComplete;
    expect($$(el, 'svg.tile').map((t) => t.getAttribute('data-tile'))).toEqual(['0', '1', '2']);
    expect($$(el, 'svg.tile[data-tile="2"] g.marks > circle.bead')).toHaveLength(4); // column 16: hands 97-100
    expect($$(el, 'g.marks > circle.bead')).toHaveLength(100);
  });

  it('makes the tile of the would-be marks with them, a frame after the result', async () => {
    // A big road of 7 columns (B P alternating); a Player result opens column 7, and its would-be Banker circle 8.
    const el = document.createElement('kiosk-big-road');
    const shoe = 'BPBPBPB';
    el.cells = mapOf(shoe).bigRoad.cells;
    el.ask = mapOf(shoe).ask();
    el.askKey = '7';
    el.language = 'en';
    await mount(el, 1200, 240);
    const tiles = () => $$(el, 'svg.tile').map((t) => t.getAttribute('data-tile'));
    expect(tiles()).toEqual(['0']); // columns 0-6 and the would-be marks in column 7
    el.cells = mapOf(shoe + 'P').bigRoad.cells; // column 7
    el.ask = mapOf(shoe + 'P').ask(); // would-be Banker circle in column 8
    el.askKey = '8';
    await el.updateComplete;
    expect(tiles()).toEqual(['0']); // the result's frame: no tile made
    await settle(el);
    expect(tiles()).toEqual(['0', '1']); // the next: the would-be Banker circle's tile, with it
    expect($$(el, 'svg.tile[data-tile="1"]').length).toBe(1);
    expect($$(el, 'svg.ask-layer .ask.ask-banker:not(.ask-frame)')).toHaveLength(1);
  });
});

describe('the newest result’s fade', () => {
  it('is drawn dim in the frame that shows it, and fades in from the next, once', async () => {
    const el = document.createElement('kiosk-bead-plate');
    el.beads = mapOf('BPB').beadPlate;
    el.fresh = 2;
    el.language = 'en';
    await mount(el, 480, 240);
    el.beads = mapOf('BPBP').beadPlate;
    el.fresh = 3;
    await el.updateComplete;
    const bead = () => $$(el, 'g.marks > circle.bead')[3]!;
    const before = () => $$(el, 'g.marks > circle.bead')[2]!.getAttribute('class');
    const fade = () =>
      bead()
        .getAnimations()
        .map((a) => (a as CSSAnimation).animationName);
    // The frame that shows the result: the fade's first frame, nothing started yet; the bead before as it was.
    expect(bead().getAttribute('class')).toBe('bead player fresh');
    expect(before()).toBe('bead banker fresh fresh-in');
    expect(getComputedStyle(bead()).opacity).toBe('0.15');
    expect(fade()).toEqual([]);
    await settle(el);
    expect(bead().getAttribute('class')).toBe('bead player fresh fresh-in');
    expect(fade()).toEqual(['kiosk-fresh']);
    expect(before()).toBe('bead banker'); // its highlight's classes go a frame after the result, with nothing to see
    for (const a of bead().getAnimations()) a.finish();
    expect(getComputedStyle(bead()).opacity).toBe('1');
    // The same result passed again (the board re-rendered for another reason): it does not fade again.
    el.beads = [...el.beads];
    el.fresh = 3;
    await settle(el);
    expect(bead().getAttribute('class')).toBe('bead player fresh fresh-in');
    expect(fade()).toEqual([]);
  });
});

// The whole board's road elements are the same classes: make sure types line up.
export type { KioskBigRoad };
