/**
 * Shape checks for every payload kind: a compiled TypeBox check, readable errors with JSON paths, and the few
 * consistency rules a schema cannot say (a correction's hand matches its key; snapshot hands are numbered 1..n).
 *
 * ```ts
 * const issues = validate('hand', value); // [] when valid, else [{ path: '/playerPoints', message: 'Expected integer ≤ 9' }]
 * ```
 * @packageDocumentation
 */
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';
import { PAYLOAD_SCHEMAS, type MessageKind, type PayloadByKind } from './schemas/index';

/** One reason a value does not match its schema. `path` is a JSON pointer ('' is the whole value). */
export interface Issue {
  readonly path: string;
  readonly message: string;
}

type Check = (value: unknown) => boolean;
const checks = new Map<MessageKind, Check>();

/**
 * The check of a kind, compiled on first use. TypeCompiler generates code with `new Function`; where a
 * Content-Security-Policy forbids that (a sandboxed renderer), fall back to TypeBox's interpreter: same answers.
 */
const checkOf = (kind: MessageKind): Check => {
  let check = checks.get(kind);
  if (!check) {
    const schema: TSchema = PAYLOAD_SCHEMAS[kind];
    try {
      const compiled = TypeCompiler.Compile(schema);
      check = (value) => compiled.Check(value);
    } catch {
      check = (value) => Value.Check(schema, value);
    }
    checks.set(kind, check);
  }
  return check;
};

/** Whether `value` is a valid payload of `kind`, consistency rules included. */
export const isPayload = <K extends MessageKind>(kind: K, value: unknown): value is PayloadByKind[K] =>
  checkOf(kind)(value) && consistencyIssues(kind, value as PayloadByKind[K]).length === 0;

/** Up to `max` issues of `value` as a payload of `kind`: an empty array means valid. */
export const validate = (kind: MessageKind, value: unknown, max = 3): Issue[] => {
  if (checkOf(kind)(value)) return consistencyIssues(kind, value as PayloadByKind[MessageKind]).slice(0, max);
  const out: Issue[] = [];
  for (const issue of schemaIssues(PAYLOAD_SCHEMAS[kind], value, '')) {
    // TypeBox follows "Missing required property" with the property's own error at the same path: keep the first.
    if (out.some((o) => o.path === issue.path)) continue;
    if (out.push(issue) >= max) break;
  }
  return out;
};

/** Formats issues as `"/a/b: message; /c: message"`. */
export const formatIssues = (issues: readonly Issue[]): string =>
  issues.map((i) => `${i.path || '/'}: ${i.message}`).join('; ');

// ---------------------------------------------------------------------------------------------------------------
// Schema errors. TypeBox reports a failed union as one opaque "Expected union value"; look inside instead: a union
// of literals becomes "Expected one of …", and a union of objects tagged by a literal property (an event's `type`)
// reports the errors of the variant that the tag selects.

type Schema = TSchema & {
  anyOf?: Schema[];
  const?: unknown;
  properties?: Record<string, Schema>;
  title?: string;
};

function* schemaIssues(schema: TSchema, value: unknown, base: string): Generator<Issue> {
  for (const error of Value.Errors(schema, value)) {
    if (error.type === ValueErrorType.Union) yield* unionIssues(error.schema as Schema, error.value, base + error.path);
    else yield { path: base + error.path, message: describe(error) };
  }
}

const isLiteral = (s: Schema): boolean => 'const' in s;
const list = (values: readonly unknown[]): string => values.map((x) => JSON.stringify(x)).join(', ');

/** The property that holds a different literal in every variant (an event's `type`; not `v`), if there is one. */
const tagOf = (variants: readonly Schema[]): string | undefined => {
  const first = variants[0]?.properties;
  if (!first) return undefined;
  return Object.keys(first).find((key) => {
    const literals = variants.map((v) => v.properties?.[key]);
    return (
      literals.every((p) => p !== undefined && isLiteral(p)) &&
      new Set(literals.map((p) => p?.const)).size === variants.length
    );
  });
};

function* unionIssues(schema: Schema, value: unknown, path: string): Generator<Issue> {
  const variants = schema.anyOf ?? [];
  if (variants.every(isLiteral)) {
    yield { path, message: `Expected one of ${list(variants.map((v) => v.const))}` };
    return;
  }
  const tag = tagOf(variants);
  if (tag !== undefined && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const tags = variants.map((v) => v.properties?.[tag]?.const);
    const actual = (value as Record<string, unknown>)[tag];
    const match = variants.find((v) => v.properties?.[tag]?.const === actual);
    if (match) yield* schemaIssues(match, value, path);
    else
      yield {
        path: `${path}/${tag}`,
        message: `${actual === undefined ? 'Missing; expected' : 'Expected'} one of ${list(tags)}`,
      };
    return;
  }
  yield { path, message: `Expected ${variants.map((v) => v.title ?? String(v.type)).join(' or ')}` };
}

const describe = (e: ValueError): string => {
  const s = e.schema as Schema & Record<string, unknown>;
  const what = s.type === 'integer' ? 'integer' : 'number';
  switch (e.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return 'Missing required property';
    case ValueErrorType.ObjectAdditionalProperties:
      return 'Unknown property';
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return `Expected ${what} ≤ ${String(s.maximum)}`;
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return `Expected ${what} ≥ ${String(s.minimum)}`;
    case ValueErrorType.Literal:
      return `Expected ${JSON.stringify(s.const)}`;
    case ValueErrorType.StringMaxLength:
      return `Expected at most ${String(s.maxLength)} characters`;
    case ValueErrorType.StringMinLength:
      return `Expected at least ${String(s.minLength)} character${s.minLength === 1 ? '' : 's'}`;
    case ValueErrorType.StringPattern:
      return `Expected ${s.title ?? 'a string'} matching ${String(s.pattern)}`;
    case ValueErrorType.StringFormat:
      return `Expected a valid ${String(s.format)}`;
    case ValueErrorType.ArrayMaxItems:
      return `Expected at most ${String(s.maxItems)} items`;
    case ValueErrorType.ArrayMinItems:
      return `Expected at least ${String(s.minItems)} items`;
    case ValueErrorType.ArrayUniqueItems:
      return 'Expected unique items';
    default:
      return e.message;
  }
};

// ---------------------------------------------------------------------------------------------------------------
// Consistency rules: only what a single payload says about itself. Game rules (does this card make that point?)
// belong to the rules core and are checked by the bridge.

const consistencyIssues = (kind: MessageKind, value: PayloadByKind[MessageKind]): Issue[] => {
  const out: Issue[] = [];
  if (kind === 'event') {
    const e = value as PayloadByKind['event'];
    if (e.type === 'correction') {
      if (e.hand.shoeId !== e.shoeId) out.push({ path: '/hand/shoeId', message: 'Expected the same as /shoeId' });
      if (e.hand.handNo !== e.handNo) out.push({ path: '/hand/handNo', message: 'Expected the same as /handNo' });
    }
  } else if (kind === 'shoe') {
    const s = value as PayloadByKind['shoe'];
    s.hands.forEach((h, i) => {
      if (h.handNo !== i + 1) out.push({ path: `/hands/${i}/handNo`, message: `Expected ${i + 1} (hands are 1..n)` });
      if (h.shoeId !== s.shoeId) out.push({ path: `/hands/${i}/shoeId`, message: 'Expected the same as /shoeId' });
    });
  } else if (kind === 'signage') {
    const t = value as PayloadByKind['signage'];
    if (t.limits.minimum > t.limits.maximum) {
      out.push({ path: '/limits/minimum', message: 'Expected ≤ /limits/maximum' });
    }
    for (const [bet, r] of Object.entries(t.limits.sideBetLimits ?? {}))
      if (r && r.minimum > r.maximum)
        out.push({
          path: `/limits/sideBetLimits/${bet}/minimum`,
          message: `Expected ≤ /limits/sideBetLimits/${bet}/maximum`,
        });
    for (const key of ['variant', 'previousVariant'] as const) {
      const v = t[key];
      if (v && (v.effectiveFromShoe === undefined) !== (v.effectiveFromHand === undefined)) {
        const [missing, other] = v.effectiveFromShoe === undefined ? ['Shoe', 'Hand'] : ['Hand', 'Shoe'];
        out.push({ path: `/${key}/effectiveFrom${missing}`, message: `Missing; required with effectiveFrom${other}` });
      }
    }
  }
  return out;
};
