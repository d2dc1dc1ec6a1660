/**
 * The console's word that it keeps the audit log (`{root}/pit/audit-keepers/{id}`, retained). An MQTT 3.1.1 broker
 * whose ACL lacks the line for that topic drops it without a word; `signage` and `fleet` then warn, for every change,
 * that their record is in no log though this console keeps it. The console says so in its own log, naming the line.
 */
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, expect, test } from 'vitest';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { tempDir, until } from '../test/helpers/lifecycle';
import { AuditFeed } from './audit-feed';
import { AuditLog } from './audit-log';

const dir = tempDir('bb-audit-feed-');
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function feedOn(broker: EmbeddedBroker, name: string) {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  const feed = new AuditFeed({
    broker: { url: broker.url, root: 'baccarat', protocolVersion: 4 },
    clientId: `baccarat-console-audit-${name}`,
    log: new AuditLog(join(dir, `${name}.jsonl`)),
    key: null,
    logger: pino({ level: 'info' }, sink),
    confirmMs: 300,
  });
  await feed.start();
  cleanups.push(() => feed.stop());
  return lines;
}

async function broker(dropKeepers: boolean): Promise<EmbeddedBroker> {
  const b = await startEmbeddedBroker();
  cleanups.push(() => b.close());
  // As Mosquitto with last release's ACL: the announcement is acknowledged, and reaches no subscriber.
  if (dropKeepers)
    b.aedes.authorizePublish = (_client, packet, done) => {
      if (packet.topic.startsWith('baccarat/pit/audit-keepers/')) packet.topic = 'dropped/by-acl';
      done(null);
    };
  return b;
}

test('an announcement the broker drops is named in the console’s log, with the ACL line it lacks', async () => {
  const lines = await feedOn(await broker(true), 'a');
  await until(() => expect(lines.some((l) => l.level === 50)).toBe(true), 3_000);
  expect(lines.find((l) => l.level === 50)?.msg).toMatch(
    /did not pass back this console’s word that it keeps the audit log: its ACL most likely lacks `topic write baccarat\/pit\/audit-keepers\/\+`/,
  );
});

test('an announcement that comes back: nothing is said', async () => {
  const lines = await feedOn(await broker(false), 'b');
  await new Promise((r) => setTimeout(r, 800));
  expect(lines.filter((l) => l.level >= 40)).toEqual([]);
});
