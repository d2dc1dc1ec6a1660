/**
 * One test per real broker a board meets: Aedes in-process (MQTT 3.1.1), and Mosquitto 2 over MQTT 3.1.1 and 5
 * (without persistence; skipped, saying why, where it is not installed). Call inside a `describe`; each broker is
 * closed by the file's clean-ups (`cleanupList`), after what the test pushed there itself (its clients first).
 *
 * ```ts
 * const cleanups = cleanupList();
 * describe('a board moved to another table', () => onEveryBroker(cleanups, (url, v) => movedBoard(url, v), 30_000));
 * ```
 */
import { describe, test } from 'vitest';
import { startEmbeddedBroker } from '../../mqtt-bridge/embedded-broker';
import { mosquittoMissing, startMosquitto } from './mosquitto';

export function onEveryBroker(
  cleanups: (() => Promise<unknown> | unknown)[],
  run: (url: string, protocolVersion: 4 | 5) => Promise<void>,
  timeoutMs: number,
): void {
  test(
    'Aedes, MQTT 3.1.1',
    async () => {
      const broker = await startEmbeddedBroker();
      cleanups.push(() => broker.close());
      await run(broker.url, 4);
    },
    timeoutMs,
  );
  const missing = mosquittoMissing();
  describe.skipIf(missing !== null)(`Mosquitto 2${missing ? ` (${missing})` : ''}`, () => {
    test.each([4, 5] as const)(
      'MQTT protocol level %i',
      async (v) => {
        const m = await startMosquitto({ persistence: false });
        cleanups.push(() => m.close());
        await run(m.url, v);
      },
      timeoutMs,
    );
  });
}
