/**
 * Signatures (issue 14): the test vector of docs/contract.md; what a board refuses (a tampered payload, another
 * topic, a key of the wrong role, fuzzed signatures) and what it leaves unsigned (no signature, an unknown key).
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { EXAMPLES } from '../contract/examples';
import { canonicalJson, signingInput } from '../contract/signed';
import {
  generateSigningKey,
  keyId,
  Keyring,
  parsePrivateKey,
  parsePublicKey,
  publicKeyText,
  signatureOf,
  signPayload,
} from './signing';

const doc = readFileSync(new URL('../docs/contract.md', import.meta.url), 'utf8');
const TOPIC = 'baccarat/tables/T12/hand';
const hand = EXAMPLES.hand[0]!;
const seeded = () => {
  const seed = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  return { kid: keyId(publicKey), privateKey, publicKey };
};

describe('the test vector of docs/contract.md', () => {
  const block = /<!-- signature-vector -->\s*```text\n([\s\S]*?)\n```[\s\S]*?```json\n([\s\S]*?)```/.exec(doc);
  test('the signing input and the signature are the ones the doc gives', () => {
    expect(block).not.toBeNull();
    const [, input, sig] = block!;
    const key = seeded();
    expect(Buffer.from(signingInput(TOPIC, hand)).toString('utf8')).toBe(input);
    expect(signatureOf(key, TOPIC, hand)).toEqual(JSON.parse(sig!));
    expect(doc).toContain(publicKeyText(key.publicKey));
    expect(doc).toContain(key.kid);
  });
});

describe('a board checks signatures', () => {
  const controller = generateSigningKey();
  const pit = generateSigningKey();
  const ring = new Keyring({ controller: [controller.publicKey], pit: [pit.publicKey] });
  const signed = signPayload(controller, TOPIC, hand);
  const SIGNAGE = 'baccarat/tables/T12/signage';
  const CASES: readonly [string, 'hand' | 'signage', string, object, string][] = [
    ['signed by its controller', 'hand', TOPIC, signed, 'verified'],
    ['without a signature', 'hand', TOPIC, hand, 'unsigned'],
    ['by a key it does not know', 'hand', TOPIC, signPayload(generateSigningKey(), TOPIC, hand), 'unsigned'],
    ['tampered: another result', 'hand', TOPIC, { ...signed, outcome: 'player' }, 'bad'],
    ['replayed for another shoe', 'hand', TOPIC, { ...signed, shoeId: 'S20241122-04' }, 'bad'],
    ['replayed on another table', 'hand', 'baccarat/tables/T13/hand', signed, 'bad'],
    ['a result signed by the pit', 'hand', TOPIC, signPayload(pit, TOPIC, hand), 'bad'],
    [
      'a sign signed by a controller',
      'signage',
      SIGNAGE,
      signPayload(controller, SIGNAGE, EXAMPLES.signage[0]!),
      'bad',
    ],
  ];
  test.each(CASES)('%s', (_, kind, topic, payload, status) => {
    expect(ring.check(kind, topic, payload).status).toBe(status);
  });
  // The same answers verified off the main thread (WebCrypto), as the bridge does.
  test.each(CASES)('%s, checked off the main thread', async (_, kind, topic, payload, status) => {
    expect((await ring.checkAsync(kind, topic, payload)).status).toBe(status);
  });
  test('fuzzed signatures never verify and never throw', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 64, maxLength: 64 }),
        fc.constantFrom(controller.kid, pit.kid, '0000000000000000'),
        (bytes, kid) => {
          const forged = {
            ...hand,
            sig: { alg: 'Ed25519' as const, kid, value: Buffer.from(bytes).toString('base64url') },
          };
          expect(ring.check('hand', TOPIC, forged).status).not.toBe('verified');
        },
      ),
      { numRuns: 300 },
    );
  });
  test('fuzzed signatures never verify off the main thread either', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 64, maxLength: 64 }), async (bytes) => {
        const forged = {
          ...hand,
          sig: { alg: 'Ed25519' as const, kid: controller.kid, value: Buffer.from(bytes).toString('base64url') },
        };
        expect((await ring.checkAsync('hand', TOPIC, forged)).status).toBe('bad');
      }),
      { numRuns: 200 },
    );
  });
});

describe('keys and canonical JSON', () => {
  test('a public key from its raw bytes (base64url or base64) or PEM; anything else is refused with a reason', () => {
    const k = generateSigningKey();
    const raw = publicKeyText(k.publicKey);
    const parsed = parsePublicKey(raw);
    expect(parsed.ok && keyId(parsed.value)).toBe(k.kid);
    expect(parsePublicKey(Buffer.from(raw, 'base64url').toString('base64')).ok).toBe(true);
    expect(parsePublicKey(k.publicKey.export({ format: 'pem', type: 'spki' }).toString()).ok).toBe(true);
    const expected = 'expected an Ed25519 public key: 43 characters of base64url (32 bytes) or a PEM text; got';
    const refusals: [string, string][] = [
      ['abc', `${expected} 3 characters (2 bytes)`],
      [raw.slice(1), `${expected} 42 characters (31 bytes)`],
      [`${raw}.`, `${expected} 44 characters, with '.' that is not base64url`],
      ['', `${expected} an empty text`],
      [
        '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
        `${expected} a PEM text (BEGIN PUBLIC KEY) that does not decode as one`,
      ],
      [
        './keys/pit.pem',
        'looks like a file path (./keys/pit.pem): paste the key that `baccarat-board keys show FILE` prints',
      ],
      [
        'C:\\keys\\pit.pub',
        'looks like a file path (C:\\keys\\pit.pub): paste the key that `baccarat-board keys show FILE` prints',
      ],
      [
        'controller.key',
        'looks like a file path (controller.key): paste the key that `baccarat-board keys show FILE` prints',
      ],
    ];
    for (const [text, error] of refusals) expect(parsePublicKey(text), text).toEqual({ ok: false, error });
    // A private key pasted is refused as one, and never echoed.
    const privatePem = k.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const pasted = parsePublicKey(privatePem);
    expect(pasted).toMatchObject({ ok: false, error: expect.stringMatching(/^is a private key: .*keys show FILE/) });
    expect(JSON.stringify(pasted)).not.toContain(privatePem.split('\n')[1]);
    // Signing wants the private key: a public key, or anything else, is said as such.
    expect(parsePrivateKey(raw)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^is a public key: signing needs/),
    });
    expect(parsePrivateKey(k.publicKey.export({ format: 'pem', type: 'spki' }).toString())).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^is a public key/),
    });
    expect(parsePrivateKey('garbage')).toEqual({
      ok: false,
      error:
        'expected an Ed25519 private key: the PEM file (PKCS #8) that `baccarat-board keys generate` wrote; ' +
        'got 7 characters that are not a PEM text',
    });
    expect(parsePrivateKey(k.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString())).toMatchObject({
      ok: true,
      value: { kid: k.kid },
    });
    expect(parsePrivateKey('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----').ok).toBe(false);
  });
  test('RFC 8785: keys sorted, no whitespace, nested and in arrays; undefined properties left out', () => {
    expect(canonicalJson({ b: [2, { d: 1, c: 'é' }], a: null, u: undefined, n: -0.5 })).toBe(
      '{"a":null,"b":[2,{"c":"é","d":1}],"n":-0.5}',
    );
  });
});
