/**
 * "did you mean …?" for a mistyped option or command: the nearest of the names the tool knows, when one is near
 * enough to be a slip of the keyboard (two keys at most, one in a name of three letters or fewer), else nothing.
 *
 * ```ts
 * didYouMean('--tabel', ['--table', '--display']); // ' (did you mean --table?)'
 * didYouMean('--colour', ['--table']);             // ''
 * ```
 * @packageDocumentation
 */
import { distance } from '../mqtt-bridge/edit-distance';

/** The nearest known name to `given`, said as " (did you mean X?)", or '' when none is near. */
export function didYouMean(given: string, known: readonly string[]): string {
  let best: string | null = null;
  let bestDistance = Infinity;
  const most = given.replace(/^-+/, '').length <= 3 ? 1 : 2; // a short name's two slips are another name
  for (const name of known) {
    const d = distance(given.toLowerCase(), name.toLowerCase());
    if (d < bestDistance && d <= most) [best, bestDistance] = [name, d];
  }
  return best === null || best === given ? '' : ` (did you mean ${best}?)`;
}

/** The options a command's help names (`--broker`, `--table` …), as its usage text lists them. */
export const optionsIn = (usage: string): string[] => [...new Set(usage.match(/--[a-z][a-z0-9-]*/g) ?? [])];

/** For Node's parseArgs' "Unknown option '--tabel'": the nearest option of the command's usage, or ''. */
export function unknownOptionHint(message: string, usage: string): string {
  const given = /^Unknown option '(-{1,2}[^']+)'/.exec(message)?.[1];
  return given === undefined ? '' : didYouMean(given, optionsIn(usage));
}
