/**
 * A real board's bridge (table T1) on a test broker that answers screenshot commands with a given picture and hands
 * every fleet command it takes to `onCommand`: what the fleet-command tests of the CLI and the console send to.
 *
 * ```ts
 * const bridge = await startScreenshotBoard(broker.url, 'D1', { take: async () => picture, onCommand: (c) => got.push(c) });
 * await bridge.stop();
 * ```
 * @packageDocumentation
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { DisplayCommand } from '../../contract/schemas';
import { Bridge } from '../../mqtt-bridge/bridge';
import { defaultConfig, type Config } from '../../mqtt-bridge/config';
import { memoryLogger } from '../../mqtt-bridge/log';
import { answerScreenshots, type Picture } from '../../mqtt-bridge/screenshot-reply';
import { until } from './lifecycle';

export interface ScreenshotBoardOptions {
  readonly take: () => Promise<Picture>;
  readonly onCommand: (command: DisplayCommand) => void;
  readonly trust?: Config['trust'];
  readonly reconnectMinMs?: number;
}

/** Starts the board and waits until it has subscribed; stop it with `bridge.stop()`. */
export async function startScreenshotBoard(
  brokerUrl: string,
  displayId: string,
  { take, onCommand, trust, reconnectMinMs }: ScreenshotBoardOptions,
): Promise<Bridge> {
  const c = defaultConfig();
  const bridge = new Bridge(
    {
      ...c,
      tableId: 'T1',
      displayId,
      mqtt: {
        ...c.mqtt,
        brokers: [brokerUrl],
        clientId: `board-${displayId}`,
        ...(reconnectMinMs !== undefined && { reconnectMinMs }),
      },
      journal: { dir: mkdtempSync(join(tmpdir(), 'bb-screenshot-board-')), syncIntervalMs: 0 },
      ...(trust && { trust }),
    },
    { logger: memoryLogger().logger },
  );
  bridge.on('command', onCommand);
  answerScreenshots(bridge, displayId, take);
  await bridge.start();
  await until(() => expect(bridge.subscribed).toBe(true));
  return bridge;
}
