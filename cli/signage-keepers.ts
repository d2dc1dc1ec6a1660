/**
 * `baccarat-board signage keepers [--forget ID]`: the consoles that say they keep this broker's audit log, and a way
 * to retire one. Each console says so, retained, on `{root}/pit/audit-keepers/{id}` (`console/audit-feed.ts`), and
 * `signage` and `fleet` stay quiet while any has (`audit-keepers.ts`). A console retired for good left its word
 * behind for ever, so they took their records as kept by a log nobody reads any more, and nothing cleared it but a
 * hand-made empty retained message. `--forget ID` clears it (MQTT's way to delete a retained message) and reads it
 * back to be sure the broker let this account do it.
 *
 * ```sh
 * baccarat-board signage keepers --broker mqtt://broker --username console
 * baccarat-board signage keepers --broker mqtt://broker --username console --forget baccarat-console-audit-pit2
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import { parseAuditKeeper } from '../contract/audit';
import { isId } from '../contract/schemas/common';
import type { AuditKeeper } from '../contract/schemas/audit';
import { ago } from '../contract/time-words';
import { topics } from '../contract/topics';
import {
  type BROKER_ARGS,
  brokerOptions,
  type BrokerOptions,
  collectRetained,
  refusedBecause,
  RETAINED_SETTLE,
  unconfirmedHint,
} from '../console/mqtt-session';
import type { ActorEnv } from './actor';
import { connectFor } from './broker-connect';
import { type CliIo, EXIT, UsageError } from './io';

/** What `signage keepers` reads of the command line. */
export type KeepersValues = { readonly [K in keyof typeof BROKER_ARGS]?: string } & {
  readonly forget?: string;
  readonly json?: boolean;
  readonly wait?: string;
  readonly table?: string;
};

/** `signage keepers [--forget ID]`, from the command line: connects, then lists or forgets. */
export async function signageKeepersCommand(
  values: KeepersValues,
  extra: readonly string[],
  io: CliIo,
  penv: ActorEnv,
): Promise<number> {
  if (extra.length > 0) throw new UsageError(`keepers takes no KEY=VALUE ('${extra[0]}')`);
  if (values.table !== undefined) throw new UsageError("keepers are the broker's, not a table's: leave out --table");
  const waitMs = values.wait === undefined ? RETAINED_SETTLE.maxMs : Number(values.wait);
  if (!(Number.isInteger(waitMs) && waitMs >= 0 && waitMs <= 60_000))
    throw new UsageError(`--wait must be 0 to 60000 ms, not '${values.wait}'`);
  const broker = brokerOptions(values, penv.env);
  if (!broker.ok) throw new UsageError(broker.error);
  if (values.forget !== undefined && !isId(values.forget))
    throw new UsageError(`--forget '${values.forget}' is not a keeper id (A-Z a-z 0-9 _ -)`);
  const client = await connectFor('signage', broker.value, io);
  if (!client) return EXIT.failure;
  try {
    const o = { forget: values.forget, json: values.json === true, waitMs, now: penv.now().getTime() };
    return await signageKeepers(client, broker.value, o, io);
  } finally {
    await client.endAsync().catch(() => undefined);
  }
}

/** The keepers the broker holds now, by id (a fresh subscription: the broker sends the retained ones again). */
async function readKeepers(
  client: MqttClient,
  root: string,
  waitMs: number,
): Promise<{ ok: true; value: Map<string, AuditKeeper | null> } | { ok: false; error: string }> {
  const filter = topics(root).pitAuditKeepers();
  const read = await collectRetained(client, [], waitMs, [filter], RETAINED_SETTLE.quietMs);
  await client.unsubscribeAsync(filter).catch(() => undefined);
  if (!read.ok) return read;
  const keepers = new Map<string, AuditKeeper | null>();
  for (const [topic, payload] of read.value.messages)
    keepers.set(topic.slice(topic.lastIndexOf('/') + 1), parseAuditKeeper(payload)); // null: not an announcement
  return { ok: true, value: keepers };
}

const described = (id: string, k: AuditKeeper | null, now: number): string =>
  k ? `${id} (host ${k.host}, last subscribed ${ago(k.at, now)}, ${k.at})` : `${id} (not a keeper's word: unreadable)`;

/**
 * Lists the keepers, or (`forget`) clears one. Exit 0 when listed or cleared (confirmed); 1 when the broker holds no
 * such keeper, cannot be read, or kept it (this account may not write it).
 */
export async function signageKeepers(
  client: MqttClient,
  broker: BrokerOptions,
  o: { readonly forget: string | undefined; readonly json: boolean; readonly waitMs: number; readonly now: number },
  io: CliIo,
): Promise<number> {
  const fail = (message: string) => (io.err(`baccarat-board signage: ${message}\n`), EXIT.failure);
  const wait = Math.max(o.waitMs, RETAINED_SETTLE.quietMs);
  const before = await readKeepers(client, broker.root, wait);
  if (!before.ok) return fail(before.error);
  const ids = [...before.value.keys()].sort();
  if (o.forget === undefined) {
    if (o.json)
      io.out(`${JSON.stringify(ids.map((id) => ({ id, ...(before.value.get(id) ?? { unreadable: true }) })))}\n`);
    else if (ids.length === 0)
      io.out(
        `No console has said it keeps this broker's audit log (${topics(broker.root).pitAuditKeepers()}): signage ` +
          'and fleet warn that their records are most likely in no log. Start the console once.\n',
      );
    else
      io.out(
        `Consoles that keep this broker's audit log:\n${ids.map((id) => `  ${described(id, before.value.get(id) ?? null, o.now)}\n`).join('')}` +
          'A console retired for good: signage keepers --forget ID\n',
      );
    return EXIT.ok;
  }
  const id = o.forget;
  const topic = topics(broker.root).pitAuditKeeper(id);
  if (!before.value.has(id))
    return fail(
      `the broker holds no keeper ${id} on ${topics(broker.root).pitAuditKeepers()}: nothing to forget ` +
        `(${ids.length === 0 ? 'it holds none' : `it holds ${ids.join(', ')}`}; check the id and --root)`,
    );
  try {
    await client.publishAsync(topic, Buffer.alloc(0), { qos: 1, retain: true });
  } catch (e) {
    return fail(`${refusedBecause(e, `the keeper ${id}`)}: nothing was cleared`);
  }
  const after = await readKeepers(client, broker.root, wait);
  if (!after.ok) return fail(after.error);
  if (after.value.has(id))
    return fail(
      `the broker still holds ${topic} after clearing: this account may not write it (the broker's ACL; ` +
        `docs/console.md)${unconfirmedHint(broker.protocolVersion)}`,
    );
  const left = after.value.size;
  if (o.json) io.out(`${JSON.stringify({ forgot: id, cleared: topic, keepersLeft: left })}\n`);
  else
    io.out(
      `forgot keeper ${described(id, before.value.get(id) ?? null, o.now)}: cleared ${topic}\n` +
        '  a console still running with that audit client id says so again when it next connects\n' +
        (left === 0
          ? '  no keeper is left: signage and fleet now warn that their records are most likely in no log\n'
          : `  ${left} keeper${left === 1 ? '' : 's'} left\n`),
    );
  return EXIT.ok;
}
