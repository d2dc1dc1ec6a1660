/**
 * The board's "out of step" state: when it cannot follow its table it keeps its last good picture and says why,
 * and it ends by itself when a valid hand or snapshot brings it back in step. Pure: the bridge feeds it what each
 * message did.
 *
 * ```ts
 * let oos = nextOutOfStep(null, { kind: 'gap', reason: 'hand 9 arrived but hand 8 is next' }, now); // { code: 'gap', … }
 * oos = nextOutOfStep(oos, { kind: 'in-step' }, later); // null
 * ```
 * @packageDocumentation
 */
import type { OutOfStep } from '../contract/kiosk';
import type { OutOfStepCode } from '../contract/schemas';

/** What a message told the board about being in step with its table. */
export type StepSignal =
  | { readonly kind: OutOfStepCode; readonly reason: string } // gap, rejected or conflict
  | { readonly kind: 'in-step' } // a valid hand or snapshot left nothing missing or disputed
  | { readonly kind: 'reset' }; // an operator replaced the board's state: whatever it shows now is the table's

/** Longest reason kept, in characters (the status's limit). */
const MAX_REASON = 300;

/**
 * The out-of-step state after `signal` at `now`. A new problem keeps the time the board first fell out of step
 * (`since`) and takes the newest reason; being in step, or an operator's reset, ends it.
 */
export function nextOutOfStep(current: OutOfStep | null, signal: StepSignal, now: string): OutOfStep | null {
  if (signal.kind === 'in-step' || signal.kind === 'reset') return null;
  const reason = signal.reason.length > MAX_REASON ? `${signal.reason.slice(0, MAX_REASON - 1)}…` : signal.reason;
  if (current && current.code === signal.kind && current.reason === reason) return current;
  return { code: signal.kind, reason, since: current?.since ?? now };
}
