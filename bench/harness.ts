/**
 * A small, honest timing harness for `npm run bench`: warm up, then run until a minimum time has passed, and
 * report nanoseconds per operation. Figures are printed, never asserted: speed targets are not tests.
 */
export interface Timing {
  readonly name: string;
  readonly ops: number;
  /** The median of the rounds: the figure to compare with a target. */
  readonly nsPerOp: number;
  /** The best round: what the code costs when nothing else disturbs it. */
  readonly bestNsPerOp: number;
}

let sink = 0; // results are folded in here so that the optimiser cannot drop the work

/**
 * Times `fn`: a warm-up, then `rounds` rounds of `minMs / rounds` each. Reports the median round (robust to
 * interference from other processes on a shared machine) and the best one.
 */
export function timeIt(
  name: string,
  fn: () => unknown,
  {
    minMs = 1000,
    warmupMs = 300,
    rounds = 15,
    quiet = false,
  }: { minMs?: number; warmupMs?: number; rounds?: number; quiet?: boolean } = {},
): Timing {
  const run = (ms: number) => {
    let ops = 0;
    const start = process.hrtime.bigint();
    const end = start + BigInt(Math.round(ms * 1e6));
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
  const perOp: number[] = [];
  let ops = 0;
  for (let i = 0; i < rounds; i++) {
    const r = run(minMs / rounds);
    perOp.push(r.ns / r.ops);
    ops += r.ops;
  }
  perOp.sort((a, b) => a - b);
  const t = { name, ops, nsPerOp: perOp[Math.floor(perOp.length / 2)]!, bestNsPerOp: perOp[0]! };
  if (!quiet) console.log(`  ${name}: median ${formatNs(t.nsPerOp)}/op, best ${formatNs(t.bestNsPerOp)} (${ops} ops)`);
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
