import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { RoadHand, TailMode } from '../types';
import { isEligible } from './derived-road';
import { type Roadmap, roadmap } from './roadmap';
import { colourRuns, referenceDerived, referenceLengths, referencePlace } from '../../test/helpers/reference-roads';

const handArb: fc.Arbitrary<RoadHand> = fc.record({
  outcome: fc.constantFrom('banker', 'player', 'tie'),
  playerPair: fc.boolean(),
  bankerPair: fc.boolean(),
  natural: fc.boolean(),
});
/** Shoes biased towards long streaks and tie runs, where the dragon-tail edge cases live. */
const streakyShoe = fc
  .array(fc.tuple(handArb, fc.integer({ min: 1, max: 12 })), { maxLength: 30 })
  .map((runs) => runs.flatMap(([h, n]) => Array.from({ length: n }, () => h)));
const shoeArb = fc.oneof(fc.array(handArb, { maxLength: 100 }), streakyShoe);
const tailArb = fc.constantFrom<TailMode>('stay', 'drop');

const derived = (m: Roadmap) => [m.bigEyeBoy, m.smallRoad, m.cockroachPig] as const;

describe('road invariants (ROADS.md)', () => {
  test('no two marks share a cell, on any road, and every mark is inside the 6 rows', () => {
    fc.assert(
      fc.property(shoeArb, tailArb, (hands, tail) => {
        const m = roadmap(hands, { rows: 6, tail });
        for (const cells of [m.beadPlate, m.bigRoad.cells, ...derived(m).map((d) => d.cells)]) {
          const seen = new Set<string>();
          for (const c of cells) {
            const key = `${c.col},${c.row}`;
            expect(seen.has(key), `two marks in ${key}`).toBe(false);
            seen.add(key);
            expect(c.row).toBeGreaterThanOrEqual(0);
            expect(c.row).toBeLessThan(6);
          }
        }
      }),
    );
  });

  test("every mark knows its streak's start column: its head's, at the top, never right of the mark", () => {
    fc.assert(
      fc.property(shoeArb, tailArb, (hands, tail) => {
        const m = roadmap(hands, { rows: 6, tail });
        // Streaks: the big road's logical columns; a derived road's runs of one colour.
        const big = m.bigRoad.cells.filter((c) => c.outcome !== 'tie');
        const runs = [
          big.map((c) => ({ cell: c, streak: c.logicalCol })),
          ...derived(m).map((d) => {
            let streak = -1;
            return d.cells.map((c, i) => ({
              cell: c,
              streak: i > 0 && d.cells[i - 1]!.colour === c.colour ? streak : ++streak,
            }));
          }),
        ];
        for (const road of runs) {
          const head = new Map<number, { col: number; row: number; streakStart: number }>();
          for (const { cell, streak } of road) {
            const h = head.get(streak) ?? cell;
            head.set(streak, h);
            expect(cell.streakStart).toBe(h.col);
            expect(h.row).toBe(0);
            expect(cell.col).toBeGreaterThanOrEqual(cell.streakStart);
          }
        }
      }),
    );
  });

  test('causality: the roads of a prefix are a prefix of the roads of the shoe', () => {
    fc.assert(
      fc.property(shoeArb, fc.nat(), tailArb, (hands, cut, tail) => {
        const n = hands.length === 0 ? 0 : cut % (hands.length + 1);
        const whole = roadmap(hands, { rows: 6, tail });
        const part = roadmap(hands.slice(0, n), { rows: 6, tail });
        expect(whole.beadPlate.slice(0, n)).toEqual(part.beadPlate);
        derived(part).forEach((road, i) => {
          expect(derived(whole)[i]!.cells.slice(0, road.cells.length)).toEqual(road.cells);
        });
        // Big-road circles never move; only the tie count of the prefix's last cell may grow later.
        const prefixCells = part.bigRoad.cells;
        prefixCells.forEach((c, i) => {
          const w = whole.bigRoad.cells[i]!;
          if (c.outcome === 'tie') return; // the slash-only cell is taken over by the first circle
          expect({ ...w, ties: 0 }).toEqual({ ...c, ties: 0 });
          if (i < prefixCells.length - 1) expect(w.ties).toBe(c.ties);
        });
      }),
    );
  });

  test('the ask road tells exactly what the next Banker or Player will draw', () => {
    fc.assert(
      fc.property(shoeArb, tailArb, fc.constantFrom('banker', 'player'), (hands, tail, next) => {
        const m = roadmap(hands, { rows: 6, tail });
        const preview = m.ask()[next];
        const change = m.add({ outcome: next, playerPair: false, bankerPair: false, natural: false });
        expect(change.bigRoad.kind).toBe('circle');
        expect({ col: change.bigRoad.cell.col, row: change.bigRoad.cell.row }).toEqual({
          col: preview.bigRoad.col,
          row: preview.bigRoad.row,
        });
        for (const name of ['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const) {
          const mark = change[name];
          expect(mark?.colour ?? null).toBe(preview[name]);
          expect(mark ? { col: mark.col, row: mark.row } : null).toEqual(preview.cells[name]);
        }
      }),
    );
  });

  test('Banker-ask and Player-ask colours are opposite, and defined together iff c_last ≥ k', () => {
    fc.assert(
      fc.property(shoeArb, (hands) => {
        const m = roadmap(hands);
        const a = m.ask();
        const lastCol = m.bigRoad.lastCol;
        for (const [name, k] of [
          ['bigEyeBoy', 1],
          ['smallRoad', 2],
          ['cockroachPig', 3],
        ] as const) {
          expect(a.banker[name] === null).toBe(lastCol < k);
          expect(a.player[name] === null).toBe(lastCol < k);
          if (a.banker[name] !== null) expect(a.banker[name]).not.toBe(a.player[name]);
        }
      }),
    );
  });

  test('one derived mark per eligible big-road entry; ties never count', () => {
    fc.assert(
      fc.property(shoeArb, (hands) => {
        const m = roadmap(hands);
        const circles = m.bigRoad.cells.filter((c) => c.outcome !== 'tie');
        expect(circles).toHaveLength(hands.filter((h) => h.outcome !== 'tie').length);
        for (const road of derived(m)) {
          const eligible = circles.filter((c) => isEligible(c.logicalCol, c.logicalRow, road.k));
          expect(road.cells.map((c) => [c.sourceCol, c.sourceRow])).toEqual(
            eligible.map((c) => [c.logicalCol, c.logicalRow]),
          );
        }
      }),
    );
  });

  test('derived roads ignore ties and the display: the same with ties removed and in either tail mode', () => {
    fc.assert(
      fc.property(shoeArb, (hands) => {
        const a = roadmap(hands, { rows: 6, tail: 'stay' });
        const b = roadmap(
          hands.filter((h) => h.outcome !== 'tie'),
          { rows: 6, tail: 'drop' },
        );
        derived(a).forEach((road, i) => {
          expect(road.cells.map((c) => c.colour)).toEqual(derived(b)[i]!.cells.map((c) => c.colour));
        });
      }),
    );
  });

  test('the tail setting governs the big road only: the derived roads are laid out the same in either mode', () => {
    fc.assert(
      fc.property(shoeArb, (hands) => {
        const stay = roadmap(hands, { rows: 6, tail: 'stay' });
        const drop = roadmap(hands, { rows: 6, tail: 'drop' });
        derived(stay).forEach((road, i) => expect(derived(drop)[i]!.cells).toEqual(road.cells));
      }),
    );
  });

  test('tie counts add up: every tie is on the big road exactly once', () => {
    fc.assert(
      fc.property(shoeArb, (hands) => {
        const m = roadmap(hands);
        const ties = m.bigRoad.cells.reduce((n, c) => n + c.ties, 0);
        expect(ties).toBe(hands.filter((h) => h.outcome === 'tie').length);
      }),
    );
  });

  test('statistics agree with the hands', () => {
    fc.assert(
      fc.property(shoeArb, (hands) => {
        const s = roadmap(hands).stats();
        expect(s.hands).toBe(hands.length);
        expect(s.banker + s.player + s.tie).toBe(hands.length);
        expect(s.bankerPair).toBe(hands.filter((h) => h.bankerPair).length);
        expect(s.natural).toBe(hands.filter((h) => h.natural).length);
        const lengths = roadmap(hands).bigRoad.lengths;
        expect(s.columns).toBe(lengths.length);
        expect(Math.max(0, s.longestStreak.banker, s.longestStreak.player)).toBe(Math.max(0, ...lengths));
      }),
    );
  });
});

describe('against a naive transcription of ROADS.md', () => {
  const letters = fc.oneof(
    fc.stringMatching(/^[BPT]{0,90}$/),
    fc
      .array(fc.tuple(fc.constantFrom('B', 'P', 'T'), fc.integer({ min: 1, max: 11 })), { maxLength: 25 })
      .map((runs) => runs.map(([l, n]) => l.repeat(n)).join('')),
  );
  const toHands = (s: string): RoadHand[] =>
    [...s].map((ch) => ({
      outcome: ch === 'B' ? 'banker' : ch === 'P' ? 'player' : 'tie',
      playerPair: false,
      bankerPair: false,
      natural: false,
    }));

  test('placement, logical lengths and colours agree on random shoes', () => {
    fc.assert(
      fc.property(letters, tailArb, (shoe, tail) => {
        const m = roadmap(toHands(shoe), { rows: 6, tail });
        const lengths = referenceLengths(shoe);
        expect(m.bigRoad.lengths).toEqual(lengths);
        const circles = m.bigRoad.cells.filter((c) => c.outcome !== 'tie');
        const byLogical = [...circles].sort((a, b) => a.logicalCol - b.logicalCol || a.logicalRow - b.logicalRow);
        expect(byLogical.map((c) => [c.col, c.row])).toEqual(referencePlace(lengths, 6, tail));
        derived(m).forEach((road) => {
          const colours = referenceDerived(lengths, road.k);
          expect(road.cells.map((c) => (c.colour === 'red' ? 'R' : 'B')).join('')).toBe(colours);
          // The tail setting is the big road's: the derived roads' own tails follow the canonical rule.
          expect(road.cells.map((c) => [c.col, c.row])).toEqual(referencePlace(colourRuns(colours), 6, 'stay'));
        });
      }),
      { numRuns: 300 },
    );
  });
});
