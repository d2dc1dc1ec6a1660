/**
 * Building blocks shared by every payload schema: the version field, ids, timestamps, hand numbers, points and
 * cards. The literal vocabularies come from the rules core (`../../baccarat/types`), so they are declared once.
 *
 * ```ts
 * const Hand = strictObject({ v: Version, shoeId: Id, handNo: HandNo }, { $id: 'urn:…', title: 'Hand' });
 * ```
 * @packageDocumentation
 */
import {
  FormatRegistry,
  Type,
  type Static,
  type ObjectOptions,
  type SchemaOptions,
  type TLiteral,
  type TObject,
  type TProperties,
  type TUnion,
} from '@sinclair/typebox';
import { RANKS, SUITS, type Point, type Rank, type Suit } from '../../baccarat/types';

/** The only payload version this contract knows. Every payload carries `v: 1`. */
export const CONTRACT_VERSION = 1;

/** Prefix of every top-level schema's `$id`. */
export const SCHEMA_ID_PREFIX = 'urn:baccarat-board:contract:v1:';

/**
 * An object schema that rejects unknown keys (`additionalProperties: false`), so a typo such as `playerPoint`
 * is an error instead of a silently missing field.
 */
export const strictObject = <T extends TProperties>(properties: T, options: ObjectOptions = {}): TObject<T> =>
  Type.Object(properties, { ...options, additionalProperties: false });

/** A union of string literals from an `as const` list (JSON Schema: `anyOf` of `const`). */
export const oneOf = <T extends string>(values: readonly T[], options: SchemaOptions = {}): TUnion<TLiteral<T>[]> =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  );

/** `v: 1`: checked before the shape, so an unknown version is reported as such (not as a bad shape). */
export const Version = Type.Literal(CONTRACT_VERSION, { description: 'Payload version: always 1 in this contract.' });

/**
 * Ids appear in topics, so they must never contain `/`, `+` or `#` (nor anything a broker or a file name might
 * mind): letters, digits, `_` and `-`, 1 to 64 of them.
 */
export const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
export const ID_MAX_LENGTH = 64;
export const Id = Type.String({
  title: 'id',
  pattern: ID_PATTERN,
  maxLength: ID_MAX_LENGTH,
  description: 'An id that is safe in a topic level: 1 to 64 of A-Z a-z 0-9 _ -.',
});
/** Whether a string is a valid {@link Id} (table, display, shoe, controller, request). */
const ID_RE = new RegExp(ID_PATTERN);
export const isId = (s: string): boolean => ID_RE.test(s);

/**
 * RFC 3339 date-time (an ISO 8601 profile) with a mandatory offset: `2024-11-22T14:05:09.250Z`.
 * The pattern checks the shape; the `date-time` format, registered below, checks the calendar (no 31 April).
 */
export const TIMESTAMP_PATTERN =
  '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:([0-5]\\d|60)(\\.\\d{1,9})?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)$';
const TIMESTAMP_RE = new RegExp(TIMESTAMP_PATTERN);

/** Whether `s` is an RFC 3339 date-time with a real calendar date. */
export const isTimestamp = (s: string): boolean => {
  if (!TIMESTAMP_RE.test(s)) return false;
  const year = Number(s.slice(0, 4));
  const month = Number(s.slice(5, 7));
  const day = Number(s.slice(8, 10));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
};

// TypeBox checks `format` through a global registry and fails any value of an unregistered format. Register
// `date-time` once; keep an existing registration (another module may have one), the pattern still applies.
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', isTimestamp);

export const Timestamp = Type.String({
  title: 'timestamp',
  format: 'date-time',
  pattern: TIMESTAMP_PATTERN,
  maxLength: 40,
  description: 'RFC 3339 date-time with offset, e.g. 2024-11-22T14:05:09.250Z.',
});

/** Upper bound of hand numbers: an 8-deck shoe holds about 80 coups; 200 leaves room for any shoe. */
export const MAX_HAND_NO = 200;
export const HandNo = Type.Integer({
  minimum: 1,
  maximum: MAX_HAND_NO,
  description: 'Number of the hand in its shoe, from 1.',
});
export const HandCount = Type.Integer({ minimum: 0, maximum: MAX_HAND_NO, description: 'A number of hands.' });

/** A point count 0 to 9 (rule 4.2), typed as the core's `Point`. */
export const PointSchema = Type.Unsafe<Point>(
  Type.Integer({ minimum: 0, maximum: 9, description: 'Final point count, 0 to 9.' }),
);

/** A card as text: rank then suit, `9H`, `10S` (or `TS`), `KD`. Shape only: the bridge checks it against play. */
export type CardText = `${Rank | 'T'}${Suit}`;
const alternatives = (xs: readonly string[]): string => `(?:${xs.join('|')})`;
export const CARD_PATTERN = `^${alternatives([...RANKS, 'T'])}${alternatives(SUITS)}$`;
export const CardSchema = Type.Unsafe<CardText>(
  Type.String({
    title: 'card',
    pattern: CARD_PATTERN,
    maxLength: 3,
    description: 'Rank (A 2-9 10 T J Q K) then suit (S H D C), e.g. 9H, 10S, TS, KD.',
  }),
);

/** A non-negative count (messages, seconds): a safe integer. */
export const Count = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/**
 * Highest event `seq`: 2^52 − 1, so that `seq + 1` is still exact and a clock in microseconds (the usual seed,
 * about 1.8 × 10^15 in 2026) fits until the year 2112. A board never lets one high `seq` block later events
 * (it dedupes by the events it has seen, not by the highest), so the bound is about arithmetic, not trust.
 */
export const MAX_SEQ = 2 ** 52 - 1;
export const Seq = Type.Integer({
  minimum: 0,
  maximum: MAX_SEQ,
  description:
    'Strictly increasing per controllerId, also across restarts; not necessarily contiguous. At most 2^52 − 1.',
});

/** A short human-readable text: a name, a version, who did something. */
export const Label = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, description });

/** The one signature algorithm of this contract (RFC 8032), the key ids and the signature values' shapes. */
export const SIGNATURE_ALGORITHM = 'Ed25519';
export const KEY_ID_PATTERN = '^[0-9a-f]{16}$';
/** 64 bytes in base64url without padding: 86 characters (the length in the pattern too, for generators). */
const SIGNATURE_VALUE = '^[A-Za-z0-9_-]{86}$';

/**
 * A publisher's signature of a payload (optional; a board can require it): `kid` names the key (the first 8 bytes of
 * the SHA-256 of its raw public key, in hex), `value` the Ed25519 signature (64 bytes, base64url) of the signing
 * input: `baccarat-board/sig/v1`, a newline, the topic, a newline, and the payload without `sig` in the JSON
 * Canonicalization Scheme (RFC 8785). See docs/contract.md, "Signatures", for a test vector.
 */
export const SignatureSchema = strictObject(
  {
    alg: Type.Literal(SIGNATURE_ALGORITHM),
    kid: Type.String({ pattern: KEY_ID_PATTERN, maxLength: 16, description: 'The signing key: 16 hex digits.' }),
    value: Type.String({
      pattern: SIGNATURE_VALUE,
      minLength: 86,
      maxLength: 86,
      description: 'The Ed25519 signature, 64 bytes in base64url without padding.',
    }),
  },
  { title: 'Signature', description: "The publisher's Ed25519 signature of the payload and its topic." },
);
export const OptionalSignature = Type.Optional(SignatureSchema);
export type Signature = Static<typeof SignatureSchema>;
