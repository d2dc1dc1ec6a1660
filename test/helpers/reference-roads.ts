/**
 * A deliberately naive transcription of ROADS.md, used only as an oracle for the real implementation:
 * placement is the §3.5 pseudo-code with a Set, and colours use the "equivalent formulation" of §4.3
 * (pretend the new column's first entry continued the previous column, apply the continuing rule, swap).
 */
type W = 'B' | 'P';

export function referencePlace(lengths: number[], rows: number, tail: 'stay' | 'drop'): [number, number][] {
  const occupied = new Set<string>();
  const out: [number, number][] = [];
  let prevStart = -1;
  for (const len of lengths) {
    let s = prevStart + 1;
    while (occupied.has(`${s},0`)) s += 1;
    prevStart = s;
    let x = s;
    let y = 0;
    let turned = false;
    occupied.add(`${x},${y}`);
    out.push([x, y]);
    for (let r = 1; r < len; r++) {
      if ((tail === 'drop' || !turned) && y + 1 < rows && !occupied.has(`${x},${y + 1}`)) y += 1;
      else {
        turned = true;
        x += 1;
      }
      occupied.add(`${x},${y}`);
      out.push([x, y]);
    }
  }
  return out;
}

/** Logical column lengths of a B/P/T string (ties ignored). */
export function referenceLengths(shoe: string): number[] {
  const lengths: number[] = [];
  let last: W | null = null;
  for (const ch of shoe) {
    if (ch === 'T') continue;
    if (ch === last) lengths[lengths.length - 1]! += 1;
    else lengths.push(1);
    last = ch as W;
  }
  return lengths;
}

function continuingColour(L: number[], c: number, r: number, k: number): 'R' | 'B' {
  const p = L[c - k] ?? 0;
  if (r < p) return 'R';
  if (r === p) return 'B';
  return 'R';
}

/** The colours of derived road k, one per eligible big-road entry, by the equivalent formulation. */
export function referenceDerived(lengths: number[], k: number): string {
  let s = '';
  lengths.forEach((len, c) => {
    for (let r = 0; r < len; r++) {
      if (!((c === k && r >= 1) || c >= k + 1)) continue;
      if (r > 0) s += continuingColour(lengths, c, r, k);
      else {
        const pretend = continuingColour(lengths, c - 1, lengths[c - 1]!, k);
        s += pretend === 'R' ? 'B' : 'R';
      }
    }
  });
  return s;
}

/** Derived-road lengths from a colour string, to lay it out like a big road. */
export function colourRuns(colours: string): number[] {
  return referenceLengths(colours.replaceAll('R', 'P'));
}
