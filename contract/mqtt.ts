/**
 * Parse and make every MQTT payload of the contract (chessops' `parseFen`/`makeFen` pairs). The bridge, the
 * simulator and the tests all use these. Parsing never throws: bad input is a `Result` error to log and count.
 *
 * ```ts
 * const r = parseMessage('hand', bytes); // Result<HandMessage, ContractError>
 * client.publish(t.tableHand('T12'), makeMessage('hand', hand), { qos: 1 });
 * ```
 * @packageDocumentation
 */
import { err, ok, type Result } from '../baccarat/types';
import { CONTRACT_VERSION, SCREENSHOT_MAX_BASE64, type MessageKind, type PayloadByKind } from './schemas/index';
import { decodeUtf8, utf8Length } from './text-codec';
import { parseTopic, type ParsedTopic } from './topics';
import { formatIssues, validate } from './validate';

export const CONTRACT_ERROR_CODES = [
  'too-large',
  'bad-json',
  'unsupported-version',
  'bad-shape',
  'unknown-topic',
] as const;
export type ContractErrorCode = (typeof CONTRACT_ERROR_CODES)[number];

/** Why a message was rejected. `message` is for logs; it names the JSON paths at fault. */
export interface ContractError {
  readonly code: ContractErrorCode;
  readonly message: string;
}

/**
 * Size limits in bytes of the encoded payload: 64 KiB for the shoe snapshot, a 3 MiB PNG in base64 and its fields
 * for a screenshot, 8 KiB for the rest.
 */
export const DEFAULT_MAX_BYTES: { readonly [K in MessageKind]: number } = {
  hand: 8 * 1024,
  event: 8 * 1024,
  shoe: 64 * 1024,
  signage: 8 * 1024,
  casinoSignage: 8 * 1024,
  controllerStatus: 8 * 1024,
  displayStatus: 8 * 1024,
  displayCommand: 8 * 1024,
  displayScreenshot: SCREENSHOT_MAX_BASE64 + 4 * 1024,
  displaySeen: 8 * 1024,
};

export interface ParseOptions {
  /** Largest accepted payload in bytes; default {@link DEFAULT_MAX_BYTES} of the kind. */
  readonly maxBytes?: number;
  /** How many schema issues the error message lists; default 3. */
  readonly maxIssues?: number;
}

const fail = (code: ContractErrorCode, message: string) => err<ContractError>({ code, message });

/**
 * Parses one payload of `kind` from the bytes (or text) of an MQTT message. In order, it rejects:
 * a payload over the size limit (before any decoding), bytes that are not UTF-8 or text that is not JSON,
 * a missing or unknown version `v`, and a wrong shape, listing the first issues with their JSON paths.
 */
export const parseMessage = <K extends MessageKind>(
  kind: K,
  data: Uint8Array | string,
  options: ParseOptions = {},
): Result<PayloadByKind[K], ContractError> => {
  if (typeof data !== 'string' && !ArrayBuffer.isView(data)) return fail('bad-json', `${kind}: expected bytes or text`);
  const max = options.maxBytes ?? DEFAULT_MAX_BYTES[kind];
  // A UTF-8 string is at least as many bytes as UTF-16 units: the first test bounds the exact count's work.
  const size = typeof data === 'string' ? (data.length > max ? data.length : utf8Length(data)) : data.byteLength;
  if (size > max) return fail('too-large', `${kind}: ${size} bytes is over the limit of ${max}`);

  const text = typeof data === 'string' ? data : decodeUtf8(data);
  if (text === undefined) return fail('bad-json', `${kind}: not UTF-8`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return fail('bad-json', `${kind}: ${e instanceof Error ? e.message : 'not JSON'}`);
  }

  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail('bad-shape', `${kind}: /: Expected an object`);
  }
  if (!('v' in value))
    return fail('unsupported-version', `${kind}: missing version field v (expected ${CONTRACT_VERSION})`);
  if (value.v !== CONTRACT_VERSION) {
    return fail(
      'unsupported-version',
      `${kind}: version v ${JSON.stringify(value.v)} is not supported (expected ${CONTRACT_VERSION})`,
    );
  }

  const issues = validate(kind, value, options.maxIssues ?? 3);
  if (issues.length > 0) return fail('bad-shape', `${kind}: ${formatIssues(issues)}`);
  return ok(value as PayloadByKind[K]);
};

/** A parsed message with the topic it came on. */
export type TopicMessage = {
  readonly [K in MessageKind]: {
    readonly topic: ParsedTopic & { readonly kind: K };
    readonly payload: PayloadByKind[K];
  };
}[MessageKind];

/** Recognises the topic under `root`, then parses the payload as that topic's kind. Never throws. */
export const parseTopicMessage = (
  root: string,
  topic: string,
  data: Uint8Array | string,
  options: ParseOptions = {},
): Result<TopicMessage, ContractError> => {
  const t = parseTopic(root, topic);
  if (!t.ok) return fail('unknown-topic', t.error);
  const payload = parseMessage(t.value.kind, data, options);
  return payload.ok ? ok({ topic: t.value, payload: payload.value } as TopicMessage) : payload;
};

/**
 * Serialises a payload of `kind` to JSON, after checking it. Throws a TypeError when the payload is invalid or
 * over the size limit: that is a bug on our side (we built it), and publishing it would only get it rejected
 * by every board.
 */
export const makeMessage = <K extends MessageKind>(
  kind: K,
  payload: PayloadByKind[K],
  options: Pick<ParseOptions, 'maxBytes'> = {},
): string => {
  const issues = validate(kind, payload);
  if (issues.length > 0) throw new TypeError(`makeMessage('${kind}'): ${formatIssues(issues)}`);
  const text = JSON.stringify(payload);
  const max = options.maxBytes ?? DEFAULT_MAX_BYTES[kind];
  const size = utf8Length(text);
  if (size > max) throw new TypeError(`makeMessage('${kind}'): ${size} bytes is over the limit of ${max}`);
  return text;
};

// Named pairs, one per kind, for call sites that read better with them.
type Parse<K extends MessageKind> = (
  data: Uint8Array | string,
  options?: ParseOptions,
) => Result<PayloadByKind[K], ContractError>;
type Make<K extends MessageKind> = (payload: PayloadByKind[K], options?: Pick<ParseOptions, 'maxBytes'>) => string;
const parser =
  <K extends MessageKind>(kind: K): Parse<K> =>
  (data, options) =>
    parseMessage(kind, data, options);
const maker =
  <K extends MessageKind>(kind: K): Make<K> =>
  (payload, options) =>
    makeMessage(kind, payload, options);

export const parseHandMessage = parser('hand');
export const makeHandMessage = maker('hand');
export const parseTableEvent = parser('event');
export const makeTableEvent = maker('event');
export const parseShoeSnapshot = parser('shoe');
export const makeShoeSnapshot = maker('shoe');
export const parseTableSignage = parser('signage');
export const makeTableSignage = maker('signage');
export const parseCasinoSignage = parser('casinoSignage');
export const makeCasinoSignage = maker('casinoSignage');
export const parseControllerStatus = parser('controllerStatus');
export const makeControllerStatus = maker('controllerStatus');
export const parseDisplayStatus = parser('displayStatus');
export const makeDisplayStatus = maker('displayStatus');
export const parseDisplayCommand = parser('displayCommand');
export const makeDisplayCommand = maker('displayCommand');
export const parseDisplayScreenshot = parser('displayScreenshot');
export const makeDisplayScreenshot = maker('displayScreenshot');
export const parseDisplaySeen = parser('displaySeen');
export const makeDisplaySeen = maker('displaySeen');
