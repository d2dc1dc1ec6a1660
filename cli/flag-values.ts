/**
 * Flags whose values the configuration checks, so that a bad one is reported as the file's and the environment's
 * are, in the same list: `serve.port: 70000 is not allowed: it must be a whole number from 0 to 65535 (--port)`,
 * `mqtt.tls.ca: file /no/such/file does not exist (--ca)`.
 *
 * ```ts
 * parseArgs({ args: valuesAfterFlags(args, ['--port']), … }); // --port -1 is the value -1, not a flag
 * { serve: { port: numberOrText(values.port) } }                // 70000, or 'eighty' as written
 * ```
 * @packageDocumentation
 */
import type { TlsArgValues, TlsFiles } from '../mqtt-bridge/tls';

/**
 * `--port -1` as `--port=-1`: Node's parseArgs takes a value that starts with '-' for a flag and refuses it with its
 * own words ("argument is ambiguous"); a negative number after a flag that takes a value is that value, and so is a
 * PEM file's text given for a file (`--key "-----BEGIN PRIVATE KEY-----…"`), for the configuration to refuse unsaid.
 */
export function valuesAfterFlags(args: readonly string[], flags: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const next = args[i + 1];
    if (flags.includes(a) && next !== undefined && /^-(\d|----)/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** A number flag's value as JSON would hold it: `70000` a number (for the schema to refuse), `eighty` as written. */
export const numberOrText = (raw: string): number | string => (/^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : raw);

/**
 * The TLS flags given, as the configuration's `mqtt.tls` files, for it to check and list (`mqtt.tls.ca: file
 * /no/such/file does not exist (--ca)`); undefined when none is.
 */
export function tlsFlagValues(v: TlsArgValues): TlsFiles | undefined {
  const given = Object.entries({ ca: v.ca, cert: v.cert, key: v.key }).filter(([, path]) => path !== undefined);
  return given.length > 0 ? (Object.fromEntries(given) as TlsFiles) : undefined;
}

/**
 * `--port` of a command without a configuration file (the console, the keypad), said as the configuration says a
 * bad port: `--port: 70000 is not allowed: it must be a whole number from 0 to 65535`. Null: the value is fine.
 */
export function portFlagProblem(raw: string): string | null {
  const port = numberOrText(raw);
  if (typeof port === 'number' && Number.isInteger(port) && port >= 0 && port <= 65535) return null;
  return `--port: ${JSON.stringify(port)} is not allowed: it must be a whole number from 0 to 65535`;
}

/**
 * The MQTT password of a controller's command (`keypad`, `simulate`): `--password`, else `$BACCARAT_MQTT_PASSWORD`,
 * which keeps it out of `ps`; undefined when neither is given. A password needs its user name: the error names where
 * it came from, as a variable set and forgotten in a shell is not a `--password` the operator typed.
 */
export function mqttPassword(
  v: { readonly password?: string | undefined; readonly username?: string | undefined },
  env: Readonly<Record<string, string | undefined>>,
  giveName: string, // how to put it right: 'give the keypad its user name'
): { readonly password: string | undefined } | { readonly error: string } {
  const password = v.password ?? env.BACCARAT_MQTT_PASSWORD;
  if (password === undefined || v.username !== undefined) return { password };
  return {
    error:
      v.password !== undefined
        ? '--password needs --username'
        : 'the MQTT password comes from $BACCARAT_MQTT_PASSWORD (set in this environment), and needs --username: ' +
          `${giveName}, or unset BACCARAT_MQTT_PASSWORD`,
  };
}
