/**
 * `{root}/pit/audit` (QoS 1, not retained): one record per sign the pit's tools publish — who (an account, never
 * free text), why (a reason), what (field by field, and the whole sign before and after), at which revision and at
 * which point of the shoe — and one per fleet command the web console or `baccarat-board fleet` sends to a board
 * (who, which board, which command, and what the board answered). The web console, `baccarat-board signage` and
 * `baccarat-board fleet` publish it, signed with the pit's key when they have one; every console subscribes and appends it, once by `id`, to its audit log. Boards
 * neither publish nor read it: it is not one of the board's message kinds (`PayloadByKind`), and not in its
 * AsyncAPI file.
 *
 * ```ts
 * const r = parsePitAudit(bytes); // contract/audit.ts
 * if (r.ok) log.append([r.value]);
 * ```
 * @packageDocumentation
 */
import { Type, type Static } from '@sinclair/typebox';
import { DISPLAY_COMMANDS } from './command';
import {
  Id,
  KEY_ID_PATTERN,
  Label,
  OptionalSignature,
  SCHEMA_ID_PREFIX,
  Timestamp,
  Version,
  oneOf,
  strictObject,
} from './common';
import { CasinoSignageSchema, TableSignageSchema } from './signage';

/** The console's roles, least to most: a viewer reads; a floor manager changes signs and identifies boards; a
 * supervisor also opens and closes tables, reverts, changes the casino's sign, and reloads and resyncs boards. */
export const PIT_ROLES = ['viewer', 'floor-manager', 'supervisor'] as const;
export type PitRole = (typeof PIT_ROLES)[number];

/** What a sign's record is: a change of keys, a sign published again as it is, a revert, a table closed or opened. */
export const SIGN_ACTIONS = ['change', 'republish', 'revert', 'close-table', 'open-table'] as const;
export type SignAction = (typeof SIGN_ACTIONS)[number];
/** What any record is: one of the sign's actions, or a fleet command sent to a board. */
export const AUDIT_ACTIONS = [...SIGN_ACTIONS, 'fleet-command'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What came of a fleet command: `done` (the board's status names it, ok; for a screenshot, the picture came),
 * `failed` (the board said it failed; for a screenshot, why there is no picture), `no-answer` (nothing within the
 * wait: the board may have refused it, or be gone).
 */
export const FLEET_OUTCOMES = ['done', 'failed', 'no-answer'] as const;
export type FleetOutcome = (typeof FLEET_OUTCOMES)[number];

/** Longest reason, in UTF-16 code units. */
export const MAX_REASON_LENGTH = 300;

const Revision = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Sign = Type.Union([TableSignageSchema, CasinoSignageSchema]);
const RecordId = {
  ...Id,
  description: 'Unique per record (a random UUID): a console appends a record once, whoever sends it.',
};
const Who = strictObject(
  {
    account: Label(64, 'The console account signed in, or the command line’s account (--by) or OS user.'),
    role: Type.Optional(oneOf(PIT_ROLES, { description: 'The account’s role, where accounts were checked.' })),
    via: oneOf(['console', 'cli'] as const, {
      description: 'The web console, or the command line (baccarat-board signage or fleet).',
    }),
    osUser: Type.Optional(Label(64, 'The operating-system user the command ran as.')),
    host: Type.Optional(Label(255, 'The machine the tool ran on.')),
  },
  { title: 'Who', description: 'Who made the change: an account or an OS user, never free text.' },
);
const Reason = Type.String({ minLength: 1, maxLength: MAX_REASON_LENGTH, description: 'Why, in the words given.' });

/** A sign published: who, why, what, before and after. */
export const SignAuditSchema = strictObject(
  {
    v: Version,
    id: RecordId,
    at: { ...Timestamp, description: 'When the sign was published.' },
    who: Who,
    reason: Reason,
    action: oneOf(SIGN_ACTIONS),
    target: oneOf(['table', 'casino'] as const),
    tableId: Nullable(Id),
    tableName: Nullable(Label(64, 'The table’s name on its sign.')),
    revision: strictObject(
      {
        from: Nullable(Revision),
        to: Revision,
        boards: Type.Optional(Revision),
      },
      {
        title: 'Revisions',
        description: 'from: the retained sign’s (null: none); to: the new one’s; boards: a board showed it above from.',
      },
    ),
    revertedTo: Type.Optional({ ...Revision, description: 'For a revert: the revision whose sign was restored.' }),
    shoeId: Nullable(Id),
    nextHand: Nullable(Type.Integer({ minimum: 1, maximum: 1000 })),
    changes: Type.Array(
      strictObject(
        {
          field: Label(32, 'The key, as `signage set` spells it.'),
          from: Type.Unknown(),
          to: Type.Unknown(),
          text: Type.String({ maxLength: 1000 }),
        },
        { title: 'Change' },
      ),
      { maxItems: 32 },
    ),
    before: Nullable(Sign),
    after: Sign,
    summary: Type.String({ maxLength: 2000 }),
    sig: OptionalSignature,
  },
  { title: 'SignAudit', description: 'One sign published by the pit’s tools: who, why, what, before and after.' },
);
export type SignAudit = Static<typeof SignAuditSchema>;

/** A fleet command sent to one board: who, which board, which command, and what the board answered. */
export const FleetAuditSchema = strictObject(
  {
    v: Version,
    id: RecordId,
    at: { ...Timestamp, description: 'When the command was published.' },
    who: Who,
    reason: Type.Optional(Reason),
    action: Type.Literal('fleet-command'),
    target: Type.Literal('display'),
    displayId: Id,
    tableId: Nullable({ ...Id, description: 'The board’s table, as its status said when the command was sent.' }),
    command: strictObject(
      {
        name: oneOf(DISPLAY_COMMANDS),
        requestId: { ...Id, description: 'The command’s requestId, as the board echoes it (lastCommand).' },
        durationSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 600 })),
        replace: Type.Optional(Type.Boolean()),
        kid: Type.Optional(
          Type.String({ pattern: KEY_ID_PATTERN, maxLength: 16, description: 'The pit key that signed it.' }),
        ),
      },
      { title: 'FleetCommand', description: 'The command as it was published (without its signature).' },
    ),
    outcome: oneOf(FLEET_OUTCOMES),
    answeredAt: Nullable({ ...Timestamp, description: 'When the answer came (null: none came).' }),
    detail: Type.String({ maxLength: 1000, description: 'The answer, or why there was none, in words.' }),
    summary: Type.String({ maxLength: 2000 }),
    sig: OptionalSignature,
  },
  {
    title: 'FleetAudit',
    description: 'One fleet command sent to a board by the console or the command line, and its answer.',
  },
);
export type FleetAudit = Static<typeof FleetAuditSchema>;

export const PitAuditSchema = Type.Union([SignAuditSchema, FleetAuditSchema], {
  $id: `${SCHEMA_ID_PREFIX}pit-audit`,
  title: 'PitAudit',
  description: 'One record of the pit’s audit trail: a sign published, or a fleet command sent.',
});
export type PitAudit = Static<typeof PitAuditSchema>;

/**
 * `{root}/pit/audit-keepers/{keeperId}` (QoS 1, retained): a console whose audit subscription has a persistent session
 * on this broker says so as it subscribes, so that `signage` and `fleet` can tell whether the record they publish
 * reaches any console's log (the broker keeps records for a session it knows, and for none before any console ever
 * connected). Never cleared by the console: its session outlives it.
 */
export const AuditKeeperSchema = strictObject(
  {
    v: Version,
    keeper: { ...Id, description: "The keeper's id: from its audit subscription's client id." },
    host: Label(255, 'The host the console runs on.'),
    at: { ...Timestamp, description: 'When the console last subscribed.' },
  },
  {
    $id: `${SCHEMA_ID_PREFIX}audit-keeper`,
    title: 'AuditKeeper',
    description: "A console's audit log, kept from the broker's persistent session.",
  },
);
export type AuditKeeper = Static<typeof AuditKeeperSchema>;
