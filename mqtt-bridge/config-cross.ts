/**
 * The configuration's checks across fields (a board's config.ts checks each field alone first): what one field
 * cannot say alone, each check with the fields it reads, run where none of them has a problem of its own.
 *
 * ```ts
 * crossProblems(config, fieldProblems); // [{ path: 'mqtt.password', problem: 'needs mqtt.username …' }]
 * ```
 * @packageDocumentation
 */
import type { ConfigProblem } from './config-errors';
import type { Config } from './config-schema';

/** Whether the field `path` (`mqtt.brokers[1]`) lies in the field `set` (`mqtt.brokers`). */
export const under = (path: string, set: string): boolean =>
  path === set || path.startsWith(`${set}.`) || path.startsWith(`${set}[`);

/**
 * What one field cannot say alone, checked on the configuration in force: each check with the fields it reads, and
 * run only where none of them has a problem of its own (it would read a value that is not one), so that one start
 * lists every error, these with the others (they came a round later: fix eight, restart, be told of a ninth).
 */
const CROSS_CHECKS: readonly { readonly reads: readonly string[]; readonly check: (c: Config) => ConfigProblem[] }[] = [
  {
    reads: ['mqtt.reconnectMaxMs', 'mqtt.reconnectMinMs'],
    check: (c) =>
      c.mqtt.reconnectMaxMs < c.mqtt.reconnectMinMs
        ? [
            {
              path: 'mqtt.reconnectMaxMs',
              problem: `${c.mqtt.reconnectMaxMs} must not be below mqtt.reconnectMinMs (${c.mqtt.reconnectMinMs})`,
            },
          ]
        : [],
  },
  {
    // MQTT.js gives every server of the list one WebSocket path (mqtt-options.ts): they must agree.
    reads: ['mqtt.brokers'],
    check: (c) => {
      const wsPaths = new Set(
        c.mqtt.brokers.flatMap((b) => {
          const u = URL.canParse(b) ? new URL(b) : null;
          return u && /^wss?:$/.test(u.protocol) ? [(u.pathname || '/') + u.search] : [];
        }),
      );
      return wsPaths.size > 1
        ? [
            {
              path: 'mqtt.brokers',
              problem: `the WebSocket brokers have different paths (${[...wsPaths].join(', ')}): a board uses one path for all; give them the same`,
            },
          ]
        : [];
    },
  },
  {
    reads: ['serve.host', 'serve.token'],
    check: (c) =>
      !['127.0.0.1', 'localhost', '::1'].includes(c.serve.host) && !c.serve.token
        ? [
            {
              path: 'serve.token',
              problem: `is required when serve.host is ${c.serve.host} (not loopback): a secret of 16 characters or more`,
              cause: 'serve.host', // unset, the token has no source: the host set is what asks for it
            },
          ]
        : [],
  },
  {
    // MQTT sends no password without a user name: the broker would refuse the board ("Not authorized") for ever.
    reads: ['mqtt.password', 'mqtt.username'],
    check: (c) =>
      c.mqtt.password !== undefined && !c.mqtt.username
        ? [
            {
              path: 'mqtt.password',
              problem:
                "needs mqtt.username (BACCARAT_MQTT_USERNAME): the broker's user name, the board's display id (docs/deployment.md)",
            },
          ]
        : [],
  },
  {
    reads: ['trust.requireSignatures', 'trust.controllerKeys'],
    check: (c) =>
      c.trust.requireSignatures && c.trust.controllerKeys.length === 0
        ? [{ path: 'trust.requireSignatures', problem: 'needs at least one key in trust.controllerKeys' }]
        : [],
  },
];

export function crossProblems(c: Config, found: readonly ConfigProblem[]): ConfigProblem[] {
  const bad = (field: string) => found.some((f) => under(f.path, field) || under(field, f.path));
  return CROSS_CHECKS.flatMap(({ reads, check }) => (reads.some(bad) ? [] : check(c)));
}
