/**
 * A fleet command to one board, from request to answer, shared by `baccarat-board fleet` and the console: the
 * request checked, the command made with a fresh `requestId`, signed with the pit's key when there is one (boards
 * that require signatures take nothing else), published at QoS 1 — with an MQTT 5 message expiry of the wait, so
 * that a board that is off does not act on it hours later — and its answer awaited (`fleet-answer.ts`). Nothing is
 * sent to a board whose status says it is offline, or that has none (it has never connected): they are said at once,
 * in the words of `contract/offline-since.ts`, rather than after the whole wait; the console knows every board's
 * status, the command line reads the board's retained status and last-seen time first.
 *
 * ```ts
 * const command = makeFleetCommand({ name: 'identify', display: 'D7', seconds: 60 }, randomUUID(), new Date());
 * const r = await sendFleetCommand(client, command, 'D7', { root, protocolVersion: 5, key, timeoutMs: 10_000 });
 * // r: { kind: 'status', ok, status } | { kind: 'screenshot', reply, status } | { kind: 'timeout', … }
 * // | { kind: 'unreachable', reason: 'offline' | 'no-board', message, status } | { kind: 'not-sent', message }
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import { makeDisplayCommand, parseMessage } from '../contract/mqtt';
import { isSilent, lastSeenOf, offlineSince, type SeenGoing } from '../contract/offline-since';
import { RESTATE_SECONDS } from '../contract/schemas/seen';
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
import { readRetained, refusedBecause } from './mqtt-session';

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

/** Why nothing is sent to a board: its status says it is offline, or there is none (it has never connected). */
export interface Unreachable {
  readonly kind: 'unreachable';
  readonly reason: 'offline' | 'silent' | 'no-board';
  readonly message: string; // `board D7 is offline since …: …, so nothing was sent`
  readonly status: DisplayStatus | null;
}

/**
 * Why a command is not sent to `display`, from its status (null: none on the broker) and what is known of its going;
 * null when it is online. A command for a board that is off would wait at the broker for nothing, or (MQTT 3.1.1)
 * run whenever the board is back. A silent board (its status online, but older than a board re-states it: `fleet
 * list` says silent) is not sent one either: its answer never came, and the wait's words blamed signatures or the
 * ACL for a board that was down (found by casino IT).
 */
export function unreachable(
  display: string,
  status: DisplayStatus | null,
  going: SeenGoing,
  now: number = Date.now(),
): Unreachable | null {
  if (status?.state === 'online' && isSilent(status, now))
    return {
      kind: 'unreachable',
      reason: 'silent',
      message:
        `board ${display} is silent: its status says online as of ${status.timestamp}, and nothing has been heard ` +
        `from it for ${ago(now - Date.parse(status.timestamp))} (a board says it is online every ${RESTATE_SECONDS} s): ` +
        'it is most likely down, and a command would wait at the broker and run whenever it is back, so nothing ' +
        'was sent',
      status,
    };
  if (status?.state === 'online') return null;
  return status
    ? {
        kind: 'unreachable',
        reason: 'offline',
        message:
          `board ${display} is offline ${offlineSince(status, going, (iso) => iso)}: a command would wait at the ` +
          'broker and run whenever the board is back, so nothing was sent',
        status,
      }
    : {
        kind: 'unreachable',
        reason: 'no-board',
        message:
          `no board ${display} on the broker: the broker holds no status for it, as for a board that has never ` +
          'connected, so nothing was sent',
        status,
      };
}

/** A while, in words: "12 min", "2 h 5 min" (a status time that cannot be read: "a long time"). */
function ago(ms: number): string {
  if (!Number.isFinite(ms)) return 'a long time';
  const min = Math.max(1, Math.round(ms / 60_000));
  return min < 60 ? `${min} min` : `${Math.floor(min / 60)} h ${min % 60} min`;
}

/** How long the command line waits for a board's retained status before sending, in ms (they come at once). */
export const RETAINED_STATUS_MS = 500;

/**
 * The board's retained status (null: none) and what its retained last-seen time says of its going; undefined when
 * they cannot be read (not allowed, or a status that is not one): then the command is sent, and its wait says what
 * it can.
 */
export async function retainedBoard(
  client: MqttClient,
  root: string,
  display: string,
  waitMs = RETAINED_STATUS_MS,
): Promise<{ readonly status: DisplayStatus | null; readonly going: SeenGoing } | undefined> {
  const t = topics(root);
  // Each read ends as soon as its message is in: the last-seen time is read only where it says more (a will).
  const got = await readRetained(client, [t.displayStatus(display)], waitMs);
  if (!got.ok) return undefined;
  const bytes = got.value.get(t.displayStatus(display));
  if (!bytes) return { status: null, going: {} };
  const status = parseMessage('displayStatus', bytes);
  if (!status.ok || status.value.displayId !== display) return undefined;
  if (status.value.state === 'online' || status.value.will !== true) return { status: status.value, going: {} };
  const seen = await readRetained(client, [t.displaySeen(display)], waitMs);
  const seenBytes = seen.ok ? seen.value.get(t.displaySeen(display)) : undefined;
  const parsed = seenBytes && parseMessage('displaySeen', seenBytes); // an unreadable one is as none
  const lastSeen = parsed && parsed.ok ? lastSeenOf(status.value, parsed.value) : undefined;
  return { status: status.value, going: lastSeen === undefined ? {} : { lastSeen } };
}

/** The board's answer, or why nothing was sent: the board is not there, or the broker would not take it. */
export type FleetResult = Answer | Unreachable | { readonly kind: 'not-sent'; readonly message: string };

export interface FleetSendOptions {
  readonly root: string;
  readonly protocolVersion: 4 | 5;
  readonly key: SigningKey | null; // the pit's key: signs the command for its exact topic
  readonly timeoutMs: number; // how long to wait for the board; also the message's expiry under MQTT 5
  readonly status?: DisplayStatus | null; // the board's status as known before sending; default read from the broker
  /**
   * Starts listening for the answer; default: subscribe `client` itself ({@link awaitAnswer}). The console feeds
   * its waits from the one connection it already holds.
   */
  readonly listen?: (o: AnswerOptions) => AnswerWait;
}

/**
 * Publishes `command` to `display` (listening first: the answer can come at once), and waits for the answer; unless
 * the board's status, as known or read from the broker, says it is offline or there is none.
 */
export async function sendFleetCommand(
  client: MqttClient,
  command: DisplayCommand,
  display: string,
  o: FleetSendOptions,
): Promise<FleetResult> {
  const known =
    o.status === undefined
      ? await retainedBoard(client, o.root, display, Math.min(RETAINED_STATUS_MS, o.timeoutMs))
      : { status: o.status, going: {} }; // the caller's: the console says an offline board's going itself
  const off = known && unreachable(display, known.status, known.going);
  if (off) return off;
  const topic = topics(o.root).displayCommand(display);
  const payload = makeDisplayCommand(o.key ? signPayload(o.key, topic, command) : command);
  const listen = o.listen ?? ((a: AnswerOptions) => awaitAnswer(client, a));
  const answer = listen({
    root: o.root,
    display,
    requestId: command.requestId,
    name: command.command,
    ms: o.timeoutMs,
    ...(known && { status: known.status }),
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
