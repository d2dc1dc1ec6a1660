/** An in-memory `CliIo` for tests: feeds standard input, collects both outputs. */
import type { CliIo } from './io';

export function memoryIo(stdin: string | null = null) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    readStdin: async () => stdin ?? '',
    out: (t) => void out.push(t),
    err: (t) => void err.push(t),
    stdinIsTty: stdin === null,
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}
