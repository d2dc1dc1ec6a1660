/**
 * Reads and writes the ASCII grids of ROADS.md (`r0   B   T   B   P` …) so that tests can state a road's
 * layout exactly as the specification draws it.
 */

/** Parses a ROADS.md grid (header line of column numbers, then `rN` lines) into a map "col,row" → symbol. */
export function parseGrid(text: string): Map<string, string> {
  const cells = new Map<string, string>();
  const lines = text
    .trim()
    .split('\n')
    .filter((l) => /^\s*r\d/.test(l));
  for (const line of lines) {
    const [head, ...symbols] = line.trim().split(/\s+/);
    const row = Number(head!.slice(1));
    symbols.forEach((sym, col) => {
      if (sym !== '.') cells.set(`${col},${row}`, sym);
    });
  }
  return cells;
}

/** Builds the same map from placed cells. */
export function gridOf<T extends { col: number; row: number }>(cells: readonly T[], symbol: (c: T) => string) {
  const map = new Map<string, string>();
  for (const c of cells) {
    const key = `${c.col},${c.row}`;
    if (map.has(key)) throw new Error(`two marks in cell ${key}`);
    map.set(key, symbol(c));
  }
  return map;
}
