/**
 * One request as raw bytes over TCP, and what came back until the server closed (or `ms` passed): for requests
 * fetch and node:http will not send (`GET /%E0%A4%A` as it is, with curl's --path-as-is, a bad Host, garbage).
 */
import { connect } from 'node:net';

export interface RawAnswer {
  readonly status: number | null; // null: closed without an answer
  readonly head: string; // status line and headers, lower-cased names as sent
  readonly text: string; // everything received
}

/** Sends `bytes` to 127.0.0.1:`port`, half-closes, and collects the answer. */
export function rawRequest(port: number, bytes: string | Buffer, ms = 5_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? undefined : reject(e)));
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const head = text.split('\r\n\r\n')[0] ?? '';
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      resolve({ status: status === undefined ? null : Number(status), head, text });
    });
  });
}

/** A GET of `path` exactly as written (no normalising, no escaping), with `headers`. */
export const rawGet = (port: number, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> =>
  rawRequest(
    port,
    `GET ${path} HTTP/1.1\r\n${Object.entries({ host: `127.0.0.1:${port}`, ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}connection: close\r\n\r\n`,
  );
