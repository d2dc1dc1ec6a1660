/**
 * Composition of a board in one Node process: configuration, logger, bridge and the browser-mode web host.
 * Used by `baccarat-board serve` and by `npm start` where no Electron binary is present.
 * @packageDocumentation
 */
import type { Logger } from 'pino';
import { aboutInfo } from '../mqtt-bridge/about';
import { Bridge } from '../mqtt-bridge/bridge';
import { bundleDigest } from '../mqtt-bridge/build-identity';
import type { Config } from '../mqtt-bridge/config';
import { createLogger } from '../mqtt-bridge/log';
import { answerScreenshots, ScreenshotFailure } from '../mqtt-bridge/screenshot-reply';
import { renderBoard } from '../web-host/screenshot';
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

/** A screenshot's answer while no page shows the board. */
export const NO_PAGE_PICTURE =
  'no browser shows this board (browser mode): a picture drawn offscreen would show what nobody sees; ' +
  "open the board's address on its screen";

/** `configFile`: the configuration file read, for the about overlay (null: none). */
export async function startBoard(
  config: Config,
  logger = createLogger(config.log),
  configFile: string | null = null,
): Promise<BoardRuntime> {
  const build = bundleDigest(DIST_DIR);
  const startedAt = new Date().toISOString();
  const bridge = new Bridge(config, { logger, version: VERSION, build });
  const runtime = { kind: 'browser', node: process.versions.node } as const;
  const about = () => aboutInfo(config, { version: VERSION, build, configFile, startedAt, runtime });
  // The port first: a board started on a port in use (a second `serve` beside the first, with its display id)
  // connected to the broker first, as the same client, and knocked the running board off it (an IT trial).
  const web = await startWebHost({
    source: bridge,
    host: config.serve.host,
    port: config.serve.port,
    token: config.serve.token,
    rendererDir: RENDERER_DIR,
    logger,
    about,
  });
  try {
    await bridge.start();
  } catch (e) {
    await web.close();
    throw e;
  }
  // Said once the board is one: a second `serve` of a table whose journal another board holds logged "serving" at
  // an address, then was refused (found by casino IT).
  logger
    .child({ component: 'web-host' })
    .info({ url: web.url.replace(/#token=.*/, '#token=…') }, 'browser mode serving');
  const shown = web;
  // Drawn offscreen, the picture is of what a screen would show: with no page open nobody sees it, so there is none.
  answerScreenshots(bridge, config.displayId, async () => {
    if (bridge.pages === 0) throw new ScreenshotFailure('unavailable', NO_PAGE_PICTURE);
    return renderBoard({ url: shown.localUrl, screen: shown.screen() });
  });
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
    log(`\n${signal}: stopping…\n`);
    setTimeout(() => {
      log(`the stop took over ${STOP_LIMIT_MS} ms: exiting without it\n`);
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
