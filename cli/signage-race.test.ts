/**
 * Two floor managers' `signage set` on one table at one moment, against a real broker in this process (Aedes): both
 * read revision N and publish N + 1; the broker keeps the later. The one whose change it did not keep is told so
 * (exit 1, with who made the sign kept); the other's is the sign retained. A floor manager's walk found both
 * printed "Published" and exited 0 while one change was lost.
 */
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeTableSignage } from '../contract/mqtt';
import type { TableSignage } from '../contract/schemas';
import { topics } from '../contract/topics';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { announceAuditKeeper } from '../test/helpers/audit-keeper';
import { signage } from '../test/helpers/table-messages';
import { signageCommand } from './signage-command';
import { memoryIo } from './test-io';
import { peekRetained } from '../test/helpers/peek-retained';

const T = topics('baccarat');
let broker: EmbeddedBroker;
let client: MqttClient;

beforeAll(async () => {
  broker = await startEmbeddedBroker();
  client = await connectAsync(broker.url, { clientId: 'race-setup' });
  await announceAuditKeeper(client, 'baccarat');
});
afterAll(async () => {
  await client.endAsync();
  await broker.close();
});

const retained = (topic: string) => peekRetained<TableSignage>(broker.url, topic);

const set = (user: string, change: string) => {
  const m = memoryIo(null);
  return signageCommand(
    ['--broker', broker.url, '--table', 'T9', '--wait', '150', 'set', change, '--reason', 'race'],
    m.io,
    { env: { USER: user }, now: () => new Date() },
  ).then((code) => ({ code, out: m.out(), err: m.err(), user }));
};

test('two at one moment: the one the broker did not keep is told so, the other is the sign kept', async () => {
  await client.publishAsync(
    T.tableSignage('T9'),
    makeTableSignage(signage(16, { sideBets: ['playerPair', 'bankerPair'] })),
    { qos: 1, retain: true },
  );
  const [a, b] = await Promise.all([set('floor-a', 'tie-max=901'), set('floor-b', 'message=Manager B')]);
  const lost = [a, b].filter((r) => r.code !== 0);
  const kept = [a, b].filter((r) => r.code === 0);
  expect(lost, `${a.err}\n${b.err}`).toHaveLength(1);
  expect(kept).toHaveLength(1);
  expect(lost[0]!.err).toMatch(/another change of revision 17, by floor-[ab],? reached the broker just after it/);
  expect(lost[0]!.err).toContain(`by ${kept[0]!.user}`);
  const sign = (await retained(T.tableSignage('T9')))!;
  expect(sign.revision).toBe(17);
  if (kept[0]!.user === 'floor-a') {
    expect(sign.limits.tieMaximum).toBe(901);
    expect(sign.message).not.toBe('Manager B');
  } else {
    expect(sign.message).toBe('Manager B');
    expect(sign.limits.tieMaximum).not.toBe(901);
  }
});

test('one alone: no race, exit 0', async () => {
  const r = await set('floor-a', 'tie-max=902');
  expect(r.err).not.toMatch(/just after it/);
  expect(r.code).toBe(0);
  expect((await retained(T.tableSignage('T9')))!.limits.tieMaximum).toBe(902);
});
