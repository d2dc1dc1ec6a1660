/**
 * The bridge against a real Mosquitto 2 (a child process per test, from test/helpers/mosquitto.ts): MQTT 5 end to
 * end with a persistent session, TLS with client certificates and passwords, an ACL file, and the broker killed
 * (SIGKILL) and restarted mid-shoe with persistence. Skipped, saying why, where Mosquitto is not installed.
 */
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { describe, expect, test } from 'vitest';
import { roadHands, shoeHands } from '../baccarat/shoe';
import { makeHandMessage, makeShoeSnapshot, makeTableEvent, makeTableSignage } from '../contract/mqtt';
import type { HandMessage } from '../contract/schemas';
import { topics } from '../contract/topics';
import { makeCa, makeCerts, opensslMissing } from '../test/helpers/certs';
import { type Mosquitto, mosquittoMissing, startMosquitto } from '../test/helpers/mosquitto';
import { CARDS, coup, event, handMessage, signage, snapshot } from '../test/helpers/table-messages';
import { Bridge } from './bridge';
import { type Config, defaultConfig } from './config';
import { memoryLogger } from './log';
import { cleanupList, tempDir, until } from '../test/helpers/lifecycle';

const T = topics('baccarat');
const missing = mosquittoMissing();
const noOpenssl = opensslMissing();

const cleanups = cleanupList();

const tmp = tempDir;

let ids = 0;
const uid = (prefix: string) => `${prefix}-${process.pid}-${++ids}`;

function config(url: string, extra: Partial<Config['mqtt']> = {}, dir = tmp('bb-journal-')): Config {
  const c = defaultConfig();
  return {
    ...c,
    tableId: 'T1',
    displayId: 'D1',
    mqtt: {
      ...c.mqtt,
      brokers: [url],
      protocolVersion: 5,
      clientId: uid('board'),
      reconnectMinMs: 100,
      reconnectMaxMs: 400,
      connectTimeoutMs: 2000,
      ...extra,
    },
    journal: { dir, syncIntervalMs: 0 },
  };
}

async function mosquitto(options: Parameters<typeof startMosquitto>[0] = {}): Promise<Mosquitto> {
  const m = await startMosquitto(options);
  cleanups.push(() => m.close());
  return m;
}

async function client(url: string, options: IClientOptions = {}): Promise<MqttClient> {
  const c = await mqtt.connectAsync(url, {
    protocolVersion: 5,
    clientId: uid('ctl'),
    reconnectPeriod: 100,
    connectTimeout: 2000,
    ...options,
  });
  cleanups.push(() => c.endAsync(true));
  return c;
}

async function startBridge(cfg: Config) {
  const { logger, records } = memoryLogger();
  const bridge = new Bridge(cfg, { logger, version: '1.2.3' });
  await bridge.start();
  cleanups.push(() => bridge.stop());
  return { bridge, records };
}

/**
 * Waits until the board's subscriptions are in place: its status, which it publishes after subscribing on the
 * same connection, has reached the broker. (Connected is not enough: a message published by another client in
 * between would find no subscription on a new session.)
 */
async function subscribed(url: string, options: IClientOptions = {}): Promise<void> {
  const watcher = await client(url, options);
  const online = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the board never came online')), 5000);
    watcher.on('message', (_t, p) => {
      if ((JSON.parse(p.toString()) as { state: string }).state !== 'online') return;
      clearTimeout(timer);
      resolve();
    });
  });
  await watcher.subscribeAsync(T.displayStatus('D1'), { qos: 1 });
  await online;
  await watcher.endAsync();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const outcomes = (b: Bridge) =>
  b.table.shoe
    ? roadHands(b.table.shoe)
        .map((h) => h.outcome[0])
        .join('')
    : '';
const handNos = (b: Bridge) => (b.table.shoe ? shoeHands(b.table.shoe).map((h) => h.no) : []);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const CARD_OF: Record<string, string> = { B: CARDS.banker, P: CARDS.player, T: CARDS.tie };
const hand = (shoeId: string, no: number, o: string): HandMessage => handMessage(shoeId, no, coup(CARD_OF[o]!));
/** The outcome of hand `no` in the long shoes below: a fixed, varied pattern. */
const patternOf = (no: number) => 'BPBBTPPB'[no % 8]!;

const shoeStart = (shoeId = 'S1') => makeTableEvent(event('shoe-start', { shoeId, decks: 8 }));

describe.skipIf(missing !== null)(`bridge against Mosquitto 2${missing ? ` (skipped: ${missing})` : ''}`, () => {
  test('MQTT 5 end to end; a persistent session keeps the hands published while the board was away', async () => {
    const m = await mosquitto();
    const ctl = await client(m.url);
    const cfg = config(m.url);
    const first = await startBridge(cfg);
    await subscribed(m.url);
    await ctl.publishAsync(T.tableSignage('T1'), makeTableSignage(signage(3)), { qos: 1, retain: true });
    await ctl.publishAsync(T.tableEvent('T1'), shoeStart(), { qos: 1 });
    for (const [i, o] of ['B', 'P', 'T'].entries())
      await ctl.publishAsync(T.tableHand('T1'), makeHandMessage(hand('S1', i + 1, o)), { qos: 1 });
    await until(() => expect(outcomes(first.bridge)).toBe('bpt'));
    expect(first.bridge.view().signage?.revision).toBe(3);

    // The board goes away (a clean DISCONNECT, session kept: sessionExpiryInterval), three hands are dealt.
    await first.bridge.stop();
    for (const [i, o] of ['B', 'P', 'B'].entries())
      await ctl.publishAsync(T.tableHand('T1'), makeHandMessage(hand('S1', i + 4, o)), { qos: 1 });

    // Same clientId and journal: the journal brings hands 1-3 back, the broker's session queue hands 4-6. No
    // snapshot is retained, so they cannot have come any other way.
    const second = await startBridge(cfg);
    await until(() => expect(outcomes(second.bridge)).toBe('bptbpb'));
    expect(handNos(second.bridge)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(second.bridge.counters.resyncs).toBe(0);
    expect(second.bridge.counters.rejected).toBe(0);
    expect(second.records.find((r) => r.msg === 'connected')).toMatchObject({ sessionPresent: true });
  });

  test.skipIf(noOpenssl !== null)(
    'TLS with a CA, a client certificate (required) and a password; a wrong CA never connects, without a crash',
    async () => {
      const pki = makeCerts();
      const m = await mosquitto({
        users: { board: 'b-pw', controller: 'c-pw' },
        tls: { ca: pki.ca, cert: pki.server.cert, key: pki.server.key, requireCertificate: true },
      });
      const tls = { ca: pki.ca, cert: pki.client.cert, key: pki.client.key, rejectUnauthorized: true };
      const good = await startBridge(config(m.tlsUrl!, { tls, username: 'board', password: 'b-pw' }));
      await until(() => expect(good.bridge.view().connection.state).toBe('connected'));
      await subscribed(m.url, { username: 'controller', password: 'c-pw' });
      expect(good.bridge.view().connection.broker).toBe(`mqtts://127.0.0.1:${m.tlsPort}`);
      const ctl = await client(m.url, { username: 'controller', password: 'c-pw' });
      await ctl.publishAsync(T.tableEvent('T1'), shoeStart(), { qos: 1 });
      await ctl.publishAsync(T.tableHand('T1'), makeHandMessage(hand('S1', 1, 'P')), { qos: 1 });
      await until(() => expect(outcomes(good.bridge)).toBe('p'));

      // Each of these is refused; all of them try (with back-off) at the same time, and none gets through.
      const other = makeCa(pki.dir, 'other');
      const bad = await Promise.all([
        startBridge(config(m.tlsUrl!, { tls: { ...tls, ca: other.cert }, username: 'board', password: 'b-pw' })),
        startBridge(
          config(m.tlsUrl!, { tls: { ca: pki.ca, rejectUnauthorized: true }, username: 'board', password: 'b-pw' }),
        ),
        startBridge(config(m.tlsUrl!, { tls, username: 'board', password: 'wrong' })),
      ]);
      const states = bad.map(() => new Set<string>());
      const watch = setInterval(() => bad.forEach((b, i) => states[i]!.add(b.bridge.view().connection.state)), 10);
      await sleep(2500);
      clearInterval(watch);
      for (const [i, b] of bad.entries()) {
        expect(states[i]!.has('connected'), `bad bridge ${i}`).toBe(false);
        expect(b.bridge.view().connection.state).not.toBe('connected');
        expect(b.bridge.table.shoe).toBeNull();
        expect(b.records.some((r) => String(r.msg).startsWith('mqtt error'))).toBe(true);
      }
      // The wrong password: said as such, not as a broker out of reach.
      expect(bad[2]!.records.map((r) => String(r.msg)).join('\n')).toContain(
        "the broker refused this board's user name",
      );
      // The wrong CA: the server certificate does not verify.
      expect(bad[0]!.records.map((r) => String(r.err)).join('\n')).toMatch(/certificate|self.signed|issuer/i);
      await Promise.all(bad.map((b) => b.bridge.stop()));
      // The good board is unaffected.
      expect(good.bridge.view().connection.state).toBe('connected');
    },
  );

  test('ACL: the controller cannot change the signs, the console cannot publish results', async () => {
    const m = await mosquitto({
      users: { controller: 'c-pw', console: 'k-pw', board: 'b-pw' },
      acl: [
        'user controller',
        'topic write baccarat/tables/+/hand',
        'topic write baccarat/tables/+/event',
        'topic write baccarat/tables/+/shoe',
        'topic write baccarat/tables/+/controller/status',
        '',
        'user console',
        'topic write baccarat/tables/+/signage',
        'topic write baccarat/casino/signage',
        '',
        'user board',
        'topic read baccarat/#',
        'topic write baccarat/displays/+/status',
        'topic write baccarat/displays/+/seen',
        '',
      ].join('\n'),
    });
    const { bridge } = await startBridge(config(m.url, { username: 'board', password: 'b-pw' }));
    await subscribed(m.url, { username: 'board', password: 'b-pw' });
    const ctl = await client(m.url, { username: 'controller', password: 'c-pw' });
    const con = await client(m.url, { username: 'console', password: 'k-pw' });

    // Allowed: the controller deals.
    await ctl.publishAsync(T.tableEvent('T1'), shoeStart(), { qos: 1 });
    await ctl.publishAsync(T.tableHand('T1'), makeHandMessage(hand('S1', 1, 'B')), { qos: 1 });
    await until(() => expect(outcomes(bridge)).toBe('b'));

    // Denied: the controller's signs. MQTT 5: Mosquitto answers the PUBACK with 0x87, "not authorized".
    const denied = await ctl
      .publishAsync(T.tableSignage('T1'), makeTableSignage(signage(9, { tableName: 'Hijacked' })), {
        qos: 1,
        retain: true,
      })
      .then(
        () => null,
        (e: Error & { code?: number }) => e,
      );
    expect(denied?.code).toBe(0x87);
    // The same client's next (allowed) message arrives after it would have: the signs never came.
    await ctl.publishAsync(T.tableHand('T1'), makeHandMessage(hand('S1', 2, 'P')), { qos: 1 });
    await until(() => expect(outcomes(bridge)).toBe('bp'));
    expect(bridge.table.signage).toBeNull();

    // Denied: the console's result.
    const deniedHand = await con.publishAsync(T.tableHand('T1'), makeHandMessage(hand('S1', 3, 'T')), { qos: 1 }).then(
      () => null,
      (e: Error & { code?: number }) => e,
    );
    expect(deniedHand?.code).toBe(0x87);
    // Allowed: the console's signs, after it.
    await con.publishAsync(T.tableSignage('T1'), makeTableSignage(signage(10)), { qos: 1, retain: true });
    await until(() => expect(bridge.view().signage?.revision).toBe(10));
    expect(outcomes(bridge)).toBe('bp');
    expect(bridge.counters.rejected).toBe(0); // nothing refused reached the board at all

    // The board itself may publish its status and nothing else.
    const board = await client(m.url, { username: 'board', password: 'b-pw' });
    const boardSigns = await board.publishAsync(T.tableSignage('T1'), makeTableSignage(signage(11)), { qos: 1 }).then(
      () => null,
      (e: Error & { code?: number }) => e,
    );
    expect(boardSigns?.code).toBe(0x87);
    const statuses: { state: string }[] = [];
    board.on('message', (_t, p) => statuses.push(JSON.parse(p.toString()) as { state: string }));
    await board.subscribeAsync(T.displayStatus('D1'), { qos: 1 });
    await until(() => expect(statuses.at(-1)?.state).toBe('online'));
  });

  test('the broker killed (SIGKILL) and restarted mid-shoe, with persistence: every hand exactly once', async () => {
    const m = await mosquitto({ autosaveInterval: 1, autosaveOnChanges: true });
    const ctl = await client(m.url, { clean: false, properties: { sessionExpiryInterval: 3600 } });
    const { bridge, records } = await startBridge(config(m.url));
    await subscribed(m.url);
    await ctl.publishAsync(T.tableEvent('T1'), shoeStart(), { qos: 1 });

    // The controller deals 40 hands, one every 15 ms, and after each one retains the shoe's snapshot (as a real
    // controller does). Publishing waits for the broker's PUBACK: while the broker is down, the controller waits.
    const N = 40;
    const dealt: HandMessage[] = [];
    const dealing = (async () => {
      for (let no = 1; no <= N; no++) {
        const h = hand('S1', no, patternOf(no));
        dealt.push(h);
        await ctl.publishAsync(T.tableHand('T1'), makeHandMessage(h), { qos: 1 });
        await ctl.publishAsync(T.tableShoe('T1'), makeShoeSnapshot(snapshot('S1', [...dealt])), {
          qos: 1,
          retain: true,
        });
        await sleep(15);
      }
    })();
    dealing.catch(() => undefined);

    await until(() => expect(handNos(bridge).length).toBeGreaterThanOrEqual(12), 8000);
    await m.kill();
    await until(() => expect(bridge.view().connection.state).toBe('reconnecting'));
    const shownWhenKilled = handNos(bridge).length;
    await sleep(400); // down for a while: the board backs off
    await m.restart();
    await dealing;
    await until(() => expect(handNos(bridge)).toEqual(range(1, N)), 10_000);
    expect(outcomes(bridge)).toBe(
      range(1, N)
        .map((no) => patternOf(no).toLowerCase())
        .join(''),
    );
    expect(shownWhenKilled).toBeLessThan(N); // the kill came mid-shoe
    expect(bridge.counters.rejected).toBe(0);
    // Connected twice: before the kill and after the restart.
    expect(records.filter((r) => r.msg === 'connected').length).toBeGreaterThanOrEqual(2);
  });
});
