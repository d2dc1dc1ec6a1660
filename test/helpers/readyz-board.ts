/**
 * A board in browser mode for the `/readyz` tests: a real (in-process) broker that can be stopped and restarted on
 * its port, a table controller's client, the real bridge and the real web host; the board can be restarted on its
 * journal.
 *
 * ```ts
 * const cleanups = cleanupList();
 * const b = await readyzBoard(cleanups);
 * expect((await b.ready()).body).toBe('ready\n');
 * ```
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'aedes';
import mqtt from 'mqtt';
import { expect } from 'vitest';
import { Bridge } from '../../mqtt-bridge/bridge';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../mqtt-bridge/embedded-broker';
import { memoryLogger } from '../../mqtt-bridge/log';
import type { Readiness } from '../../web-host/readiness';
import { startWebHost } from '../../web-host/server';
import { makeHandMessage, makeShoeSnapshot, makeTableEvent } from '../../contract/mqtt';
import { topics } from '../../contract/topics';
import { testBoardConfig } from './board-config';
import { until } from './lifecycle';
import { CARDS, coup, event, handMessage, snapshot } from './table-messages';

export async function readyzBoard(cleanups: (() => Promise<unknown> | unknown)[], token: string | null = null) {
  let boardId: string | null = null; // the board's client id, once configured
  let boardClient: Client | null = null; // the board's connection, as the broker holds it
  const watched = (b: EmbeddedBroker) => {
    b.aedes.on('client', (c) => {
      if (c.id === boardId) boardClient = c;
    });
    return b;
  };
  let broker: EmbeddedBroker = watched(await startEmbeddedBroker());
  const port = broker.port;
  cleanups.push(() => broker.close());
  const ctl = await mqtt.connectAsync(broker.url, { clientId: `ctl-${Math.random()}`, reconnectPeriod: 100 });
  cleanups.push(() => ctl.endAsync(true));
  const cfg = testBoardConfig(broker.url, 'bb-readyz-');
  boardId = cfg.mqtt.clientId;
  const { logger, records } = memoryLogger();
  /** The board process: its bridge and web host, on the configuration's journal. */
  const startBoard = async () => {
    const bridge = new Bridge(cfg, { logger });
    await bridge.start();
    const host = await startWebHost({ source: bridge, host: '127.0.0.1', port: 0, token, rendererDir, logger });
    let stopping: Promise<void> | null = null;
    const stop = () => (stopping ??= host.close().then(() => bridge.stop()));
    cleanups.push(stop);
    return { bridge, base: `http://127.0.0.1:${host.port}`, stop };
  };
  const rendererDir = mkdtempSync(join(tmpdir(), 'bb-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>board</title>');
  let board = await startBoard();
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const ready = async (headers: Record<string, string> = {}) => {
    const r = await fetch(`${board.base}/readyz`, { headers: { ...auth, ...headers } });
    return { status: r.status, type: r.headers.get('content-type'), vary: r.headers.get('vary'), body: await r.text() };
  };
  const json = async () => {
    const r = await ready({ accept: 'application/json' });
    return { ...r, value: JSON.parse(r.body) as Readiness };
  };
  const publish = (topic: string, text: string, retain = false) => ctl.publishAsync(topic, text, { qos: 1, retain });
  return {
    /** The board's bridge (the running one: a new one after {@link restartBoard}). */
    get bridge() {
      return board.bridge;
    },
    get base() {
      return board.base;
    },
    ready,
    json,
    publish,
    records,
    /** The table's controller goes away (nothing more from it). */
    stopController: () => ctl.endAsync(true),
    /** The broker drops the board's connection, keeping its session and the retained messages. */
    dropBoard: () => boardClient?.close(),
    stopBroker: () => broker.close(),
    /** The board stops (its goodbye said), and a new board process starts on its journal, with a new web host. */
    restartBoard: async (meanwhile: () => Promise<unknown> = async () => {}) => {
      await board.stop();
      await meanwhile(); // while the board is down
      board = await startBoard();
    },
    /** A broker started again on the same port: nothing kept (no session, no retained message). */
    restartBroker: async () => (broker = watched(await startEmbeddedBroker({ port }))),
  };
}

/** Shoe S1 of table T1 as its controller deals it: its start, hands 1 to `n` (Banker wins), its snapshot after hand `n`. */
export const shoeS1 = {
  start: event('shoe-start', { shoeId: 'S1', decks: 8 }),
  hands: (n: number) => Array.from({ length: n }, (_, i) => handMessage('S1', i + 1, coup(CARDS.banker))),
  /** Its seq is that of the last event it reflects (the shoe's start). */
  snap: (n: number) => makeShoeSnapshot(snapshot('S1', shoeS1.hands(n), { seq: shoeS1.start.seq })),
};

/** A {@link readyzBoard} that shows hand 1 of shoe S1, its snapshot retained on the broker, and is ready. */
export async function liveReadyzBoard(cleanups: (() => Promise<unknown> | unknown)[]) {
  const T = topics('baccarat');
  const b = await readyzBoard(cleanups);
  await until(() => expect(b.bridge.subscribed).toBe(true));
  await b.publish(T.tableEvent('T1'), makeTableEvent(shoeS1.start));
  await b.publish(T.tableHand('T1'), makeHandMessage(shoeS1.hands(1)[0]!));
  await b.publish(T.tableShoe('T1'), shoeS1.snap(1), true);
  await until(async () => expect(await b.ready()).toMatchObject({ status: 200, body: 'ready\n' }));
  return b;
}
