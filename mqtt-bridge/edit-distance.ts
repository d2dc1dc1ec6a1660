/**
 * How far two names are apart, for "did you mean …?" (a configuration's field, an environment variable, a command-line
 * option or command). Pure, no imports: the command line loads it on every run.
 * @packageDocumentation
 */

/** Levenshtein distance: how many characters to add, remove or change to turn `a` into `b`. */
export function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length]!;
}
