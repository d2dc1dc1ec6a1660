/**
 * `GET /readyz` when a board starts again from its saved record (its journal), through a real (in-process) broker:
 * the shoe it shows may be behind its table (hands dealt while it was down), so it is not ready (`catching-up`) until
 * the table's snapshot or a hand in sequence says where the table is. A sign heard first does not settle it.
 */
import { describe, expect, test } from 'vitest';
import { shoeHands } from '../baccarat/shoe';
import { makeHandMessage, makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { liveReadyzBoard, shoeS1 } from '../test/helpers/readyz-board';
import { signage } from '../test/helpers/table-messages';

const T = topics('baccarat');
const cleanups = cleanupList();

const { hands, snap } = shoeS1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A board that showed hand 1 of shoe S1 (journaled) restarts while the broker, restarted without persistence, has
 * lost the table's snapshot; the pit's sign is retained again before the controller republishes its snapshot. So the
 * first thing the restarted board hears is the sign.
 */
async function restartedBoard() {
  const b = await liveReadyzBoard(cleanups);
  await b.restartBoard(async () => {
    await b.stopBroker();
    await b.restartBroker();
    await b.publish(T.tableSignage('T1'), makeTableSignage(signage(1)), true);
  });
  expect(shoeHands(b.bridge.table.shoe!)).toHaveLength(1); // the shoe from its journal
  await until(() => expect(b.bridge.view().signage?.revision).toBe(1)); // the retained sign, heard
  return b;
}

describe('GET /readyz when a board starts again from its saved record', () => {
  test('a sign heard first: not ready (catching-up) until the snapshot comes, then ready with the hands it missed', async () => {
    const b = await restartedBoard();
    const c = b.bridge.view().connection;
    expect(c).toMatchObject({ state: 'connected', awaitingTable: true, awaitingAfter: 'saved-record' });
    expect(c.lastMessageAt).not.toBeNull(); // heard something since it started: not `no-view`
    const text = `not ready: started from its saved record, connected to the broker ${c.broker} at ${c.since.replace(/\.\d+Z$/, 'Z')}, waiting to hear table T1\n`;
    expect(await b.ready()).toMatchObject({ status: 503, body: text });
    const j = (await b.json()).value;
    expect(j).toMatchObject({ ready: false, problem: 'catching-up', since: c.since, outOfStep: null });
    await sleep(600);
    expect(await b.ready()).toMatchObject({ status: 503, body: text });

    // The controller republishes its snapshot: two hands were dealt while the board was down.
    await b.publish(T.tableShoe('T1'), snap(3), true);
    await until(async () => expect(await b.ready()).toMatchObject({ status: 200, body: 'ready\n' }));
    expect(shoeHands(b.bridge.table.shoe!)).toHaveLength(3);
    expect((await b.json()).value.connection).toMatchObject({ awaitingTable: false });
    expect((await b.json()).value.connection).not.toHaveProperty('awaitingAfter');
    expect(b.records.some((r) => r.msg === 'heard the table since starting from the saved record')).toBe(true);
  });

  test('a sign heard first, then the next hand in sequence: catching-up, then ready', async () => {
    const b = await restartedBoard();
    expect((await b.json()).value).toMatchObject({ ready: false, problem: 'catching-up' });
    await b.publish(T.tableHand('T1'), makeHandMessage(hands(2)[1]!));
    await until(async () => expect(await b.ready()).toMatchObject({ status: 200, body: 'ready\n' }));
    expect(shoeHands(b.bridge.table.shoe!)).toHaveLength(2);
  });
});
