/**
 * A board after its broker comes back (issue 16): it says it is subscribed again. MQTT.js keeps the board's topics
 * across a reconnection and answers their SUBSCRIBE at once, without a round trip; the board once heard that
 * answer before it marked itself "subscribing", and so never said "subscribed" again.
 */
import { expect, test } from 'vitest';
import { Bridge } from './bridge';
import { defaultConfig } from './config';
import { memoryLogger } from './log';
import { cleanupList, tempDir, until } from '../test/helpers/lifecycle';
import { mosquittoMissing, startMosquitto } from '../test/helpers/mosquitto';

const cleanups = cleanupList();

test.skipIf(mosquittoMissing() !== null)('subscribed again after the broker restarts', async () => {
  const broker = await startMosquitto();
  cleanups.push(() => broker.close());
  const c = defaultConfig();
  const bridge = new Bridge(
    {
      ...c,
      displayId: 'D1',
      mqtt: { ...c.mqtt, brokers: [broker.url], clientId: 'board-D1', reconnectMinMs: 100, reconnectMaxMs: 400 },
      journal: { dir: tempDir('bb-reconnect-'), syncIntervalMs: 0 },
    },
    { logger: memoryLogger('error').logger },
  );
  await bridge.start();
  cleanups.push(() => bridge.stop());
  await until(() => expect(bridge.subscribed).toBe(true));
  await broker.restart();
  await until(() => expect(bridge.view().connection.state).toBe('connected'));
  await until(() => expect(bridge.subscribed).toBe(true));
});
