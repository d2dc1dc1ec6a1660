/**
 * `GET /readyz` after the broker link comes back, through a real (in-process) broker: not ready (`catching-up`) from
 * the reconnection until the board has heard its table again and so knows what it missed meanwhile, then ready. A
 * quiet table is heard again by its retained snapshot, which the board asks for; a table whose controller is away
 * and whose snapshot the broker lost keeps the board not ready, saying so, until the controller publishes again.
 */
import { describe, expect, test } from 'vitest';
import { shoeHands } from '../baccarat/shoe';
import { makeHandMessage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { liveReadyzBoard, shoeS1 } from '../test/helpers/readyz-board';

const T = topics('baccarat');
const cleanups = cleanupList();

const { hands, snap } = shoeS1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A board that shows hand 1 of shoe S1, its snapshot retained on the broker, and is ready. */
const liveBoard = () => liveReadyzBoard(cleanups);

describe('GET /readyz after the broker link comes back', () => {
  test('the broker restarted: not ready until the table is heard again, then ready with the hands it missed', async () => {
    const b = await liveBoard();
    await b.stopBroker();
    await until(async () => expect((await b.json()).value.problem).toBe('broker'));
    await b.restartBroker(); // nothing kept: the board's session and the retained snapshot are gone

    await until(() => expect(b.bridge.view().connection.state).toBe('connected'), 8000);
    const c = b.bridge.view().connection;
    const text = `not ready: reconnected to the broker ${c.broker} at ${c.since.replace(/\.\d+Z$/, 'Z')}, waiting to hear table T1 again\n`;
    expect(await b.ready()).toMatchObject({ status: 503, body: text });
    const j = (await b.json()).value;
    expect(j).toMatchObject({ ready: false, problem: 'catching-up', since: c.since, outOfStep: null });
    expect(`not ready: ${j.reason}\n`).toBe(text);
    expect(j.connection).toMatchObject({ state: 'connected', awaitingTable: true });
    // Connected, in step by all it knows, and yet not ready: hands may have been dealt while the link was down.
    await sleep(600);
    expect((await b.ready()).body).toBe(text);

    // The controller, back too, republishes its snapshot: two hands were dealt meanwhile.
    await b.publish(T.tableShoe('T1'), snap(3), true);
    await until(async () => expect(await b.ready()).toMatchObject({ status: 200, body: 'ready\n' }));
    expect(shoeHands(b.bridge.table.shoe!)).toHaveLength(3);
    expect((await b.json()).value.connection.awaitingTable).toBe(false);
  });

  test('a live hand beyond a gap after the reconnection: out of step (not ready) until the snapshot fills it', async () => {
    const b = await liveBoard();
    await b.stopBroker();
    await until(async () => expect((await b.json()).value.problem).toBe('broker'));
    await b.restartBroker();
    await until(async () => expect((await b.json()).value.problem).toBe('catching-up'), 8000);
    await b.publish(T.tableHand('T1'), makeHandMessage(hands(4)[3]!)); // hands 2 and 3 dealt during the outage
    await until(async () => expect((await b.json()).value).toMatchObject({ problem: 'out-of-step' }));
    await b.publish(T.tableShoe('T1'), snap(4), true);
    await until(async () => expect(await b.ready()).toMatchObject({ status: 200, body: 'ready\n' }));
  });

  test('a quiet table whose controller is away: heard again by its retained snapshot, then ready', async () => {
    const b = await liveBoard();
    await b.stopController(); // nothing more is published for the table
    const resyncs = b.bridge.counters.resyncs;
    b.dropBoard(); // the link drops; the broker keeps the board's session and the retained snapshot
    await until(async () => expect((await b.json()).value.problem).toBe('broker'));
    // With its session kept the broker sends nothing again by itself: the board asks for the snapshot, and is ready.
    await until(async () => expect(await b.ready()).toMatchObject({ status: 200, body: 'ready\n' }), 8000);
    expect(b.bridge.counters.resyncs).toBe(resyncs + 1);
    expect(b.records.some((r) => r.msg === 'heard the table again since reconnecting')).toBe(true);
  });

  test('the controller away and its snapshot lost with the broker: not ready, saying so, until it publishes', async () => {
    const b = await liveBoard();
    await b.stopController();
    await b.stopBroker();
    await until(async () => expect((await b.json()).value.problem).toBe('broker'));
    await b.restartBroker();
    await until(() => expect(b.bridge.view().connection.state).toBe('connected'), 8000);
    await sleep(1000); // nothing to hear: the board cannot know what the table did meanwhile
    expect((await b.json()).value).toMatchObject({ ready: false, problem: 'catching-up' });
    expect((await b.ready()).body).toMatch(/, waiting to hear table T1 again\n$/);
  });
});
