/**
 * A board's staff warnings as their codes, as patrons' staff line shows them (its view) and as the fleet reads them
 * (its retained status, online only).
 *
 * ```ts
 * await until(() => expect(viewCodes(bridge)).toContain('controller-offline'));
 * expect(statusCodes(bridge)).toContain('controller-offline');
 * ```
 */
import type { Bridge } from '../../mqtt-bridge/bridge';

export const viewCodes = (b: Bridge): string[] => b.view().warnings.map((w) => w.code);

export const statusCodes = (b: Bridge): string[] => {
  const s = b.displayStatus();
  return s.state === 'online' ? (s.warnings ?? []).map((w) => w.code) : [];
};
