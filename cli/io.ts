/**
 * The command-line tool's view of the outside world, injected so that commands run in tests without a process.
 * @packageDocumentation
 */

export interface CliIo {
  /** Standard input as text, read to the end (only called when a command needs it). */
  readonly readStdin: () => Promise<string>;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Whether standard input is a terminal (then a command without arguments shows its usage instead of waiting). */
  readonly stdinIsTty: boolean;
  /** Whether standard output is a terminal (a person reads it, not journald): then a board's token is printed. */
  readonly stdoutIsTty?: boolean;
  /** The Node.js running the tool, checked against package.json's engines (a warning if older); absent: unchecked. */
  readonly nodeVersion?: string;
}

/** Exit statuses: 0 success, 1 a runtime failure, 2 bad input or usage. */
export const EXIT = { ok: 0, failure: 1, badInput: 2 } as const;

/** Splits standard input into lines; a final newline does not make an extra (empty) line. */
export function inputLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A usage error: printed with the command's usage, exit status 2. */
export class UsageError extends Error {}

/**
 * A command's usage lines (its help up to the first blank line), which a usage error prints under the error: the
 * whole help (80 lines for signage) buried the one line that says what was wrong.
 */
export function synopsis(usage: string): string {
  const end = usage.indexOf('\n\n');
  return `${end < 0 ? usage.trimEnd() : usage.slice(0, end)}\n`;
}
