/**
 * Ed25519 keys and signatures of the contract (Node's crypto): a controller signs its results with its own key, the
 * pit its signs and commands with the pit's; a board checks them against the keys it trusts for its table. What the
 * signature covers is the contract's (`contract/signed.ts`); key ids are the first 8 bytes of the SHA-256 of the raw
 * public key, in hex.
 *
 * ```ts
 * const key = generateSigningKey();
 * const signed = signPayload(key, topic, hand);             // the hand with its `sig`
 * new Keyring({ controller: [publicKeyText(key.publicKey)] }).check('hand', topic, signed); // 'verified'
 * ```
 * @packageDocumentation
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  webcrypto,
  type KeyObject,
} from 'node:crypto';
import { err, ok, type Result } from '../baccarat/types';
import { SIGNATURE_ALGORITHM, type MessageKind } from '../contract/schemas';
import { SIGNER_OF, signingInput, unsigned } from '../contract/signed';

/** A key that signs: its id, and both halves. */
export interface SigningKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
}

/** A payload's signature as the contract carries it. */
export interface Signature {
  readonly alg: typeof SIGNATURE_ALGORITHM;
  readonly kid: string;
  readonly value: string; // base64url, 64 bytes
}

/** The raw 32-byte public key, base64url (the form the configuration and `keys show` use). */
export const publicKeyText = (key: KeyObject): string => (key.export({ format: 'jwk' }) as { x: string }).x;

/** A key's id: the first 8 bytes of the SHA-256 of its raw public key, hex. */
export const keyId = (key: KeyObject): string =>
  createHash('sha256')
    .update(Buffer.from(publicKeyText(key), 'base64url'))
    .digest('hex')
    .slice(0, 16);

export function generateSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { kid: keyId(publicKey), privateKey, publicKey };
}

const isEd25519 = (k: KeyObject) => k.asymmetricKeyType === 'ed25519';

/** What a public key is, for errors: said the way `keys show` prints one. */
export const PUBLIC_KEY_EXPECTED = 'an Ed25519 public key: 43 characters of base64url (32 bytes) or a PEM text';
const PRIVATE_KEY_EXPECTED = 'an Ed25519 private key: the PEM file (PKCS #8) that `baccarat-board keys generate` wrote';

/** A short account of a text that is not the key expected: its length, never its content (it may be a secret). */
function textGot(t: string, pemOnly = false): string {
  if (t === '') return 'an empty text';
  const label = /^-----BEGIN ([A-Z0-9 ]+)-----/.exec(t)?.[1];
  if (label) return `a PEM text (BEGIN ${label}) that does not decode as one`;
  if (t.startsWith('-----')) return 'a text that starts like a PEM text but has no BEGIN line';
  if (pemOnly) return `${t.length} characters that are not a PEM text`;
  const bad = /[^A-Za-z0-9+/=_-]/.exec(t);
  if (bad) return `${t.length} characters, with '${bad[0]}' that is not base64url`;
  return `${t.length} characters (${Buffer.from(t, 'base64').length} bytes)`;
}

/** A path to a key file rather than the key (the docs say `keys show FILE` prints the key; a path is the slip). */
const looksLikePath = (t: string): boolean =>
  /^(\/|\.{1,2}\/|~\/|[A-Za-z]:\\)/.test(t) ||
  /\.(pem|key|pub|der|txt)$/i.test(t) ||
  (/[/\\]/.test(t) && /[^A-Za-z0-9+/=_-]/.test(t));

/**
 * A public key from its raw 32 bytes (base64url or base64) or a PEM text; an error says what was expected and
 * what was got (a length, a file path, a private key), never the text itself.
 */
export function parsePublicKey(text: string): Result<KeyObject, string> {
  const t = text.trim();
  if (t.includes('PRIVATE KEY'))
    return err(
      'is a private key: a board trusts the public key only; paste what `baccarat-board keys show FILE` prints, ' +
        'and keep the private key off the board',
    );
  let key: KeyObject;
  try {
    if (t.startsWith('-----')) key = createPublicKey(t);
    else {
      const raw = Buffer.from(t, 'base64');
      if (raw.length !== 32 || /[^A-Za-z0-9+/=_-]/.test(t)) throw new Error('not 32 bytes of base64url');
      key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
    }
  } catch {
    if (looksLikePath(t))
      return err(`looks like a file path (${t}): paste the key that \`baccarat-board keys show FILE\` prints`);
    return err(`expected ${PUBLIC_KEY_EXPECTED}; got ${textGot(t)}`);
  }
  if (!isEd25519(key)) return err(`expected ${PUBLIC_KEY_EXPECTED}; got ${key.asymmetricKeyType ?? 'another'} key`);
  return ok(key);
}

/** A signing key from a PEM text (PKCS #8, as `keys generate` writes it); an error says what was got. */
export function parsePrivateKey(pem: string): Result<SigningKey, string> {
  const t = pem.trim();
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(t);
  } catch {
    const isPublic = !t.includes('PRIVATE KEY') && parsePublicKey(t).ok;
    return isPublic
      ? err(`is a public key: signing needs ${PRIVATE_KEY_EXPECTED}`)
      : err(`expected ${PRIVATE_KEY_EXPECTED}; got ${textGot(t, true)}`);
  }
  if (!isEd25519(privateKey))
    return err(`expected ${PRIVATE_KEY_EXPECTED}; got ${privateKey.asymmetricKeyType ?? 'another'} key`);
  const publicKey = createPublicKey(privateKey);
  return ok({ kid: keyId(publicKey), privateKey, publicKey });
}

/** The signature of `payload` on `topic`. */
export function signatureOf(key: SigningKey, topic: string, payload: object): Signature {
  const value = sign(null, signingInput(topic, payload), key.privateKey).toString('base64url');
  return { alg: SIGNATURE_ALGORITHM, kid: key.kid, value };
}

/** The payload with its signature for `topic` (any earlier `sig` replaced). */
export const signPayload = <T extends object>(key: SigningKey, topic: string, payload: T): T & { sig: Signature } => ({
  ...(unsigned(payload) as T),
  sig: signatureOf(key, topic, payload),
});

/** What a board makes of a payload's signature. */
export type SignatureCheck =
  | { readonly status: 'verified'; readonly kid: string }
  | { readonly status: 'unsigned' } // no signature, or one by a key this board does not know
  | { readonly status: 'bad'; readonly reason: string };

/** The keys a board trusts for its table: its controllers' and the pit's. */
export class Keyring {
  private readonly keys: { readonly [R in 'controller' | 'pit']: ReadonlyMap<string, KeyObject> };
  private readonly imported = new Map<string, Promise<webcrypto.CryptoKey>>();

  constructor(trusted: { readonly controller?: readonly KeyObject[]; readonly pit?: readonly KeyObject[] } = {}) {
    const byId = (ks: readonly KeyObject[] = []) => new Map(ks.map((k) => [keyId(k), k]));
    this.keys = { controller: byId(trusted.controller), pit: byId(trusted.pit) };
  }

  /** How many keys it trusts. */
  get size(): number {
    return this.keys.controller.size + this.keys.pit.size;
  }

  /**
   * Checks the signature of a payload of `kind` received on `topic`. A signature by a key of the wrong role (a pit
   * key on a result), or one that does not verify, is bad; a missing one, or one by a key this board does not
   * know, leaves the payload unsigned for this board.
   */
  check(kind: MessageKind, topic: string, payload: object): SignatureCheck {
    const found = this.find(kind, payload);
    if ('status' in found) return found;
    const ok = verify(null, signingInput(topic, payload), found.key, Buffer.from(found.sig.value, 'base64url'));
    return this.outcome(ok, found.sig.kid, kind, topic);
  }

  /**
   * As {@link check}, with the Ed25519 verification itself off the main thread (WebCrypto, on libuv's thread pool):
   * what needs no verification answers at once, a signature to verify answers later. A board receiving a burst
   * (a resync, a fleet of tables on one broker) keeps taking messages while the other cores verify.
   */
  checkAsync(kind: MessageKind, topic: string, payload: object): SignatureCheck | Promise<SignatureCheck> {
    const found = this.find(kind, payload);
    if ('status' in found) return found;
    const input = signingInput(topic, payload);
    const sig = Buffer.from(found.sig.value, 'base64url');
    return this.cryptoKey(found.sig.kid, found.key)
      .then((key) => webcrypto.subtle.verify('Ed25519', key, sig, input))
      .then(
        (ok) => this.outcome(ok, found.sig.kid, kind, topic),
        (e: unknown) => ({
          status: 'bad' as const,
          reason: `the signature of key ${found.sig.kid} could not be checked: ${(e as Error).message}`,
        }),
      );
  }

  /** The key a payload's signature names, or the answer when there is nothing to verify. */
  private find(kind: MessageKind, payload: object): SignatureCheck | { key: KeyObject; sig: Signature } {
    const role = SIGNER_OF[kind];
    const sig = (payload as { sig?: Signature }).sig;
    if (!sig || !role) return { status: 'unsigned' };
    const key = this.keys[role].get(sig.kid);
    if (!key) {
      const other = this.keys[role === 'pit' ? 'controller' : 'pit'].has(sig.kid);
      return other
        ? { status: 'bad', reason: `${kind} signed by key ${sig.kid}, which is not a ${role} key` }
        : { status: 'unsigned' };
    }
    return { key, sig };
  }

  private outcome(ok: boolean, kid: string, kind: MessageKind, topic: string): SignatureCheck {
    return ok
      ? { status: 'verified', kid }
      : { status: 'bad', reason: `the signature of key ${kid} does not match this ${kind} on ${topic}` };
  }

  /** Each trusted key imported once for WebCrypto. */
  private cryptoKey(kid: string, key: KeyObject): Promise<webcrypto.CryptoKey> {
    let k = this.imported.get(kid);
    if (!k) {
      const raw = Buffer.from(publicKeyText(key), 'base64url');
      k = webcrypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
      this.imported.set(kid, k);
    }
    return k;
  }
}

/** The keyring of a board's `trust` settings (its keys were checked when the configuration was loaded). */
export function keyringOf(trust?: {
  readonly controllerKeys: readonly string[];
  readonly pitKeys: readonly string[];
}): Keyring {
  const keys = (texts: readonly string[] = []) => texts.map(parsePublicKey).flatMap((k) => (k.ok ? [k.value] : []));
  return new Keyring({ controller: keys(trust?.controllerKeys), pit: keys(trust?.pitKeys) });
}
