/**
 * The board's address as `serve` and `start --browser` print it. Its standard output goes to journald under
 * systemd, so the token in the address's hash is shown as `#token=…` unless a person reads it at a terminal; and an
 * address bound to every interface (`0.0.0.0`, `::`) is printed as one that another machine can open.
 *
 * ```ts
 * shownAddress('http://0.0.0.0:8142/#token=s3cret', { tty: false, interfaces: networkInterfaces(), hostname: 'kiosk-3' });
 * // { board: 'http://10.1.2.3:8142/#token=…', base: 'http://10.1.2.3:8142/', note: 'listening on every interface …' }
 * ```
 * @packageDocumentation
 */
import type { NetworkInterfaceInfo } from 'node:os';

/** What the address is printed from: whether standard output is a terminal, and this machine's names. */
export interface AddressContext {
  readonly tty: boolean;
  readonly hostname: string;
  readonly interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>;
}

/** The board's address to print, its base (for `api/state`, `readyz`, `healthz`) and a note on where it listens. */
export interface ShownAddress {
  readonly board: string;
  readonly base: string;
  readonly note: string | null;
}

const WILDCARDS = new Set(['0.0.0.0', '[::]', '::', '']);

/** The first IPv4 address of this machine that is not loopback, or null. */
function firstExternalIpv4(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string | null {
  for (const list of Object.values(interfaces))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return null;
}

/** `url` (`http://host:port/#token=…`, as the web host gives it) as it should be printed. */
export function shownAddress(url: string, ctx: AddressContext): ShownAddress {
  const u = new URL(url);
  const wildcard = WILDCARDS.has(u.hostname);
  let note: string | null = null;
  if (wildcard) {
    const listen = u.hostname === '[::]' ? '::' : u.hostname;
    const ipv4 = firstExternalIpv4(ctx.interfaces);
    const name = ipv4 ?? (ctx.hostname && ctx.hostname !== 'localhost' ? ctx.hostname : '127.0.0.1');
    u.hostname = name;
    note = `listening on every interface (${listen}): open it by any of this machine's addresses or names`;
  }
  const hash = u.hash;
  u.hash = '';
  const base = u.toString();
  const masked = hash.startsWith('#token=') && !ctx.tty ? '#token=…' : hash;
  return { board: `${base}${masked}`, base, note };
}
