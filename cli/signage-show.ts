/**
 * What `baccarat-board signage show` prints: with a table, its signs, the casino's, where its shoe stands and its
 * boards; without one, the casino's sign, the tables with a sign on the broker and the boards not showing the
 * casino's sign. As text, or as JSON with `--json`.
 *
 * ```ts
 * io.out(showSigns(await readRetainedSigns(client, root, 'T12', 500), 'T12', shoe, { json: false, now: Date.now() }));
 * ```
 * @packageDocumentation
 */
import { signMismatches } from '../console/fleet-attention';
import type { RetainedSigns } from '../console/retained-signs';
import type { ShoePosition } from '../console/shoe-position';
import {
  describeShoe,
  formatBoards,
  formatCasinoSignage,
  formatFloorSignage,
  formatTableSignage,
} from '../console/sign-text';
import { variantNow } from '../console/variant-now';
import { restoreHint } from './signage-restore';

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The signs as `show` prints them; `now` (ms since the epoch) for boards gone silent. */
export function showSigns(
  current: RetainedSigns,
  tableId: string | null,
  shoe: ShoePosition | null,
  o: { readonly json: boolean; readonly now: number },
): string {
  const { casino, table } = current;
  if (tableId === null) {
    const mismatches = current.boards
      .flatMap((b) => signMismatches(b, null, casino, o.now))
      .filter((a) => a.code === 'casino-behind' || a.code === 'casino-ahead');
    const tables = current.floor.filter((f) => f.signRevision !== null).map((f) => f.tableId);
    return o.json
      ? json({ casino, tables, boards: current.boards, seen: current.seen })
      : formatFloorSignage(casino, tables, current.boards, mismatches) + restoreHint(mismatches.map((m) => m.code));
  }
  const boards = current.boards.filter((b) => b.tableId === tableId);
  const seen = boards.flatMap((b) => current.seen.get(b.displayId) ?? []); // when last seen, where boards say
  if (o.json) return json({ table, casino, shoe, boards, seen });
  return (
    formatTableSignage(tableId, table, casino, table && variantNow(table, shoe)) +
    formatCasinoSignage(casino) +
    (shoe ? `Shoe: ${describeShoe(shoe)}\n` : 'Shoe: no snapshot on the broker\n') +
    formatBoards(boards, table, casino, current.seen, o.now) +
    restoreHint(
      boards.flatMap((b) => signMismatches(b, table, casino, o.now)).map((m) => m.code),
      tableId,
    )
  );
}
