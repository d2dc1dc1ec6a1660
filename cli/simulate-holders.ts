/**
 * What `baccarat-board simulate` checks before it deals: whether another controller (a dealer's keypad, a
 * card-reading shoe's controller) serves one of its tables. Run against the wrong broker or table id, the simulator
 * would otherwise take a live table over at once: a new shoe on the boards patrons bet by, the keypad silenced. It
 * reads each table's retained `controller/status` as the keypad does (`simulator/table-watch.ts`, a client of its
 * own with a clean session) and decides by the same rule (`heldByAnother`); `--take-over` skips the check.
 *
 * ```ts
 * const held = await heldTables(options); // [{ tableId: 'T2', status }] for each table another controller serves
 * if (held.length > 0) io.err(heldText(held[0]));
 * ```
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import type { ControllerStatus } from '../contract/schemas/status';
import { tlsClientOptions } from '../mqtt-bridge/tls';
import { TableWatch } from '../simulator/table-watch';
import { controllerIdOf, controllerSoftware, heldByAnother } from '../simulator/publisher';
import type { ControllerSoftware } from '../simulator/controller-link';
import type { SimulateOptions } from './simulate-args';

/** A table another controller serves, and its status. */
export interface HeldTable {
  readonly tableId: string;
  readonly status: ControllerStatus;
}

/** The table's retained controller status, or null: read from the first broker of the list that answers. */
async function retainedStatus(o: SimulateOptions, tableId: string): Promise<ControllerStatus | null> {
  let last: unknown = new Error('no broker');
  for (const broker of o.brokers) {
    let watch: TableWatch;
    try {
      watch = await TableWatch.start({
        broker,
        tableId,
        clientId: `${controllerIdOf(tableId)}-watch-${randomBytes(4).toString('hex')}`,
        root: o.root,
        mqtt: {
          protocolVersion: o.protocolVersion,
          ...(o.username !== undefined && { username: o.username }),
          ...(o.password !== undefined && { password: o.password }),
          ...tlsClientOptions(o.tls),
        },
      });
    } catch (e) {
      last = e;
      continue; // the next broker of a bridged pair
    }
    try {
      return await watch.current();
    } finally {
      await watch.stop();
    }
  }
  throw last;
}

/**
 * The tables of the run that another controller serves: an online status, another simulator's too (a simulator that
 * stopped said offline, or the broker gave its last will; this run has published nothing yet). An offline status or
 * none leaves a table free.
 * @throws the connection's error when no broker of the list can be reached.
 */
export async function heldTables(o: SimulateOptions): Promise<HeldTable[]> {
  const statuses = await Promise.all(o.tables.map((tableId) => retainedStatus(o, tableId)));
  return o.tables.flatMap((tableId, i) => {
    const status = statuses[i] ?? null;
    return heldByAnother(status, () => false) ? [{ tableId, status }] : [];
  });
}

const HOLDERS: Record<ControllerSoftware, string> = {
  keypad: "a dealer's keypad",
  simulator: 'another table simulator, running now',
  controller: 'a table controller (a card-reading shoe, or a keypad of an older version)',
};

/** One line: which table, what serves it (controller id, version, since when), and how to proceed. */
export function heldText({ tableId, status: s }: HeldTable): string {
  return (
    `table ${tableId} is served by ${HOLDERS[controllerSoftware(s.version)]} (controller ${s.controllerId}, ` +
    `${s.version}, online at ${s.timestamp}): nothing was published. Check --broker and --tables; to take ` +
    `the table over deliberately (its boards then show the simulated shoe, and the other controller stops), ` +
    `add --take-over` +
    (controllerSoftware(s.version) === 'simulator'
      ? ` (a simulator that stopped says offline, or its broker does once it notices it gone: stop the other ` +
        `simulator first, or wait a minute if it has just died)`
      : '')
  );
}
