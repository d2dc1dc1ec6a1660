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
import { makeDisplayCommand } from '../contract/mqtt';
import { DISPLAY_COMMANDS, isId, type DisplayCommand, type DisplayCommandName } from '../contract/schemas';
import { topics } from '../contract/topics';
import { BROKER_ARGS, brokerOptions, connectBroker, refusedBecause } from '../console/mqtt-session';
import { loadSigningKey } from '../console/pit-signature';
import { signPayload, type SigningKey } from '../mqtt-bridge/signing';
import { awaitAnswer, describeStatus, type Answer } from './fleet-answer';
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
  if (!DISPLAY_COMMANDS.includes(word as DisplayCommandName))
    throw new UsageError(`${word ? `unknown command '${word}'` : 'which command?'}: ${DISPLAY_COMMANDS.join(', ')}`);
  if (extra.length > 0) throw new UsageError(`unexpected '${extra[0]}'`);
  const name = word as DisplayCommandName;
  const display = values.display;
  if (display === undefined) throw new UsageError('--display ID is required');
  if (!isId(display)) throw new UsageError(`--display '${display}' is not a display id (A-Z a-z 0-9 _ -)`);
  if (name === 'screenshot' && !values.out) throw new UsageError('screenshot needs --out FILE.png');
  if (name !== 'screenshot' && values.out) throw new UsageError(`--out is for screenshot, not ${name}`);
  if (values.seconds !== undefined && name !== 'identify' && name !== 'about')
    throw new UsageError(`--seconds is for identify and about, not ${name}`);
  if (values.replace && name !== 'resync') throw new UsageError('--replace is for resync');
  const seconds = values.seconds === undefined ? undefined : Number(values.seconds);
  if (seconds !== undefined && !(Number.isInteger(seconds) && seconds >= 1 && seconds <= 600))
    throw new UsageError(`--seconds must be 1 to 600, not '${values.seconds}'`);
  const timeoutS = values.timeout === undefined ? (name === 'screenshot' ? 30 : 10) : Number(values.timeout);
  if (!(Number.isFinite(timeoutS) && timeoutS > 0 && timeoutS <= 600))
    throw new UsageError(`--timeout must be more than 0 and at most 600 seconds, not '${values.timeout}'`);
  const broker = brokerOptions(values, process.env);
  if (!broker.ok) throw new UsageError(broker.error);
  let key: SigningKey | null = null;
  if (values['signing-key'] !== undefined) {
    const k = await loadSigningKey(values['signing-key']);
    if (!k.ok) throw new UsageError(`--signing-key: ${k.error}`);
    key = k.value;
  }

  const requestId = randomUUID();
  const base = { v: 1 as const, requestId, timestamp: now().toISOString() };
  const command: DisplayCommand =
    name === 'identify' || name === 'about'
      ? { ...base, command: name, ...(seconds !== undefined && { durationSeconds: seconds }) }
      : name === 'resync'
        ? { ...base, command: name, ...(values.replace && { replace: true }) }
        : { ...base, command: name };
  const t = topics(broker.value.root);
  const topic = t.displayCommand(display);
  const payload = makeDisplayCommand(key ? signPayload(key, topic, command) : command);

  let client: MqttClient;
  try {
    client = await connectBroker(broker.value);
  } catch (e) {
    io.err(`baccarat-board fleet: ${(e as Error).message}\n`);
    return EXIT.failure;
  }
  try {
    // Listening before publishing: the answer can come at once.
    const answer = awaitAnswer(client, { root: broker.value.root, display, requestId, name, ms: timeoutS * 1000 });
    await answer.ready;
    try {
      await client.publishAsync(topic, payload, {
        qos: 1,
        ...(broker.value.protocolVersion === 5 && { properties: { messageExpiryInterval: Math.ceil(timeoutS) } }),
      });
    } catch (e) {
      answer.cancel();
      io.err(`baccarat-board fleet: ${refusedBecause(e, `a command to ${display}`)}\n`);
      return EXIT.failure;
    }
    return await report(await answer.result, { io, name, display, out: values.out, json: values.json === true, key });
  } finally {
    await client.endAsync().catch(() => undefined);
  }
}

interface ReportContext {
  readonly io: CliIo;
  readonly name: DisplayCommandName;
  readonly display: string;
  readonly out: string | undefined;
  readonly json: boolean;
  readonly key: SigningKey | null;
}

async function report(a: Answer, c: ReportContext): Promise<number> {
  const { io } = c;
  const signed = c.key ? ` (signed, key ${c.key.kid})` : '';
  if (a.kind === 'timeout') {
    io.err(
      `baccarat-board fleet: no answer from display ${c.display} within ${a.seconds} s to ${c.name}${signed}. ` +
        `${describeStatus(a.status)}\n`,
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
