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
 */
import mqtt from 'mqtt';
import { afterEach, describe, expect, test } from 'vitest';
import { retainedOn, startBrokerPair, type BrokerPair } from '../test/helpers/broker-pair';
import { mosquittoMissing } from '../test/helpers/mosquitto';

const missing = mosquittoMissing();
let pair: BrokerPair | null = null;
afterEach(async () => {
  await pair?.close();
  pair = null;
});

const TOPIC = 'baccarat/tables/P1/signage'; // any topic of the root: the bridge does not read payloads
async function publish(url: string, text: string): Promise<void> {
  const c = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
  await c.publishAsync(TOPIC, text, { qos: 1, retain: true });
  await c.endAsync();
}
const retained = async (url: string) => (await retainedOn(url, [TOPIC], 300)).get(TOPIC) ?? null;
const onBoth = async (p: BrokerPair) => ({ a: await retained(p.a.url), b: await retained(p.b.url) });
/** Until the retained message on both brokers is `want` (the bridge forwards within milliseconds). */
async function settled(p: BrokerPair, want: { a: string | null; b: string | null }) {
  const end = Date.now() + 3_000;
  for (;;) {
    const got = await onBoth(p);
    if ((got.a === want.a && got.b === want.b) || Date.now() > end) return got;
  }
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
});
