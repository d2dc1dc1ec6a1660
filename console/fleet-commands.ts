/**
 * The console's fleet commands (`POST /api/fleet`): a signed-in person sends `identify`, `about`, `screenshot`,
 * `reload` or `resync` to one board, published exactly as `baccarat-board fleet` publishes it (`fleet-send.ts`:
 * signed with the pit's key when the console has one, QoS 1, MQTT 5 expiry), over the console's one connection, and
 * the answer awaited: the board's status naming the request, or its picture. The role decides what may be sent
 * (`roles.ts`); `reload` and `resync` need a reason. A board must be online (a command for a board that is off would
 * wait at the broker and run whenever it is back), and gets one command at a time. Every command sent is one audit
 * record, once its answer is in (or the wait is over), in this console's log and on the shared audit topic.
 *
 * ```ts
 * const fleet = fleetCommands({ monitor, feed, key });
 * const { status, body } = await fleet.send({ displayId: 'D7', command: 'identify' }, alice);
 * ```
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { DISPLAY_COMMANDS, type DisplayCommand } from '../contract/schemas';
import { MAX_REASON_LENGTH } from '../contract/schemas/audit';
import { topics } from '../contract/topics';
import type { SigningKey } from '../mqtt-bridge/signing';
import type { Principal } from './accounts';
import type { AuditFeed } from './audit-feed';
import { AnswerRouter, type Answer, type NoAnswerHints } from './fleet-answer';
import { base64Bytes, fleetAudit, fleetReasonProblem } from './fleet-audit';
import { boardGoing } from './fleet-state';
import {
  defaultTimeoutSeconds,
  fleetRequestProblem,
  makeFleetCommand,
  sendFleetCommand,
  unreachable,
  type Unreachable,
} from './fleet-send';
import type { FleetMonitor } from './monitor';
import type { FleetCommandRequest, FleetCommandResponse, ScreenshotView } from './protocol';
import { may, permissionOfCommand, refusal } from './roles';

export interface FleetCommandsDeps {
  readonly monitor: FleetMonitor; // its connection publishes, and is subscribed to every board's status
  readonly feed: Pick<AuditFeed, 'publish'>; // where the records go: this console's log and the audit topic
  readonly key?: SigningKey | null; // the pit's key: signs every command
  readonly now?: () => Date;
  readonly timeoutMs?: (c: DisplayCommand['command']) => number; // default 10 s, 30 s for a screenshot
  readonly newId?: () => string; // request and record ids; default a random UUID
}

/** What to answer: the HTTP status and the body. */
export interface FleetAnswer {
  readonly status: number;
  readonly body: FleetCommandResponse;
}

type Refusal = Extract<FleetCommandResponse, { ok: false }>;
const refused = (status: number, field: string | null, message: string): FleetAnswer => ({
  status,
  body: { ok: false, outcome: 'refused', field, message },
});

/** A board that is offline (409) or not on the broker (404): nothing is sent to it. */
const refuseUnreachable = (u: Unreachable): FleetAnswer =>
  refused(u.reason === 'no-board' ? 404 : 409, 'display', u.message);

/** Checks the shape of a request body. */
function fleetBody(body: unknown): FleetCommandRequest | FleetAnswer {
  if (typeof body !== 'object' || body === null) return refused(400, 'request', 'expected a JSON object');
  const b = body as Record<string, unknown>;
  if (typeof b.displayId !== 'string') return refused(400, 'display', 'which board? give its displayId');
  if (typeof b.command !== 'string') return refused(400, 'command', `which command? ${DISPLAY_COMMANDS.join(', ')}`);
  if (b.seconds !== undefined && typeof b.seconds !== 'number') return refused(400, 'seconds', 'seconds is a number');
  if (b.replace !== undefined && typeof b.replace !== 'boolean')
    return refused(400, 'replace', 'replace is true or false');
  if (b.reason !== undefined && (typeof b.reason !== 'string' || b.reason.length > 4 * MAX_REASON_LENGTH))
    return refused(400, 'reason', 'the reason is text');
  const problem = fleetRequestProblem({
    name: b.command,
    display: b.displayId,
    seconds: b.seconds as number | undefined,
    replace: b.replace as boolean | undefined,
  });
  if (problem)
    return refused(
      400,
      problem.field,
      problem.field === 'command' || problem.field === 'display'
        ? problem.message
        : `${problem.field} ${problem.message}`,
    );
  return body as FleetCommandRequest;
}

export function fleetCommands({
  monitor,
  feed,
  key = null,
  now = () => new Date(),
  timeoutMs = (c) => defaultTimeoutSeconds(c) * 1000,
  newId = randomUUID,
}: FleetCommandsDeps) {
  const busy = new Map<string, { readonly what: string; readonly since: string }>(); // display id → its command
  const router = new AnswerRouter(() => {
    const t = topics(monitor.broker.root);
    return [t.filter('displayStatus'), t.filter('displaySeen')]; // the monitor's own subscriptions
  });
  const hints: NoAnswerHints = {
    noStatus: 'it may have been removed from the broker.',
    refused: key
      ? `A board that requires signatures takes only commands signed by a pit key it trusts: this console signs with ` +
        `pit key ${key.kid}, which the board may not list (trust.pitKeys). The broker may not let the console's ` +
        'account publish commands (its ACL).'
      : 'A board that requires signatures refuses it: this console has no pit key (start it with --signing-key). ' +
        "The broker may not let the console's account publish commands (its ACL).",
  };

  /** The picture of a screenshot, for the page. */
  const screenshotOf = (a: Answer): ScreenshotView | undefined => {
    if (a.kind !== 'screenshot' || !a.reply.ok) return undefined;
    const shot = a.reply;
    return {
      timestamp: shot.timestamp,
      width: shot.width,
      height: shot.height,
      source: shot.source,
      bytes: base64Bytes(shot.png),
      png: shot.png,
    };
  };

  const send = async (body: unknown, who: Principal): Promise<FleetAnswer> => {
    const req = fleetBody(body);
    if ('status' in req) return req;
    const { displayId, command: name } = req;
    const permission = permissionOfCommand(name);
    if (!may(who.role, permission)) return refused(403, 'role', refusal(who.role, permission));
    const reason = (req.reason ?? '').trim();
    // A reason is required where the patrons' screen changes, and kept wherever one is given.
    const why = fleetReasonProblem(name, reason);
    if (why) return refused(400, 'reason', why);
    if (!monitor.connected) return refused(503, null, 'the console is not connected to the broker: nothing was sent');
    const board = monitor.current.boards.get(displayId) ?? null;
    const off = unreachable(displayId, board, boardGoing(monitor.current, displayId));
    if (off) return refuseUnreachable(off);
    const under = busy.get(displayId);
    if (under)
      return refused(
        409,
        'display',
        // Said as of when it was refused: the words stay on the page after that command has its answer (they read
        // "wait for its answer" long after it came, found by a floor manager).
        `${under.what} was under way on board ${displayId} (since ${under.since}) when this was sent, so it was not ` +
          'sent: send it again once that one has its answer',
      );

    const at = now(); // one instant: the command's timestamp is the audit record's time
    const sentAt = at.toISOString();
    busy.set(displayId, { what: `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name} by ${who.name}`, since: sentAt });
    try {
      const command = makeFleetCommand(
        {
          name,
          display: displayId,
          ...(req.seconds !== undefined && { seconds: req.seconds }),
          ...(req.replace && { replace: true }),
        },
        newId(),
        at,
      );
      const result = await sendFleetCommand(monitor.client, command, displayId, {
        root: monitor.broker.root,
        protocolVersion: monitor.broker.protocolVersion,
        key,
        timeoutMs: timeoutMs(name),
        status: board,
        listen: (o) => router.listen(monitor.client, o),
      });
      const requestId = command.requestId;
      if (result.kind === 'unreachable') return refuseUnreachable(result); // not so: it was online above
      if (result.kind === 'not-sent')
        return {
          status: 502,
          body: { ok: false, outcome: 'not-sent', field: null, message: result.message, requestId },
        };
      const answeredAt = now().toISOString();
      const { record, ...o } = fleetAudit({
        id: newId(),
        at: sentAt,
        who: { account: who.name, role: who.role, via: 'console', host: hostname().slice(0, 255) || 'console' },
        reason,
        displayId,
        tableId: board?.tableId ?? null,
        command,
        kid: key?.kid ?? null,
        answer: result,
        answeredAt,
        hints,
      });
      const screenshot = screenshotOf(result);
      const unshared = await feed.publish([record]).catch((e: unknown) => `not written: ${String(e)}`);
      const warning = unshared ? { warning: `the audit record was not shared: ${unshared}` } : {};
      if (o.outcome !== 'done') {
        const failed: Refusal = {
          ok: false,
          outcome: o.outcome,
          field: null,
          message: o.detail,
          requestId,
          ...warning,
        };
        return { status: o.outcome === 'no-answer' ? 504 : 502, body: failed };
      }
      return {
        status: 200,
        body: {
          ok: true,
          displayId,
          command: name,
          requestId,
          sentAt,
          answeredAt,
          signedBy: key?.kid ?? null,
          message: o.detail,
          ...(screenshot && { screenshot }),
          ...warning,
        },
      };
    } finally {
      busy.delete(displayId);
    }
  };

  return {
    send,
    /** Stops listening on the console's connection (the waits still under way end in their timeouts). */
    close(): void {
      router.close();
    },
  };
}
export type FleetCommands = ReturnType<typeof fleetCommands>;
