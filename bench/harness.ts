/**
 * A small, honest timing harness for `npm run bench`: warm up, then run until a minimum time has passed, and
 * report nanoseconds per operation. Figures are printed, never asserted: speed targets are not tests.
 */
export interface Timing {
  readonly name: string;
  readonly ops: number;
  readonly nsPerOp: number;
}

let sink = 0; // results are folded in here so that the optimiser cannot drop the work

export function timeIt(
  name: string,
  fn: () => unknown,
  { minMs = 1000, warmupMs = 300, quiet = false }: { minMs?: number; warmupMs?: number; quiet?: boolean } = {},
): Timing {
  const run = (ms: number) => {
    let ops = 0;
    const start = process.hrtime.bigint();
    const end = start + BigInt(ms * 1e6);
    let now = start;
    while (now < end) {
      for (let j = 0; j < 64; j++) {
        const r = fn();
        sink ^= typeof r === 'number' ? r : 1;
      }
      ops += 64;
      now = process.hrtime.bigint();
    }
    return { ops, ns: Number(now - start) };
  };
  run(warmupMs);
  const { ops, ns } = run(minMs);
  const t = { name, ops, nsPerOp: ns / ops };
  if (!quiet) console.log(`  ${name}: ${formatNs(t.nsPerOp)}/op (${ops} ops)`);
  return t;
}

export function formatNs(ns: number): string {
  if (ns < 1000) return `${ns.toFixed(0)} ns`;
  if (ns < 1e6) return `${(ns / 1000).toFixed(2)} µs`;
  return `${(ns / 1e6).toFixed(2)} ms`;
}

/** Prints a titled table of figures. */
export function report(title: string, rows: readonly (readonly [string, string, string])[]): void {
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  console.log(`\n${title}`);
  for (const [a, b, c] of rows) console.log(`  ${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`);
  if (sink === 42.5) console.log(''); // keeps `sink` observable
}
