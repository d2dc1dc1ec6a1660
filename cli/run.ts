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

const write = (stream: NodeJS.WriteStream) => (text: string) => void stream.write(text);

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
