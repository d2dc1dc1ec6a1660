/**
 * A deep check of a stored {@link Shoe}: a value read back from disk (the board's journal) is trusted only once it
 * has the shape and the invariants the transitions keep, so a damaged or foreign record can never reach the roads.
 *
 * ```ts
 * const problem = shoeProblem(JSON.parse(text).shoe); // null, or e.g. "rounds[3].no is 7; hand 4 expected"
 * ```
 * @packageDocumentation
 */
import { isCard, isIsoTime } from './shoe-lifecycle';
import { cardsProblem, handProblem } from './shoe';
import { SHOE_PHASES, VOID_HAND_KINDS, type Shoe } from './shoe-types';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isText = (x: unknown): x is string => typeof x === 'string' && x.length > 0;
const isWhole = (x: unknown, min: number): x is number => Number.isInteger(x) && (x as number) >= min;

function roundVoidProblem(v: unknown, path: string): string | null {
  if (!isObject(v) || !isText(v.reason)) return `${path}.reason is missing`;
  if (v.at !== undefined && !isIsoTime(v.at)) return `${path}.at is not a time`;
  return null;
}

function correctionProblem(c: unknown, path: string): string | null {
  for (let depth = 0; c !== undefined; depth++, path += '.earlier') {
    if (depth > 200) return `${path}: corrections nest too deep`;
    if (!isObject(c) || !isText(c.by) || !isIsoTime(c.at)) return `${path} needs by and at`;
    if (c.previous !== undefined) {
      const p = handProblem(c.previous as never);
      if (p) return `${path}.previous: ${p}`;
    }
    c = c.earlier;
  }
  return null;
}

/** What is wrong with round `i` of a stored shoe, given the hand number the next hand must have. */
function roundProblem(r: unknown, i: number, next: number): string | null {
  const path = `rounds[${i}]`;
  if (!isObject(r)) return `${path} is not a round`;
  if (!('hand' in r)) {
    if (r.no !== next) return `${path} is a voided round numbered ${String(r.no)}; ${next} expected`;
    return roundVoidProblem(r.voided, `${path}.voided`);
  }
  if (r.no !== next) return `${path}.no is ${String(r.no)}; hand ${next} expected`;
  const hand = handProblem(r.hand as never) ?? cardsProblem(r.cards as never);
  if (hand) return `${path}: ${hand}`;
  if (r.at !== undefined && !isIsoTime(r.at)) return `${path}.at is not a time`;
  if (r.voidHand !== undefined) {
    const v = r.voidHand;
    if (!isObject(v) || !(VOID_HAND_KINDS as readonly unknown[]).includes(v.kind) || !isText(v.reason))
      return `${path}.voidHand is malformed`;
  }
  if (r.voided !== undefined) return roundVoidProblem(r.voided, `${path}.voided`);
  return correctionProblem(r.corrected, `${path}.corrected`);
}

/** What is wrong with a stored shoe, or null when it is one the transitions could have made. */
export function shoeProblem(x: unknown): string | null {
  if (!isObject(x)) return 'the shoe is not an object';
  if (!isText(x.id)) return 'shoe id is missing';
  if (x.no !== undefined && !isWhole(x.no, 1)) return 'shoe number is not a whole number from 1';
  if (x.decks !== undefined && !isWhole(x.decks, 1)) return 'decks is not a whole number';
  for (const k of ['startedAt', 'endedAt'] as const)
    if (x[k] !== undefined && !isIsoTime(x[k])) return `${k} is not a time`;
  if (!Array.isArray(x.rounds)) return 'rounds is not a list';
  let next = 1;
  for (const [i, r] of x.rounds.entries()) {
    const problem = roundProblem(r, i, next);
    if (problem) return problem;
    if ('hand' in (r as object)) next++;
  }
  if (x.burn !== null) {
    const b = x.burn;
    if (!isObject(b) || !isCard(b.card) || !isWhole(b.count, 0) || !isWhole(b.expected, 0)) return 'burn is malformed';
  }
  if (!(SHOE_PHASES as readonly unknown[]).includes(x.phase)) return `phase ${String(x.phase)} is unknown`;
  const c = x.cutCard;
  if (!isObject(c) || typeof c.drawn !== 'boolean') return 'cutCard is malformed';
  if (c.drawn && (!isWhole(c.handNo, 1) || !isWhole(c.roundIndex, 0) || typeof c.firstCardOfRound !== 'boolean'))
    return 'cutCard is malformed';
  const v = x.pendingVoidHand;
  if (v !== null && (!isObject(v) || !(VOID_HAND_KINDS as readonly unknown[]).includes(v.kind) || !isText(v.reason)))
    return 'pendingVoidHand is malformed';
  if (typeof x.tableOpen !== 'boolean') return 'tableOpen is not true or false';
  return null;
}

/** The stored shoe, typed, when {@link shoeProblem} finds nothing wrong with it. */
export const isStoredShoe = (x: unknown): x is Shoe => shoeProblem(x) === null;
