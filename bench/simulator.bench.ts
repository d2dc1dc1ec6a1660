/**
 * Simulator benchmark: 1,000,000 hands dealt by the pure engine (8-deck shoes, shuffled, cut, burned, dealt to
 * the cut card), their banker/player/tie frequencies against the exact 8-deck probabilities of the core, with the
 * z-score of each, and the speed in hands per second; then the cost of turning hands into contract messages.
 * Figures are printed, never asserted. Run: `npx tsx bench/simulator.bench.ts [hands] [seed]`.
 */
import { exactOutcomeProbabilities } from '../baccarat/probabilities';
import { OUTCOMES, type ByOutcome } from '../baccarat/types';
import { simulateTable } from '../simulator/dealer';
import { createMessenger } from '../simulator/messages';

const HANDS = Number(process.argv[2] ?? 1_000_000);
const SEED = process.argv[3] ?? 'bench';
const MESSAGE_HANDS = 20_000;

const pad = (s: string, n: number) => s.padEnd(n);
const pct = (x: number) => `${(x * 100).toFixed(3)}%`;

function deal(hands: number, seed: string): { count: ByOutcome<number>; shoes: number; ms: number } {
  const count: ByOutcome<number> = { banker: 0, player: 0, tie: 0 };
  let n = 0;
  let shoes = 0;
  const start = process.hrtime.bigint();
  for (const step of simulateTable({ seed, decks: 8 })) {
    if (step.type === 'shoe-end') shoes++;
    if (step.type !== 'hand') continue;
    count[step.coup.outcome]++;
    if (++n === hands) break;
  }
  return { count, shoes, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}

const exact = exactOutcomeProbabilities(8);
deal(20_000, 'warm-up');
const { count, shoes, ms } = deal(HANDS, SEED);

console.log(
  `\nSimulator: ${HANDS.toLocaleString('en')} hands, 8 decks, seed "${SEED}" (${shoes.toLocaleString('en')} whole shoes)`,
);
console.log(
  `  ${pad('outcome', 8)}  ${pad('count', 9)}  ${pad('simulated', 9)}  ${pad('exact', 9)}  ${pad('z', 6)}  within 3σ`,
);
for (const outcome of OUTCOMES) {
  const p = exact[outcome];
  const f = count[outcome] / HANDS;
  const z = (f - p) / Math.sqrt((p * (1 - p)) / HANDS);
  console.log(
    `  ${pad(outcome, 8)}  ${pad(String(count[outcome]), 9)}  ${pad(pct(f), 9)}  ${pad(pct(p), 9)}  ` +
      `${pad((z >= 0 ? '+' : '') + z.toFixed(2), 6)}  ${Math.abs(z) <= 3 ? 'yes' : 'no'}`,
  );
}
console.log(
  `  speed: ${Math.round(HANDS / (ms / 1000)).toLocaleString('en')} hands/s (${(ms / 1000).toFixed(2)} s, ` +
    `${((ms * 1e3) / HANDS).toFixed(2)} µs a hand, shuffles included)`,
);

// The messages a publisher sends: events, hands and a validated snapshot after each, all through makeMessage.
const messenger = createMessenger({ controllerId: 'ctl-bench', now: () => '2024-11-22T14:00:00.000Z' });
let messages = 0;
let bytes = 0;
let hands = 0;
const start = process.hrtime.bigint();
for (const step of simulateTable({ seed: SEED })) {
  for (const m of messenger.messagesFor(step)) {
    messages++;
    bytes += m.text.length;
  }
  if (step.type === 'hand' && ++hands === MESSAGE_HANDS) break;
}
const msgMs = Number(process.hrtime.bigint() - start) / 1e6;
console.log(
  `  with contract messages (${MESSAGE_HANDS.toLocaleString('en')} hands): ${Math.round(MESSAGE_HANDS / (msgMs / 1000)).toLocaleString('en')} hands/s, ` +
    `${Math.round(messages / (msgMs / 1000)).toLocaleString('en')} messages/s, ${(bytes / hands / 1024).toFixed(1)} KiB a hand (snapshots included)`,
);
