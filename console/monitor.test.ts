import { expect, test } from 'vitest';
import { FleetMonitor } from './monitor';

test('the console reconnects with the boards’ back-off and full jitter (issue 16)', async () => {
  const monitor = new FleetMonitor(
    { url: 'mqtt://127.0.0.1:1', root: 'baccarat', protocolVersion: 4 },
    { reconnectMs: 400, random: () => 0.5 },
  );
  await monitor.start(); // refused: it keeps trying
  const waits: number[] = []; // the wait after each failed attempt
  monitor.client.on('reconnect', () => waits.push(monitor.client.options.reconnectPeriod!));
  await new Promise((r) => setTimeout(r, 1_500));
  await monitor.stop();
  // Half of each ceiling (random 0.5); the ceiling doubles after each failed attempt: 800, 1600 …
  expect(waits.slice(0, 2)).toEqual([400, 800]);
});
