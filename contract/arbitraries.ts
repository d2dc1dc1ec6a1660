/**
 * fast-check arbitraries derived from the payload schemas themselves, so that property tests cover every field
 * the schemas declare, and follow them when they change. For tests only (fast-check is a dev dependency).
 *
 * ```ts
 * fc.assert(fc.property(arbitraryPayload('hand'), (hand) => parseMessage('hand', makeMessage('hand', hand)).ok));
 * ```
 * @packageDocumentation
 */
import fc from 'fast-check';
import { PAYLOAD_SCHEMAS, type MessageKind, type PayloadByKind } from './schemas/index';

interface Schema {
  readonly type?: string;
  readonly const?: unknown;
  readonly anyOf?: readonly Schema[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
}

export interface ArbitraryOptions {
  /** Cap on generated array lengths, to keep runs fast (the schemas allow up to 200 hands). */
  readonly maxArray?: number;
}

const timestamps = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

/** Any JSON value the schema accepts. Supports the subset of JSON Schema the contract uses. */
export const arbitraryOf = (schema: Schema, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> => {
  const maxArray = options.maxArray ?? 5;
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => arbitraryOf(s, options)));
  switch (schema.type) {
    case 'object': {
      const props = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, arbitraryOf(s, options)]));
      return fc.record(model, { requiredKeys: [...(schema.required ?? [])] });
    }
    case 'array': {
      const items = arbitraryOf(schema.items ?? {}, options);
      const constraints = {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? maxArray, maxArray),
      };
      return schema.uniqueItems ? fc.uniqueArray(items, constraints) : fc.array(items, constraints);
    }
    case 'string': {
      if (schema.format === 'date-time') return timestamps;
      if (schema.pattern !== undefined) return fc.stringMatching(new RegExp(schema.pattern));
      const max = schema.maxLength ?? 100;
      return fc
        .string({ unit: 'binary', minLength: schema.minLength ?? 0, maxLength: max })
        .map((s) => s.slice(0, max)); // a code point may take two UTF-16 units: maxLength counts units
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    default:
      throw new Error(`arbitraryOf: unsupported schema ${JSON.stringify(schema)}`);
  }
};

type Fix<K extends MessageKind> = (value: PayloadByKind[K]) => PayloadByKind[K];

/** Makes a generated value meet the consistency rules that no schema states (see `validate.ts`). */
const FIXES: { readonly [K in MessageKind]?: Fix<K> } = {
  event: (e) => (e.type === 'correction' ? { ...e, hand: { ...e.hand, shoeId: e.shoeId, handNo: e.handNo } } : e),
  shoe: (s) => ({ ...s, hands: s.hands.map((h, i) => ({ ...h, shoeId: s.shoeId, handNo: i + 1 })) }),
  signage: (t) => {
    const ordered = <R extends { minimum: number; maximum: number }>(r: R): R => ({
      ...r,
      minimum: Math.min(r.minimum, r.maximum),
      maximum: Math.max(r.minimum, r.maximum),
    });
    const side = t.limits.sideBetLimits;
    const limits = {
      ...ordered(t.limits),
      ...(side && {
        sideBetLimits: Object.fromEntries(Object.entries(side).map(([bet, r]) => [bet, r && ordered(r)])),
      }),
    };
    const pair = <V extends PayloadByKind['signage']['variant']>(v: V): V => {
      if ((v.effectiveFromShoe === undefined) === (v.effectiveFromHand === undefined)) return v;
      const { effectiveFromShoe: _s, effectiveFromHand: _h, ...rest } = v;
      return rest as V;
    };
    return {
      ...t,
      limits,
      variant: pair(t.variant),
      ...(t.previousVariant ? { previousVariant: pair(t.previousVariant) } : {}),
    };
  },
};

/** Any valid payload of `kind`. */
export const arbitraryPayload = <K extends MessageKind>(
  kind: K,
  options: ArbitraryOptions = {},
): fc.Arbitrary<PayloadByKind[K]> => {
  const fix = (FIXES[kind] ?? ((x: PayloadByKind[K]) => x)) as Fix<K>;
  return arbitraryOf(PAYLOAD_SCHEMAS[kind] as Schema, options).map((x) => fix(x as PayloadByKind[K]));
};
