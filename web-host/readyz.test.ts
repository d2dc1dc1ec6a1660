/**
 * `GET /readyz` through the real bridge, a real (in-process) broker and the real web host: not ready before the
 * table is heard, ready once it is, not ready (with why, in text and JSON) while the broker is down or the board is
 * out of step, and ready again once the broker is back and the table heard again. Guarded as `/api/state`;
 * `/healthz` is not.
 */
import { describe, expect, test } from 'vitest';
import { makeHandMessage, makeTableEvent } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { readyzBoard } from '../test/helpers/readyz-board';
import { CARDS, coup, event, handMessage } from '../test/helpers/table-messages';

const T = topics('baccarat');
const cleanups = cleanupList();
const TOKEN = 'correct-horse-battery-staple';
const setup = (token: string | null = null) => readyzBoard(cleanups, token);

const hand = (no: number) => makeHandMessage(handMessage('S1', no, coup(CARDS.banker)));

describe('GET /readyz, against a real broker', () => {
  test('no view of the table yet, then ready; the broker lost, then ready again by itself', async () => {
    const b = await setup();
    await until(() => expect(b.bridge.subscribed).toBe(true));
    // Connected, but the table has said nothing (no retained message either).
    expect(await b.ready()).toMatchObject({
      status: 503,
      type: 'text/plain; charset=utf-8',
      vary: 'Accept',
      body: 'not ready: no view of table T1 yet: nothing heard from it since the board started\n',
    });
    expect((await b.json()).value).toMatchObject({ ready: false, problem: 'no-view', tableId: 'T1', displayId: 'D1' });

    await b.publish(T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })));
    await b.publish(T.tableHand('T1'), hand(1));
    await until(async () => expect(await b.ready()).toMatchObject({ status: 200, body: 'ready\n' }));
    const live = await b.json();
    expect(live).toMatchObject({ status: 200, type: 'application/json; charset=utf-8' });
    expect(live.value).toMatchObject({ v: 1, ready: true, problem: null, reason: null, since: null, outOfStep: null });
    expect(live.value.connection).toMatchObject({ state: 'connected' });

    await b.stopBroker();
    await until(async () => expect((await b.ready()).status).toBe(503));
    const down = await b.ready();
    const since = b.bridge.view().connection.since.replace(/\.\d+Z$/, 'Z');
    expect(down.body).toBe(`not ready: reconnecting to the broker ${b.bridge.config.mqtt.brokers[0]} since ${since}\n`);
    const downJson = (await b.json()).value;
    expect(downJson).toMatchObject({ ready: false, problem: 'broker', since: b.bridge.view().connection.since });
    expect(`not ready: ${downJson.reason}\n`).toBe(down.body); // the same reason in both
    expect(downJson.connection.state).toBe('reconnecting');
    expect(await (await fetch(`${b.base}/healthz`)).text()).toBe('ok\n'); // alive all along

    await b.restartBroker();
    // Back, but not ready until the table is heard again (readyz-reconnect.test.ts): here its next hand, in sequence.
    await until(async () => expect((await b.json()).value.problem).toBe('catching-up'), 8000);
    await b.publish(T.tableHand('T1'), hand(2));
    await until(async () => expect(await b.ready()).toMatchObject({ status: 200, body: 'ready\n' }));
  });

  test('out of step with the table (a gap): 503 with its reason, until the missing hand comes', async () => {
    const b = await setup();
    await until(() => expect(b.bridge.subscribed).toBe(true));
    await b.publish(T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })));
    await b.publish(T.tableHand('T1'), hand(1));
    await until(async () => expect((await b.ready()).status).toBe(200));
    await b.publish(T.tableHand('T1'), hand(3)); // hand 2 never reaches the board
    await until(async () => expect((await b.ready()).status).toBe(503));
    const r = await b.ready();
    expect(r.body).toMatch(/^not ready: out of step with table T1 \(gap\) since \S+Z: .+\n$/);
    expect((await b.json()).value).toMatchObject({ problem: 'out-of-step', outOfStep: { code: 'gap' } });
    await b.publish(T.tableHand('T1'), hand(2));
    await until(async () => expect((await b.ready()).status).toBe(200));
  });

  test('guarded as /api/state: the token when it needs one, and no other origin; /healthz stays open', async () => {
    const b = await setup(TOKEN);
    const plain = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${b.base}${path}`, { headers }).then((r) => r.status);
    expect(await plain('/api/state')).toBe(401);
    expect(await plain('/readyz')).toBe(401);
    expect(await plain('/readyz?token=wrong-token-of-some-length')).toBe(401);
    expect(await plain(`/readyz?token=${TOKEN}`)).not.toBe(401);
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect(await plain('/readyz', { ...auth, origin: 'http://evil.example' })).toBe(403);
    expect(await plain('/api/state', { ...auth, origin: 'http://evil.example' })).toBe(403);
    expect([200, 503]).toContain(await plain('/readyz', auth));
    expect(await plain('/healthz')).toBe(200);
  });
});
