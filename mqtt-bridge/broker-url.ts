/**
 * A broker URL, checked once for every place that takes one (the configuration's `mqtt.brokers`, `--broker` of
 * every command): a scheme MQTT.js speaks, a host, and a port that exists. `mqtt://` alone used to pass, and the
 * board then retried a connection to nowhere for ever.
 *
 * ```ts
 * parseBrokerUrl('mqtt://broker.casino.local:1883'); // { ok: true, value: URL }
 * parseBrokerUrl('mqtt://');                         // { ok: false, error: "'mqtt://' has no host: …" }
 * ```
 * @packageDocumentation
 */
import { err, ok, type Result } from '../baccarat/types';

/** The schemes a broker URL may have (`tls` and `ssl` are MQTT.js's names for `mqtts`). */
export const BROKER_SCHEMES = ['mqtt', 'mqtts', 'tcp', 'tls', 'ssl', 'ws', 'wss'] as const;

/** The allowed forms, in words, for error messages. */
export const BROKER_URL_FORM =
  'mqtt://HOST:PORT (or mqtts://, tcp://, tls://, ssl://, ws://, wss://), e.g. mqtt://broker.casino.local:1883';

const schemeList = BROKER_SCHEMES.map((s) => `${s}://`).join(', ');

/** Checks a broker URL; the error says what is wrong with it and what is expected, quoting the URL. */
export function parseBrokerUrl(text: string): Result<URL, string> {
  // Quoted without its password (user:password@): a secret is never printed.
  const shown = `'${text.replace(/^([^:/?#]*:\/\/[^:@/?#]*):[^@/?#]*@/, '$1:…@')}'`;
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)/.exec(text);
  if (!m) return err(`${shown} is not a broker URL: write it as ${BROKER_URL_FORM}`);
  const scheme = m[1]!.toLowerCase();
  if (!(BROKER_SCHEMES as readonly string[]).includes(scheme))
    return err(`${shown} has the scheme '${scheme}://', which is not MQTT's: use one of ${schemeList}`);
  const authority = m[2]!.slice(m[2]!.lastIndexOf('@') + 1); // without user:password@
  const hostPort = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(authority);
  const host = hostPort?.[1] ?? '';
  const port = hostPort?.[2];
  if (host === '' || host === '[]') return err(`${shown} has no host: write it as ${BROKER_URL_FORM}`);
  if (port !== undefined && port !== '' && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535))
    return err(`${shown} has the port '${port}': a port is a whole number from 1 to 65535 (MQTT: 1883, TLS: 8883)`);
  try {
    return ok(new URL(text));
  } catch {
    return err(`${shown} is not a valid URL (a space or a character a host name cannot have?): ${BROKER_URL_FORM}`);
  }
}
