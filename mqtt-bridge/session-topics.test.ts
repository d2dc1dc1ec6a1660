/**
 * The topics a board's session holds, as the board last subscribed them: the record (pure, and on disk), and a board
 * moved to another table against real brokers (Aedes; Mosquitto 2 over MQTT 3.1.1 and 5). Before, the moved board's
 * session kept its old table's subscriptions for as long as it lived: every hand of that table reached the board (to
 * be dropped), and was queued for it while it was away.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { describe, expect, test } from 'vitest';
import { makeHandMessage, makeShoeSnapshot } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { cleanupList, tempDir, until } from '../test/helpers/lifecycle';
import { onEveryBroker } from '../test/helpers/every-broker';
import { CARDS, coup, handMessage, snapshot } from '../test/helpers/table-messages';
import { Bridge } from './bridge';
import { defaultConfig } from './config';
import { memoryLogger } from './log';
import { SessionTopics, parseSessionTopics, sessionTopicsPath, staleTopics, withSubscribed } from './session-topics';

const T = topics('baccarat');
const cleanups = cleanupList();
const A = 'mqtt://a:1883';

describe('the record', () => {
  test.each([
    ['{"mqtt://a:1883":["x/1","x/2"]}', { [A]: ['x/1', 'x/2'] }, undefined],
    ['{}', {}, undefined],
    ['not json', {}, 'not JSON'],
    ['[]', {}, 'not an object'],
    ['{"mqtt://a:1883":"x/1"}', {}, 'the topics of mqtt://a:1883 are not a list of topics'],
    ['{"mqtt://a:1883":["x/1",""]}', {}, 'the topics of mqtt://a:1883 are not a list of topics'],
  ])('%s', (text, record, error) => {
    expect(parseSessionTopics(text)).toEqual(error ? { record, error } : { record });
  });

  test('stale: what the session on that broker holds and the board no longer wants; other brokers apart', () => {
    const record = { [A]: ['t/T1/hand', 't/T1/shoe', 'd/D1/cmd'], 'mqtt://b:1883': ['t/T0/hand'] };
    expect(staleTopics(record, A, ['t/T2/hand', 't/T2/shoe', 'd/D1/cmd'])).toEqual(['t/T1/hand', 't/T1/shoe']);
    expect(staleTopics(record, A, ['t/T1/hand', 't/T1/shoe', 'd/D1/cmd'])).toEqual([]);
    expect(staleTopics(record, 'mqtt://c:1883', ['t/T2/hand'])).toEqual([]);
  });

  test('subscribed: the wanted topics, and the stale ones not yet taken away, kept for the next connection', () => {
    expect(withSubscribed({}, A, ['b', 'a'])).toEqual({ [A]: ['a', 'b'] });
    expect(withSubscribed({ [A]: ['old'], x: ['y'] }, A, ['a'], ['old'])).toEqual({ [A]: ['a', 'old'], x: ['y'] });
  });

  test('on disk: written when it changes, read again by the next run; a damaged file is said and starts empty', () => {
    const dir = tempDir('bb-session-topics-');
    const path = sessionTopicsPath(dir, 'baccarat-board-D1/odd id');
    expect(path).toBe(join(dir, 'baccarat-board-D1_odd_id.session-topics.json'));
    const { logger, records } = memoryLogger('info');
    new SessionTopics(path, logger).subscribed(A, ['t/T1/hand']);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ [A]: ['t/T1/hand'] });
    expect(new SessionTopics(path, logger).stale(A, ['t/T2/hand'])).toEqual(['t/T1/hand']);
    writeFileSync(path, '{"mqtt://a:1883": 7}');
    expect(new SessionTopics(path, logger).stale(A, ['t/T2/hand'])).toEqual([]);
    expect(records.at(-1)).toMatchObject({ reason: 'the topics of mqtt://a:1883 are not a list of topics' });
    expect(records).toHaveLength(1);
  });

  test('a folder it cannot write: said, and the board goes on', () => {
    const dir = tempDir('bb-session-topics-');
    writeFileSync(join(dir, 'file'), '');
    const { logger, records } = memoryLogger('info');
    const record = new SessionTopics(join(dir, 'file', 'x.session-topics.json'), logger);
    record.subscribed(A, ['t/T1/hand']);
    expect(records.at(-1)?.msg).toMatch(/^cannot save the topics its session holds/);
    expect(record.stale(A, ['t/T2/hand'])).toEqual(['t/T1/hand']); // still known for this run
  });
});

/** A board on `tableId` with display id D1 (one client id, one session), its journal in `dir`. */
function board(url: string, tableId: string, protocolVersion: 4 | 5, dir: string) {
  const { logger, records } = memoryLogger('info');
  const c = defaultConfig();
  const bridge = new Bridge(
    {
      ...c,
      tableId,
      displayId: 'D1',
      mqtt: { ...c.mqtt, brokers: [url], protocolVersion, clientId: 'baccarat-board-D1', reconnectMinMs: 100 },
      journal: { dir, syncIntervalMs: 0 },
    },
    { logger, version: '1.0.0' },
  );
  cleanups.push(() => bridge.stop());
  return { bridge, records };
}

const strayWarnings = (records: readonly { msg?: unknown }[]) =>
  records.filter((r) => String(r.msg).startsWith('a message on a topic this board does not'));

async function movedBoard(url: string, protocolVersion: 4 | 5) {
  const table = await mqtt.connectAsync(url, { clientId: `table-${Math.random()}`, protocolVersion });
  cleanups.push(() => table.endAsync(true));
  const t2 = [handMessage('S-T2', 1, coup(CARDS.tie))];
  await table.publishAsync(T.tableShoe('T2'), makeShoeSnapshot(snapshot('S-T2', t2)), { qos: 1, retain: true });
  const hand = (id: string, n: number) =>
    table.publishAsync(T.tableHand(id), makeHandMessage(handMessage(`S-${id}`, n, coup(CARDS.banker))), { qos: 1 });

  const dir = tempDir('bb-moved-');
  const before = board(url, 'T1', protocolVersion, dir);
  await before.bridge.start();
  await until(() => expect(before.bridge.subscribed).toBe(true));
  await until(() => expect(existsSync(join(dir, 'baccarat-board-D1.session-topics.json'))).toBe(true));
  await before.bridge.stop(); // its session (one client id, kept) holds T1's subscriptions
  await hand('T1', 1); // queued for it by the broker

  // Moved to T2: it takes T1's topics away, without a complaint for what was queued meanwhile.
  const moved = board(url, 'T2', protocolVersion, dir);
  await moved.bridge.start();
  await until(() =>
    expect(moved.records.some((r) => String(r.msg).startsWith('unsubscribed from its earlier'))).toBe(true),
  );
  const taken = moved.records.find((r) => String(r.msg).startsWith('unsubscribed from its earlier')) as {
    topics?: string[];
  };
  expect(taken.topics).toEqual(expect.arrayContaining([T.tableHand('T1'), T.tableShoe('T1')]));
  expect(taken.topics!.every((t) => t.includes('/T1/'))).toBe(true);
  const record = JSON.parse(readFileSync(join(dir, 'baccarat-board-D1.session-topics.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  expect(Object.values(record)[0]!.some((t) => t.includes('/T1/'))).toBe(false);
  await until(() => expect(moved.bridge.displayStatus()).toMatchObject({ tableId: 'T2', handCount: 1 }));
  await moved.bridge.stop();
  expect(strayWarnings(moved.records)).toEqual([]);
  expect(moved.bridge.counters.rejected).toBe(0);

  // The broker's session no longer holds them: a board with the same client id and no record of its own (its
  // journal folder new) hears nothing of T1, queued or live, and follows T2.
  await hand('T1', 2);
  const fresh = board(url, 'T2', protocolVersion, tempDir('bb-moved-'));
  await fresh.bridge.start();
  await until(() => expect(fresh.bridge.subscribed).toBe(true));
  await hand('T1', 3);
  await table.publishAsync(T.tableHand('T2'), makeHandMessage(handMessage('S-T2', 2, coup(CARDS.player))), { qos: 1 });
  await until(() => expect(fresh.bridge.displayStatus()).toMatchObject({ tableId: 'T2', handCount: 2 }));
  expect(strayWarnings(fresh.records)).toEqual([]);
  expect(fresh.records.some((r) => String(r.msg).startsWith('unsubscribed'))).toBe(false);
}

describe('a board moved to another table takes its old table off its session', () => {
  onEveryBroker(cleanups, movedBoard, 30_000);
});
