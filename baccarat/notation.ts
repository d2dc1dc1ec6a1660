/**
 * A compact text form of a shoe's results, for the command-line tool, tests and logs.
 *
 * One letter a hand: `B` (Banker), `P` (Player), `T` (Tie), upper or lower case. Each letter may be followed by
 * marks: `^` banker pair (its dot is top-left), `_` player pair (bottom-right), `*` natural, and the points as
 * `(player-banker)`, e.g. `B^*(3-8)`. Spaces, commas and `|` between hands are ignored.
 *
 * ```ts
 * parseShoe('BBPT');          // ok: four hands
 * parseShoe('B^_ P*(8-2) T'); // pairs, a natural and points
 * makeShoe(hands);            // back to text
 * ```
 * @packageDocumentation
 */
import { err, ok, type Outcome, type Point, type Result, type RoadHand } from './types';

const LETTERS: { readonly [c: string]: Outcome } = { B: 'banker', P: 'player', T: 'tie' };
const LETTER_OF: { readonly [K in Outcome]: string } = { banker: 'B', player: 'P', tie: 'T' };

/** Parses a shoe written as B/P/T letters with optional marks. Errors name the 1-based character position. */
export function parseShoe(text: string): Result<RoadHand[]> {
  const hands: RoadHand[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/[\s,|]/.test(ch)) {
      i++;
      continue;
    }
    const outcome = LETTERS[ch.toUpperCase()];
    if (outcome === undefined) {
      return err(`position ${i + 1}: '${ch}' is not B, P or T (Banker, Player, Tie)`);
    }
    const start = i;
    i++;
    let bankerPair = false;
    let playerPair = false;
    let natural = false;
    let points: [Point, Point] | undefined;
    for (; i < text.length; i++) {
      const m = text[i]!;
      if (m === '^') bankerPair = true;
      else if (m === '_') playerPair = true;
      else if (m === '*') natural = true;
      else if (m === '(') {
        const match = /^\((\d)-(\d)\)/.exec(text.slice(i));
        if (!match) return err(`position ${i + 1}: points must be written (player-banker), e.g. (3-8)`);
        points = [Number(match[1]) as Point, Number(match[2]) as Point];
        i += match[0].length - 1;
      } else break;
    }
    if (points) {
      const [p, b] = points;
      const implied: Outcome = p > b ? 'player' : b > p ? 'banker' : 'tie';
      if (implied !== outcome) {
        return err(`position ${start + 1}: '${ch}' contradicts its points ${p}-${b} (${implied} wins)`);
      }
      if (natural && p < 8 && b < 8) {
        return err(`position ${start + 1}: a natural needs 8 or 9 on one side, points are ${p}-${b}`);
      }
    }
    hands.push({
      outcome,
      playerPair,
      bankerPair,
      natural,
      ...(points ? { playerPoints: points[0], bankerPoints: points[1] } : {}),
    });
  }
  return ok(hands);
}

/** Writes hands in the form `parseShoe` reads; plain `BPT…` when no hand has marks. */
export function makeShoe(hands: readonly RoadHand[]): string {
  let s = '';
  for (const h of hands) {
    s += LETTER_OF[h.outcome];
    if (h.bankerPair) s += '^';
    if (h.playerPair) s += '_';
    if (h.natural) s += '*';
    if (h.playerPoints !== undefined && h.bankerPoints !== undefined) s += `(${h.playerPoints}-${h.bankerPoints})`;
  }
  return s;
}
