/**
 * The installed command (`node bin/baccarat-board.mjs …`) as a child process, for tests that need the real thing:
 * it runs the build in dist/ when there is one (`npm test` builds first), else the sources through tsx.
 *
 * ```ts
 * const cli = await startCli(['serve', '--port', '0'], /board: +(http:\S+)/);
 * cli.url; // http://127.0.0.1:41234/
 * await cli.stop();
 * ```
 */
import { spawn, type ChildProcess } from 'node:child_process';

const BIN = new URL('../../bin/baccarat-board.mjs', import.meta.url).pathname;

export interface CliProcess {
  readonly child: ChildProcess;
  readonly url: string; // the first match of the pattern's group 1 in its standard output
  readonly port: number;
  /** Its standard output so far. */
  output(): string;
  /** Its standard error so far (the last 4,000 characters). */
  errors(): string;
  /** Whether it is still running. */
  alive(): boolean;
  /** SIGTERM, and its exit. */
  stop(): Promise<number | null>;
}

/** Starts the command and waits for `pattern` (its group 1 an http URL) on its standard output. */
export function startCli(
  args: readonly string[],
  pattern: RegExp,
  env: Readonly<Record<string, string | undefined>> = {},
  ms = 30_000,
): Promise<CliProcess> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`no ${pattern} within ${ms} ms`)), ms);
    const fail = (e: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${e.message}\nstdout: ${out}\nstderr: ${err}`));
    };
    const early = (code: number | null) => fail(new Error(`exited with ${code}`));
    child.once('exit', early);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const url = pattern.exec(out)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      child.off('exit', early);
      resolve({
        child,
        url,
        port: Number(new URL(url).port),
        output: () => out,
        errors: () => err,
        alive: () => child.exitCode === null && child.signalCode === null,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}
