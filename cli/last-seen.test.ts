/**
 * When a board went dark, for whoever reads the broker after it died (a board connected for days says nothing by its
 * will, which is stamped when it connected): against Aedes and a real board (the Bridge) killed the hard way, and
 * kept out, `signage show`, `fleet identify` and a console started afterwards all say "offline since some time after
 * <its last-seen time> (last seen)"; a board whose last-seen time is unreadable is read as one without it, and
 * the reader says why it ignored it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import { describe, expect, test } from 'vitest';
import { parseDisplaySeen, parseDisplayStatus } from '../contract/mqtt';
import { offlineSince } from '../contract/offline-since';
import type { DisplaySeen, DisplayStatus } from '../contract/schemas';
import { topics } from '../contract/topics';
import { fleetBoards } from '../console/fleet-state';
import { FleetMonitor } from '../console/monitor';
import { Bridge } from '../mqtt-bridge/bridge';
import { defaultConfig } from '../mqtt-bridge/config';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { memoryLogger } from '../mqtt-bridge/log';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { main } from './main';
import { memoryIo } from './test-io';

const T = topics('baccarat');
const cleanups = cleanupList();

/** A board of table T1 that re-states every 100 ms, killed once it has done so a few times, and kept out. */
async function deadBoard(): Promise<{ broker: EmbeddedBroker; lastSeen: DisplaySeen; will: DisplayStatus }> {
  const broker = await startEmbeddedBroker();
  cleanups.push(() => broker.close());
  const watch = await connectAsync(broker.url, { clientId: 'watch' });
  cleanups.push(() => watch.endAsync(true));
  const seen: DisplaySeen[] = [];
  const statuses: DisplayStatus[] = [];
  watch.on('message', (topic, p) => {
    const r = topic === T.displaySeen('D9') ? parseDisplaySeen(p) : parseDisplayStatus(p);
    if (r.ok) ('state' in r.value ? statuses : seen).push(r.value as DisplaySeen & DisplayStatus);
  });
  await watch.subscribeAsync([T.displaySeen('D9'), T.displayStatus('D9')], { qos: 1 });
  const c = defaultConfig();
  const bridge = new Bridge(
    {
      ...c,
      tableId: 'T1',
      displayId: 'D9',
      mqtt: { ...c.mqtt, brokers: [broker.url], clientId: 'board-D9', reconnectMinMs: 100 },
      journal: { dir: mkdtempSync(join(tmpdir(), 'bb-last-seen-')), syncIntervalMs: 0 },
    },
    { logger: memoryLogger().logger, restateMs: 100 },
  );
  await bridge.start();
  cleanups.push(() => bridge.stop());
  await until(() => expect(seen.length).toBeGreaterThanOrEqual(6)); // on connect, then every 100 ms
  broker.aedes.authenticate = (client, _u, _p, done) => done(null, client.id !== 'board-D9');
  const clients = (broker.aedes as unknown as { clients: Record<string, { id: string; conn: { destroy(): void } }> })
    .clients;
  for (const client of Object.values(clients)) if (client.id === 'board-D9') client.conn.destroy();
  await until(() => expect(statuses.at(-1)).toMatchObject({ state: 'offline', will: true }));
  await new Promise((r) => setTimeout(r, 300)); // no more last-seen times
  return { broker, lastSeen: seen.at(-1)!, will: statuses.at(-1)! };
}

async function cli(...args: string[]) {
  const m = memoryIo();
  const code = await main(args, m.io);
  return { code, out: m.out(), err: m.err() };
}

describe('a board killed: every reader says when it was last seen', () => {
  test('signage show, fleet identify and a console started afterwards', async () => {
    const { broker, lastSeen, will } = await deadBoard();
    expect(Date.parse(lastSeen.timestamp)).toBeGreaterThan(Date.parse(will.timestamp) + 300); // connected earlier
    const words = `offline since some time after ${lastSeen.timestamp} (last seen)`;

    const show = await cli('signage', '--broker', broker.url, '--wait', '200', '--table', 'T1', 'show');
    expect(show.code).toBe(0);
    expect(show.out).toMatch(new RegExp(`Board D9: +${words.replace(/[()]/g, '\\$&')}\\n`));
    const json = await cli('signage', '--broker', broker.url, '--wait', '200', '--table', 'T1', 'show', '--json');
    expect(JSON.parse(json.out)).toMatchObject({ boards: [{ state: 'offline', will: true }], seen: [lastSeen] });

    const started = Date.now(); // said at once: not after the 10 s wait for an answer
    const identify = await cli('fleet', 'identify', '--display', 'D9', '--broker', broker.url);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(identify.code).toBe(1);
    expect(identify.err).toBe(
      `baccarat-board fleet: board D9 is ${words}: a command would wait at the broker and run whenever the board ` +
        'is back, so nothing was sent\n',
    );

    const monitor = new FleetMonitor({ url: broker.url, root: 'baccarat', protocolVersion: 4 }, { settleMs: 100 });
    cleanups.push(() => monitor.stop());
    await monitor.start();
    await until(() => expect(monitor.connected).toBe(true));
    const [row] = fleetBoards(monitor.current);
    expect(row).toMatchObject({ displayId: 'D9', state: 'offline', will: true, lastSeen: lastSeen.timestamp });
    expect(row?.goneAt).toBeUndefined(); // not seen going: read from the broker
    expect(row?.state === 'offline' && `offline ${offlineSince(row, row, (iso) => iso)}`).toBe(words);
  });

  test('an unreadable last-seen time: ignored, said why, and the will read without it', async () => {
    const { broker, will } = await deadBoard();
    const pub = await connectAsync(broker.url, { clientId: 'vandal' });
    cleanups.push(() => pub.endAsync(true));
    await pub.publishAsync(T.displaySeen('D9'), '{"v":1,"displayId":"D9","timestamp":"yesterday"}', {
      qos: 1,
      retain: true,
    });
    const show = await cli('signage', '--broker', broker.url, '--wait', '200', '--table', 'T1', 'show');
    expect(show.code).toBe(0);
    expect(show.err).toMatch(
      /^warning: ignoring the retained last-seen time on baccarat\/displays\/D9\/seen: displaySeen: /m,
    );
    expect(show.out).toMatch(
      new RegExp(`Board D9: +offline since some time after ${will.timestamp}, when it connected\\n`),
    );
    const monitor = new FleetMonitor({ url: broker.url, root: 'baccarat', protocolVersion: 4 }, { settleMs: 100 });
    cleanups.push(() => monitor.stop());
    await monitor.start();
    await until(() => expect(monitor.connected).toBe(true));
    expect(monitor.current.lastIgnored).toMatch(/^baccarat\/displays\/D9\/seen: displaySeen: /);
    expect(fleetBoards(monitor.current)[0]?.lastSeen).toBeUndefined();
  });
});
