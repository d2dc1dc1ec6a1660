import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { describe, expect, test } from 'vitest';
import { roadHands, shoeHands } from '../baccarat/shoe';
import type { TableView } from '../contract/kiosk';
import { makeHandMessage, makeShoeSnapshot, makeTableEvent, makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { CARDS, coup, event, handMessage, signage, snapshot } from '../test/helpers/table-messages';
import { Bridge } from './bridge';
import { type Config, defaultConfig } from './config';
import { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker';
import { memoryLogger } from './log';
import { cleanupList, until } from '../test/helpers/lifecycle';

const T = topics('baccarat');
const cleanups = cleanupList();

function config(
  url: string,
  dir = mkdtempSync(join(tmpdir(), 'bb-journal-')),
  extra: Partial<Config['mqtt']> = {},
): Config {
  const c = defaultConfig();
  return {
    ...c,
    tableId: 'T1',
    displayId: 'D1',
    mqtt: { ...c.mqtt, brokers: [url], clientId: 'board-D1', reconnectMinMs: 100, reconnectMaxMs: 400, ...extra },
    journal: { dir, syncIntervalMs: 0 },
  };
}

async function broker(): Promise<EmbeddedBroker> {
  const b = await startEmbeddedBroker();
  cleanups.push(() => b.close());
  return b;
}

async function controller(url: string): Promise<MqttClient> {
  const c = await mqtt.connectAsync(url, { clientId: `ctl-${Math.random()}`, reconnectPeriod: 100 });
  cleanups.push(() => c.endAsync(true));
  return c;
}

async function startBridge(cfg: Config) {
  const { logger, records } = memoryLogger();
  const bridge = new Bridge(cfg, { logger, version: '1.2.3' });
  const views: TableView[] = [];
  bridge.on('view', (v) => views.push(v));
  await bridge.start();
  cleanups.push(() => bridge.stop());
  return { bridge, views, records };
}

const hands = (b: Bridge) =>
  b.table.shoe
    ? roadHands(b.table.shoe)
        .map((h) => h.outcome[0])
        .join('')
    : '';

async function publishShoe(c: MqttClient, outcomes: string[], shoeId = 'S1', from = 1) {
  const cards: Record<string, string> = { B: CARDS.banker, P: CARDS.player, T: CARDS.tie };
  for (const [i, o] of outcomes.entries()) {
    await c.publishAsync(T.tableHand('T1'), makeHandMessage(handMessage(shoeId, from + i, coup(cards[o]!))), {
      qos: 1,
    });
  }
}

describe('bridge against an in-process broker (Aedes, MQTT 3.1.1)', () => {
  test('signs, a shoe start and hands reach the view; the board publishes its status', async () => {
    const b = await broker();
    const ctl = await controller(b.url);
    await ctl.publishAsync(T.tableSignage('T1'), makeTableSignage(signage(1)), { qos: 1, retain: true });
    const { bridge, views } = await startBridge(config(b.url));
    await until(() => expect(bridge.subscribed).toBe(true));
    await until(() => expect(bridge.view().signage?.revision).toBe(1));
    await ctl.publishAsync(T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })), {
      qos: 1,
    });
    await publishShoe(ctl, ['B', 'P', 'T', 'B']);
    await until(() => expect(hands(bridge)).toBe('bptb'));
    const last = views[views.length - 1]!;
    expect(last.payTable).toMatchObject({ variant: 'commission', commission: 0.05, modifiedOddsSign: false });
    expect(last.seq).toBeGreaterThan(views[0]!.seq);

    const statuses: unknown[] = [];
    const watcher = await controller(b.url);
    watcher.on('message', (_t, p) => statuses.push(JSON.parse(p.toString())));
    await watcher.subscribeAsync(T.displayStatus('D1'), { qos: 1 });
    await until(
      () =>
        expect(statuses.at(-1)).toMatchObject({
          state: 'online',
          displayId: 'D1',
          tableId: 'T1',
          handCount: 4,
          version: '1.2.3',
        }),
      3000,
    );
  });

  test('bad input is rejected, logged with topic and reason, counted, and changes nothing', async () => {
    const b = await broker();
    const ctl = await controller(b.url);
    const { bridge, records } = await startBridge(config(b.url));
    await until(() => expect(bridge.subscribed).toBe(true));
    await ctl.publishAsync(T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })), {
      qos: 1,
    });
    await publishShoe(ctl, ['B']);
    await until(() => expect(hands(bridge)).toBe('b'));
    const before = JSON.stringify(bridge.table);
    const good = JSON.parse(makeHandMessage(handMessage('S1', 2, coup(CARDS.player))));
    const bad: [string, string | Buffer][] = [
      [T.tableHand('T1'), '{not json'],
      [T.tableHand('T1'), JSON.stringify({ ...good, v: 2 })],
      [T.tableHand('T1'), JSON.stringify({ ...good, outcome: 'dragon' })],
      [T.tableHand('T1'), JSON.stringify({ ...good, playerPoints: 9 })], // contradicts its cards
      [T.tableHand('T1'), 'x'.repeat(70_000)],
      [T.tableHand('T1'), Buffer.from([0xff, 0xfe, 0x00])],
      ['baccarat/tables/T1/gossip', JSON.stringify(good)],
    ];
    for (const [topic, payload] of bad) await ctl.publishAsync(topic, payload, { qos: 1 });
    // Only the ones on subscribed topics reach the board: 6 of them.
    await until(() => expect(bridge.counters.rejected).toBe(6));
    expect(JSON.stringify(bridge.table)).toBe(before);
    const rejections = records.filter((r) => r.msg === 'message rejected');
    expect(rejections.map((r) => r.code)).toEqual([
      'bad-json',
      'unsupported-version',
      'bad-shape',
      'rejected-by-rules',
      'too-large',
      'bad-json',
    ]);
    expect(rejections.every((r) => r.topic === T.tableHand('T1') && typeof r.reason === 'string')).toBe(true);
    expect(String(rejections[3]!.reason)).toContain('cards give player 8, report says 9');
  });

  test('a gap makes the bridge resync from the retained snapshot', async () => {
    const b = await broker();
    const ctl = await controller(b.url);
    const { bridge } = await startBridge(config(b.url));
    await until(() => expect(bridge.subscribed).toBe(true));
    await ctl.publishAsync(T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })), {
      qos: 1,
    });
    await publishShoe(ctl, ['B']);
    await until(() => expect(hands(bridge)).toBe('b'));
    // The broker loses hands 2 and 3 and the live copy of the snapshot on their way to the board; the snapshot
    // stays retained, and the retained copy (sent on a new subscription) gets through.
    const lost = (packet: { topic: string; retain: boolean; payload: Buffer | string }) =>
      (packet.topic === T.tableShoe('T1') && !packet.retain) ||
      (packet.topic === T.tableHand('T1') && /"handNo":[23],/.test(packet.payload.toString()));
    b.aedes.authorizeForward = (_client, packet) => (lost(packet) ? null : packet);
    const all = ['B', 'P', 'P', 'T'].map((o, i) =>
      handMessage(
        'S1',
        i + 1,
        coup(({ B: CARDS.banker, P: CARDS.player, T: CARDS.tie } as Record<string, string>)[o]!),
      ),
    );
    await ctl.publishAsync(T.tableHand('T1'), makeHandMessage(all[1]!), { qos: 1 });
    await ctl.publishAsync(T.tableHand('T1'), makeHandMessage(all[2]!), { qos: 1 });
    await ctl.publishAsync(T.tableShoe('T1'), makeShoeSnapshot(snapshot('S1', all.slice(0, 3))), {
      qos: 1,
      retain: true,
    });
    expect(hands(bridge)).toBe('b');
    await ctl.publishAsync(T.tableHand('T1'), makeHandMessage(all[3]!), { qos: 1 });
    // Hand 4, kept while the gap was open, is applied once the snapshot has filled it.
    await until(() => expect(hands(bridge)).toBe('bppt'));
    expect(bridge.counters.resyncs).toBe(1);
  });

  test('a board restarted on its journal shows exactly the same board, without a broker', async () => {
    const b = await broker();
    const ctl = await controller(b.url);
    const cfg = config(b.url);
    const first = await startBridge(cfg);
    await until(() => expect(first.bridge.subscribed).toBe(true));
    await ctl.publishAsync(T.tableSignage('T1'), makeTableSignage(signage(4)), { qos: 1, retain: true });
    await ctl.publishAsync(T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })), {
      qos: 1,
    });
    await publishShoe(ctl, ['B', 'B', 'P', 'T', 'P']);
    await until(() => expect(hands(first.bridge)).toBe('bbptp'));
    const table = JSON.stringify(first.bridge.table);
    await first.bridge.stop();
    const second = await startBridge({ ...cfg, mqtt: { ...cfg.mqtt, brokers: [] } });
    expect(JSON.stringify(second.bridge.table)).toBe(table);
    expect(second.views[0]!.signage?.revision).toBe(4);
  });

  test('the broker restarted mid-shoe: no hand lost or doubled', async () => {
    let b = await startEmbeddedBroker();
    const port = b.port;
    cleanups.push(() => b.close());
    const ctl = await controller(b.url);
    const { bridge } = await startBridge(config(b.url));
    await until(() => expect(bridge.subscribed).toBe(true));
    await ctl.publishAsync(T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })), {
      qos: 1,
    });
    await publishShoe(ctl, ['B', 'P', 'B']);
    await until(() => expect(hands(bridge)).toBe('bpb'));
    await b.close();
    await until(() => expect(bridge.view().connection.state).toBe('reconnecting'));
    // While the broker is down the controller keeps dealing; its client queues the results.
    const queued = publishShoe(ctl, ['T', 'P'], 'S1', 4);
    b = await startEmbeddedBroker({ port });
    await queued;
    // A fresh broker has no retained snapshot yet: the controller publishes it after every hand.
    const all = ['B', 'P', 'B', 'T', 'P'].map((o, i) =>
      handMessage(
        'S1',
        i + 1,
        coup(({ B: CARDS.banker, P: CARDS.player, T: CARDS.tie } as Record<string, string>)[o]!),
      ),
    );
    await ctl.publishAsync(T.tableShoe('T1'), makeShoeSnapshot(snapshot('S1', all)), { qos: 1, retain: true });
    await until(() => expect(bridge.view().connection.state).toBe('connected'), 8000);
    await publishShoe(ctl, ['B'], 'S1', 6);
    await until(() => expect(hands(bridge)).toBe('bpbtpb'), 8000);
    expect(shoeHands(bridge.table.shoe!).map((h) => h.no)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test('the last will marks the board offline when its connection dies', async () => {
    const b = await broker();
    const { bridge } = await startBridge(config(b.url));
    await until(() => expect(bridge.subscribed).toBe(true));
    const watcher = await controller(b.url);
    const statuses: { state: string }[] = [];
    watcher.on('message', (_t, p) => statuses.push(JSON.parse(p.toString())));
    await watcher.subscribeAsync(T.displayStatus('D1'), { qos: 1 });
    await until(() => expect(statuses.at(-1)?.state).toBe('online'));
    // Kill the board's socket the hard way: the broker publishes its will.
    for (const client of Object.values(
      (b.aedes as unknown as { clients: Record<string, { conn: { destroy(): void } }> }).clients,
    )) {
      if ((client as unknown as { id: string }).id === 'board-D1') client.conn.destroy();
    }
    await until(() => expect(statuses.some((s) => s.state === 'offline')).toBe(true));
    // It says it is the will: its timestamp is when the board connected, not when it went away.
    expect(statuses.find((s) => s.state === 'offline')).toMatchObject({ will: true });
    // The board comes back by itself; stopped, and started again (one board with this display id, not two: the
    // first, still reconnecting, said 'online' after the second's goodbye on a loaded machine), then stopped: the
    // goodbye is stamped as it stops, and says it is no will.
    await bridge.stop();
    const again = await startBridge(config(b.url));
    await until(() => expect(statuses.at(-1)?.state).toBe('online'));
    await again.bridge.stop();
    await until(() => expect(statuses.at(-1)).toMatchObject({ state: 'offline', will: false }));
  });
});
