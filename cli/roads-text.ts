/**
 * Readable text grids of a shoe's roads, for support staff at a terminal: each road drawn as the board draws
 * it (rows downward, columns rightward), and a one-line summary for batch use.
 *
 * ```ts
 * console.log(roadsText(roadmap(parseShoe('BBPT').value)));
 * ```
 * @packageDocumentation
 */
import type { Roadmap } from '../baccarat/roads/roadmap';
import type { AskPreview, GridCell } from '../baccarat/roads/types';
import type { Colour, Outcome } from '../baccarat/types';

const LETTER: Record<Outcome, string> = { banker: 'B', player: 'P', tie: 'T' };
const COLOUR: Record<Colour, string> = { red: 'R', blue: 'b' };

/** Draws cells on a grid of `rows` rows, each cell `width` characters wide. */
export function textGrid<T extends GridCell>(cells: readonly T[], rows: number, label: (c: T) => string): string {
  const cols = cells.reduce((n, c) => Math.max(n, c.col + 1), 0);
  const labels = cells.map(label);
  const width = Math.max(2, ...labels.map((l) => l.length)) + 1;
  const grid = Array.from({ length: rows }, () => Array.from({ length: cols }, () => '.'.padEnd(width)));
  cells.forEach((c, i) => {
    grid[c.row]![c.col] = labels[i]!.padEnd(width);
  });
  const header = '    ' + Array.from({ length: cols }, (_, i) => String(i).padEnd(width)).join('');
  return [header, ...grid.map((line, r) => `r${r}  ${line.join('')}`)].map((l) => l.trimEnd()).join('\n');
}

const askText = (a: AskPreview) =>
  [a.bigEyeBoy, a.smallRoad, a.cockroachPig].map((c) => (c === null ? '-' : c)).join(' ');

/** All roads as text grids with headings, then the ask roads and the statistics. */
export function roadsText(map: Roadmap): string {
  const rows = map.options.rows;
  const s = map.stats();
  const a = map.ask();
  const pct = (n: number) => (s.hands === 0 ? '0.0' : ((100 * n) / s.hands).toFixed(1));
  const pairMarks = (c: { bankerPair: boolean; playerPair: boolean; natural: boolean }) =>
    (c.bankerPair ? '^' : '') + (c.playerPair ? '_' : '') + (c.natural ? '*' : '');
  return [
    'Bead plate',
    textGrid(map.beadPlate, rows, (b) => LETTER[b.outcome] + pairMarks(b)),
    '',
    'Big road (/n: n ties; ^ banker pair, _ player pair, * natural)',
    textGrid(map.bigRoad.cells, rows, (c) =>
      c.outcome === 'tie' ? `/${c.ties}` : LETTER[c.outcome] + (c.ties ? `/${c.ties}` : '') + pairMarks(c),
    ),
    '',
    'Big eye boy (R red, b blue)',
    textGrid(map.bigEyeBoy.cells, rows, (c) => COLOUR[c.colour]),
    '',
    'Small road',
    textGrid(map.smallRoad.cells, rows, (c) => COLOUR[c.colour]),
    '',
    'Cockroach pig',
    textGrid(map.cockroachPig.cells, rows, (c) => COLOUR[c.colour]),
    '',
    'Ask (big eye boy, small road, cockroach pig)',
    `  if Banker next: ${askText(a.banker)}`,
    `  if Player next: ${askText(a.player)}`,
    '',
    `Hands ${s.hands}: Banker ${s.banker} (${pct(s.banker)}%), Player ${s.player} (${pct(s.player)}%), ` +
      `Tie ${s.tie} (${pct(s.tie)}%) of ${s.hands} hands; ` +
      `banker pairs ${s.bankerPair}, player pairs ${s.playerPair}, naturals ${s.natural}`,
  ].join('\n');
}

/** One line per shoe, for standard-input batches without --json. */
export function roadsLine(map: Roadmap): string {
  const s = map.stats();
  const a = map.ask();
  const colours = (cells: readonly { colour: Colour }[]) => cells.map((c) => COLOUR[c.colour]).join('') || '-';
  const big = map.bigRoad.cells
    .map((c) => `${c.outcome === 'tie' ? '' : LETTER[c.outcome]}${c.ties ? `/${c.ties}` : ''}@${c.col},${c.row}`)
    .join(' ');
  return (
    `hands=${s.hands} banker=${s.banker} player=${s.player} tie=${s.tie} | big road: ${big || '-'} | ` +
    `big eye boy: ${colours(map.bigEyeBoy.cells)} | small road: ${colours(map.smallRoad.cells)} | ` +
    `cockroach pig: ${colours(map.cockroachPig.cells)} | ask B: ${askText(a.banker)} | ask P: ${askText(a.player)}`
  );
}
