/**
 * The kiosk's configuration as Electron's main process loads it, pure (no Electron) so that it is tested without
 * one: the file (`$BACCARAT_BOARD_CONFIG`, else the system's if there is one), checked with the board's own files
 * (`board.logo` among them), and the warnings `serve` and `start` print, which the kiosk, with no terminal, logs:
 * `BACCARAT_…` variables nothing reads (a misspelt one often explains what follows: no broker, a password refused).
 *
 * ```ts
 * const k = kioskConfig(process.env, rendererDir);
 * if (!k.config.ok) dialog.showErrorBox('…', [...k.warnings, k.config.error].join('\n'));
 * ```
 * @packageDocumentation
 */
import { existsSync } from 'node:fs';
import type { Result } from '../baccarat/types';
import { type Config, loadConfig, unknownVariables } from '../mqtt-bridge/config';

/** The configuration file on an installed board (the deb/AppImage docs say so); $BACCARAT_BOARD_CONFIG wins. */
export const SYSTEM_CONFIG = '/etc/baccarat-board/config.json';

export interface KioskConfig {
  readonly file: string | null;
  readonly config: Result<Config>;
  /** One line each, as `serve` prints them (`warning: environment variable … is not one baccarat-board reads …`). */
  readonly warnings: readonly string[];
}

/** Loads the kiosk's configuration from `env`, its `board.logo` checked among `rendererDir`'s files. */
export function kioskConfig(
  env: Readonly<Record<string, string | undefined>>,
  rendererDir: string,
  systemConfig = SYSTEM_CONFIG,
): KioskConfig {
  const file = env.BACCARAT_BOARD_CONFIG ?? (existsSync(systemConfig) ? systemConfig : null);
  const fileFrom =
    env.BACCARAT_BOARD_CONFIG === undefined ? 'the installed default' : 'environment variable BACCARAT_BOARD_CONFIG';
  return {
    file,
    config: loadConfig({ file, fileFrom, env, assets: rendererDir }),
    warnings: unknownVariables(env),
  };
}
