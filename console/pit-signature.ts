/**
 * The pit's key in the console and `baccarat-board signage`: loaded from the file `keys generate` wrote, it signs
 * every sign and audit record they publish (`mqtt-bridge/signing.ts`, over the exact topic). A console checks the
 * audit records it receives against it: a record whose signature does not verify is refused (someone forged or
 * changed it); an unsigned one, or one signed by another key, is kept and shown as unverified.
 *
 * ```ts
 * const key = await loadSigningKey('/etc/baccarat/pit.key');       // Result<SigningKey, string>
 * auditSignature(record, t.pitAudit(), key.value);                  // 'verified' | 'unverified' | { bad: '…' }
 * ```
 * @packageDocumentation
 */
import { verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { err, type Result } from '../baccarat/types';
import { signingInput } from '../contract/signed';
import { parsePrivateKey, type Signature, type SigningKey } from '../mqtt-bridge/signing';

/** The pit's signing key from a PEM file (PKCS #8 Ed25519); the error names the file. */
export async function loadSigningKey(path: string): Promise<Result<SigningKey, string>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    return err(`cannot read the signing key ${path}: ${(e as Error).message}`);
  }
  const key = parsePrivateKey(text);
  return key.ok ? key : err(`${path}: ${key.error}`);
}

/** What a console makes of an audit record's signature. */
export type AuditSignature = 'verified' | 'unverified' | { readonly bad: string };

/**
 * Checks a record received on `topic` against the pit's key: verified; unverified (no signature, no key here, or
 * another key's); or bad (it is this key's, and it does not match: forged or changed on the way).
 */
export function auditSignature(record: object, topic: string, key: SigningKey | null): AuditSignature {
  const sig = (record as { sig?: Signature }).sig;
  if (!sig || !key || sig.kid !== key.kid) return 'unverified';
  const good = verify(null, signingInput(topic, record), key.publicKey, Buffer.from(sig.value, 'base64url'));
  return good ? 'verified' : { bad: `the signature of key ${sig.kid} does not match this record` };
}
