/**
 * `GET /readyz` through the real bridge, a real (in-process) broker and the real web host: not ready before the
 * table is heard, ready once it is, not ready (with why, in text and JSON) while the broker is down or the board is
 * out of step, and ready again by itself when the broker is back. Guarded as `/api/state`; `/healthz` is not.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { describe, expect, test } from 'vitest';
import { makeHandMessage, makeTableEvent } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { Bridge } from '../mqtt-bridge/bridge';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { memoryLogger } from '../mqtt-bridge/log';
import { testBoardConfig } from '../test/helpers/board-config';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { CARDS, coup, event, handMessage } from '../test/helpers/table-messages';
import type { Readiness } from './readiness';
import { startWebHost } from './server';

const T = topics('baccarat');
const cleanups = cleanupList();
const TOKEN = 'correct-horse-battery-staple';

async function setup(token: string | null = null) {
  let broker: EmbeddedBroker = await startEmbeddedBroker();
  const port = broker.port;
  cleanups.push(() => broker.close());
  const ctl = await mqtt.connectAsync(broker.url, { clientId: `ctl-${Math.random()}`, reconnectPeriod: 100 });
  cleanups.push(() => ctl.endAsync(true));
  const cfg = testBoardConfig(broker.url, 'bb-readyz-');
  const { logger } = memoryLogger();
  const bridge = new Bridge(cfg, { logger });
  await bridge.start();
  cleanups.push(() => bridge.stop());
  const rendererDir = mkdtempSync(join(tmpdir(), 'bb-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>board</title>');
  const host = await startWebHost({ source: bridge, host: '127.0.0.1', port: 0, token, rendererDir, logger });
  cleanups.push(() => host.close());
  const base = `http://127.0.0.1:${host.port}`;
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const ready = async (headers: Record<string, string> = {}) => {
    const r = await fetch(`${base}/readyz`, { headers: { ...auth, ...headers } });
    return { status: r.status, type: r.headers.get('content-type'), vary: r.headers.get('vary'), body: await r.text() };
  };
  const json = async () => {
    const r = await ready({ accept: 'application/json' });
    return { ...r, value: JSON.parse(r.body) as Readiness };
  };
  const publish = (topic: string, text: string) => ctl.publishAsync(topic, text, { qos: 1 });
  return {
    bridge,
    base,
    ready,
    json,
    publish,
    stopBroker: () => broker.close(),
    restartBroker: async () => (broker = await startEmbeddedBroker({ port })),
  };
}

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
    await until(async () => expect(await b.ready()).toMatchObject({ status: 200, body: 'ready\n' }), 8000);
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
