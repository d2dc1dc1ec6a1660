/**
 * A board's configuration for tests that run the real bridge against a broker: table T1, display D1, reconnecting
 * within 100-400 ms (a test restarts brokers), its journal in a new temporary directory written at once.
 *
 * ```ts
 * const bridge = new Bridge(testBoardConfig(broker.url, 'bb-step-'), { logger });
 * const board = await startTableBoard(broker.url, 'S1', cleanups); // another table's, started
 * ```
 * @packageDocumentation
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bridge } from '../../mqtt-bridge/bridge';
import { type Config, defaultConfig } from '../../mqtt-bridge/config';
import { memoryLogger } from '../../mqtt-bridge/log';

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

let boards = 0;

/**
 * A board of `tableId` on the broker at `url`, started, with a display id and a journal of its own; stopped by
 * `cleanups` (the file's `cleanupList()`). Warnings and worse go to a memory log.
 */
export async function startTableBoard(url: string, tableId: string, cleanups: (() => unknown)[]): Promise<Bridge> {
  const id = `board-${tableId.toLowerCase()}-${++boards}`;
  const c = testBoardConfig(url, 'bb-board-');
  const bridge = new Bridge(
    { ...c, tableId, displayId: id, mqtt: { ...c.mqtt, clientId: id } },
    { logger: memoryLogger('warn').logger },
  );
  await bridge.start();
  cleanups.push(() => bridge.stop());
  return bridge;
}
