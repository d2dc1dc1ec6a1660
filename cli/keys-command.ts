/**
 * `baccarat-board keys generate|show`: the Ed25519 keys that sign results (one per controller) and signs (the pit's).
 * A private key is written as PKCS #8 PEM, readable by its owner only; its public half and id are printed for the
 * boards' `trust` settings.
 * @packageDocumentation
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createPublicKey } from 'node:crypto';
import { parseArgs } from 'node:util';
import { keyId, generateSigningKey, parsePrivateKey, parsePublicKey, publicKeyText } from '../mqtt-bridge/signing';
import { type CliIo, EXIT, UsageError } from './io';

export const KEYS_USAGE = `Usage: baccarat-board keys generate --out FILE [--force]
       baccarat-board keys show FILE

generate  makes a new Ed25519 key: the private key goes to FILE (PKCS #8 PEM, mode 0600), and its id and public
          key are printed. An existing FILE is kept and refused (exit 2) unless --force replaces it deliberately.
show      prints the id and the public key of a key file (private or public, PEM).

A controller signs its results with its own key (simulate --signing-key FILE); the pit signs signs and fleet commands with
the pit's. Each board lists the public keys it trusts: trust.controllerKeys and trust.pitKeys in its configuration,
and refuses what they do not sign once trust.requireSignatures is on (docs/configuration.md, docs/contract.md).

Output: two lines, "kid <16 hex digits>" and "public-key <base64url>" (the form trust.*Keys takes).
`;

const describe = (kid: string, publicKey: string): string => `kid ${kid}\npublic-key ${publicKey}\n`;

export async function keysCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { out: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help || action === '--help' || action === '-h') {
    io.out(KEYS_USAGE);
    return EXIT.ok;
  }
  if (action === 'generate') {
    const out = values.out;
    if (!out) throw new UsageError('keys generate needs --out FILE');
    if (existsSync(out) && statSync(out).isDirectory()) {
      io.err(`baccarat-board keys: --out ${out} is a folder: give a file's path\n`);
      return EXIT.badInput;
    }
    if (!existsSync(dirname(out))) {
      io.err(`baccarat-board keys: --out ${out}: the folder ${dirname(out)} does not exist\n`);
      return EXIT.badInput;
    }
    if (existsSync(out) && !values.force) {
      io.err(
        `baccarat-board keys: ${out} exists: not replacing a key. Give another --out FILE, or replace it ` +
          'deliberately with --force (the old key is then lost, and boards refuse what the new one signs until their ' +
          'trust.*Keys list it)\n',
      );
      return EXIT.badInput;
    }
    const key = generateSigningKey();
    writeFileSync(out, key.privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
    io.out(describe(key.kid, publicKeyText(key.publicKey)));
    return EXIT.ok;
  }
  if (action === 'show') {
    const file = positionals[0];
    if (!file) throw new UsageError('keys show needs a FILE');
    if (!existsSync(file)) {
      io.err(`baccarat-board keys: ${file} does not exist\n`);
      return EXIT.badInput;
    }
    if (statSync(file).isDirectory()) {
      io.err(`baccarat-board keys: ${file} is a folder: give the key's file\n`);
      return EXIT.badInput;
    }
    const text = readFileSync(file, 'utf8');
    const key = text.includes('PRIVATE KEY') ? parsePrivateKey(text) : parsePublicKey(text);
    if (!key.ok) {
      io.err(`baccarat-board keys: ${file}: ${key.error}\n`);
      return EXIT.badInput;
    }
    const publicKey = 'publicKey' in key.value ? key.value.publicKey : createPublicKey(key.value);
    io.out(describe(keyId(publicKey), publicKeyText(publicKey)));
    return EXIT.ok;
  }
  throw new UsageError(action ? `unknown keys action '${action}': generate or show` : 'keys needs generate or show');
}
