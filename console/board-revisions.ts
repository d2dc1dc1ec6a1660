/**
 * Which revision a new sign gets. A board ignores a sign below the revision it shows (contract, "Ordering,
 * duplicates and gaps", rule 7), and a broker that lost its retained messages (or was restored from a backup)
 * no longer knows that revision. So the next revision is one above the retained sign's **and** above every revision
 * a board reports in its status: a table sign above its own boards', the casino sign above every board's
 * (issue 12, case 9). Shared by `baccarat-board signage set` and the console. Pure.
 *
 * ```ts
 * const boards = boardRevisions(statuses, 'T12'); // { table: 13, casino: 4 }
 * nextRevision(retained?.revision ?? null, boards.table); // 14 when the broker lost the sign
 * ```
 * @packageDocumentation
 */

/** What a board reports about the signs it shows: its table, and the revisions (absent: none shown, or offline). */
export interface ReportedRevisions {
  readonly tableId: string;
  readonly signageRevision?: number;
  readonly casinoSignageRevision?: number;
  readonly state?: string; // 'online': what it reports is what it shows now (no revision: it shows no sign)
}

/** The highest revisions the boards report: of the table's sign (its own boards), of the casino's (every board). */
export interface BoardRevisions {
  readonly table: number | null; // null: no board of the table reports a sign
  readonly casino: number | null;
  readonly tableOnline?: boolean; // a board of the table is online: with no revision, it shows no sign
}

export const NO_BOARD_REVISIONS: BoardRevisions = { table: null, casino: null };

const higher = (a: number | null, b: number | undefined): number | null =>
  b === undefined ? a : a === null ? b : Math.max(a, b);

/** The highest revisions the boards of `tableId` (and, for the casino sign, all boards) report. */
export function boardRevisions(boards: Iterable<ReportedRevisions>, tableId: string | null): BoardRevisions {
  let table: number | null = null;
  let casino: number | null = null;
  let tableOnline = false;
  for (const b of boards) {
    if (tableId !== null && b.tableId === tableId) {
      table = higher(table, b.signageRevision);
      tableOnline ||= b.state === 'online';
    }
    casino = higher(casino, b.casinoSignageRevision);
  }
  return { table, casino, ...(tableOnline && { tableOnline }) };
}

/**
 * The revision of the table's sign its boards show: the highest reported; 0 when a board of the table is online and
 * shows none (it refused every sign so far, or has had none); null when no board says.
 */
export function tableShows(r: BoardRevisions): number | null {
  return r.table ?? (r.tableOnline === true ? 0 : null);
}

/**
 * The revision of the next sign: one above the retained one (0 when none: the first sign is revision 1) and one
 * above the highest a board shows.
 */
export function nextRevision(retained: number | null, boards: number | null): number {
  return Math.max(retained ?? 0, boards ?? 0) + 1;
}

/** The revision a board shows when it is above the retained sign's (the reason a new sign jumps), else null. */
export function aheadOnBoards(retained: number | null, boards: number | null): number | null {
  return boards !== null && boards > (retained ?? 0) ? boards : null;
}
