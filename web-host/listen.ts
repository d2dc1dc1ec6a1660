/**
 * Starts an HTTP server listening, and says in words why it could not: a port in use, a port below 1024 without the
 * right, an address this machine does not have. Shared by the board's web host, the console and the keypad, so that
 * staff read "port 8080 on 127.0.0.1 is in use by another program" rather than a stack trace of `EADDRINUSE`.
 *
 * ```ts
 * await listen(server, 8080, '127.0.0.1'); // throws ListenError with a plain message
 * ```
 * @packageDocumentation
 */
import type { Server } from 'node:http';

/**
 * The server could not listen; `message` says why in words, and what to do. `code` is Node's (`EADDRINUSE`…), for a
 * caller that handles one (`start` takes a free port when its default one is taken).
 */
export class ListenError extends Error {
  override readonly name = 'ListenError';
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** Where a server listens, as a person writes it: `127.0.0.1:8080`, `[::1]:8080`. */
const where = (host: string, port: number): string => `${host.includes(':') ? `[${host}]` : host}:${port}`;

/** The words for a failure to listen on `host:port`, by Node's error code (else its message). */
export function listenFailure(code: string | undefined, message: string, host: string, port: number): string {
  const at = where(host, port);
  switch (code) {
    case 'EADDRINUSE':
      return `cannot listen on ${at}: the port is in use by another program (another board, console or keypad?): stop it, or choose another port (--port)`;
    case 'EACCES':
      return `cannot listen on ${at}: this user may not use port ${port} (below 1024 needs extra rights): choose a port from 1024 (--port)`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${at}: this machine has no address ${host} (--host)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot listen on ${at}: the name ${host} does not resolve to an address of this machine (--host)`;
    default:
      return `cannot listen on ${at}: ${message}`;
  }
}

/** Listens on `port` of `host`; rejects with a {@link ListenError} that says why in words. */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const failed = (e: NodeJS.ErrnoException) =>
      reject(new ListenError(listenFailure(e.code, e.message, host, port), e.code));
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}
