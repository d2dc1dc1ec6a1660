/**
 * What the broker holds for one table, read once by `baccarat-board signage`: the retained table and casino signs,
 * the shoe snapshot, and every board's retained status (for the revisions they show: a new sign goes above them,
 * issue 12, case 9) and last-seen time (when a board whose status is its will went away). Messages that break the
 * contract are skipped with a warning; the boards are read as `fleet list` reads them (`contract/board-list.ts`).
 * With `floor`, every table's sign and shoe too: a new Perfect Pairs scale reaches every table that offers it.
 *
 * ```ts
 * const r = await readRetainedSigns(client, 'baccarat', 'T12', 500); // RetainedSigns, or an error text
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import { retainedBoards } from '../contract/board-list';
import { parseMessage } from '../contract/mqtt';
import type { CasinoSignage, DisplaySeen, DisplayStatus, ShoeSnapshot, TableSignage } from '../contract/schemas';
import { parseTopic, topics } from '../contract/topics';
import { readRetained } from './mqtt-session';
import { tableRound, type TableRound } from './pays-at-once';
import { shoePosition } from './shoe-position';

export interface RetainedSigns {
  readonly table: TableSignage | null;
  readonly casino: CasinoSignage | null;
  readonly shoe: ShoeSnapshot | null;
  readonly boards: readonly DisplayStatus[]; // every board's retained status, by display id
  readonly seen: ReadonlyMap<string, DisplaySeen>; // every board's retained last-seen time, by display id
  readonly floor: readonly TableRound[]; // every table with a sign or shoe, when asked for (else empty)
  readonly warnings: string[];
}

/** Reads them, waiting `waitMs` for the boards' statuses (a wildcard cannot say when the last one has come). */
export async function readRetainedSigns(
  client: MqttClient,
  root: string,
  tableId: string | null,
  waitMs: number,
  floor = false,
): Promise<RetainedSigns | string> {
  const t = topics(root);
  const wanted = [t.casinoSignage(), ...(tableId ? [t.tableSignage(tableId), t.tableShoe(tableId)] : [])];
  const filters = [
    t.filter('displayStatus'),
    t.filter('displaySeen'),
    ...(floor ? [t.filter('signage'), t.filter('shoe')] : []),
  ];
  const r = await readRetained(client, wanted, waitMs, filters);
  if (!r.ok) return r.error;
  const { boards, seen, warnings: ignored } = retainedBoards(root, r.value);
  const warnings = [...ignored];
  const read = <K extends 'signage' | 'casinoSignage' | 'shoe'>(kind: K, topic: string | null) => {
    const bytes = topic === null ? undefined : r.value.get(topic);
    if (!bytes) return null;
    const p = parseMessage(kind, bytes);
    if (p.ok) return p.value;
    warnings.push(`ignoring the retained message on ${topic}: ${p.error.message}`);
    return null;
  };
  const floorIds = new Set<string>();
  if (floor)
    for (const topic of r.value.keys()) {
      const k = parseTopic(root, topic);
      if (k.ok && (k.value.kind === 'signage' || k.value.kind === 'shoe')) floorIds.add(k.value.tableId);
    }
  const table = read('signage', tableId ? t.tableSignage(tableId) : null);
  const shoe = read('shoe', tableId ? t.tableShoe(tableId) : null);
  return {
    table,
    casino: read('casinoSignage', t.casinoSignage()),
    shoe,
    boards,
    seen,
    floor: [...floorIds].map((id) => {
      const sign = id === tableId ? table : read('signage', t.tableSignage(id));
      const snapshot = id === tableId ? shoe : read('shoe', t.tableShoe(id));
      return tableRound(id, sign, snapshot && shoePosition(snapshot));
    }),
    warnings,
  };
}
