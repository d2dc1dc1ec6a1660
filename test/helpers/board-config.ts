/**
 * A board's configuration for tests that run the real bridge against a broker: table T1, display D1, reconnecting
 * within 100-400 ms (a test restarts brokers), its journal in a new temporary directory written at once.
 *
 * ```ts
 * const bridge = new Bridge(testBoardConfig(broker.url, 'bb-step-'), { logger });
 * ```
 * @packageDocumentation
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, defaultConfig } from '../../mqtt-bridge/config';

/** The configuration; `more` replaces whole sections (e.g. `trust`). */
export function testBoardConfig(brokerUrl: string, journalPrefix: string, more: Partial<Config> = {}): Config {
  const c = defaultConfig();
  return {
    ...c,
    tableId: 'T1',
    displayId: 'D1',
    mqtt: { ...c.mqtt, brokers: [brokerUrl], clientId: 'board-D1', reconnectMinMs: 100, reconnectMaxMs: 400 },
    journal: { dir: mkdtempSync(join(tmpdir(), journalPrefix)), syncIntervalMs: 0 },
    ...more,
  };
}
