/**
 * Throw-away TLS material for broker tests, made with the `openssl` command in a temp dir: a CA, a server
 * certificate for 127.0.0.1 (subjectAltName IP:127.0.0.1) and a client certificate, both signed by the CA.
 * EC P-256 keys, valid for a day: quick to make.
 *
 * ```ts
 * const pki = makeCerts();            // { dir, ca, caKey, server: { cert, key }, client: { cert, key } }
 * const other = makeCa(pki.dir, 'other'); // a second CA that signed none of them
 * ```
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KeyPair {
  readonly cert: string;
  readonly key: string;
}
export interface Certs {
  readonly dir: string;
  readonly ca: string;
  readonly caKey: string;
  readonly server: KeyPair;
  readonly client: KeyPair;
}

/** Why certificates cannot be made here (no `openssl`), or null. */
export const opensslMissing = (): string | null => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'the openssl command is not installed (apt-get install -y openssl)';
  }
};

const openssl = (args: string[], cwd: string): void => {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
};

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** A self-signed CA `<name>.crt` / `<name>.key` in `dir`. */
export function makeCa(dir: string, name = 'ca'): KeyPair {
  const cert = join(dir, `${name}.crt`);
  const key = join(dir, `${name}.key`);
  openssl(
    [
      'req',
      '-x509',
      ...EC,
      '-days',
      '1',
      '-subj',
      `/CN=baccarat-board test ${name}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    dir,
  );
  return { cert, key };
}

/** A leaf certificate `<name>.crt` / `<name>.key` signed by `ca`, with the given X.509 v3 extensions. */
export function makeLeaf(dir: string, ca: KeyPair, name: string, cn: string, extensions: string[]): KeyPair {
  const cert = join(dir, `${name}.crt`);
  const key = join(dir, `${name}.key`);
  const csr = join(dir, `${name}.csr`);
  const ext = join(dir, `${name}.ext`);
  writeFileSync(ext, `${['basicConstraints=CA:FALSE', ...extensions].join('\n')}\n`);
  openssl(['req', '-new', ...EC, '-subj', `/CN=${cn}`, '-keyout', key, '-out', csr], dir);
  openssl(
    [
      'x509',
      '-req',
      '-in',
      csr,
      '-CA',
      ca.cert,
      '-CAkey',
      ca.key,
      '-CAcreateserial',
      '-days',
      '1',
      '-sha256',
      '-extfile',
      ext,
      '-out',
      cert,
    ],
    dir,
  );
  if (!existsSync(cert)) throw new Error(`openssl made no ${cert}`);
  return { cert, key };
}

/** A CA, a server certificate for 127.0.0.1 and a client certificate (CN `clientCn`), in a new temp dir. */
export function makeCerts({ clientCn = 'board' }: { clientCn?: string } = {}): Certs {
  const dir = mkdtempSync(join(tmpdir(), 'bb-certs-'));
  const ca = makeCa(dir, 'ca');
  const server = makeLeaf(dir, ca, 'server', '127.0.0.1', [
    'subjectAltName=IP:127.0.0.1',
    'keyUsage=critical,digitalSignature,keyAgreement',
    'extendedKeyUsage=serverAuth',
  ]);
  const client = makeLeaf(dir, ca, 'client', clientCn, [
    'keyUsage=critical,digitalSignature,keyAgreement',
    'extendedKeyUsage=clientAuth',
  ]);
  return { dir, ca: ca.cert, caKey: ca.key, server, client };
}
