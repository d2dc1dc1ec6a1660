/**
 * What a signature covers, declared once for every signer and verifier (the controllers, the pit's tools, the
 * boards, and other vendors: docs/contract.md "Signatures" has a test vector). Pure: the Ed25519 arithmetic is done
 * by the caller (Node's crypto, in mqtt-bridge/signing.ts).
 *
 * ```ts
 * const bytes = signingInput('baccarat/tables/T12/hand', hand); // Uint8Array to sign or verify
 * SIGNER_OF.hand; // 'controller': whose keys may sign a hand
 * ```
 * @packageDocumentation
 */
import type { MessageKind } from './schemas/index';
import { encodeUtf8 } from './text-codec';

/** The first line of every signing input: names the scheme, so a signature can never be taken for another use. */
export const SIGNING_CONTEXT = 'baccarat-board/sig/v1';

/** Who signs each kind: the table's controller (results), or the pit (signs and fleet commands). Boards sign nothing. */
export const SIGNER_OF: { readonly [K in MessageKind]: 'controller' | 'pit' | null } = {
  hand: 'controller',
  event: 'controller',
  shoe: 'controller',
  controllerStatus: 'controller',
  signage: 'pit',
  casinoSignage: 'pit',
  displayCommand: 'pit',
  displayStatus: null,
  displayScreenshot: null,
  displaySeen: null,
};

/**
 * A JSON value in the JSON Canonicalization Scheme (RFC 8785): object keys sorted by their UTF-16 code units, no
 * whitespace, strings and numbers as ECMAScript's JSON.stringify writes them (which is what RFC 8785 specifies).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError(`not a JSON value: ${String(value)}`);
    return text;
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The payload as signed: everything but its own `sig`. */
export function unsigned<T extends object>(payload: T): Omit<T, 'sig'> {
  const { sig: _sig, ...rest } = payload as T & { sig?: unknown };
  return rest;
}

/**
 * The bytes a signature covers: the context line, the topic (so that a payload signed for one table or kind is
 * refused on another), and the payload without `sig`, canonical. UTF-8, lines joined by `\n`.
 */
export const signingInput = (topic: string, payload: object): Uint8Array =>
  encodeUtf8(`${SIGNING_CONTEXT}\n${topic}\n${canonicalJson(unsigned(payload))}`);
