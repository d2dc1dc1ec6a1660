/**
 * A fleet command to one board, from request to answer, shared by `baccarat-board fleet` and the console: the
 * request checked, the command made with a fresh `requestId`, signed with the pit's key when there is one (boards
 * that require signatures take nothing else), published at QoS 1 — with an MQTT 5 message expiry of the wait, so
 * that a board that is off does not act on it hours later — and its answer awaited (`fleet-answer.ts`).
 *
 * ```ts
 * const command = makeFleetCommand({ name: 'identify', display: 'D7', seconds: 60 }, randomUUID(), new Date());
 * const r = await sendFleetCommand(client, command, 'D7', { root, protocolVersion: 5, key, timeoutMs: 10_000 });
 * // r: { kind: 'status', ok, status } | { kind: 'screenshot', reply, status } | { kind: 'timeout', … } | { kind: 'not-sent', message }
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import { makeDisplayCommand } from '../contract/mqtt';
import {
  DISPLAY_COMMANDS,
  isId,
  type DisplayCommand,
  type DisplayCommandName,
  type DisplayStatus,
} from '../contract/schemas';
import { topics } from '../contract/topics';
import { signPayload, type SigningKey } from '../mqtt-bridge/signing';
import { awaitAnswer, type Answer, type AnswerOptions, type AnswerWait } from './fleet-answer';
import { refusedBecause } from './mqtt-session';

/** One fleet command as asked for. */
export interface FleetRequest {
  readonly name: DisplayCommandName;
  readonly display: string;
  readonly seconds?: number; // identify, about: how long it shows, in s (the board's default otherwise)
  readonly replace?: boolean; // resync: drop the board's state for what the retained topics say
}

/** How long to wait for a board unless told otherwise, in s: a picture takes longer than a status. */
export const defaultTimeoutSeconds = (name: DisplayCommandName): number => (name === 'screenshot' ? 30 : 10);
/** The longest wait, in s (and the longest a board shows identify or about). */
export const MAX_FLEET_SECONDS = 600;

/** What is wrong with a request: the part at fault, and why (the command line prefixes `--`). */
export interface FleetProblem {
  readonly field: 'command' | 'display' | 'seconds' | 'replace';
  readonly message: string; // follows the field's name: `seconds must be 1 to 600, not '0'`
}

/** Checks a request; null when it can be sent. */
export function fleetRequestProblem(r: {
  readonly name: string;
  readonly display: string;
  readonly seconds?: number | string | undefined; // as given: the command line's text, the page's number
  readonly replace?: boolean | undefined;
}): FleetProblem | null {
  const seconds = r.seconds === undefined ? undefined : Number(r.seconds);
  if (!DISPLAY_COMMANDS.includes(r.name as DisplayCommandName))
    return { field: 'command', message: `'${r.name}' is not a fleet command: ${DISPLAY_COMMANDS.join(', ')}` };
  if (!isId(r.display)) return { field: 'display', message: `'${r.display}' is not a display id (A-Z a-z 0-9 _ -)` };
  if (seconds !== undefined && r.name !== 'identify' && r.name !== 'about')
    return { field: 'seconds', message: `is for identify and about, not ${r.name}` };
  if (seconds !== undefined && !(Number.isInteger(seconds) && seconds >= 1 && seconds <= MAX_FLEET_SECONDS))
    return { field: 'seconds', message: `must be 1 to ${MAX_FLEET_SECONDS}, not '${String(r.seconds)}'` };
  if (r.replace && r.name !== 'resync') return { field: 'replace', message: 'is for resync' };
  return null;
}

/** The command for a request (checked), with its `requestId`, at `now`. */
export function makeFleetCommand(r: FleetRequest, requestId: string, now: Date): DisplayCommand {
  const base = { v: 1 as const, requestId, timestamp: now.toISOString() };
  switch (r.name) {
    case 'identify':
    case 'about':
      return { ...base, command: r.name, ...(r.seconds !== undefined && { durationSeconds: r.seconds }) };
    case 'resync':
      return { ...base, command: r.name, ...(r.replace && { replace: true }) };
    default:
      return { ...base, command: r.name };
  }
}

/** The board's answer, or why the broker would not take the command. */
export type FleetResult = Answer | { readonly kind: 'not-sent'; readonly message: string };

export interface FleetSendOptions {
  readonly root: string;
  readonly protocolVersion: 4 | 5;
  readonly key: SigningKey | null; // the pit's key: signs the command for its exact topic
  readonly timeoutMs: number; // how long to wait for the board; also the message's expiry under MQTT 5
  readonly status?: DisplayStatus | null; // the board's status as known before sending
  /**
   * Starts listening for the answer; default: subscribe `client` itself ({@link awaitAnswer}). The console feeds
   * its waits from the one connection it already holds.
   */
  readonly listen?: (o: AnswerOptions) => AnswerWait;
}

/** Publishes `command` to `display` (listening first: the answer can come at once), and waits for the answer. */
export async function sendFleetCommand(
  client: MqttClient,
  command: DisplayCommand,
  display: string,
  o: FleetSendOptions,
): Promise<FleetResult> {
  const topic = topics(o.root).displayCommand(display);
  const payload = makeDisplayCommand(o.key ? signPayload(o.key, topic, command) : command);
  const listen = o.listen ?? ((a: AnswerOptions) => awaitAnswer(client, a));
  const answer = listen({
    root: o.root,
    display,
    requestId: command.requestId,
    name: command.command,
    ms: o.timeoutMs,
    ...(o.status !== undefined && { status: o.status }),
  });
  await answer.ready;
  try {
    await client.publishAsync(topic, payload, {
      qos: 1,
      ...(o.protocolVersion === 5 && { properties: { messageExpiryInterval: Math.ceil(o.timeoutMs / 1000) } }),
    });
  } catch (e) {
    answer.cancel();
    return { kind: 'not-sent', message: refusedBecause(e, `a command to ${display}`) };
  }
  return answer.result;
}
