/**
 * Two boards configured with one display id (and so, by default, one client id), against real brokers: Aedes
 * in-process, and Mosquitto 2 over MQTT 3.1.1 and 5. Before, the two knocked each other off the broker about
 * fifteen times in ten seconds, both blamed the broker's ACL for it, one stopped publishing its last-seen time
 * for good, and the one left with the shared session refused every hand of the other's table. Now the one taken over connects under a client id of its own, both settle and follow their tables, both
 * tell staff, and the warning ends when the other board says goodbye.
 */
import mqtt from 'mqtt';
import { describe, expect, test } from 'vitest';
import { makeHandMessage, makeShoeSnapshot } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { cleanupList, tempDir, until } from '../test/helpers/lifecycle';
import { onEveryBroker } from '../test/helpers/every-broker';
import { CARDS, coup, handMessage, snapshot } from '../test/helpers/table-messages';
import { Bridge } from './bridge';
import { type Config, defaultConfig } from './config';
import { startEmbeddedBroker } from './embedded-broker';
import { memoryLogger } from './log';

const T = topics('baccarat');
const cleanups = cleanupList();

function config(url: string, tableId: string, protocolVersion: 4 | 5): Config {
  const c = defaultConfig();
  return {
    ...c,
    tableId,
    displayId: 'D1',
    mqtt: {
      ...c.mqtt,
      brokers: [url],
      protocolVersion,
      clientId: 'baccarat-board-D1',
      reconnectMinMs: 100,
      reconnectMaxMs: 400,
    },
    journal: { dir: tempDir('bb-twice-'), syncIntervalMs: 0 },
  };
}

function board(url: string, tableId: string, protocolVersion: 4 | 5, instance: string) {
  const { logger, records } = memoryLogger('info');
  const bridge = new Bridge(config(url, tableId, protocolVersion), {
    logger,
    version: '1.0.0',
    restateMs: 300,
    instance,
  });
  let connections = 0;
  bridge.on('view', (v) => {
    if (v.connection.state === 'connected' && v.connection.since !== last) connections++;
    last = v.connection.state === 'connected' ? v.connection.since : null;
  });
  let last: string | null = null;
  cleanups.push(() => bridge.stop());
  const warning = () => bridge.view().warnings.find((w) => w.code === 'display-id-in-use');
  return { bridge, records, warning, connections: () => connections };
}

async function twoBoards(url: string, protocolVersion: 4 | 5) {
  const table = await mqtt.connectAsync(url, { clientId: `table-${Math.random()}`, protocolVersion });
  cleanups.push(() => table.endAsync(true));
  for (const id of ['T1', 'T2']) {
    const hands = [handMessage(`S-${id}`, 1, coup(CARDS.banker))];
    await table.publishAsync(T.tableShoe(id), makeShoeSnapshot(snapshot(`S-${id}`, hands)), { qos: 1, retain: true });
  }
  const a = board(url, 'T1', protocolVersion, 'aaaa1111-0a');
  const b = board(url, 'T2', protocolVersion, 'bbbb2222-0b');
  await a.bridge.start();
  await until(() => expect(a.bridge.subscribed).toBe(true));
  await b.bridge.start();

  // Both tell staff, and both end up connected for good: no connection for a second and a half.
  await until(() => {
    expect(a.warning()).toBeDefined();
    expect(b.warning()).toBeDefined();
  }, 15_000);
  let counts = [a.connections(), b.connections()];
  await until(async () => {
    const before = counts;
    await new Promise((r) => setTimeout(r, 1500));
    counts = [a.connections(), b.connections()];
    expect(counts).toEqual(before);
    expect([a.bridge.subscribed, b.bridge.subscribed]).toEqual([true, true]);
  }, 15_000);
  const [took, heard] = b.warning()!.detail.includes('now connects as') ? [b, a] : [a, b];
  expect(took.warning()!.detail).toMatch(
    /uses display id D1 and client id baccarat-board-D1: .* now connects as baccarat-board-D1-(aaaa1111|bbbb2222)\. /,
  );
  expect(heard.warning()!.detail).toMatch(
    /^another board \(table T[12], version 1\.0\.0\) publishes as display id D1: /,
  );
  expect(took.bridge.displayStatus()).toMatchObject({
    warnings: expect.arrayContaining([expect.objectContaining({ code: 'display-id-in-use' })]),
  });

  // Both follow their tables.
  for (const id of ['T1', 'T2'])
    await table.publishAsync(T.tableHand(id), makeHandMessage(handMessage(`S-${id}`, 2, coup(CARDS.player))), {
      qos: 1,
    });
  await until(() => {
    expect(a.bridge.displayStatus()).toMatchObject({ tableId: 'T1', handCount: 2 });
    expect(b.bridge.displayStatus()).toMatchObject({ tableId: 'T2', handCount: 2 });
  });
  // The session the two shared carried the other table's subscriptions: dropped, not refused hand by hand.
  for (const id of ['T1', 'T2'])
    await table.publishAsync(T.tableHand(id), makeHandMessage(handMessage(`S-${id}`, 3, coup(CARDS.tie))), { qos: 1 });
  await until(() =>
    expect([a, b].map((x) => x.bridge.displayStatus())).toMatchObject([{ handCount: 3 }, { handCount: 3 }]),
  );
  expect([a.bridge.counters.rejected, b.bridge.counters.rejected]).toEqual([0, 0]);
  // Neither took the takeovers for a broker refusing its last-seen time.
  for (const { records } of [a, b]) expect(records.filter((r) => String(r.msg).includes('last-seen'))).toEqual([]);

  // The other board stops, saying goodbye: the warning ends.
  await took.bridge.stop();
  await until(() => expect(heard.warning()).toBeUndefined());
  expect(heard.records.some((r) => String(r.msg).startsWith('no other board publishes'))).toBe(true);
  // And the board left follows its table still.
  const id = heard === a ? 'T1' : 'T2';
  await table.publishAsync(T.tableHand(id), makeHandMessage(handMessage(`S-${id}`, 4, coup(CARDS.banker))), { qos: 1 });
  await until(() => expect(heard.bridge.displayStatus()).toMatchObject({ tableId: id, handCount: 4 }));
}

describe('two boards with one display id', () => {
  onEveryBroker(cleanups, twoBoards, 60_000);
});

describe('a session that carries subscriptions the board did not make', () => {
  // Its journal folder new, the moved board has no record of the topics it subscribed (session-topics.test.ts has one):
  // to it they are another program's, never unsubscribed.
  test("a board moved to another table, its record gone: the old table's messages are dropped, said once per topic, never refused", async () => {
    const broker = await startEmbeddedBroker();
    cleanups.push(() => broker.close());
    const table = await mqtt.connectAsync(broker.url, { clientId: `table-${Math.random()}` });
    cleanups.push(() => table.endAsync(true));
    const before = board(broker.url, 'T1', 4, 'cccc3333-0c');
    await before.bridge.start();
    await until(() => expect(before.bridge.subscribed).toBe(true));
    await before.bridge.stop(); // its session (one client id, kept) holds T1's subscriptions
    const moved = board(broker.url, 'T2', 4, 'dddd4444-0d');
    await moved.bridge.start();
    await until(() => expect(moved.bridge.subscribed).toBe(true));
    const t2 = [handMessage('S-T2', 1, coup(CARDS.tie))];
    await table.publishAsync(T.tableShoe('T2'), makeShoeSnapshot(snapshot('S-T2', t2)), { qos: 1, retain: true });
    await until(() => expect(moved.bridge.displayStatus()).toMatchObject({ handCount: 1 }));
    for (const n of [1, 2])
      await table.publishAsync(T.tableHand('T1'), makeHandMessage(handMessage('S-T1', n, coup(CARDS.banker))), {
        qos: 1,
      });
    await table.publishAsync(T.tableHand('T2'), makeHandMessage(handMessage('S-T2', 2, coup(CARDS.player))), {
      qos: 1,
    });
    await until(() => expect(moved.bridge.displayStatus()).toMatchObject({ tableId: 'T2', handCount: 2 }));
    expect(moved.bridge.counters.rejected).toBe(0);
    const said = moved.records.filter((r) => String(r.msg).startsWith('a message on a topic this board does not'));
    expect(said).toMatchObject([{ topic: T.tableHand('T1') }]); // once, for two messages
  });
});
