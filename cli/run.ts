/**
 * The process edge of the command-line tool: real standard streams and the exit status.
 * @packageDocumentation
 */
import { main } from './main';
import { NODE_CHECK_VARIABLE } from './node-version';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A reader that has gone (`baccarat-board fleet list | head -1`) is not a failure, as for any Unix tool: nothing more
 * can be said there, so what follows is dropped and the command ends quietly with status 0. A long-running one
 * (serve, simulate, a keypad) stops as on SIGTERM, cleanly: its offline status said, its journal closed. Any other
 * error of a standard stream is a failure, as before.
 */
const gone = new Set<NodeJS.WriteStream>();
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e;
    if (gone.has(stream)) return;
    gone.add(stream);
    if (process.listenerCount('SIGTERM') > 0) process.emit('SIGTERM');
    else process.exit(0);
  });
}
const write = (stream: NodeJS.WriteStream) => (text: string) => {
  if (!gone.has(stream) && !stream.destroyed) stream.write(text);
};

main(process.argv.slice(2), {
  readStdin,
  out: write(process.stdout),
  err: write(process.stderr),
  stdinIsTty: process.stdin.isTTY === true,
  stdoutIsTty: process.stdout.isTTY === true,
  ...(process.env[NODE_CHECK_VARIABLE] === 'off' ? {} : { nodeVersion: process.versions.node }),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`baccarat-board: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  },
);
