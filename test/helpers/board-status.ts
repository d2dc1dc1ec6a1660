/**
 * A board's retained status as the signage tests publish it: online on a table, showing those sign revisions.
 * @packageDocumentation
 */
import { makeDisplayStatus } from '../../contract/mqtt';
import type { DisplayStatus } from '../../contract/schemas';

/** Online on table `onTable` at `at`, showing sign revision `signageRevision` and casino `casinoSignageRevision`. */
export const boardStatus = (
  displayId: string,
  onTable: string,
  signageRevision?: number,
  casinoSignageRevision?: number,
  at: Date = new Date('2026-11-22T12:00:00.000Z'),
): string =>
  makeDisplayStatus({
    v: 1,
    state: 'online',
    displayId,
    tableId: onTable,
    version: '1.0.0',
    timestamp: at.toISOString(),
    handCount: 0,
    ...(signageRevision !== undefined && { signageRevision }),
    ...(casinoSignageRevision !== undefined && { casinoSignageRevision }),
    rejectedMessages: 0,
    uptimeSeconds: 60,
  } satisfies DisplayStatus);
