/**
 * `{root}/tables/{tableId}/shoe` (QoS 1, retained): the controller's snapshot of the whole current shoe, so that a
 * board that (re)connects is complete at once, and resyncs from it whenever it sees a gap.
 *
 * ```ts
 * const r = parseMessage('shoe', bytes); if (r.ok) replaceShoe(r.value.hands);
 * ```
 * @packageDocumentation
 */
import { Type, type Static } from '@sinclair/typebox';
import { DEALER_UNDO_BY } from '../correction-by';
import {
  HandNo,
  Id,
  Label,
  MAX_HAND_NO,
  OptionalSignature,
  SCHEMA_ID_PREFIX,
  Seq,
  Timestamp,
  Version,
  oneOf,
  strictObject,
} from './common';
import { BurnSchema, Decks, RoundVoidReasonSchema, ShoeNo } from './event';
import { handProperties, VoidHandReasonSchema } from './hand';

/**
 * Where the shoe stands:
 * - `shuffling`: a new shoe is being prepared (shuffle, cut, burn);
 * - `waiting`: between rounds, bets not yet open;
 * - `betting`: bets are open for the next round;
 * - `dealing`: "No more bets" was called and the round is being dealt;
 * - `ended`: no further round will be dealt from this shoe.
 */
export const SHOE_PHASES = ['shuffling', 'waiting', 'betting', 'dealing', 'ended'] as const;
export type ShoePhase = (typeof SHOE_PHASES)[number];

/**
 * A hand as the snapshot carries it: the hand payload, plus what happened to it afterwards, so that a board that
 * rebuilds from the snapshot shows exactly what one that saw every event shows.
 */
export const SnapshotHandSchema = strictObject(
  {
    ...handProperties,
    corrected: Type.Optional(
      strictObject(
        {
          by: Label(64, `Who made the latest correction (supervisor name or id, or '${DEALER_UNDO_BY}').`),
          timestamp: { ...Timestamp, description: 'When the latest correction was made.' },
          note: Type.Optional(Type.String({ maxLength: 200, description: 'Why, in free text.' })),
        },
        {
          title: 'Corrected',
          description: 'Present when a supervisor corrected this hand (the result is the corrected one).',
        },
      ),
    ),
    voided: Type.Optional(
      strictObject(
        {
          reason: RoundVoidReasonSchema,
          timestamp: Timestamp,
          by: Type.Optional(Label(64, 'Who declared it void (supervisor name or id).')),
          note: Type.Optional(Type.String({ maxLength: 200, description: 'Why, in free text.' })),
        },
        {
          title: 'VoidedHand',
          description:
            'Present when this recorded hand was declared void afterwards: it keeps its number, off the roads.',
        },
      ),
    ),
  },
  { title: 'SnapshotHand', description: 'A hand of the snapshot: the hand payload, plus any correction or void.' },
);

export const ShoeSnapshotSchema = strictObject(
  {
    v: Version,
    controllerId: Id,
    seq: {
      ...Seq,
      description: 'The seq of the last event this snapshot reflects: events at or below it are already in it.',
    },
    shoeId: Id,
    shoeNo: Type.Optional(ShoeNo),
    decks: Decks,
    startedAt: Type.Optional({ ...Timestamp, description: 'When the shoe started (its shoe-start event).' }),
    phase: oneOf(SHOE_PHASES, { description: 'shuffling, waiting, betting, dealing or ended.' }),
    tableOpen: Type.Optional(
      Type.Boolean({ description: 'Whether the table is open (its last table-open / table-closed).' }),
    ),
    hands: Type.Array(SnapshotHandSchema, {
      maxItems: MAX_HAND_NO,
      description: 'Every hand so far, corrections applied; hands[i].handNo is i + 1 and hands[i].shoeId is shoeId.',
    }),
    voidedRounds: Type.Array(
      strictObject(
        {
          handNo: HandNo,
          reason: RoundVoidReasonSchema,
          timestamp: Timestamp,
        },
        { title: 'VoidedRound', description: 'A round void under rule 12.5 or 12.6; the next hand reused handNo.' },
      ),
      { maxItems: MAX_HAND_NO },
    ),
    burn: Type.Optional(BurnSchema),
    cutCard: Type.Optional(
      strictObject(
        {
          handNo: HandNo,
          firstCardOfRound: Type.Boolean({ description: 'Rule 11.2 (a) when true, (b) when false.' }),
          timestamp: Type.Optional({
            ...Timestamp,
            description:
              "When the cut card came out (its cut-card event's timestamp). With the voided rounds' times it tells whether it came out in a round later voided (the first voided round numbered handNo at or after it), which moves the last coup: in case (b) the round after a voided one reuses its number.",
          }),
        },
        { title: 'CutCard', description: 'Present once the cut card has come out (rule 11.2).' },
      ),
    ),
    announcedVoidHand: Type.Optional(
      strictObject(
        { handNo: HandNo, reason: VoidHandReasonSchema },
        {
          title: 'AnnouncedVoidHand',
          description: '"No bets this hand" announced for round handNo (its void-hand event), until its result.',
        },
      ),
    ),
    lastCoupHandNo: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_HAND_NO,
        description: 'Present once known: the number of the last round of the shoe ("Last coup", rule 11.2).',
      }),
    ),
    timestamp: Timestamp,
    sig: OptionalSignature,
  },
  {
    $id: `${SCHEMA_ID_PREFIX}shoe`,
    title: 'ShoeSnapshot',
    description: 'The whole current shoe. Retained: a board that (re)connects, or sees a gap, starts from it.',
  },
);
export type ShoeSnapshot = Static<typeof ShoeSnapshotSchema>;
export type SnapshotHand = Static<typeof SnapshotHandSchema>;
