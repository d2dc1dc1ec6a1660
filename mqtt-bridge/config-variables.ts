/**
 * The `BACCARAT_…` environment variables nothing reads, said as warnings by `serve`, `start` and the kiosk: a typing
 * slip (`BACCARAT_MQTT_URL`) would otherwise leave a board without its broker, or its password, and nothing said.
 *
 * ```ts
 * unknownVariables({ BACCARAT_MQTT_URL: 'mqtt://x' }); // ['warning: … BACCARAT_MQTT_URL … (did you mean BACCARAT_MQTT_URLS?) …']
 * ```
 * @packageDocumentation
 */
import { distance } from './edit-distance';
import { ENV_VARS } from './config-schema';

/**
 * The variables of baccarat-board's other parts, which a board does not read but which may share its environment
 * (docs/configuration.md): the configuration file, the console's and keypad's secrets, the screenshot's Chromium,
 * the Node.js check.
 */
export const OTHER_VARS: readonly string[] = [
  'BACCARAT_BOARD_CONFIG',
  'BACCARAT_CONSOLE_PASSWORD',
  'BACCARAT_CONSOLE_TOKEN',
  'BACCARAT_KEYPAD_TOKEN',
  'BACCARAT_CHROMIUM',
  'BACCARAT_NODE_CHECK',
];

/**
 * Warnings for `BACCARAT_…` variables that nothing reads: a typing slip (`BACCARAT_MQTT_URL`) would otherwise leave a
 * board without its broker, or its password, and nothing said. One line each, with the nearest known name.
 */
export function unknownVariables(env: Readonly<Record<string, string | undefined>>): string[] {
  const known = [...Object.keys(ENV_VARS), ...OTHER_VARS];
  return Object.keys(env)
    .filter((name) => name.startsWith('BACCARAT_') && !known.includes(name))
    .sort()
    .map((name) => {
      const near = known.find((k) => distance(k, name) <= 2);
      return `warning: environment variable ${name} is not one baccarat-board reads${near ? ` (did you mean ${near}?)` : ''}: it is ignored (docs/configuration.md lists them)`;
    });
}
