/**
 * TLS for an MQTT connection, one shape everywhere (issue 17, item 8): the board's `mqtt.tls` configuration and
 * the `--ca`, `--cert` and `--key` flags that every command which connects to a broker takes (`serve`, `start`,
 * `simulate`, `signage`, `console`), and the one place that turns them into MQTT.js options.
 *
 * ```ts
 * const { values } = parseArgs({ args, options: { ...TLS_ARGS, broker: { type: 'string' } } });
 * const files = parseTlsArgs(values); // ok({ ca: '/etc/ssl/casino-ca.pem' }), ok(undefined) or err('--ca: …')
 * connect(url, { ...tlsClientOptions(tlsSettings(files.value)) });
 * ```
 * @packageDocumentation
 */
import { readFileSync } from 'node:fs';
import type { IClientOptions } from 'mqtt';
import { err, ok, type Result } from '../baccarat/types';
import type { Config } from './config';
import { TLS_FILE_FIELDS, tlsFileProblem } from './tls-files';

/** The configuration's `mqtt.tls`: PEM file paths, and whether the broker's certificate must verify. */
export type TlsSettings = NonNullable<Config['mqtt']['tls']>;

/** The files alone, as the flags give them. */
export type TlsFiles = Pick<TlsSettings, 'ca' | 'cert' | 'key'>;

/** The field of the configuration each TLS flag sets, to name the flag in a configuration error. */
export const TLS_FLAG_FIELDS = { 'mqtt.tls.ca': '--ca', 'mqtt.tls.cert': '--cert', 'mqtt.tls.key': '--key' } as const;

/** The TLS flags, for `parseArgs`: every connecting command spreads these into its options. */
export const TLS_ARGS = {
  ca: { type: 'string' },
  cert: { type: 'string' },
  key: { type: 'string' },
} as const;

export type TlsArgValues = { readonly [K in keyof typeof TLS_ARGS]?: string };

/** Their usage lines, the same in every command's `--help` (options in a 26-column margin). */
export const TLS_USAGE = `  --ca FILE               CA certificate(s) (PEM) that signed the broker's certificate: a private CA for
                          mqtts:// or wss:// (default: the system's CAs)
  --cert FILE, --key FILE client certificate and its key (PEM), where the broker asks for one`;

/**
 * Checks the flags: `--cert` and `--key` together, and every file readable and PEM. `ok(undefined)` when none is
 * given. The error is a usage message naming the flag, in the configuration's words (tls-files.ts). `serve` and
 * `start` do not use it: their flags are checked with their configuration, and listed with its errors.
 */
export function parseTlsArgs(v: TlsArgValues): Result<TlsFiles | undefined, string> {
  if ((v.cert === undefined) !== (v.key === undefined)) return err('--cert and --key go together');
  const files: { -readonly [K in keyof TlsFiles]: string } = {};
  for (const flag of TLS_FILE_FIELDS) {
    const path = v[flag];
    if (path === undefined) continue;
    const problem = tlsFileProblem(path);
    if (problem) return err(`--${flag}: ${problem}`);
    files[flag] = path;
  }
  return ok(Object.keys(files).length > 0 ? files : undefined);
}

/** The settings for these files: the broker's certificate always verified (the flags cannot turn that off). */
export const tlsSettings = (files: TlsFiles | undefined): TlsSettings | undefined =>
  files ? { ...files, rejectUnauthorized: true } : undefined;

/** MQTT.js options for the settings: the files read, and the verification. Nothing when there are none. */
export function tlsClientOptions(
  tls: TlsSettings | undefined,
): Pick<IClientOptions, 'ca' | 'cert' | 'key' | 'rejectUnauthorized'> {
  if (!tls) return {};
  return {
    rejectUnauthorized: tls.rejectUnauthorized,
    ...(tls.ca ? { ca: readFileSync(tls.ca) } : {}),
    ...(tls.cert ? { cert: readFileSync(tls.cert) } : {}),
    ...(tls.key ? { key: readFileSync(tls.key) } : {}),
  };
}

/** The environment variables that carry the files to a board process of our own (Electron reads them). */
export function tlsEnv(tls: TlsSettings | undefined): Record<string, string> {
  return {
    ...(tls?.ca ? { BACCARAT_MQTT_CA: tls.ca } : {}),
    ...(tls?.cert ? { BACCARAT_MQTT_CERT: tls.cert } : {}),
    ...(tls?.key ? { BACCARAT_MQTT_KEY: tls.key } : {}),
  };
}
