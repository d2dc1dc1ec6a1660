/**
 * `baccarat-board roads [--json] [--tail stay|drop] [--rows N] [SHOE]`: the roads of a shoe written as B/P/T
 * letters. Without SHOE, one shoe per line of standard input, one answer line each.
 * @packageDocumentation
 */
import { parseArgs } from 'node:util';
import { parseShoe } from '../baccarat/notation';
import { roadmap } from '../baccarat/roads/roadmap';
import { TAIL_MODES, type TailMode } from '../baccarat/types';
import { type CliIo, EXIT, inputLines, UsageError } from './io';
import { roadsJson } from '../baccarat/roads/json';
import { roadsLine, roadsText } from './roads-text';

export const ROADS_USAGE = `Usage: baccarat-board roads [--json] [--tail stay|drop] [--rows N] [SHOE]

Prints every road of a shoe: bead plate, big road, big eye boy, small road, cockroach pig, the ask roads and
the statistics.

SHOE is one letter a hand: B (Banker), P (Player), T (Tie). A letter may carry marks: ^ banker pair,
_ player pair, * natural, and the points as (player-banker), e.g. B^*(3-8). Spaces and commas are ignored.
Without SHOE, reads one shoe per line from standard input and answers one line each.

Options:
  --json         one JSON object per shoe (see docs/cli.md for the shape)
  --tail MODE    the big road's dragon tail once the cell below frees up: stay (default, canonical) or drop;
                 the derived roads always lay out their own tails by the canonical rule
  --rows N       grid height (default 6)
`;

export async function roadsCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      tail: { type: 'string' },
      rows: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(ROADS_USAGE);
    return EXIT.ok;
  }
  const tail = (values.tail ?? 'stay') as TailMode;
  if (!TAIL_MODES.includes(tail)) throw new UsageError(`--tail must be stay or drop, not '${values.tail}'`);
  const rows = values.rows === undefined ? 6 : Number(values.rows);
  if (!Number.isInteger(rows) || rows < 2 || rows > 30)
    throw new UsageError(`--rows must be 2 to 30, not '${values.rows}'`);
  const options = { rows, tail };

  const answer = (shoe: string, where: string, oneLine: boolean): boolean => {
    const parsed = parseShoe(shoe);
    if (!parsed.ok) {
      io.err(`baccarat-board roads: ${where}${parsed.error}\n`);
      if (oneLine && values.json) io.out(JSON.stringify({ error: `${where}${parsed.error}` }) + '\n');
      else if (oneLine) io.out(`error: ${where}${parsed.error}\n`);
      return false;
    }
    const map = roadmap(parsed.value, options);
    if (values.json) io.out(JSON.stringify(roadsJson(map)) + '\n');
    else io.out((oneLine ? roadsLine(map) : roadsText(map)) + '\n');
    return true;
  };

  if (positionals.length > 0) return answer(positionals.join(''), '', false) ? EXIT.ok : EXIT.badInput;
  if (io.stdinIsTty) throw new UsageError('give a SHOE, or shoes on standard input');
  let good = true;
  inputLines(await io.readStdin()).forEach((line, i) => {
    good = answer(line, `line ${i + 1}, `, true) && good;
  });
  return good ? EXIT.ok : EXIT.badInput;
}
