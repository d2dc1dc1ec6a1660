/**
 * Is this a sign every board will accept? The contract's shape first, then the rules core's `validateSignage` on
 * the very core `Signage` a board builds from it (`coreSignage`), with the problem said in the keys' own names:
 * `min (500) is above max (100)`, `commission (12): at most 10`. Pure.
 *
 * ```ts
 * tableSignageProblem(sign, casino, 'S1'); // null, or { field: 'min', message: 'min (500) is above max (100)' }
 * ```
 * @packageDocumentation
 */
import { LIMITED_SIDE_BETS, validateSignage } from '../baccarat/signage';
import type { CasinoSignage, TableSignage } from '../contract/schemas';
import { validate } from '../contract/validate';
import { coreSignage } from '../contract/pay-table-view';
import { fieldError, SIDE_BET_LIMIT_KEYS, type FieldError } from './sign-keys';

/** JSON pointer (contract) and core path → key. */
const CONTRACT_KEYS: Readonly<Record<string, string>> = {
  '/tableName': 'name',
  '/limits/currency': 'currency',
  '/limits/minimum': 'min',
  '/limits/maximum': 'max',
  '/limits/tieMaximum': 'tie-max',
  '/limits/pairMaximum': 'pair-max',
  '/limits/maxDifferential': 'differential',
  // A range's own ends first: the contract's "minimum ≤ maximum" names the other end.
  '/limits/sideBetLimits/perfectPairs/maximum': 'pp-limits',
  '/limits/sideBetLimits/urWayEgalite/maximum': 'ur-way-limits',
  '/limits/sideBetLimits/threeGivesEight/maximum': '3g8-limits',
  '/limits/sideBetLimits/perfectPairs': 'pp-limits',
  '/limits/sideBetLimits/urWayEgalite': 'ur-way-limits',
  '/limits/sideBetLimits/threeGivesEight': '3g8-limits',
  '/variant/commissionPercent': 'commission',
  '/variant/effectiveFromHand': 'from-hand',
  '/variant/effectiveFromShoe': 'shoe',
  '/variant': 'variant',
  '/previousVariant': 'variant',
  '/tiePays': 'tie-pays',
  '/sideBets': 'side-bets',
  '/language': 'language',
  '/message': 'message',
  '/tableOpen': 'open',
  '/showDisclaimer': 'disclaimer',
  '/updatedBy': 'user',
  '/perfectPairsScale': 'pp-scale',
  '/casinoName': 'casino-name',
  '/revision': 'revision',
};
const CORE_KEYS: readonly (readonly [RegExp, string])[] = [
  ...LIMITED_SIDE_BETS.map((b) => [new RegExp(`^limits\\.sideBetLimits\\.${b}\\b`), SIDE_BET_LIMIT_KEYS[b]] as const),
  [/^limits\.currency/, 'currency'],
  [/^limits\.min\b/, 'min'],
  [/^limits\.max\b/, 'max'],
  [/^limits\.tieMax/, 'tie-max'],
  [/^limits\.pairMax/, 'pair-max'],
  [/^limits\.maxDifferential/, 'differential'],
  [/^payTable[.\w]*\.commissionRate/, 'commission'],
  [/^payTable[.\w]*\.effectiveFromHand/, 'from-hand'],
  [/^payTable/, 'variant'],
  [/^tableName/, 'name'],
  [/^open\b/, 'open'],
  [/^language/, 'language'],
  [/^message/, 'message'],
  [/^tiePays/, 'tie-pays'],
  [/^sideBets/, 'side-bets'],
  [/^perfectPairsScale/, 'pp-scale'],
  [/^revision/, 'revision'],
];
const CORE_WORDS: readonly (readonly [string, string])[] = [
  ...LIMITED_SIDE_BETS.flatMap((b) => {
    const key = SIDE_BET_LIMIT_KEYS[b];
    const path = `limits.sideBetLimits.${b}`;
    return [
      [`${path}.min`, `${key} minimum`],
      [`${path}.max`, `${key} maximum`],
      [path, key],
    ] as const;
  }),
  ['limits.maxDifferential', 'differential'],
  ['limits.pairMax', 'pair-max'],
  ['limits.tieMax', 'tie-max'],
  ['limits.min', 'min'],
  ['limits.max', 'max'],
  ['limits.currency', 'currency'],
];

const at = (value: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      value,
    );

function contractProblem(
  kind: 'signage' | 'casinoSignage',
  value: object,
): (FieldError & { crossField: boolean }) | null {
  const [issue] = validate(kind, value, 1);
  if (!issue) return null;
  const key =
    Object.entries(CONTRACT_KEYS).find(([p]) => issue.path === p || issue.path.startsWith(`${p}/`))?.[1] ?? issue.path;
  const v = at(value, issue.path);
  const shown = v === undefined || typeof v === 'object' ? '' : ` (${JSON.stringify(v)})`;
  // A consistency rule names other fields by JSON pointer: say their keys instead.
  const words = issue.message.replace(/\/[\w/]+/g, (p) => CONTRACT_KEYS[p] ?? p);
  const crossField = words !== issue.message;
  const said = inPeoplesWords(words);
  return { ...fieldError(key, `${key}${shown}: ${said.charAt(0).toLowerCase()}${said.slice(1)}`), crossField };
}

/**
 * A bound in a floor manager's words, not the schema's: "at most 1,000,000,000" for "Expected number ≤ 1000000000"
 * (a ten-digit bound without separators had to be counted), "at least 1" for "Expected integer ≥ 1".
 */
export function inPeoplesWords(message: string): string {
  const bound = /^Expected (?:number|integer) ([≤≥]) (-?\d+(?:\.\d+)?)$/.exec(message);
  if (bound) return `${bound[1] === '≤' ? 'at most' : 'at least'} ${Number(bound[2]).toLocaleString('en-US')}`;
  return message;
}

/** Perfect Pairs offered, and no casino sign on the broker to give its pay scale (rules 11A.7, 11A.8). */
const NO_CASINO_SCALE =
  "perfectPairs needs the casino's Perfect Pairs pay scale and none is set: add pp-scale=one or pp-scale=two, " +
  'with casino-name= (the broker has no casino sign) (rules 11A.7, 11A.8)';

/** Whether a refusal is for Perfect Pairs offered with no casino sign on the broker ({@link tableSignageProblem}). */
export const isNoCasinoScale = (e: FieldError): boolean => e.field === 'side-bets' && e.message === NO_CASINO_SCALE;

/**
 * Checks a table sign as a board will read it, for the shoe being played: null when fine, else the first problem
 * with the key it concerns, e.g. `{ field: 'min', message: 'min (500) is above max (100)' }`.
 */
export function tableSignageProblem(
  s: TableSignage,
  casino: CasinoSignage | null,
  shoeId: string | null,
): FieldError | null {
  const shape = contractProblem('signage', s);
  if (s.sideBets.includes('perfectPairs') && !casino && !shape) return fieldError('side-bets', NO_CASINO_SCALE);
  const core = validateSignage(coreSignage(s, casino, shoeId));
  const meaning = core.ok
    ? null
    : fieldError(
        CORE_KEYS.find(([re]) => re.test(core.error))?.[1] ?? 'table',
        CORE_WORDS.reduce((m, [from, to]) => m.replaceAll(from, to), core.error),
      );
  // A rule between fields reads better in the core's words ("min (500) is above max (100)"); a single field's
  // range in the contract's (a commission in %, not as a rate).
  if (shape && !(shape.crossField && meaning)) return fieldError(shape.field, shape.message);
  return meaning;
}

/** Checks a casino sign: null when fine. */
export function casinoSignageProblem(c: CasinoSignage): FieldError | null {
  const shape = contractProblem('casinoSignage', c);
  return shape && fieldError(shape.field, shape.message);
}
