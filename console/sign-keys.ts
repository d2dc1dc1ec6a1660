/**
 * The words a floor manager changes a sign with: `KEY=VALUE` pairs, the same on the command line
 * (`baccarat-board signage set min=500 variant=modified-odds from-hand=31`) and in the console's form. Parsing
 * turns them into typed {@link SignEdits}, or a {@link FieldError} that names the key at fault. Pure: no I/O.
 *
 * ```ts
 * const edits = parseAssignments(['min=500', 'side-bets=+perfectPairs']); // Result<SignEdits, FieldError>
 * if (!edits.ok) console.error(formatFieldError(edits.error));            // "min: …"
 * ```
 * @packageDocumentation
 */
import { PAY_SCALES, SIDE_BETS, SIGN_LANGUAGES, TIE_PAYS } from '../baccarat/signage';
import type { LimitedSideBet, PayScaleName, SideBet, SignLanguage, TiePays } from '../baccarat/signage';
import { err, ok, type Result } from '../baccarat/types';
import { isCurrencyCode } from '../contract/currencies';

/** Every key, in the order the usage text and docs/console.md list them. */
export const SIGN_KEYS = [
  'name',
  'currency',
  'min',
  'max',
  'tie-max',
  'pair-max',
  'differential',
  'variant',
  'commission',
  'from-hand',
  'tie-pays',
  'side-bets',
  'pp-limits',
  'ur-way-limits',
  '3g8-limits',
  'language',
  'message',
  'open',
  'disclaimer',
  'pp-scale',
  'casino-name',
] as const;
export type SignKey = (typeof SIGN_KEYS)[number];

/**
 * The keys a change takes, and the ones its messages offer: `signage set` and the console's change requests. Not
 * `open`: both refuse it, as closing and opening a table are actions of their own (`signage close`/`open`, the
 * console's Close table…), so naming it among the keys sent floor managers to a key that is then refused. The
 * parser still reads `open=…` into {@link SignEdits}, for its callers to refuse in their own words.
 */
export const SET_KEYS: readonly SignKey[] = SIGN_KEYS.filter((k) => k !== 'open');

/** The key of each side bet's wager limits (rule 11A.4), and back. */
export const SIDE_BET_LIMIT_KEYS = {
  perfectPairs: 'pp-limits',
  urWayEgalite: 'ur-way-limits',
  threeGivesEight: '3g8-limits',
} as const satisfies Record<LimitedSideBet, SignKey>;
export type SideBetLimitKey = (typeof SIDE_BET_LIMIT_KEYS)[LimitedSideBet];
const LIMIT_KEY_BETS = Object.fromEntries(Object.entries(SIDE_BET_LIMIT_KEYS).map(([b, k]) => [k, b])) as Record<
  SideBetLimitKey,
  LimitedSideBet
>;

/** A side bet's wager range as the wire writes it, in the table's currency. */
export interface WagerRangeEdit {
  readonly minimum: number;
  readonly maximum: number;
}

/** Keys of the casino-wide sign (`{root}/casino/signage`), and the edit each sets; every other key is one table's. */
export const CASINO_EDITS = { 'pp-scale': 'ppScale', 'casino-name': 'casinoName' } as const satisfies Partial<
  Record<SignKey, keyof SignEdits>
>;
export type CasinoKey = keyof typeof CASINO_EDITS;
const CASINO_KEY_LIST = Object.keys(CASINO_EDITS) as CasinoKey[];
export const CASINO_KEYS: readonly SignKey[] = CASINO_KEY_LIST;
/** The casino-wide keys the edits give, in the order of {@link CASINO_KEYS}. */
export const casinoKeysIn = (e: SignEdits): CasinoKey[] =>
  CASINO_KEY_LIST.filter((k) => e[CASINO_EDITS[k]] !== undefined);

/** The variants a table can be on, as the keys spell them (the wire's `variant.kind`). */
export const VARIANT_NAMES = ['commission', 'modified-odds'] as const;
export type VariantName = (typeof VARIANT_NAMES)[number];

/**
 * A problem with one key, in words for a floor manager. `field` is a {@link SignKey}, the unknown key as given, or
 * the context of a change: `table`, `shoe`, `user`, `revision`, `args`.
 */
export interface FieldError {
  readonly field: string;
  readonly message: string;
}
export const fieldError = (field: string, message: string): FieldError => ({ field, message });
/** `tie-pays: '7' is not allowed …`; a message that already starts with its field is shown as it is. */
export const formatFieldError = (e: FieldError): string =>
  // The words given as a whole (`args`) are no key to name: "args: nothing to change" said an internal name.
  e.field === 'args' || e.message.startsWith(`${e.field} `) || e.message.startsWith(`${e.field}:`)
    ? e.message
    : `${e.field}: ${e.message}`;

/** A change to the list of side bets: a new list, or some added and some removed. */
export type SideBetsEdit =
  { readonly set: readonly SideBet[] } | { readonly add: readonly SideBet[]; readonly remove: readonly SideBet[] };

/** The parsed changes; a missing field is left as it is. `null` removes an optional field. */
export interface SignEdits {
  readonly name?: string;
  readonly currency?: string;
  readonly min?: number;
  readonly max?: number;
  readonly tieMax?: number;
  readonly pairMax?: number | null;
  readonly differential?: number | null;
  readonly variant?: VariantName;
  readonly commission?: number; // in %
  readonly fromHand?: number;
  readonly tiePays?: TiePays;
  readonly sideBets?: SideBetsEdit;
  /** Per side bet: a new range, or null to remove it. */
  readonly sideBetLimits?: { readonly [B in LimitedSideBet]?: WagerRangeEdit | null };
  readonly language?: SignLanguage;
  readonly message?: string | null;
  readonly open?: boolean;
  readonly disclaimer?: boolean;
  readonly ppScale?: PayScaleName;
  readonly casinoName?: string;
}

/** Whether the edits change the casino sign, a table sign, or both. */
export const editsCasino = (e: SignEdits): boolean => casinoKeysIn(e).length > 0;
const CASINO_FIELDS: readonly string[] = Object.values(CASINO_EDITS);
export const editsTable = (e: SignEdits): boolean => Object.keys(e).some((k) => !CASINO_FIELDS.includes(k));

const NONE = new Set(['', 'none', '-']);
const list = (xs: readonly unknown[]) => xs.join(', ');
/** Case-insensitive match against a vocabulary, returning its canonical spelling. */
const pick = <T extends string>(xs: readonly T[], s: string): T | undefined =>
  xs.find((x) => x.toLowerCase() === s.trim().toLowerCase());

/** Splits `KEY=VALUE` at the first `=`. */
export function splitAssignment(arg: string): Result<readonly [string, string], FieldError> {
  const i = arg.indexOf('=');
  if (i <= 0) return err(fieldError('args', `'${arg}' is not KEY=VALUE (keys: ${list(SET_KEYS)})`));
  return ok([arg.slice(0, i).trim().toLowerCase(), arg.slice(i + 1)] as const);
}

/**
 * An amount: digits with optional `,` or `_` thousands separators and at most two decimals (a currency's minor
 * units), e.g. `100,000` or `2.5`. Never three: `1.500` is 1,500 where a point separates thousands, and 1.5 here.
 */
function amount(text: string): number | undefined {
  const t = text.trim().replace(/[,_](?=\d{3}(?:\D|$))/g, '');
  // Fifteen digits at most: more are not kept exactly (…993 was echoed as …992, 23 digits as 1e+23).
  return /^-?\d{1,15}(\.\d{1,2})?$/.test(t) ? Number(t) : undefined;
}

/** What is wrong with an amount (or, `percentage`, a commission) that {@link amount} refuses, in words. */
const notAnAmount = (value: string, example: string, percentage = false): string =>
  /\d{16,}/.test(value.replace(/[,_]/g, ''))
    ? `'${value.trim()}' has more digits than any ${percentage ? 'percentage' : 'amount'} (fifteen at most)`
    : /\.\d{3,}\s*%?\s*$/.test(value)
      ? percentage
        ? `'${value.trim()}' has more than two decimals: a percentage is given to two at most (4.75)`
        : `'${value}' has more than two decimals: write thousands with a comma (1,500) or none (1500)`
      : `'${value}' is not ${example}`;

/** A range of amounts: `100-5,000`, `100 – 5000`, `100..5000` or `100 to 5000`. */
function range(text: string): WagerRangeEdit | undefined {
  const m = /^\s*([\d,_.]+)\s*(?:-|–|—|\.\.|to)\s*([\d,_.]+)\s*$/i.exec(text);
  const [minimum, maximum] = [amount(m?.[1] ?? ''), amount(m?.[2] ?? '')];
  return minimum === undefined || maximum === undefined ? undefined : { minimum, maximum };
}

function bool(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (['true', 'yes', 'on', '1'].includes(t)) return true;
  if (['false', 'no', 'off', '0'].includes(t)) return false;
  return undefined;
}

function sideBets(text: string): Result<SideBetsEdit, string> {
  if (NONE.has(text.trim().toLowerCase())) return ok({ set: [] });
  const items = text.split(',').map((s) => s.trim());
  const signed = items.filter((s) => s.startsWith('+') || s.startsWith('-'));
  if (signed.length > 0 && signed.length !== items.length)
    return err(`'${text}': write either a whole list (a,b) or only changes (+a,-b), not both`);
  const bets: SideBet[] = [];
  for (const item of items) {
    const bet = pick(SIDE_BETS, item.replace(/^[+-]/, ''));
    if (!bet) return err(`'${item.replace(/^[+-]/, '')}' is unknown: expected ${list(SIDE_BETS)}`);
    bets.push(bet);
  }
  if (signed.length === 0) {
    const twice = bets.find((b, i) => bets.indexOf(b) !== i);
    return twice ? err(`${twice} is listed twice`) : ok({ set: bets });
  }
  return ok({
    add: bets.filter((_, i) => items[i]?.startsWith('+')),
    remove: bets.filter((_, i) => items[i]?.startsWith('-')),
  });
}

type Parsed = Result<Partial<Record<keyof SignEdits, unknown>>, string>;
const set = <K extends keyof SignEdits>(k: K, v: SignEdits[K]): Parsed => ok({ [k]: v });

/** One key's value, parsed; the error is the message without the key. */
function parseOne(key: SignKey, value: string): Parsed {
  switch (key) {
    case 'name':
    case 'casino-name': {
      const name = value.trim();
      if (name === '') return err('must not be empty');
      return set(key === 'name' ? 'name' : 'casinoName', name);
    }
    case 'currency': {
      const code = value.trim().toUpperCase();
      if (!isCurrencyCode(code))
        return err(`'${value.trim()}' is not an ISO 4217 currency code: three letters, e.g. HKD, MOP, SGD, AUD`);
      return set('currency', code);
    }
    case 'min':
    case 'max':
    case 'tie-max':
    case 'pair-max':
    case 'differential': {
      const field = (
        { min: 'min', max: 'max', 'tie-max': 'tieMax', 'pair-max': 'pairMax', differential: 'differential' } as const
      )[key];
      if ((key === 'pair-max' || key === 'differential') && NONE.has(value.trim().toLowerCase()))
        return set(field, null);
      const n = amount(value);
      if (n === undefined) return err(notAnAmount(value, 'an amount, e.g. 500 or 100,000'));
      // -5 and 0 said alike (the contract said "expected number ≥ 0" of one, the rules "positive" of the other).
      return n > 0 ? set(field, n) : err(`'${value.trim()}' must be above 0`);
    }
    case 'variant': {
      const v = pick(VARIANT_NAMES, value);
      return v ? set('variant', v) : err(`'${value}' is unknown: expected ${VARIANT_NAMES.join(' or ')}`);
    }
    case 'commission': {
      const n = amount(value.replace(/\s*%$/, ''));
      return n === undefined ? err(notAnAmount(value, 'a percentage, e.g. 5 or 4.5', true)) : set('commission', n);
    }
    case 'from-hand': {
      const t = value.trim();
      return /^\d+$/.test(t) && Number(t) >= 1
        ? set('fromHand', Number(t))
        : err(`'${value}' is not a hand number (1, 2, 3 …)`);
    }
    case 'tie-pays': {
      const n = Number(value.trim().replace(/\s*(to|:)\s*1$/, ''));
      return (TIE_PAYS as readonly number[]).includes(n)
        ? set('tiePays', n as TiePays)
        : err(`'${value}' is not allowed: a tie pays ${TIE_PAYS.join(' or ')} to 1 (rule 5.10 c)`);
    }
    case 'side-bets': {
      const r = sideBets(value);
      return r.ok ? set('sideBets', r.value) : r;
    }
    case 'pp-limits':
    case 'ur-way-limits':
    case '3g8-limits': {
      const bet = LIMIT_KEY_BETS[key];
      if (NONE.has(value.trim().toLowerCase())) return ok({ sideBetLimits: { [bet]: null } });
      const r = range(value);
      return r
        ? ok({ sideBetLimits: { [bet]: r } })
        : err(`'${value}' is not a range of wagers: write MIN-MAX, e.g. 100-5,000, or none`);
    }
    case 'language': {
      const l = pick(SIGN_LANGUAGES, value);
      return l ? set('language', l) : err(`'${value}' is unknown: expected one of ${list(SIGN_LANGUAGES)}`);
    }
    case 'message':
      return set('message', value.trim() === '' ? null : value);
    case 'open':
    case 'disclaimer': {
      const b = bool(value);
      return b === undefined ? err(`'${value}' is not true or false`) : set(key, b);
    }
    case 'pp-scale': {
      const s = pick(PAY_SCALES, value) ?? ({ '1': 'one', '2': 'two' } as const)[value.trim()];
      return s ? set('ppScale', s) : err(`'${value}' is unknown: expected ${PAY_SCALES.join(' or ')} (rule 11A.7)`);
    }
  }
}

/**
 * Parses `[key, value]` pairs into edits. A key may be given once, except `side-bets` in its `+x`/`-x` form.
 * Errors name the key: `{ field: 'tie-pays', message: "'7' is not allowed: …" }`; several refused keys are named
 * together, each with its reason (`field`: the first of them).
 */
export function parseEdits(pairs: readonly (readonly [string, string])[]): Result<SignEdits, FieldError> {
  const out: Record<string, unknown> = {};
  const seen = new Set<string>();
  // Every refused key and value is named at once: a floor manager who mistyped two values learnt of the second
  // only after correcting the first.
  const refused: FieldError[] = [];
  for (const [rawKey, value] of pairs) {
    const key = pick(SIGN_KEYS, rawKey);
    if (!key) {
      refused.push(fieldError(rawKey, `is not a key: expected one of ${list(SET_KEYS)}`));
      continue;
    }
    const r = parseOne(key, value);
    if (!r.ok) {
      refused.push(fieldError(key, r.error));
      continue;
    }
    if (seen.has(key)) {
      const prev = out.sideBets as SideBetsEdit | undefined;
      const next = r.value.sideBets as SideBetsEdit;
      if (key !== 'side-bets' || !prev || 'set' in prev || 'set' in next) {
        refused.push(fieldError(key, 'is given twice'));
        continue;
      }
      out.sideBets = { add: [...prev.add, ...next.add], remove: [...prev.remove, ...next.remove] };
      continue;
    }
    seen.add(key);
    const { sideBetLimits, ...rest } = r.value as { sideBetLimits?: object };
    if (sideBetLimits) out.sideBetLimits = { ...(out.sideBetLimits as object | undefined), ...sideBetLimits };
    Object.assign(out, rest);
  }
  const [first, ...more] = refused;
  if (first) return err(more.length === 0 ? first : fieldError(first.field, refused.map(formatFieldError).join('; ')));
  if (seen.size === 0) return err(fieldError('args', `nothing to change: give KEY=VALUE (keys: ${list(SET_KEYS)})`));
  return ok(out as SignEdits);
}

/** Parses command-line words `KEY=VALUE …`. */
export function parseAssignments(args: readonly string[]): Result<SignEdits, FieldError> {
  const pairs: (readonly [string, string])[] = [];
  for (const a of args) {
    const p = splitAssignment(a);
    if (!p.ok) return p;
    pairs.push(p.value);
  }
  return parseEdits(pairs);
}
