/**
 * What a console's audit feed says, retained, as it subscribes (console/audit-feed.ts): that it keeps the audit log
 * from this broker. Tests of `signage` and `fleet` that run without a console say it for one, as a floor whose console
 * has connected once, so that their commands do not warn that no log keeps the record (cli/audit-keepers.ts).
 *
 * ```ts
 * await announceAuditKeeper(client); // before the commands run
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import { makeAuditKeeper } from '../../contract/audit';
import { topics } from '../../contract/topics';

export async function announceAuditKeeper(client: MqttClient, root = 'baccarat'): Promise<void> {
  const keeper = 'test-console-audit';
  const text = makeAuditKeeper({ v: 1, keeper, host: 'pit-test', at: '2026-11-22T08:00:00.000Z' });
  await client.publishAsync(topics(root).pitAuditKeeper(keeper), text, { qos: 1, retain: true });
}
