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

/** A public key from its raw 32 bytes (base64url or base64) or a PEM text; an error says what is wrong. */
export function parsePublicKey(text: string): Result<KeyObject, string> {
  const t = text.trim();
  try {
    const key = t.startsWith('-----')
      ? createPublicKey(t)
      : createPublicKey({
          key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(t, 'base64').toString('base64url') },
          format: 'jwk',
        });
    if (!isEd25519(key)) return err(`not an Ed25519 key (${key.asymmetricKeyType})`);
    if (Buffer.from(publicKeyText(key), 'base64url').length !== 32) return err('an Ed25519 public key is 32 bytes');
    return ok(key);
  } catch (e) {
    return err(`not an Ed25519 public key: ${(e as Error).message}`);
  }
}

/** A signing key from a PEM text (PKCS #8, as `keys generate` writes it). */
export function parsePrivateKey(pem: string): Result<SigningKey, string> {
  try {
    const privateKey = createPrivateKey(pem);
    if (!isEd25519(privateKey)) return err(`not an Ed25519 key (${privateKey.asymmetricKeyType})`);
    const publicKey = createPublicKey(privateKey);
    return ok({ kid: keyId(publicKey), privateKey, publicKey });
  } catch (e) {
    return err(`not an Ed25519 private key (PEM, PKCS #8): ${(e as Error).message}`);
  }
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
