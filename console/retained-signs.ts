/**
 * What the broker holds for one table, read once by `baccarat-board signage`: the retained table and casino signs,
 * the shoe snapshot, and every board's retained status (for the revisions they show: a new sign goes above them,
 * issue 12, case 9) and last-seen time (when a board whose status is its will went away). Messages that break the
 * contract are skipped with a warning.
 *
 * ```ts
 * const r = await readRetainedSigns(client, 'baccarat', 'T12', 500); // RetainedSigns, or an error text
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import { parseMessage } from '../contract/mqtt';
import type { CasinoSignage, DisplaySeen, DisplayStatus, ShoeSnapshot, TableSignage } from '../contract/schemas';
import { parseTopic, topics } from '../contract/topics';
import { readRetained } from './mqtt-session';

export interface RetainedSigns {
  readonly table: TableSignage | null;
  readonly casino: CasinoSignage | null;
  readonly shoe: ShoeSnapshot | null;
  readonly boards: DisplayStatus[]; // every board's retained status, by display id
  readonly seen: ReadonlyMap<string, DisplaySeen>; // every board's retained last-seen time, by display id
  readonly warnings: string[];
}

/** Reads them, waiting `waitMs` for the boards' statuses (a wildcard cannot say when the last one has come). */
export async function readRetainedSigns(
  client: MqttClient,
  root: string,
  tableId: string | null,
  waitMs: number,
): Promise<RetainedSigns | string> {
  const t = topics(root);
  const wanted = [t.casinoSignage(), ...(tableId ? [t.tableSignage(tableId), t.tableShoe(tableId)] : [])];
  const r = await readRetained(client, wanted, waitMs, [t.filter('displayStatus'), t.filter('displaySeen')]);
  if (!r.ok) return r.error;
  const warnings: string[] = [];
  const boards: DisplayStatus[] = [];
  const seen = new Map<string, DisplaySeen>();
  for (const [topic, bytes] of r.value) {
    const k = parseTopic(root, topic);
    if (k.ok && k.value.kind === 'displaySeen') {
      const p = parseMessage('displaySeen', bytes);
      if (p.ok && p.value.displayId === k.value.displayId) seen.set(p.value.displayId, p.value);
      else
        warnings.push(
          `ignoring the retained last-seen time on ${topic}: ${p.ok ? 'its displayId is not the topic’s' : p.error.message}`,
        );
      continue;
    }
    if (!k.ok || k.value.kind !== 'displayStatus') continue;
    const p = parseMessage('displayStatus', bytes);
    if (p.ok && p.value.displayId === k.value.displayId) boards.push(p.value);
    else
      warnings.push(
        `ignoring the retained status on ${topic}: ${p.ok ? 'its displayId is not the topic’s' : p.error.message}`,
      );
  }
  boards.sort((a, b) => a.displayId.localeCompare(b.displayId, 'en', { numeric: true }));
  const read = <K extends 'signage' | 'casinoSignage' | 'shoe'>(kind: K, topic: string | null) => {
    const bytes = topic === null ? undefined : r.value.get(topic);
    if (!bytes) return null;
    const p = parseMessage(kind, bytes);
    if (p.ok) return p.value;
    warnings.push(`ignoring the retained message on ${topic}: ${p.error.message}`);
    return null;
  };
  return {
    table: read('signage', tableId ? t.tableSignage(tableId) : null),
    casino: read('casinoSignage', t.casinoSignage()),
    shoe: read('shoe', tableId ? t.tableShoe(tableId) : null),
    boards,
    seen,
    warnings,
  };
}
