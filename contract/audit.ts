/**
 * The pit's audit records on the wire (`{root}/pit/audit`): parse and make, with the same order of checks as every
 * other payload (size, UTF-8, JSON, version, shape). Never throws on input; `makePitAudit` throws on a record we
 * built wrong, as `makeMessage` does.
 *
 * ```ts
 * client.publish(topics(root).pitAudit(), makePitAudit(record), { qos: 1 });
 * const r = parsePitAudit(payload); // Result<PitAudit, AuditError>
 * ```
 * @packageDocumentation
 */
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { err, ok, type Result } from '../baccarat/types';
import {
  AuditKeeperSchema,
  FleetAuditSchema,
  PitAuditSchema,
  SignAuditSchema,
  type AuditKeeper,
  type PitAudit,
} from './schemas/audit';
import { CONTRACT_VERSION } from './schemas/common';
import { decodeUtf8, utf8Length } from './text-codec';

/** Why a record was refused: the codes of every other payload's errors (`ContractError` in mqtt.ts). */
export interface AuditError {
  readonly code: 'too-large' | 'bad-json' | 'unsupported-version' | 'bad-shape';
  readonly message: string;
}

/** Largest audit record, in bytes: two whole signs and their changes fit many times over. */
export const MAX_AUDIT_BYTES = 32 * 1024;

let compiled: ((v: unknown) => boolean) | null = null;
const check = (v: unknown): boolean => {
  if (!compiled) {
    try {
      const c = TypeCompiler.Compile(PitAuditSchema);
      compiled = (x) => c.Check(x);
    } catch {
      compiled = (x) => Value.Check(PitAuditSchema, x);
    }
  }
  return compiled(v);
};

const fail = (code: AuditError['code'], message: string) => err<AuditError>({ code, message: `pitAudit: ${message}` });

/**
 * The first few shape errors, with their JSON paths: against the kind of record its `action` names (a union's own
 * errors only say that no branch matched).
 */
const issues = (v: unknown): string =>
  [...Value.Errors((v as { action?: unknown }).action === 'fleet-command' ? FleetAuditSchema : SignAuditSchema, v)]
    .slice(0, 3)
    .map((e) => `${e.path || '/'}: ${e.message}`)
    .join('; ');

/** Parses an audit record from the bytes (or text) of an MQTT message. */
export function parsePitAudit(data: Uint8Array | string): Result<PitAudit, AuditError> {
  const size = typeof data === 'string' ? utf8Length(data) : data.byteLength;
  if (size > MAX_AUDIT_BYTES) return fail('too-large', `${size} bytes is over the limit of ${MAX_AUDIT_BYTES}`);
  const text = typeof data === 'string' ? data : decodeUtf8(data);
  if (text === undefined) return fail('bad-json', 'not UTF-8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return fail('bad-json', e instanceof Error ? e.message : 'not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return fail('bad-shape', '/: Expected an object');
  if ((value as { v?: unknown }).v !== CONTRACT_VERSION)
    return fail('unsupported-version', `version v ${JSON.stringify((value as { v?: unknown }).v)} is not supported`);
  return check(value) ? ok(value as PitAudit) : fail('bad-shape', issues(value));
}

/** The JSON text of a record, after checking it. Throws a TypeError on a record that breaks the schema. */
export function makePitAudit(record: PitAudit): string {
  if (!check(record)) throw new TypeError(`makePitAudit: ${issues(record)}`);
  const text = JSON.stringify(record);
  if (utf8Length(text) > MAX_AUDIT_BYTES) throw new TypeError(`makePitAudit: over ${MAX_AUDIT_BYTES} bytes`);
  return text;
}

/** Parses a console's keeper announcement (`{root}/pit/audit-keepers/{keeperId}`); null when it is not one. */
export function parseAuditKeeper(data: Uint8Array | string): AuditKeeper | null {
  if (typeof data !== 'string' && data.length > MAX_AUDIT_BYTES) return null;
  const text = typeof data === 'string' ? data : decodeUtf8(data);
  try {
    const value: unknown = JSON.parse(text ?? '');
    return Value.Check(AuditKeeperSchema, value) ? value : null;
  } catch {
    return null;
  }
}

/** The JSON text of a keeper announcement. Throws a TypeError on one that breaks the schema. */
export function makeAuditKeeper(keeper: AuditKeeper): string {
  if (!Value.Check(AuditKeeperSchema, keeper)) throw new TypeError('makeAuditKeeper: not an AuditKeeper');
  return JSON.stringify(keeper);
}
