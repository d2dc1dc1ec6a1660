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
import {
  Count,
  HandCount,
  Id,
  Label,
  OptionalSignature,
  SCHEMA_ID_PREFIX,
  Timestamp,
  Version,
  oneOf,
  strictObject,
} from './common';
import { DISPLAY_COMMANDS } from './command';
import { ShoeNo } from './event';

export const CONNECTION_STATES = ['online', 'offline'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

const SoftwareVersion = Label(64, 'Software version, e.g. 1.4.2.');

/**
 * Why a board is out of step with its table, keeping its last good picture:
 * - `gap`: a hand or event arrived ahead of what the board has; it asked for the table's snapshot;
 * - `rejected`: a message from the table was refused (unreadable, wrong shape, or refused by the rules), so the
 *   board may lack what it carried;
 * - `conflict`: the table's snapshot disagrees with the board in a way the board will not undo by itself (fewer
 *   hands than it shows, a hand it cannot accept); a correction, a valid snapshot or an operator's resync ends it.
 */
export const OUT_OF_STEP_CODES = ['gap', 'rejected', 'conflict'] as const;
export type OutOfStepCode = (typeof OUT_OF_STEP_CODES)[number];
export const OutOfStepSchema = strictObject(
  {
    code: oneOf(OUT_OF_STEP_CODES, { description: 'gap, rejected or conflict.' }),
    reason: Type.String({ minLength: 1, maxLength: 300, description: 'For staff: what is missing or disagrees.' }),
    since: { ...Timestamp, description: 'When the board fell out of step.' },
  },
  { title: 'OutOfStep', description: 'The board keeps its last good picture and says why it is not current.' },
);

/**
 * What staff should know that patrons need not read:
 * - `perfect-pairs-scale-missing`: Perfect Pairs is offered but no casino pay scale is published (rule 11A.8);
 * - `signage-ignored`: a sign with a lower revision than the one shown arrived and was ignored;
 * - `casino-signage-ignored`: the same for the casino's sign;
 * - `results-unverified`: the table's results are not signed by a key the board trusts (taken, as `requireSignatures`
 *   is off: see the board's `trust` settings);
 * - `pit-message-cut`: the table sign's pit message is longer than the board has room for, and shows cut to the lines
 *   that fit, with an ellipsis (a shorter message shows whole);
 * - `streaks-hidden`: the statistics gave their streak line to the pit message (a portrait board whose sign column
 *   has no room for it: it shows in the footer instead);
 * - `display-id-in-use`: another board publishes as this display id (two boards configured alike): the fleet sees
 *   the two as one, fleet commands reach both, and with one client id the broker keeps only one of them connected;
 * - `forged-results`: messages on the table's topics were refused for their signature (unsigned while signatures are
 *   required, or a signature that does not verify) in the last few minutes: someone publishes as the table's
 *   controller or the pit, or the controller signs with a key the board does not trust;
 * - `no-screen`: browser mode only: no browser has shown the board for a while (none opened it, or the last one
 *   left), so nobody sees it although it follows its table; it ends when a page opens it;
 * - `controller-offline`: the table's controller says it is offline (its goodbye or its last will) while the table is
 *   open: no result reaches the board, which keeps the picture it had (and shows no round phase) until the controller
 *   is back. None while the table is closed (by its sign or by its controller), when a controller going away is expected;
 * - `table-unheard`: reconnected (or started from its saved record), the board has heard nothing of its table for a
 *   while (no retained snapshot, no hand): hands dealt meanwhile may be missing; it ends when the table is heard;
 * - `table-open-unsure`: the controller's retained status and its shoe's snapshot disagree on whether the table is
 *   open, and were said too close in time to tell which is later (two controllers'
 *   clocks, say: a keypad replaced while the broker keeps the old one's snapshot): the board shows TABLE CLOSED until
 *   the controller says it again.
 *
 * `pit-message-cut` and `streaks-hidden` are the board's own measurement of its screen (its page reports it to its host: `kiosk:fit`); they
 * are in the status only, not in the view, since the board already shows them to whoever stands at it.
 */
export const STAFF_WARNING_CODES = [
  'perfect-pairs-scale-missing',
  'signage-ignored',
  'casino-signage-ignored',
  'results-unverified',
  'pit-message-cut',
  'streaks-hidden',
  'display-id-in-use',
  'forged-results',
  'no-screen',
  'controller-offline',
  'table-open-unsure',
  'table-unheard',
] as const;
export type StaffWarningCode = (typeof STAFF_WARNING_CODES)[number];
export const StaffWarningSchema = strictObject(
  {
    code: oneOf(STAFF_WARNING_CODES, {
      description:
        "What it is about: the signs and results the board takes (perfect-pairs-scale-missing, signage-ignored, casino-signage-ignored, results-unverified), how the board's screen fits the sign's pit message (pit-message-cut, streaks-hidden), another board publishing as its display id (display-id-in-use), messages refused for their signature (forged-results), no browser showing a browser-mode board (no-screen), the table's controller offline while the table is open (controller-offline), its controller and its shoe at odds on whether the table is open, said too close in time to tell which is later (table-open-unsure), or its table not heard since it reconnected (table-unheard).",
    }),
    detail: Type.String({
      minLength: 1,
      maxLength: 300,
      description: 'For staff, in English: what is wrong and, where it helps, what to do.',
    }),
    since: Timestamp,
  },
  { title: 'StaffWarning', description: 'Something staff should fix; the board carries on.' },
);
const WILL_TIME = 'When published; in a last will, the time of the connection it belongs to.';
const Instance = {
  ...Id,
  description:
    'Drawn by the board as it starts: two statuses of one display id with different instances come from two boards. Absent from older boards.',
};

export const ControllerStatusSchema = strictObject(
  {
    v: Version,
    state: oneOf(CONNECTION_STATES, { description: 'online, or offline (also the last will).' }),
    controllerId: Id,
    version: SoftwareVersion,
    timestamp: { ...Timestamp, description: WILL_TIME },
    tableOpen: Type.Optional(
      Type.Boolean({
        description:
          "Whether the controller's table is open, as its last table-open/table-closed said: in an online status, and in the offline status a controller publishes as it stops. Absent in the last will, which is fixed at connect time, and from controllers that do not say.",
      }),
    ),
    connection: Type.Optional({
      ...Id,
      description:
        "Drawn by the controller for each connection to the broker, and carried by that connection's statuses and its last will. A board takes an offline status of an earlier connection than the online one it shows only when it is later by the controller's clock: a last will read off the broker and published again (replayed) does not say offline. Absent from older controllers.",
    }),
    sig: OptionalSignature,
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
    instance: Type.Optional(Instance),
    shoeId: Type.Optional(Id),
    shoeNo: Type.Optional({ ...ShoeNo, description: "The controller's number for the shoe shown, when it gives one." }),
    handCount: HandCount,
    lastResultAt: Type.Optional({ ...Timestamp, description: 'When the last hand result arrived.' }),
    signageRevision: Type.Optional(Count),
    casinoSignageRevision: Type.Optional(Count),
    rejectedMessages: { ...Count, description: 'Messages rejected by the contract since start.' },
    outOfStep: Type.Optional(OutOfStepSchema),
    build: Type.Optional(
      strictObject(
        {
          sha256: Type.String({
            pattern: '^[0-9a-f]{64}$',
            maxLength: 64,
            description: "SHA-256 of the board's application bundle (its dist/ files), hex.",
          }),
        },
        {
          title: 'Build',
          description: 'Which software the board runs, for the console to compare with the approved builds.',
        },
      ),
    ),
    clock: Type.Optional(
      strictObject(
        {
          offsetMs: Type.Integer({
            minimum: -1e9,
            maximum: 1e9,
            description:
              "The board's clock minus the controller's, from the hands' timestamps (median of the last 100); it includes the transit time.",
          }),
          delayMs: strictObject(
            {
              median: Type.Integer({ minimum: 0, maximum: 1e9 }),
              worst: Type.Integer({ minimum: 0, maximum: 1e9 }),
            },
            { title: 'Delay', description: 'From a hand arriving to the view that shows it, over the last 100 hands.' },
          ),
          hands: Type.Integer({ minimum: 1, maximum: 100, description: 'How many hands these figures are over.' }),
        },
        { title: 'Clock', description: "The board's time against the controller's, and its own hand-to-screen delay." },
      ),
    ),
    warnings: Type.Optional(Type.Array(StaffWarningSchema, { maxItems: 10 })),
    uptimeSeconds: { ...Count, description: 'Seconds since the board started.' },
    lastCommand: Type.Optional(
      strictObject(
        {
          requestId: Id,
          command: oneOf(DISPLAY_COMMANDS),
          ok: Type.Boolean(),
          error: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 300,
              description:
                'When not ok, why, in English (e.g. no browser shows this board). Absent from older boards, and when ok.',
            }),
          ),
        },
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
    instance: Type.Optional(Instance),
    will: Type.Optional(
      Type.Boolean({
        description:
          'true in the last will (timestamp: when the board connected, not when it went away); false when the board said goodbye (timestamp: when it stopped). Absent from older boards: either.',
      }),
    ),
  },
  { title: 'offline', description: 'A board that stopped, or its last will (published by the broker).' },
);

export const DisplayStatusSchema = Type.Union([DisplayOnline, DisplayOffline], {
  $id: `${SCHEMA_ID_PREFIX}display-status`,
  title: 'DisplayStatus',
  description: "A board's presence and health, discriminated by state. Retained; the offline form is its last will.",
});
export type DisplayStatus = Static<typeof DisplayStatusSchema>;
