/**
 * A table controller whose broker refuses it for a while (an authentication backend down, an account being rotated)
 * keeps retrying with its back-off and gets back in once the broker accepts it again: MQTT.js stops reconnecting for
 * good after a refused CONNACK unless told otherwise, which left a table's results unpublished until someone
 * restarted its controller. Against Aedes in process.
 */
import { expect, test } from 'vitest';
import { startEmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { connectController } from './controller-link';

const cleanups = cleanupList();

test('refused on a reconnection, it retries, and is back once the broker accepts it', async () => {
  const broker = await startEmbeddedBroker();
  cleanups.push(() => broker.close());
  let refuse = false;
  let refusals = 0;
  broker.aedes.authenticate = (_client, _username, _password, done) => {
    if (refuse) refusals++;
    done(null, !refuse); // refused: CONNACK 5, not authorised
  };
  const errors: string[] = [];
  const link = await connectController({
    broker: broker.url,
    tableId: 'R1',
    backoff: { minMs: 50, maxMs: 100 },
    onError: (e) => errors.push(e.message),
  });
  cleanups.push(() => link.stop());

  refuse = true;
  link.client.stream.destroy(); // the link drops; each attempt to come back is refused
  await until(() => expect(refusals).toBeGreaterThanOrEqual(2), 8000);
  expect(errors.some((m) => /not authori[sz]ed/i.test(m))).toBe(true);
  expect(link.client.connected).toBe(false);

  refuse = false;
  await until(() => expect(link.client.connected).toBe(true), 8000);
}, 20_000);
