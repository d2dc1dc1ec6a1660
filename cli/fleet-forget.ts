/**
 * `baccarat-board fleet forget --display ID`: retires a board from the fleet's picture. A board's retained status
 * (its last will once it is gone) and last-seen time stay on the broker for ever, so a board taken away was listed
 * by `fleet list` and the console as "offline 15 min ago" months later. `forget` clears both with empty retained
 * messages (MQTT's way to delete one), and reads them back to be sure the broker let this account do it. A board
 * online now is refused unless `--force`: it would publish its status again at once.
 *
 * ```sh
 * baccarat-board fleet forget --broker mqtt://broker:1883 --display lobby-3
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import { boardList, retainedBoards } from '../contract/board-list';
import { isId, RESTATE_SECONDS } from '../contract/schemas';
import { ago } from '../contract/time-words';
import { topics } from '../contract/topics';
import {
  type BROKER_ARGS,
  brokerOptions,
  collectRetained,
  refusedBecause,
  RETAINED_SETTLE,
  unconfirmedHint,
} from '../console/mqtt-session';
import type { ActorEnv } from './actor';
import { connectFor } from './broker-connect';
import { type CliIo, EXIT, UsageError } from './io';

/** What `fleet forget` reads of the command line. */
export type FleetForgetValues = { readonly [K in keyof typeof BROKER_ARGS]?: string } & {
  readonly display?: string;
  readonly force?: boolean;
  readonly json?: boolean;
  readonly timeout?: string; // seconds: the longest to wait for the retained messages
};

/** The longest `--timeout`, in seconds. */
const MAX_SECONDS = 60;

/**
 * Clears a board's retained status and last-seen time. Exit 0 once cleared (confirmed by reading them back); 1 when
 * the broker holds nothing of that board, the board is online (without `--force`), the broker cannot be reached, or
 * it kept them (this account may not write them); 2 for bad input.
 */
export async function fleetForget(values: FleetForgetValues, io: CliIo, penv: ActorEnv): Promise<number> {
  const display = values.display;
  if (display === undefined) throw new UsageError('--display ID is required');
  if (!isId(display)) throw new UsageError(`--display '${display}' is not a display id (A-Z a-z 0-9 _ -)`);
  const waitS = values.timeout === undefined ? RETAINED_SETTLE.maxMs / 1000 : Number(values.timeout);
  if (!(Number.isFinite(waitS) && waitS > 0 && waitS <= MAX_SECONDS))
    throw new UsageError(`--timeout must be more than 0 and at most ${MAX_SECONDS} seconds, not '${values.timeout}'`);
  const broker = brokerOptions(values, penv.env);
  if (!broker.ok) throw new UsageError(broker.error);
  const client = await connectFor('fleet', broker.value, io);
  if (!client) return EXIT.failure;
  const { root, protocolVersion } = broker.value;
  const t = topics(root);
  const held = [
    { topic: t.displayStatus(display), what: 'status' },
    { topic: t.displaySeen(display), what: 'last-seen time' },
  ];
  const fail = (message: string) => (io.err(`baccarat-board fleet: ${message}\n`), EXIT.failure);
  try {
    const before = await readHeld(client, held, waitS);
    if (!before.ok) return fail(before.error);
    const present = held.filter((h) => before.value.has(h.topic));
    if (present.length === 0)
      return fail(
        `display ${display}: the broker holds no status or last-seen time of it: nothing to forget (check the ` +
          `display id and --root, and that this account may read ${t.filter('displayStatus')})`,
      );
    const now = penv.now().getTime();
    const board = boardList(retainedBoards(root, before.value), now)[0] ?? null;
    if (board?.state === 'online' && values.force !== true)
      return fail(
        `display ${display} (table ${board.table}) is online now (its status ${ago(board.statusAt, now)}): it would ` +
          'publish its status again at once. Stop it first, or forget it anyway with --force',
      );
    for (const h of present)
      try {
        await client.publishAsync(h.topic, Buffer.alloc(0), { qos: 1, retain: true });
      } catch (e) {
        return fail(`${refusedBecause(e, `the retained ${h.what} of display ${display}`)}: nothing more cleared`);
      }
    const after = await readHeld(client, held, waitS);
    if (!after.ok) return fail(after.error);
    const kept = present.filter((h) => after.value.has(h.topic));
    if (kept.length > 0)
      return fail(
        `the broker still holds ${kept.map((h) => h.topic).join(' and ')} after clearing: this account may not ` +
          `write ${kept.length > 1 ? 'them' : 'it'} (the broker's ACL; docs/deployment.md)` +
          unconfirmedHint(protocolVersion),
      );
    const online = board?.state === 'online';
    if (values.json === true)
      io.out(
        `${JSON.stringify({
          display,
          table: board?.table ?? null,
          state: board?.state ?? null,
          lastSeen: board?.lastSeen ?? null,
          cleared: present.map((h) => h.topic),
          forced: online,
        })}\n`,
      );
    else
      io.out(
        `forgot display ${display}${board ? ` (table ${board.table}, ${board.state}, last seen ${ago(board.lastSeen, now)})` : ''}: ` +
          `cleared its retained ${present.map((h) => `${h.what} (${h.topic})`).join(' and ')}\n` +
          (online
            ? `  it is online: it publishes its status again within ${RESTATE_SECONDS} s, and is listed again, ` +
              'unless it is stopped\n'
            : ''),
      );
    return EXIT.ok;
  } finally {
    await client.endAsync().catch(() => undefined);
  }
}

/** The board's retained messages the broker holds now (a fresh subscription each time: the broker sends them again). */
async function readHeld(client: MqttClient, held: readonly { readonly topic: string }[], waitS: number) {
  const list = held.map((h) => h.topic);
  const read = await collectRetained(client, [], waitS * 1000, list, RETAINED_SETTLE.quietMs);
  await client.unsubscribeAsync(list).catch(() => undefined);
  return read.ok ? { ok: true as const, value: read.value.messages } : read;
}
