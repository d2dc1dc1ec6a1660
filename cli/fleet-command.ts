/**
 * `baccarat-board fleet <command> --display ID`: a fleet command to one board, for casino IT. `identify`, `about`,
 * `reload` and `resync` are confirmed by the board's status (`lastCommand` with our request id); `screenshot` waits
 * for the board's picture on `{root}/displays/{id}/screenshot` and writes the PNG. Signed with the pit's key
 * (`--signing-key`) for boards that require signatures; published at QoS 1, with an MQTT 5 message expiry, so that
 * a board that is off does not act on it hours later.
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { MqttClient } from 'mqtt';
import { DISPLAY_COMMANDS, type DisplayCommandName } from '../contract/schemas';
import { describeStatus, type NoAnswerHints } from '../console/fleet-answer';
import {
  defaultTimeoutSeconds,
  fleetRequestProblem,
  makeFleetCommand,
  MAX_FLEET_SECONDS,
  sendFleetCommand,
  type FleetResult,
} from '../console/fleet-send';
import { BROKER_ARGS, brokerOptions, connectBroker } from '../console/mqtt-session';
import { loadSigningKey } from '../console/pit-signature';
import type { SigningKey } from '../mqtt-bridge/signing';
import { FLEET_USAGE } from './fleet-usage';
import { type CliIo, EXIT, UsageError } from './io';

export { FLEET_USAGE };

export async function fleetCommand(args: string[], io: CliIo, now: () => Date = () => new Date()): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...BROKER_ARGS,
      display: { type: 'string' },
      out: { type: 'string' },
      seconds: { type: 'string' },
      replace: { type: 'boolean' },
      timeout: { type: 'string' },
      'signing-key': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(FLEET_USAGE);
    return EXIT.ok;
  }
  const [word, ...extra] = positionals;
  if (word === undefined) throw new UsageError(`which command?: ${DISPLAY_COMMANDS.join(', ')}`);
  if (extra.length > 0) throw new UsageError(`unexpected '${extra[0]}'`);
  const display = values.display;
  if (display === undefined) throw new UsageError('--display ID is required');
  const problem = fleetRequestProblem({ name: word, display, seconds: values.seconds, replace: values.replace });
  if (problem?.field === 'command') throw new UsageError(`unknown command '${word}': ${DISPLAY_COMMANDS.join(', ')}`);
  if (problem) throw new UsageError(`--${problem.field} ${problem.message}`);
  const seconds = values.seconds === undefined ? undefined : Number(values.seconds);
  const name = word as DisplayCommandName;
  if (name === 'screenshot' && !values.out) throw new UsageError('screenshot needs --out FILE.png');
  if (name !== 'screenshot' && values.out) throw new UsageError(`--out is for screenshot, not ${name}`);
  const timeoutS = values.timeout === undefined ? defaultTimeoutSeconds(name) : Number(values.timeout);
  if (!(Number.isFinite(timeoutS) && timeoutS > 0 && timeoutS <= MAX_FLEET_SECONDS))
    throw new UsageError(
      `--timeout must be more than 0 and at most ${MAX_FLEET_SECONDS} seconds, not '${values.timeout}'`,
    );
  const broker = brokerOptions(values, process.env);
  if (!broker.ok) throw new UsageError(broker.error);
  let key: SigningKey | null = null;
  if (values['signing-key'] !== undefined) {
    const k = await loadSigningKey(values['signing-key']);
    if (!k.ok) throw new UsageError(`--signing-key: ${k.error}`);
    key = k.value;
  }

  const command = makeFleetCommand(
    { name, display, ...(seconds !== undefined && { seconds }), ...(values.replace && { replace: true }) },
    randomUUID(),
    now(),
  );
  let client: MqttClient;
  try {
    client = await connectBroker(broker.value);
  } catch (e) {
    io.err(`baccarat-board fleet: ${(e as Error).message}\n`);
    return EXIT.failure;
  }
  try {
    const { root, protocolVersion } = broker.value;
    const result = await sendFleetCommand(client, command, display, {
      root,
      protocolVersion,
      key,
      timeoutMs: timeoutS * 1000,
    });
    return await report(result, { io, name, display, out: values.out, json: values.json === true, key });
  } finally {
    await client.endAsync().catch(() => undefined);
  }
}

/** Why a board did not answer, in the command line's words. */
const CLI_HINTS: NoAnswerHints = {
  noStatus: 'check the display id (and --root), and that this account may read {root}/displays/+/status.',
  refused:
    'A board that requires signatures (trust.requireSignatures) takes only commands signed by a pit key it trusts ' +
    '(--signing-key); the broker may not let this account publish commands, or read the answer (its ACL).',
};

interface ReportContext {
  readonly io: CliIo;
  readonly name: DisplayCommandName;
  readonly display: string;
  readonly out: string | undefined;
  readonly json: boolean;
  readonly key: SigningKey | null;
}

async function report(a: FleetResult, c: ReportContext): Promise<number> {
  const { io } = c;
  const signed = c.key ? ` (signed, key ${c.key.kid})` : '';
  if (a.kind === 'not-sent') {
    io.err(`baccarat-board fleet: ${a.message}\n`);
    return EXIT.failure;
  }
  if (a.kind === 'timeout') {
    io.err(
      `baccarat-board fleet: no answer from display ${c.display} within ${a.seconds} s to ${c.name}${signed}. ` +
        `${describeStatus(a.status, CLI_HINTS, a.rejected)}\n`,
    );
    return EXIT.failure;
  }
  if (a.kind === 'status') {
    if (c.json) io.out(`${JSON.stringify({ command: c.name, display: c.display, ok: a.ok, status: a.status })}\n`);
    else io.out(`${c.display}: ${c.name} ${a.ok ? 'done' : 'failed'}${signed}\n`);
    return a.ok ? EXIT.ok : EXIT.failure;
  }
  const shot = a.reply;
  if (!shot.ok) {
    if (c.json) io.out(`${JSON.stringify({ ...shot })}\n`);
    io.err(`baccarat-board fleet: display ${c.display} took no picture (${shot.code}): ${shot.error}\n`);
    return EXIT.failure;
  }
  const png = Buffer.from(shot.png, 'base64');
  await writeFile(c.out ?? '', png);
  const { png: _png, ...meta } = shot;
  if (c.json) io.out(`${JSON.stringify({ ...meta, bytes: png.length, file: c.out })}\n`);
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
