/**
 * Presence, retained and doubling as MQTT last wills: `{root}/tables/{tableId}/controller/status` for the table
 * controller, `{root}/displays/{displayId}/status` for a board.
 *
 * ```ts
 * client.connect({ will: { topic: t.displayStatus(id), payload: makeMessage('displayStatus', offline), qos: 1, retain: true } });
 * ```
 * @packageDocumentation
 */
import { Type, type Static } from '@sinclair/typebox';
import { Count, HandCount, Id, Label, SCHEMA_ID_PREFIX, Timestamp, Version, oneOf, strictObject } from './common';
import { DISPLAY_COMMANDS } from './command';

export const CONNECTION_STATES = ['online', 'offline'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

const SoftwareVersion = Label(64, 'Software version, e.g. 1.4.2.');
const WILL_TIME = 'When published; in a last will, the time of the connection it belongs to.';

export const ControllerStatusSchema = strictObject(
  {
    v: Version,
    state: oneOf(CONNECTION_STATES, { description: 'online, or offline (also the last will).' }),
    controllerId: Id,
    version: SoftwareVersion,
    timestamp: { ...Timestamp, description: WILL_TIME },
  },
  {
    $id: `${SCHEMA_ID_PREFIX}controller-status`,
    title: 'ControllerStatus',
    description: "The table controller's presence; its offline form is the controller's last will.",
  },
);
export type ControllerStatus = Static<typeof ControllerStatusSchema>;

const DisplayOnline = strictObject(
  {
    v: Version,
    state: Type.Literal('online'),
    displayId: Id,
    tableId: Id,
    version: SoftwareVersion,
    timestamp: Timestamp,
    shoeId: Type.Optional(Id),
    handCount: HandCount,
    lastResultAt: Type.Optional({ ...Timestamp, description: 'When the last hand result arrived.' }),
    signageRevision: Type.Optional(Count),
    casinoSignageRevision: Type.Optional(Count),
    rejectedMessages: { ...Count, description: 'Messages rejected by the contract since start.' },
    uptimeSeconds: { ...Count, description: 'Seconds since the board started.' },
    lastCommand: Type.Optional(
      strictObject(
        { requestId: Id, command: oneOf(DISPLAY_COMMANDS), ok: Type.Boolean() },
        { title: 'LastCommand', description: 'The last fleet command handled, so its sender can see it done.' },
      ),
    ),
  },
  { title: 'online', description: 'A running board: what it shows and how it is doing.' },
);

const DisplayOffline = strictObject(
  {
    v: Version,
    state: Type.Literal('offline'),
    displayId: Id,
    tableId: Id,
    version: SoftwareVersion,
    timestamp: { ...Timestamp, description: WILL_TIME },
  },
  { title: 'offline', description: 'A board that stopped, or its last will (published by the broker).' },
);

export const DisplayStatusSchema = Type.Union([DisplayOnline, DisplayOffline], {
  $id: `${SCHEMA_ID_PREFIX}display-status`,
  title: 'DisplayStatus',
  description: "A board's presence and health, discriminated by state. Retained; the offline form is its last will.",
});
export type DisplayStatus = Static<typeof DisplayStatusSchema>;
