/**
 * The JSON form of a shoe's roads (`baccarat-board roads --json`, `GET /api/state`): the exact shape independent checks
 * compare against, plus a few extra fields (pairs, naturals, logical positions) after the required ones.
 *
 * ```ts
 * roadsJson(roadmap(parseShoe('BBPT').value)); // { beadPlate: [...], bigRoad: [...], ..., stats: {...} }
 * ```
 * @packageDocumentation
 */
import type { Roadmap } from './roadmap';
import type { AskPreview } from './types';

const askJson = (a: AskPreview) => ({
  bigEyeBoy: a.bigEyeBoy,
  smallRoad: a.smallRoad,
  cockroachPig: a.cockroachPig,
  bigRoad: a.bigRoad,
  cells: a.cells,
});

/** The roads of a roadmap in the documented JSON shape. */
export function roadsJson(map: Roadmap) {
  const derived = (cells: Roadmap['bigEyeBoy']['cells']) =>
    cells.map((c) => ({ col: c.col, row: c.row, colour: c.colour, sourceCol: c.sourceCol, sourceRow: c.sourceRow }));
  const a = map.ask();
  const s = map.stats();
  return {
    beadPlate: map.beadPlate.map((b) => ({
      col: b.col,
      row: b.row,
      outcome: b.outcome,
      playerPair: b.playerPair,
      bankerPair: b.bankerPair,
      natural: b.natural,
      ...(b.playerPoints === undefined ? {} : { playerPoints: b.playerPoints, bankerPoints: b.bankerPoints }),
    })),
    bigRoad: map.bigRoad.cells.map((c) => ({
      col: c.col,
      row: c.row,
      outcome: c.outcome,
      ties: c.ties,
      logicalCol: c.logicalCol,
      logicalRow: c.logicalRow,
      playerPair: c.playerPair,
      bankerPair: c.bankerPair,
      natural: c.natural,
    })),
    bigEyeBoy: derived(map.bigEyeBoy.cells),
    smallRoad: derived(map.smallRoad.cells),
    cockroachPig: derived(map.cockroachPig.cells),
    ask: { banker: askJson(a.banker), player: askJson(a.player) },
    stats: {
      hands: s.hands,
      banker: s.banker,
      player: s.player,
      tie: s.tie,
      bankerPair: s.bankerPair,
      playerPair: s.playerPair,
      natural: s.natural,
      bankerSix: s.bankerSix,
      columns: s.columns,
      currentStreak: s.currentStreak,
      longestStreak: s.longestStreak,
    },
  };
}
