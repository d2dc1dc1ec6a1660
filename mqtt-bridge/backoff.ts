/**
 * The reconnect back-off of every MQTT client we ship — the board, the console and the table controller: an
 * exponential back-off with "full jitter", so that a floor of clients that lost one broker at the same moment does
 * not come back at the same moment (issue 16). Self-contained (it only needs MQTT.js's client type), like `tls.ts`,
 * so that the simulator and the console share it with the board.
 *
 * ```ts
 * const client = connect(url, { reconnectPeriod: 1000 });
 * reconnectWithJitter(client, { minMs: 1000, maxMs: 30_000, random: Math.random });
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';

/**
 * A wait before the next reconnection attempt with "full jitter": uniform between 100 ms and the current back-off,
 * so that boards that lost the same broker at the same moment come back spread over the whole interval.
 */
export const jittered = (backoffMs: number, random: () => number): number =>
  Math.max(100, Math.round(random() * backoffMs));

export interface Backoff {
  readonly minMs: number; // the first wait's ceiling
  readonly maxMs: number; // the ceiling doubles after each failed attempt, up to this
  readonly random: () => number; // [0, 1); `() => 1` turns the jitter off (every wait is the ceiling)
}

/**
 * Sets the client's `reconnectPeriod` before each wait: drawn with full jitter under a ceiling that starts at
 * `minMs`, doubles after every failed attempt up to `maxMs`, and starts again at `minMs` once connected. MQTT.js
 * reads `reconnectPeriod` when it schedules the next attempt, after `offline` (the first) and after each failed one
 * (`reconnect` is emitted just before each attempt). Leaves `reconnectPeriod: 0` (never reconnect) alone.
 *
 * A refusal is retried too (`reconnectOnConnackError`): MQTT.js otherwise stops reconnecting for good at a refused
 * CONNACK, so a broker that refused a client for a while (an authentication backend down, an account being
 * rotated, a broker still starting) left that table's controller, or a console's monitor, away until restarted.
 */
export function reconnectWithJitter(client: MqttClient, b: Backoff): void {
  if (client.options.reconnectPeriod === 0) return;
  client.options.reconnectOnConnackError = true;
  let ceiling = b.minMs;
  const next = (): void => {
    client.options.reconnectPeriod = jittered(ceiling, b.random);
  };
  next();
  client.on('connect', () => {
    ceiling = b.minMs;
  });
  client.on('offline', next);
  client.on('reconnect', () => {
    ceiling = Math.min(ceiling * 2, b.maxMs);
    next();
  });
}
