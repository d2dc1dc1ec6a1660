/**
 * `keypad --trust-key FILE`: the public keys of the other controllers whose signed online may take the keypad's
 * table over. Read as `keys show` reads a key (PEM, the base64url text, or what `keys show` prints); a private key,
 * a file that holds no key, or the flag without --signing-key is refused before anything connects.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startEmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { generateSigningKey, publicKeyText } from '../mqtt-bridge/signing';
import { startCli } from '../test/helpers/cli-process';
import { main } from './main';
import { memoryIo } from './test-io';

const dir = mkdtempSync(join(tmpdir(), 'bb-trust-key-'));
const write = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};
const own = generateSigningKey();
const spare = generateSigningKey();
const other = generateSigningKey();
const third = generateSigningKey();
const ownFile = write('own.pem', own.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string);
const sparePem = write('spare.pub.pem', spare.publicKey.export({ format: 'pem', type: 'spki' }) as string);
const otherShown = write('other.pub', `kid ${other.kid}\npublic-key ${publicKeyText(other.publicKey)}\n`);
const thirdRaw = write('third.pub', `${publicKeyText(third.publicKey)}\n`);
const privateFile = write('spare.pem', spare.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string);
const notKey = write('notes.txt', 'the spare key is in the safe\n');

const BROKER = 'mqtt://127.0.0.1:9'; // never reached: the flags are refused first
const run = async (args: string[]) => {
  const m = memoryIo();
  const code = await main(['keypad', '--broker', BROKER, '--table', 'T1', ...args], m.io);
  return { code, err: m.err() };
};

describe('keypad --trust-key', () => {
  test.each([
    ['without --signing-key', ['--trust-key', sparePem], /--trust-key needs --signing-key/],
    ['a file that does not exist', ['--signing-key', ownFile, '--trust-key', join(dir, 'none')], /does not exist/],
    ['a folder', ['--signing-key', ownFile, '--trust-key', dir], /is a folder/],
    ['a private key', ['--signing-key', ownFile, '--trust-key', privateFile], /spare\.pem: is a private key/],
    ['no key', ['--signing-key', ownFile, '--trust-key', notKey], /notes\.txt: expected an Ed25519 public key/],
  ])('%s: a usage error', async (_, args, why) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(why);
    expect(r.err).not.toContain('BEGIN PRIVATE KEY');
  });

  test('repeated, in each form a key is kept: the keypad says which keys may take its table over', async () => {
    const broker = await startEmbeddedBroker(); // port 0: a fixed one was in use once in CI
    const state = mkdtempSync(join(tmpdir(), 'bb-trust-key-state-'));
    write('index.html', '<!doctype html>'); // the page itself is not what this test reads: --ui gives it this one
    const args = ['keypad', '--broker', broker.url, '--table', 'KT1', '--port', '0', '--ui', dir];
    args.push('--signing-key', ownFile);
    const trust = [sparePem, otherShown, thirdRaw].flatMap((f) => ['--trust-key', f]);
    const env = { XDG_STATE_HOME: state, XDG_CONFIG_HOME: state };
    const cli = await startCli([...args, ...trust], /keypad: +(http:\S+)[\s\S]*take-over: [^\n]*\n/, env);
    try {
      expect(cli.output()).toContain(
        `take-over: only an online status signed by key ${[own, spare, other, third].map((k) => k.kid).join(', ')}\n`,
      );
    } finally {
      await cli.stop();
      await broker.close();
    }
  }, 40_000);
});
