/**
 * Composition of a board in one Node process: configuration, logger, bridge and the browser-mode web host.
 * Used by `baccarat-board serve` and by `npm start` where no Electron binary is present.
 * @packageDocumentation
 */
import type { Logger } from 'pino';
import { Bridge } from '../mqtt-bridge/bridge';
import { bundleDigest } from '../mqtt-bridge/build-identity';
import type { Config } from '../mqtt-bridge/config';
import { createLogger } from '../mqtt-bridge/log';
import { startWebHost, type WebHost } from '../web-host/server';
import { VERSION } from './version';

export interface BoardRuntime {
  readonly bridge: Bridge;
  readonly web: WebHost;
  readonly logger: Logger;
  stop(): Promise<void>;
}

export { RENDERER_DIR } from './paths';
import { DIST_DIR, RENDERER_DIR } from './paths';

export async function startBoard(config: Config, logger = createLogger(config.log)): Promise<BoardRuntime> {
  const bridge = new Bridge(config, { logger, version: VERSION, build: bundleDigest(DIST_DIR) });
  await bridge.start();
  let web: WebHost;
  try {
    web = await startWebHost({
      source: bridge,
      host: config.serve.host,
      port: config.serve.port,
      token: config.serve.token,
      rendererDir: RENDERER_DIR,
      logger,
    });
  } catch (e) {
    await bridge.stop();
    throw e;
  }
  return {
    bridge,
    web,
    logger,
    async stop() {
      await web.close();
      await bridge.stop();
    },
  };
}

/** The longest a clean stop may take before the process exits anyway (a hung broker, a stuck disk). */
export const STOP_LIMIT_MS = 5_000;

/**
 * Stops cleanly on SIGINT/SIGTERM (publishing the offline status), then exits; within {@link STOP_LIMIT_MS}
 * whatever the broker does, so a service manager never waits on a board that cannot say goodbye.
 */
export function stopOnSignals(stop: () => Promise<void>, log: (s: string) => void): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`\n${signal}: stopping…`);
    setTimeout(() => {
      log(`the stop took over ${STOP_LIMIT_MS} ms: exiting without it`);
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => handler('SIGINT'));
  process.once('SIGTERM', () => handler('SIGTERM'));
}
