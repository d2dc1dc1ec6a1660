/**
 * `--signing-key FILE` on every command that signs (keypad, simulate, console, signage, fleet): a file that holds
 * the public key (what `keys show` prints, the slip the docs invite) or no key is refused before anything connects,
 * saying what was expected and what the file holds, never its contents.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { generateSigningKey, publicKeyText } from '../mqtt-bridge/signing';
import { main } from './main';
import { memoryIo } from './test-io';

const dir = mkdtempSync(join(tmpdir(), 'bb-signing-key-'));
const key = generateSigningKey();
const publicRaw = join(dir, 'pit.pub');
writeFileSync(publicRaw, `${publicKeyText(key.publicKey)}\n`);
const publicPem = join(dir, 'pit-public.pem');
writeFileSync(publicPem, key.publicKey.export({ format: 'pem', type: 'spki' }));
const notKey = join(dir, 'notes.txt');
writeFileSync(notKey, 'the pit key is in the safe\n');

const BROKER = 'mqtt://127.0.0.1:9'; // never reached: the key is refused first
const COMMANDS: readonly (readonly string[])[] = [
  ['keypad', '--broker', BROKER, '--table', 'T1'],
  ['simulate', '--broker', BROKER, '--tables', 'T1'],
  ['console', '--broker', BROKER],
  ['signage', '--broker', BROKER, '--table', 'T1', 'show'],
  ['fleet', 'identify', '--broker', BROKER, '--display', 'lobby-1'],
];
const PRIVATE = 'an Ed25519 private key: the PEM file (PKCS #8) that `baccarat-board keys generate` wrote';

test.each(COMMANDS)('%s: a public key for --signing-key is said to be one', async (...args) => {
  for (const [file, said] of [
    [publicRaw, `is a public key: signing needs ${PRIVATE}`],
    [publicPem, `is a public key: signing needs ${PRIVATE}`],
    [notKey, `expected ${PRIVATE}; got 26 characters that are not a PEM text`],
  ] as const) {
    const m = memoryIo();
    expect(await main([...args, '--signing-key', file], m.io), `${args[0]} ${file}`).toBe(2);
    expect(m.err()).toContain(`--signing-key: ${file}: ${said}\n`);
    expect(m.err()).not.toMatch(/DECODER|error:1E/);
    expect(m.err()).not.toContain(publicKeyText(key.publicKey));
  }
});
