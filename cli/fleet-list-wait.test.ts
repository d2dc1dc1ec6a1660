/**
 * How long `fleet list` waits for the boards' retained statuses, against a real broker (Aedes): it ends once none
 * has come for 0.2 s; a broker still sending when `--timeout` runs out (here a board re-stating its status every
 * 50 ms, as hundreds of boards together would keep a busy broker sending) gets a warning that the list may be missing
 * boards, and how long to wait instead; a bad `--timeout` is refused.
 */
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeDisplayStatus } from '../contract/mqtt';
import type { DisplayStatus } from '../contract/schemas';
import { topics } from '../contract/topics';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { main } from './main';
import { memoryIo } from './test-io';

const T = topics('baccarat');
let broker: EmbeddedBroker;
let pub: MqttClient;

async function fleet(...args: string[]) {
  const m = memoryIo();
  const code = await main(['fleet', ...args, '--broker', broker.url], m.io);
  return { code, out: m.out(), err: m.err() };
}

const status = (displayId: string): DisplayStatus => ({
  v: 1,
  state: 'online',
  displayId,
  tableId: 'T3',
  version: '1.4.2',
  timestamp: new Date().toISOString(),
  handCount: 4,
  rejectedMessages: 0,
  uptimeSeconds: 60,
});
const publish = (s: DisplayStatus) =>
  pub.publishAsync(T.displayStatus(s.displayId), makeDisplayStatus(s), { qos: 1, retain: true });

beforeAll(async () => {
  broker = await startEmbeddedBroker();
  pub = await connectAsync(broker.url, { clientId: 'boards' });
  await publish(status('D1'));
});
afterAll(async () => {
  await pub.endAsync();
  await broker.close();
});

describe('fleet list --timeout', () => {
  test('retained statuses only: listed once they are in, with no warning', async () => {
    const r = await fleet('list', '--timeout', '0.5');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toContain('T3     D1 ');
  });

  test('statuses still coming as the wait runs out: listed, and a warning says it may be missing boards', async () => {
    const restating = setInterval(() => void publish(status('D2')), 50);
    try {
      const t0 = Date.now();
      const r = await fleet('list', '--timeout', '0.5');
      expect(Date.now() - t0).toBeLessThan(2_000); // ended at its --timeout, not the default 2 s
      expect(r.code).toBe(0);
      expect(r.err).toBe(
        "warning: the broker was still sending boards' statuses after 0.5 s: the list may be missing some; " +
          'give it longer with --timeout 2.5\n',
      );
      expect(r.out).toContain('T3     D1 ');
    } finally {
      clearInterval(restating);
    }
  });

  test.each([['0'], ['61'], ['soon']])('--timeout %s: exit 2 with the usage', async (value) => {
    const r = await fleet('list', '--timeout', value);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toBe(
      `baccarat-board fleet: --timeout must be more than 0 and at most 60 seconds, not '${value}'`,
    );
  });
});
