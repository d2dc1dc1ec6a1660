/**
 * The about overlay's values in words, for staff: pure, so a test reads them without a board.
 *
 * ```ts
 * formatUptime('2026-03-01T10:00:00Z', Date.parse('2026-03-02T11:02:03Z')); // '1 d 01:02:03'
 * ```
 * @packageDocumentation
 */
import type { AboutInfo, ConnectionView } from '../../contract/kiosk';

const DEFAULT_PORTS: Readonly<Record<string, string>> = {
  'mqtt:': '1883',
  'tcp:': '1883',
  'mqtts:': '8883',
  'ssl:': '8883',
  'ws:': '80',
  'wss:': '443',
};

const hostPort = (url: string): string | null => {
  try {
    const u = new URL(url);
    return `${u.hostname.toLowerCase()}:${u.port || DEFAULT_PORTS[u.protocol] || ''}`;
  } catch {
    return null;
  }
};

/** Which of the configured brokers the board is connected to now (by host and port), or -1. */
export function brokerInUse(brokers: readonly string[], connection: ConnectionView | null): number {
  if (connection?.state !== 'connected' || !connection.broker) return -1;
  const used = hostPort(connection.broker);
  return used === null ? -1 : brokers.findIndex((b) => hostPort(b) === used);
}

const two = (n: number) => String(n).padStart(2, '0');

/** Time since `startedAt`: `3 d 04:05:06`, or `04:05:06` under a day. */
export function formatUptime(startedAt: string, now: number): string {
  const s = Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1000));
  if (Number.isNaN(s)) return 'unknown';
  const d = Math.floor(s / 86_400);
  const hms = `${two(Math.floor((s % 86_400) / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return d > 0 ? `${d} d ${hms}` : hms;
}

/** The browser a board in browser mode runs in, from its user agent. */
export function browserOf(userAgent: string): string {
  const m = /(Chromium|Chrome|Firefox|Edg)\/([\d.]+)/.exec(userAgent);
  return m ? `${m[1] === 'Chrome' ? 'Chromium' : m[1]} ${m[2]}` : userAgent.slice(0, 60) || 'unknown browser';
}

/** Electron and Chromium versions, or browser mode and the browser. */
export function formatRuntime(runtime: AboutInfo['runtime'], userAgent: string): string {
  if (runtime.kind === 'electron')
    return `Electron ${runtime.electron} · Chromium ${runtime.chromium} · Node ${runtime.node}`;
  return `browser mode · ${browserOf(userAgent)} · host Node ${runtime.node}`;
}

const keys = (n: number, what: string) => `${n} ${what} key${n === 1 ? '' : 's'}`;

/** Whether results and commands must be signed, and by how many keys. */
export function formatTrust(trust: AboutInfo['trust']): string {
  const held = `${keys(trust.controllerKeys, 'controller')}, ${keys(trust.pitKeys, 'pit')}`;
  return trust.requireSignatures ? `signatures required · ${held}` : `unverified: signatures not required · ${held}`;
}

/** The screen and the board's size on it. */
export function formatScreen(w: {
  readonly screen: { readonly width: number; readonly height: number };
  readonly innerWidth: number;
  readonly innerHeight: number;
  readonly devicePixelRatio: number;
}): string {
  const board = `${w.innerWidth}×${w.innerHeight} CSS px`;
  return `${w.screen.width}×${w.screen.height} px · board ${board} at ${w.devicePixelRatio}×`;
}
