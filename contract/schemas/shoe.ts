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
import { HandNo, Id, MAX_HAND_NO, SCHEMA_ID_PREFIX, Timestamp, Version, oneOf, strictObject } from './common';
import { BurnSchema, Decks, RoundVoidReasonSchema } from './event';
import { HandBody } from './hand';

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

export const ShoeSnapshotSchema = strictObject(
  {
    v: Version,
    controllerId: Id,
    seq: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'The seq of the last event this snapshot reflects: events at or below it are already in it.',
    }),
    shoeId: Id,
    decks: Decks,
    phase: oneOf(SHOE_PHASES, { description: 'shuffling, waiting, betting, dealing or ended.' }),
    hands: Type.Array(HandBody, {
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
        { handNo: HandNo, firstCardOfRound: Type.Boolean({ description: 'Rule 11.2 (a) when true, (b) when false.' }) },
        { title: 'CutCard', description: 'Present once the cut card has come out (rule 11.2).' },
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
  },
  {
    $id: `${SCHEMA_ID_PREFIX}shoe`,
    title: 'ShoeSnapshot',
    description: 'The whole current shoe. Retained: a board that (re)connects, or sees a gap, starts from it.',
  },
);
export type ShoeSnapshot = Static<typeof ShoeSnapshotSchema>;
