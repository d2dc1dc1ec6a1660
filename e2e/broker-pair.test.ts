/**
 * How retained messages cross a Mosquitto bridge (2.0.11, Debian 12's), which a floor's bridged pair relies on
 * (docs/deployment.md, "Floors of hundreds of tables"; issue 16). B holds one bridge to A, `topic baccarat/# both 1`,
 * `try_private true`, `cleansession false`. Measured here rather than assumed:
 * - a retained message published on either broker is retained on the other too;
 * - a broker that comes back without a database is refilled by the bridge with its peer's retained messages, on
 *   either side of the bridge, and its peer keeps its own;
 * - a broker that comes back with a database (persistence on) swaps: the bridge gives it its peer's newer messages,
 *   and gives its peer its own stale ones, so the broker everybody moved to ends up with the old signs and snapshots.
 *   Hence a pair runs without persistence: each broker is the other's backup.
 * - with the floor's ACL (docs/console.md) and the bridge's own account (docs/deployment.md), all of this holds, and
 *   the ACL still holds across the bridge.
 */
import { readFileSync } from 'node:fs';
import mqtt from 'mqtt';
import { afterEach, describe, expect, test } from 'vitest';
import { retainedOn, startBrokerPair, type BrokerPair, type Credentials } from '../test/helpers/broker-pair';
import { mosquittoMissing } from '../test/helpers/mosquitto';

const missing = mosquittoMissing();
let pair: BrokerPair | null = null;
afterEach(async () => {
  await pair?.close();
  pair = null;
});

const TOPIC = 'baccarat/tables/P1/signage'; // any topic of the root: the bridge does not read payloads
async function publish(url: string, text: string, as?: Credentials, topic = TOPIC): Promise<void> {
  const c = await mqtt.connectAsync(url, { ...as, reconnectPeriod: 0 });
  await c.publishAsync(topic, text, { qos: 1, retain: true });
  await c.endAsync();
}
const retained = async (url: string, as?: Credentials, topic = TOPIC) =>
  (await retainedOn(url, [topic], 300, as)).get(topic) ?? null;
/** Until the retained message on both brokers is `want` (the bridge forwards within milliseconds). */
async function settled(p: BrokerPair, want: { a: string | null; b: string | null }, as?: Credentials, topic = TOPIC) {
  const end = Date.now() + 3_000;
  for (;;) {
    const got = { a: await retained(p.a.url, as, topic), b: await retained(p.b.url, as, topic) };
    if ((got.a === want.a && got.b === want.b) || Date.now() > end) return got;
  }
}

/** The fenced `conf` block of a doc that follows the comment naming `marker`. */
function confBlock(doc: string, marker: string): string {
  const text = readFileSync(new URL(`../docs/${doc}`, import.meta.url), 'utf8');
  const at = text.indexOf(marker);
  const m = /```conf\n([\s\S]*?)```/.exec(text.slice(at));
  if (at < 0 || !m) throw new Error(`docs/${doc} has no conf block after "${marker}"`);
  return m[1]!;
}

describe.skipIf(missing)(`retained messages across a Mosquitto bridge${missing ? ` (${missing})` : ''}`, () => {
  test('live: retained on either broker, retained on both', async () => {
    pair = await startBrokerPair();
    await publish(pair.a.url, 'from A');
    expect(await settled(pair, { a: 'from A', b: 'from A' })).toEqual({ a: 'from A', b: 'from A' });
    await publish(pair.b.url, 'from B');
    expect(await settled(pair, { a: 'from B', b: 'from B' })).toEqual({ a: 'from B', b: 'from B' });
  });

  test('without persistence: a broker that comes back is refilled from its peer, whichever side of the bridge', async () => {
    pair = await startBrokerPair();
    await publish(pair.a.url, 'v0');
    await settled(pair, { a: 'v0', b: 'v0' });
    await pair.a.kill(); // the bridge's far end
    await publish(pair.b.url, 'v1'); // everybody moved to B
    await pair.a.restart();
    await pair.bridgeUp();
    expect(await settled(pair, { a: 'v1', b: 'v1' })).toEqual({ a: 'v1', b: 'v1' });
    await pair.b.kill(); // the bridge's own end
    await publish(pair.a.url, 'v2');
    await pair.b.restart();
    await pair.bridgeUp();
    expect(await settled(pair, { a: 'v2', b: 'v2' })).toEqual({ a: 'v2', b: 'v2' });
  });

  test('with persistence: a broker that comes back with old messages swaps them with its peer’s newer ones', async () => {
    pair = await startBrokerPair({ persistence: true, autosaveInterval: 1, autosaveOnChanges: true });
    await publish(pair.a.url, 'v0');
    await settled(pair, { a: 'v0', b: 'v0' });
    await new Promise((r) => setTimeout(r, 300)); // A's database now holds v0
    await pair.a.kill();
    await publish(pair.b.url, 'v1');
    await pair.a.restart(); // with v0 from its database
    await pair.bridgeUp();
    expect(await settled(pair, { a: 'v1', b: 'v0' }), 'B, where everybody is, went back to v0').toEqual({
      a: 'v1',
      b: 'v0',
    });
  });

  test('with the floor’s ACL and the bridge’s own account: the same, and the ACL holds across the bridge', async () => {
    const users = { console: 'pw-console', T1: 'pw-t1', D1: 'pw-d1', 'bridge-floor-pair': 'pw-bridge', watch: 'pw-w' };
    const as = (user: keyof typeof users): Credentials => ({ username: user, password: users[user] });
    const acl = [
      confBlock('console.md', 'console/mosquitto-acl.test.ts runs Mosquitto with exactly the block below'),
      confBlock('deployment.md', 'e2e/broker-pair.test.ts runs a pair with'),
      'user watch\ntopic read $SYS/#\n', // to see the bridge's state
    ].join('\n');
    pair = await startBrokerPair({
      users,
      acl,
      bridge: ['remote_username bridge-floor-pair', 'remote_password pw-bridge'],
      observer: as('watch'),
    });
    const SIGN = 'baccarat/tables/T1/signage';
    const SHOE = 'baccarat/tables/T1/shoe';
    await publish(pair.a.url, 'sign 1', as('console'), SIGN);
    await publish(pair.b.url, 'shoe 1', as('T1'), SHOE);
    expect(await settled(pair, { a: 'sign 1', b: 'sign 1' }, as('D1'), SIGN)).toEqual({ a: 'sign 1', b: 'sign 1' });
    expect(await settled(pair, { a: 'shoe 1', b: 'shoe 1' }, as('D1'), SHOE)).toEqual({ a: 'shoe 1', b: 'shoe 1' });
    // A controller may not write a sign on either side, so the bridge has nothing to carry.
    await publish(pair.b.url, 'forged', as('T1'), SIGN);
    expect(await settled(pair, { a: 'sign 1', b: 'sign 1' }, as('D1'), SIGN)).toEqual({ a: 'sign 1', b: 'sign 1' });
    await pair.a.kill();
    await publish(pair.b.url, 'shoe 2', as('T1'), SHOE);
    await pair.a.restart();
    await pair.bridgeUp();
    expect(await settled(pair, { a: 'sign 1', b: 'sign 1' }, as('D1'), SIGN)).toEqual({ a: 'sign 1', b: 'sign 1' });
    expect(await settled(pair, { a: 'shoe 2', b: 'shoe 2' }, as('D1'), SHOE)).toEqual({ a: 'shoe 2', b: 'shoe 2' });
  });
});
