/**
 * Roads benchmark: a whole 72-hand shoe from scratch (every road, the ask roads and the statistics) and the cost
 * of one more hand, on the same random shoes as the npm package `baccarat-engine`, timed side by side.
 * Targets: whole shoe ≤ 10 µs, one more hand ≤ 1 µs, ≥ 15× faster than baccarat-engine.
 */
import { createRequire } from 'node:module';
import { roadmap } from '../baccarat/roads/roadmap';
import type { RoadHand } from '../baccarat/types';
import { report, timeIt } from './harness';

const require = createRequire(import.meta.url);
const BaccaratGameEngine = require('baccarat-engine/src/gameEngine/baccaratGameEngine.js');
const RoadmapGenerator = require('baccarat-engine/src/roadmaps/roadmapGenerator.js');

interface EngineResult {
  outcome: 'banker' | 'player' | 'tie';
  natural: string;
  pair: 'player' | 'banker' | 'both' | 'none';
}

const SHOES = 200;
const HANDS = 72;

// The same random shoes for both: dealt by baccarat-engine's own game engine, converted for ours.
const engine = new BaccaratGameEngine();
const theirs: EngineResult[][] = [];
for (let s = 0; s < SHOES; s++) {
  engine.shoe.createDecks();
  engine.shoe.shuffle();
  const shoe: EngineResult[] = [];
  for (let h = 0; h < HANDS; h++) shoe.push(engine.resultsEngine.calculateGameResult(engine.dealGame()));
  theirs.push(shoe);
}
const ours: RoadHand[][] = theirs.map((shoe) =>
  shoe.map((r) => ({
    outcome: r.outcome,
    playerPair: r.pair === 'player' || r.pair === 'both',
    bankerPair: r.pair === 'banker' || r.pair === 'both',
    natural: r.natural !== 'none',
  })),
);

const generator = new RoadmapGenerator();
function engineRoads(results: EngineResult[]): number {
  const bead = generator.beadPlate(results, { columns: 12, rows: 6 });
  const big = generator.bigRoad(results);
  const n = generator.bigEyeRoad(big).length + generator.smallRoad(big).length + generator.cockroachPig(big).length;
  return bead.length + n;
}
function ourRoads(hands: readonly RoadHand[]): number {
  const m = roadmap(hands);
  const a = m.ask();
  const s = m.stats();
  return m.bigEyeBoy.cells.length + (a.banker.bigEyeBoy === null ? 0 : 1) + s.hands;
}

let i = 0;
const next = <T>(list: T[]): T => list[i++ % list.length]!;

const whole = timeIt('ours: whole 72-hand shoe (all roads + ask + stats)', () => ourRoads(next(ours)));
const wholeTheirs = timeIt('baccarat-engine: whole 72-hand shoe (its five roads)', () => engineRoads(next(theirs)), {
  minMs: 1500,
});

// One more hand: ours extends a 71-hand roadmap in place (and reads the ask roads and stats the board shows);
// baccarat-engine has no incremental API, so one more hand costs it a whole recomputation.
const prefixes = ours.map((shoe) => roadmap(shoe.slice(0, HANDS - 1)));
const addOne = timeIt(
  'ours: one more hand on a 71-hand shoe (add + ask + stats)',
  () => {
    const k = i++ % prefixes.length;
    const m = prefixes[k]!.clone(); // the copy is not the cost being measured: it is timed apart below
    return m;
  },
  { quiet: true },
);
const addOneTotal = timeIt(
  'ours: clone + add + ask + stats',
  () => {
    const k = i++ % prefixes.length;
    const m = prefixes[k]!.clone();
    m.add(ours[k]![HANDS - 1]!);
    m.ask();
    return m.stats().hands;
  },
  { quiet: true },
);
const perAdd = Math.max(0, addOneTotal.nsPerOp - addOne.nsPerOp);
const perAddBest = Math.max(0, addOneTotal.bestNsPerOp - addOne.bestNsPerOp);

// A second measure of the incremental cost that needs no clone: a whole shoe built hand by hand, reading
// the ask roads and statistics after every hand as the board does, divided by the hands.
const incremental = timeIt('ours: 72 hands added one by one (+ ask + stats after each)', () => {
  const shoe = next(ours);
  const m = roadmap([]);
  for (const h of shoe) {
    m.add(h);
    m.ask();
    m.stats();
  }
  return m.hands;
});

report('roads (medians of 15 rounds; best round in brackets)', [
  [
    'whole shoe, ours',
    `${(whole.nsPerOp / 1000).toFixed(2)} µs (${(whole.bestNsPerOp / 1000).toFixed(2)})`,
    'target ≤ 10 µs',
  ],
  ['whole shoe, baccarat-engine', `${(wholeTheirs.nsPerOp / 1000).toFixed(2)} µs`, ''],
  ['ratio', `${(wholeTheirs.nsPerOp / whole.nsPerOp).toFixed(1)}× faster`, 'target ≥ 15×'],
  [
    'one more hand, ours (add + ask + stats, averaged over a shoe built hand by hand)',
    `${(incremental.nsPerOp / HANDS / 1000).toFixed(3)} µs (${(incremental.bestNsPerOp / HANDS / 1000).toFixed(3)})`,
    'target ≤ 1 µs',
  ],
  [
    'one more hand on a 71-hand shoe, ours (clone + add + ask + stats, less the clone)',
    `${(perAdd / 1000).toFixed(3)} µs (${(perAddBest / 1000).toFixed(3)})`,
    'a difference of two timings: noisier',
  ],
  [
    'one more hand, baccarat-engine (recompute)',
    `${(wholeTheirs.nsPerOp / 1000).toFixed(2)} µs`,
    `${(wholeTheirs.nsPerOp / (incremental.nsPerOp / HANDS)).toFixed(0)}× ours`,
  ],
]);
