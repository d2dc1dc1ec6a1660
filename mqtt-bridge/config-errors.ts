/**
 * The configuration's errors in words for the IT staff who read them: every error (not the first), each with its
 * field, the value found, what is allowed (the values of an enumeration, a range, a pattern said in words) and
 * where the value came from (the file, an environment variable, a flag). TypeBox's own text ("Expected union
 * value", "Expected string to match '^(mqtts?|wss?|tcp|tls)://'") said none of that.
 *
 * ```ts
 * schemaProblems(ConfigSchema, candidate); // [{ path: 'board.theme', problem: '"dark" is not allowed: …' }]
 * formatProblems([{ path: 'serve.port', problem: '…', source: 'file /etc/baccarat-board/config.json' }]);
 * ```
 * @packageDocumentation
 */
import type { TSchema } from '@sinclair/typebox';
import { ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import { distance } from './edit-distance';

/** One thing wrong with the configuration: its field (dotted, `mqtt.brokers.1`) and what is wrong, in words. */
export interface ConfigProblem {
  readonly path: string;
  readonly problem: string;
  readonly cause?: string; // the field whose value made it a problem, when not `path` (its source is named)
}

/** A problem and where its value came from ("file /etc/…", "environment variable BACCARAT_SERVE_PORT", "--port"). */
export type SourcedProblem = ConfigProblem & { readonly source: string | null };

type Schema = TSchema & {
  const?: unknown;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  description?: string;
};

/** Fields whose values are secrets: never printed. */
const SECRET = /(^|\.)(password|token)$/;

/** What a schema allows, in words: `"hanzi", "letters" or "points"`, `a whole number from 0 to 65535`… */
export function allowed(schema: TSchema): string {
  const s = schema as Schema;
  if (s.anyOf) return orList(s.anyOf.map(allowed));
  if ('const' in s) return JSON.stringify(s.const);
  if (s.pattern !== undefined || (s.type === 'string' && s.description)) return s.description ?? 'text of another form';
  switch (s.type) {
    case 'null':
      return 'null';
    case 'boolean':
      return 'true or false';
    case 'integer':
    case 'number':
      return `a ${s.type === 'integer' ? 'whole ' : ''}number${range(s.minimum, s.maximum)}`;
    case 'string': {
      const { minLength: lo, maxLength: hi } = s;
      if (lo !== undefined && hi !== undefined) return `text of ${lo} to ${hi} characters`;
      if (lo !== undefined) return lo === 1 ? 'text, not empty' : `text of ${lo} characters or more`;
      return hi !== undefined ? `text of up to ${hi} characters` : 'text';
    }
    case 'array':
      return `a list${s.maxItems === undefined ? '' : ` of up to ${s.maxItems}`}, each ${s.items ? allowed(s.items) : 'anything'}`;
    case 'object':
      return `an object (a section of fields: ${Object.keys(s.properties ?? {}).join(', ')})`;
    default:
      return 'another value';
  }
}

const range = (lo: number | undefined, hi: number | undefined): string =>
  lo !== undefined && hi !== undefined
    ? ` from ${lo} to ${hi}`
    : lo !== undefined
      ? ` of ${lo} or more`
      : hi !== undefined
        ? ` up to ${hi}`
        : '';

function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  const long = items.some((i) => i.includes(' ')); // "an https:// address…, or null", not "…in it or null"
  return `${items.slice(0, -1).join(', ')}${long ? ', or' : ' or'} ${items.at(-1)!}`;
}

/** `/mqtt/brokers/1` → `mqtt.brokers[1]`. */
const dotted = (pointer: string): string =>
  pointer
    .replace(/^\//, '')
    .replaceAll('/', '.')
    .replace(/\.(\d+)(?=\.|$)/g, '[$1]');

/** A value as the person wrote it in JSON, cut short; a secret's never. */
export function shownValue(path: string, value: unknown): string {
  if (SECRET.test(path)) return 'the value given (a secret, not shown)';
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** Every schema error of `value`, one per field, in words. */
export function schemaProblems(schema: TSchema, value: unknown): ConfigProblem[] {
  const out = new Map<string, string>();
  for (const e of Value.Errors(schema, value)) {
    const path = dotted(e.path);
    if (out.has(path)) continue; // the first says it: "Expected integer" and "Expected integer ≤ 10" are one problem
    if (e.type === ValueErrorType.ObjectAdditionalProperties) {
      const parent = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : '';
      const fields = Object.keys((e.schema as Schema).properties ?? {});
      out.set(path, `unknown field: ${fieldsHint(path, parent, fields)}`);
      continue;
    }
    const found = e.value === undefined ? 'it is missing' : `${shownValue(path, e.value)} is not allowed`;
    out.set(path, `${found}: it must be ${allowed(e.schema)}${quotesHint(path, e.schema, e.value)}`);
  }
  return [...out].map(([path, problem]) => ({ path: path || '(the whole file)', problem }));
}

/**
 * The one slip whose message otherwise reads as nonsense (`"5" is not allowed: it must be 4 or 5`): a number or
 * true/false written in quotes, or an id written without them. Said when the value, so corrected, is allowed.
 */
function quotesHint(path: string, schema: TSchema, value: unknown): string {
  const secret = SECRET.test(path);
  if (typeof value === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return '';
    }
    if (typeof parsed === 'string' || !Value.Check(schema, parsed)) return '';
    return secret ? ' (write it without the quotes)' : ` (write ${JSON.stringify(parsed)}, without the quotes)`;
  }
  if ((typeof value === 'number' || typeof value === 'boolean') && Value.Check(schema, String(value)))
    return secret ? ' (write it in quotes)' : ` (write "${String(value)}", in quotes)`;
  return '';
}

/** The fields allowed, with the nearest to what was written first when it looks like a typing slip. */
function fieldsHint(path: string, parent: string, fields: readonly string[]): string {
  const written = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const near = fields.find((f) => distance(f.toLowerCase(), written) <= 2);
  const full = (f: string) => (parent ? `${parent}.${f}` : f);
  return `${near ? `did you mean ${full(near)}? ` : ''}${parent ? `the fields of ${parent}` : 'the sections'} are ${fields.join(', ')}`;
}

/** The problems as one message: one line for one, a count and a line each for more. */
export function formatProblems(problems: readonly SourcedProblem[]): string {
  const line = (p: SourcedProblem) => `${p.path}: ${p.problem}${p.source ? ` (${p.source})` : ''}`;
  if (problems.length === 1) return `configuration: ${line(problems[0]!)}`;
  return `configuration: ${problems.length} errors:\n${problems.map((p) => `  ${line(p)}`).join('\n')}`;
}
