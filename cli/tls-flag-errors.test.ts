/**
 * `serve` and `start` check their TLS flags with their configuration: a bad `--ca`, `--cert` or `--key` is listed
 * with the file's and the environment's errors, in their words and naming the flag, exit 2, nothing started; and
 * nothing secret (a key file's contents, a password) is ever said.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { main } from './main';
import { memoryIo } from './test-io';

const dir = mkdtempSync(join(tmpdir(), 'bb-tls-config-'));
const write = (name: string, content: string): string => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};
const SECRET_KEY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC-secret-key-material';
const pem = write('ca.pem', '-----BEGIN CERTIFICATE-----\nMA==\n-----END CERTIFICATE-----\n');
const notPemKey = write('key.der', `${SECRET_KEY}\n`); // a key's secret, without its PEM lines
const folder = join(dir, 'certs');
mkdirSync(folder);
const missing = join(dir, 'no-such.pem');
const pasted = `-----BEGIN PRIVATE KEY-----\n${SECRET_KEY}\n-----END PRIVATE KEY-----`;
const badTheme = write('bad-theme.json', JSON.stringify({ tableId: 'T12', board: { theme: 'dark' } }));

async function run(args: string[]) {
  const m = memoryIo();
  const code = await main(args, m.io);
  return { code, out: m.out(), err: m.err() };
}

describe.each(['serve', 'start'])('%s: the TLS flags are checked with the configuration', (command) => {
  test('a bad TLS flag and a bad value in the file: both in one list, exit 2, nothing started', async () => {
    const r = await run([command, '--config', badTheme, '--ca', missing, '--port', '70000']);
    expect(r).toEqual({
      code: 2,
      out: '',
      err:
        `baccarat-board ${command}: configuration: 3 errors:\n` +
        `  board.theme: "dark" is not allowed: it must be "classic" or "colour-blind" (file ${badTheme})\n` +
        `  serve.port: 70000 is not allowed: it must be a whole number from 0 to 65535 (--port)\n` +
        `  mqtt.tls.ca: file ${missing} does not exist (--ca)\n`,
    });
  });

  test.each<[string, string[], string]>([
    ['a file that does not exist', ['--ca', missing], `mqtt.tls.ca: file ${missing} does not exist (--ca)`],
    [
      'a file that is not PEM (its contents not said)',
      ['--cert', pem, '--key', notPemKey],
      `mqtt.tls.key: file ${notPemKey} is not a PEM file: it has no "-----BEGIN" line (--key)`,
    ],
    ['a folder', ['--ca', folder], `mqtt.tls.ca: ${folder} is a folder, not a file (--ca)`],
    [
      'a certificate without its key',
      ['--cert', pem],
      'mqtt.tls.cert: a client certificate needs its key: give --key too (--cert)',
    ],
    [
      'a key without its certificate',
      ['--key', pem],
      'mqtt.tls.key: a key needs its client certificate: give --cert too (--key)',
    ],
    [
      "a key's contents given for its path (not said)",
      ['--cert', pem, '--key', pasted],
      "mqtt.tls.key: the value given (not shown: it looks like a PEM file's contents) is not a path: give the " +
        "file's path (--key)",
    ],
    ['an empty path', ['--ca='], 'mqtt.tls.ca: it is empty: it must be the path of a PEM file (--ca)'],
  ])('%s', async (_name, flags, line) => {
    const r = await run([command, ...flags]);
    expect(r).toEqual({ code: 2, out: '', err: `baccarat-board ${command}: configuration: ${line}\n` });
    expect(r.err).not.toContain(SECRET_KEY);
  });

  test('a certificate from a flag beside the key from the file is refused: not a pair', async () => {
    const p = write('with-key.json', JSON.stringify({ mqtt: { tls: { cert: pem, key: pem } } }));
    const r = await run([command, '--config', p, '--cert', pem]);
    expect([r.code, r.err]).toEqual([
      2,
      `baccarat-board ${command}: configuration: mqtt.tls.cert: a client certificate needs its key: give --key too (--cert)\n`,
    ]);
  });

  test('the password beside a bad TLS flag is not said', async () => {
    const p = write('password.json', JSON.stringify({ mqtt: { password: 12345678 } }));
    const r = await run([command, '--config', p, '--cert', pem, '--key', notPemKey]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^baccarat-board \w+: configuration: 2 errors:\n {2}mqtt\.password: the value given \(a secret/,
    );
    expect(r.err).not.toContain('12345678');
    expect(r.err).not.toContain(SECRET_KEY);
  });
});

// root reads any file: the permission cannot be refused to it.
test.skipIf(process.getuid?.() === 0)('serve: a key file it may not read', async () => {
  const locked = write('locked.pem', pasted);
  chmodSync(locked, 0o000);
  const r = await run(['serve', '--cert', pem, '--key', locked]);
  expect([r.code, r.err]).toEqual([
    2,
    `baccarat-board serve: configuration: mqtt.tls.key: file ${locked} cannot be read: permission denied (--key)\n`,
  ]);
});
