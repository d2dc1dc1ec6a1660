/**
 * The checks of the TLS files (`mqtt.tls.ca`, `.cert`, `.key`, and the `--ca`, `--cert` and `--key` flags), in the
 * configuration's words, so that a flag's problem and a file's read the same and are listed together. Nothing read
 * from a file is ever said: a key file's contents are a secret, and so is a value that looks like them.
 *
 * ```ts
 * tlsFileProblem('/etc/ssl/casino-ca.pem'); // null: readable, and PEM
 * tlsFileProblem('/no/such/file');          // 'file /no/such/file does not exist'
 * ```
 * @packageDocumentation
 */
import { readFileSync } from 'node:fs';
import type { ConfigProblem } from './config-errors';

/** The TLS file fields of the configuration, in the order they are checked and listed. */
export const TLS_FILE_FIELDS = ['ca', 'cert', 'key'] as const;

/** Why `path` cannot serve as a TLS file (a CA, a certificate or a key, PEM), or null when it can. */
export function tlsFileProblem(path: string): string | null {
  if (path === '') return 'it is empty: it must be the path of a PEM file';
  // A certificate or key pasted in place of its path: said without it (a key is a secret).
  if (path.includes('-----BEGIN') || /[\r\n]/.test(path))
    return "the value given (not shown: it looks like a PEM file's contents) is not a path: give the file's path";
  let text: string;
  try {
    text = readFileSync(path, 'latin1');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return `file ${path} does not exist`;
    if (code === 'EACCES' || code === 'EPERM') return `file ${path} cannot be read: permission denied`;
    if (code === 'EISDIR') return `${path} is a folder, not a file`;
    return `file ${path} cannot be read${code ? ` (${code})` : ''}`;
  }
  return text.includes('-----BEGIN ') ? null : `file ${path} is not a PEM file: it has no "-----BEGIN" line`;
}

/** The problems of a configuration's `mqtt.tls` files, one per field at fault. */
export function tlsFileProblems(tls: Readonly<Record<string, unknown>>): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  for (const field of TLS_FILE_FIELDS) {
    const path = tls[field];
    const problem = typeof path === 'string' ? tlsFileProblem(path) : null;
    if (problem) out.push({ path: `mqtt.tls.${field}`, problem });
  }
  return out;
}

/**
 * A client certificate and its key come from the same place (both flags, say): one without the other, or one
 * flag beside the file's other, would pair a certificate with a key not its own. `name` says a field as the person
 * set it (`--key`, or `mqtt.tls.key`).
 */
export function tlsPairProblems(
  tls: Readonly<Record<string, unknown>>,
  name: (field: string) => string,
): ConfigProblem[] {
  const has = (f: 'cert' | 'key') => tls[f] !== undefined;
  if (has('cert') === has('key')) return [];
  return has('cert')
    ? [{ path: 'mqtt.tls.cert', problem: `a client certificate needs its key: give ${name('mqtt.tls.key')} too` }]
    : [{ path: 'mqtt.tls.key', problem: `a key needs its client certificate: give ${name('mqtt.tls.cert')} too` }];
}
