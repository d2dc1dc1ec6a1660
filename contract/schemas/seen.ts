/**
 * `{root}/displays/{displayId}/seen` (QoS 0, retained): when a board was last seen. The board's last will
 * necessarily replaces its retained status, and the will is composed when the board connects, so after a board dies
 * its status says only when it connected. This small message, re-stated with the status (every 30 s) and at a clean
 * stop, says when it was last alive, to within that interval, for whoever reads the broker later.
 *
 * ```ts
 * client.publish(t.displaySeen('D7'), makeMessage('displaySeen', { v: 1, displayId: 'D7', tableId: 'T12', timestamp }), { qos: 0, retain: true });
 * ```
 * @packageDocumentation
 */
import type { Static } from '@sinclair/typebox';
import { Id, SCHEMA_ID_PREFIX, Timestamp, Version, strictObject } from './common';

/** How often a board re-states its status and its last-seen time, in seconds: the precision of "last seen". */
export const RESTATE_SECONDS = 30;

export const DisplaySeenSchema = strictObject(
  {
    v: Version,
    displayId: Id,
    tableId: { ...Id, description: 'The table the board shows.' },
    timestamp: {
      ...Timestamp,
      description: `When the board was last seen alive: published when it connects, every ${RESTATE_SECONDS} s with its status, and as it stops.`,
    },
  },
  {
    $id: `${SCHEMA_ID_PREFIX}display-seen`,
    title: 'DisplaySeen',
    description:
      'When a board was last seen, retained beside its status (which its last will replaces). Older boards never publish it.',
  },
);
export type DisplaySeen = Static<typeof DisplaySeenSchema>;
