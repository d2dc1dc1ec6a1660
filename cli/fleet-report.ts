/**
 * What `baccarat-board fleet` says of a board's answer to a command (`fleet-command.ts`): done or failed from its
 * status, no answer with why (in the command line's words, {@link cliHints}), or a screenshot written to its file
 * and described; as text or `--json`. And, before anything is sent, whether the screenshot's file can be written
 * ({@link outFileProblem}): the board would act, and the picture be lost.
 *
 * ```ts
 * const code = await report(result, { io, name: 'identify', display: 'D1', root, out: undefined, json, key, audit });
 * await outFileProblem('shots/board.png'); // 'the folder shots does not exist', or null
 * ```
 * @packageDocumentation
 */
import { access, constants, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DisplayCommand, DisplayCommandName } from '../contract/schemas';
import { topics } from '../contract/topics';
import { describeStatus, type NoAnswerHints } from '../console/fleet-answer';
import type { FleetResult } from '../console/fleet-send';
import type { SigningKey } from '../mqtt-bridge/signing';
import { type CliIo, EXIT } from './io';

/** Why a board did not answer, in the command line's words. */
export const cliHints = (root: string): NoAnswerHints => ({
  noStatus: `check the display id (and --root), and that this account may read ${topics(root).filter('displayStatus')}.`,
  refused:
    'A board that requires signatures (trust.requireSignatures) takes only commands signed by a pit key it trusts ' +
    '(--signing-key); the broker may not let this account publish commands, or read the answer (its ACL).',
});

/** What the answer is reported with: where, for which command to which board, and how (text or JSON). */
export interface ReportContext {
  readonly io: CliIo;
  readonly name: DisplayCommandName;
  /** The command sent, to say what its "done" means (for how long, replaced or not). */
  readonly command?: DisplayCommand;
  readonly display: string;
  readonly root: string; // the topic root, for the hints
  readonly out: string | undefined;
  readonly json: boolean;
  readonly key: SigningKey | null;
  readonly audit: string | null; // the id of its audit record, once the broker confirmed it
}

/** What a board that answered "done" did, in a few words after it: "its screen shows its display id for 30 s". */
export function doneMeans(command: DisplayCommand): string {
  switch (command.command) {
    case 'identify':
      return `its screen shows its display id for ${command.durationSeconds ?? 30} s`;
    case 'about':
      return `its screen shows what it runs and how it is connected, for ${command.durationSeconds ?? 60} s`;
    case 'reload':
      return 'its page loaded again';
    case 'resync':
      return command.replace
        ? "it shows the table's snapshot in place of its shoe"
        : "it asked its table's retained topics again";
    case 'screenshot':
      return 'it took its picture';
  }
}

/**
 * The board's answer, on standard output (or why none, on standard error), and the exit status. A screenshot is
 * written to `out`.
 */
export async function report(
  a: Exclude<FleetResult, { kind: 'not-sent' | 'unreachable' }>,
  c: ReportContext,
): Promise<number> {
  const { io, audit } = c;
  const signed = c.key ? ` (signed, key ${c.key.kid})` : '';
  if (a.kind === 'timeout') {
    io.err(
      `baccarat-board fleet: no answer from display ${c.display} within ${a.seconds} s to ${c.name}${signed}. ` +
        `${describeStatus(a.status, cliHints(c.root), a.rejected, a.going, a.unreadable)}\n`,
    );
    return EXIT.failure;
  }
  if (a.kind === 'status') {
    if (c.json)
      io.out(`${JSON.stringify({ command: c.name, display: c.display, ok: a.ok, status: a.status, audit })}\n`);
    else {
      const last = a.status.state === 'online' ? a.status.lastCommand : undefined;
      const why = !a.ok && last?.error ? `: ${last.error}` : ''; // older boards do not say why
      const means = a.ok && c.command ? ` — ${doneMeans(c.command)}` : '';
      io.out(`${c.display}: ${c.name} ${a.ok ? 'done' : 'failed'}${signed}${why}${means}\n`);
    }
    return a.ok ? EXIT.ok : EXIT.failure;
  }
  const shot = a.reply;
  if (!shot.ok) {
    if (c.json) io.out(`${JSON.stringify({ ...shot, audit })}\n`);
    io.err(`baccarat-board fleet: display ${c.display} took no picture (${shot.code}): ${shot.error}\n`);
    return EXIT.failure;
  }
  const png = Buffer.from(shot.png, 'base64');
  try {
    await writeFile(c.out ?? '', png);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    io.err(
      `baccarat-board fleet: display ${c.display} sent its picture, but it could not be written to ${c.out}: ${why}\n`,
    );
    return EXIT.failure;
  }
  const { png: _png, ...meta } = shot;
  if (c.json) io.out(`${JSON.stringify({ ...meta, bytes: png.length, file: c.out, audit })}\n`);
  else
    io.out(
      `${c.out ?? ''}: ${shot.width}×${shot.height} PNG, ${Math.ceil(png.length / 1024)} KiB, from display ` +
        `${c.display} at ${shot.timestamp}\n` +
        (shot.source === 'window'
          ? "  source: window (the kiosk window's own pixels)\n"
          : "  source: rendered (browser mode: the board's current view drawn again by a headless Chromium on the " +
            "board's machine, not the screen's pixels)\n"),
    );
  return EXIT.ok;
}

/**
 * Why a screenshot could not be written to `file`, checked before anything is sent (the board would act, and the
 * picture be lost): a folder that is missing or not writable, or a folder given as the file. Null when it can be.
 */
export async function outFileProblem(file: string): Promise<string | null> {
  const isDir = await stat(file).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (isDir) return 'is a folder: name the PNG file to write (e.g. board.png)';
  const folder = dirname(file);
  const dir = await stat(folder).catch(() => null);
  if (dir === null) return `the folder ${folder} does not exist`;
  if (!dir.isDirectory()) return `${folder} is not a folder`;
  return access(folder, constants.W_OK).then(
    () => null,
    () => `the folder ${folder} is not writable by this user`,
  );
}
