/**
 * Whether a record `signage` or `fleet` publishes reaches any console's audit log. The broker keeps records only for
 * a console's persistent session, and each console says it keeps the log, retained, on
 * `{root}/pit/audit-keepers/{keeperId}` as it subscribes (`console/audit-feed.ts`). With none said, a record published
 * now is most likely in no log (no console has connected to this broker since it was installed), or it cannot be
 * known (an account that may not read the topic, a console of a version that does not say): the command says so on
 * standard error, with the record, and what to do. `--audit FILE` keeps the record in a log of its own: then nothing
 * is said.
 *
 * ```ts
 * const keepers = await watchAuditKeepers(client, root); // before publishing: the retained ones arrive at once
 * if (keepers() === 0 && !values.audit) io.err(unkeptAudit('the sign was published', root, records));
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import { parseAuditKeeper } from '../contract/audit';
import { topics } from '../contract/topics';
import type { AuditRecord } from '../console/audit-record';
import { topicMatches } from '../console/mqtt-session';

/** Subscribes to the consoles' keeper announcements; the function answers how many are known so far. */
export async function watchAuditKeepers(client: MqttClient, root: string): Promise<() => number> {
  const filter = topics(root).pitAuditKeepers();
  const keepers = new Set<string>();
  client.on('message', (topic, payload) => {
    if (!topicMatches(filter, topic)) return;
    if (parseAuditKeeper(payload)) keepers.add(topic);
    else keepers.delete(topic); // cleared (an empty retained message), or not an announcement
  });
  await client.subscribeAsync(filter, { qos: 1 }).catch(() => undefined); // refused: none known, and said so
  return () => keepers.size;
}

/** What the command says when no console is known to keep the audit log: why, what to do, and the record(s). */
export const unkeptAudit = (done: string, root: string, records: readonly AuditRecord[]): string =>
  `warning: ${done}, but no console is known to keep this broker’s audit log (none has said so on ` +
  `${topics(root).pitAuditKeepers()}: none has connected since the broker was installed, or this account may not ` +
  `read that topic), so its audit record is most likely in no log. Start the console once (baccarat-board console): ` +
  `from then on the broker keeps every record for it. Add this record to its log by hand, and give --audit FILE ` +
  `to keep your own until then:\n${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
