/**
 * What the about overlay shows staff close up (`AboutInfo` of the kiosk contract), put together by the host from
 * the configuration and what it knows of itself: never a secret (broker URLs lose their user name and password; no
 * key, token or password is named, only how many keys are trusted).
 *
 * ```ts
 * const about = aboutInfo(config, { version, build, configFile, startedAt, runtime: { kind: 'browser', node } });
 * ```
 * @packageDocumentation
 */
import type { AboutInfo } from '../contract/kiosk';
import type { Config } from './config';

/** What only the host knows. */
export interface HostFacts {
  readonly version: string;
  readonly build: string | null;
  readonly configFile: string | null;
  readonly startedAt: string; // ISO 8601
  readonly runtime: AboutInfo['runtime'];
}

/** A broker URL without its credentials (`mqtts://user:pw@host:8883` → `mqtts://host:8883`). */
export function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = '';
    u.password = '';
    return u.toString().replace(/\/$/, url.endsWith('/') ? '/' : '');
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//'); // not a URL the board could use anyway; still, no credentials shown
  }
}

export function aboutInfo(
  config: Pick<Config, 'displayId' | 'tableId' | 'mqtt' | 'trust'>,
  host: HostFacts,
): AboutInfo {
  return {
    product: 'baccarat-board',
    version: host.version,
    build: host.build,
    displayId: config.displayId,
    tableId: config.tableId,
    brokers: config.mqtt.brokers.map(withoutCredentials),
    configFile: host.configFile,
    startedAt: host.startedAt,
    runtime: host.runtime,
    trust: {
      requireSignatures: config.trust.requireSignatures,
      controllerKeys: config.trust.controllerKeys.length,
      pitKeys: config.trust.pitKeys.length,
    },
  };
}
