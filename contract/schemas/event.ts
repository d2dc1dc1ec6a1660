/**
 * `{root}/tables/{tableId}/event` (QoS 1): what happens at the table between results, as a union on `type`.
 * Every event carries the controller's `controllerId` and its strictly increasing `seq` (for dedupe).
 *
 * ```ts
 * const r = parseMessage('event', bytes); if (r.ok && r.value.type === 'cut-card') lastCoup(r.value);
 * ```
 * @packageDocumentation
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { MAX_DECKS, MIN_DECKS } from '../../baccarat/shoe-types';
import {
  CardSchema,
  HandCount,
  HandNo,
  Id,
  Label,
  OptionalSignature,
  SCHEMA_ID_PREFIX,
  Seq,
  Timestamp,
  Version,
  oneOf,
  strictObject,
} from './common';
import { DEALER_UNDO_BY } from '../correction-by';
import { HandBody, VoidHandReasonSchema } from './hand';

/**
 * Why a round was declared void (no result counts, wagers returned), while it was dealt or after its result was
 * recorded:
 * - `insufficient-cards`: rule 12.5 (tournament 5.1.3), too few cards left to complete the round;
 * - `cannot-reconstruct`: rule 12.6 (house 4.2, tournament 5.1.2), a dealing error that could not be reconstructed;
 * - `foreign-card`: tournament rule 5.1.1, a card not of the set was found (earlier rounds stand).
 */
export const ROUND_VOID_REASONS = ['insufficient-cards', 'cannot-reconstruct', 'foreign-card'] as const;
export type RoundVoidReason = (typeof ROUND_VOID_REASONS)[number];
export const RoundVoidReasonSchema = oneOf(ROUND_VOID_REASONS, {
  description: 'Rule 12.5, rule 12.6 (house 4.2), or a foreign card (tournament 5.1.1).',
});

export { MAX_DECKS, MIN_DECKS };
/** The decks of a shoe: the core's one range (4 to 8, rule 3.4; tournament rule 2.2.1). */
export const Decks = Type.Integer({
  minimum: MIN_DECKS,
  maximum: MAX_DECKS,
  description: `Number of decks in the shoe, ${MIN_DECKS} to ${MAX_DECKS} (rule 3.4).`,
});

/** The controller's own number for a shoe ("Shoe 12"), shown to patrons instead of a per-board count. */
export const ShoeNo = Type.Integer({
  minimum: 1,
  maximum: 99_999,
  description: "The controller's number for the shoe, as the dealer and pit call it (e.g. the shoe of the day).",
});

/** The burn of rule 7.7: the card turned face up and the number of cards then burned face down (rule 7.9). */
export const BurnSchema = strictObject(
  {
    card: CardSchema,
    count: Type.Integer({ minimum: 1, maximum: 10, description: 'Cards burned face down: the face value of card.' }),
  },
  { title: 'Burn', description: 'Rule 7.7: the first card face up, then as many cards face down as its face value.' },
);

/** One event variant: the common fields, then its own. */
const event = <T extends string, P extends TProperties>(type: T, description: string, properties: P) =>
  strictObject(
    {
      v: Version,
      type: Type.Literal(type),
      seq: Seq,
      controllerId: Id,
      timestamp: Timestamp,
      ...properties,
      sig: OptionalSignature,
    },
    { title: type, description },
  );

export const TableEventSchema = Type.Union(
  [
    event('table-open', 'The table opened for play.', { shoeId: Type.Optional(Id) }),
    event('table-closed', 'The table closed.', { shoeId: Type.Optional(Id) }),
    event('shoe-start', 'A new shoe: the board clears its roads.', {
      shoeId: Id,
      decks: Decks,
      shoeNo: Type.Optional(ShoeNo),
    }),
    event('shuffle', 'The cards of the shoe are being shuffled (rules 7.1 to 7.6).', { shoeId: Id }),
    event('burn', 'The burn of rule 7.7.', { shoeId: Id, burn: BurnSchema }),
    event('betting-open', 'Bets are open for round handNo.', { shoeId: Id, handNo: HandNo }),
    event('no-more-bets', '"No more bets" (rule 8.2) for round handNo.', { shoeId: Id, handNo: HandNo }),
    event(
      'cut-card',
      'The cut card came out in round handNo (rule 11.2): as its first card, round handNo is the last coup (a); ' +
        'otherwise one further round is dealt (b).',
      {
        shoeId: Id,
        handNo: HandNo,
        firstCardOfRound: Type.Boolean({ description: 'Rule 11.2 (a) when true, (b) when false.' }),
      },
    ),
    event(
      'cut-card-withdrawn',
      'The cut card reported in round handNo was reported by mistake (no cut card came out): a supervisor withdrew ' +
        'it, and the shoe goes on with no last coup until a cut card comes out.',
      {
        shoeId: Id,
        handNo: HandNo,
        by: Label(64, 'Who withdrew it (supervisor name or id).'),
        note: Type.Optional(Type.String({ maxLength: 200, description: 'Why, in free text.' })),
      },
    ),
    event('void-hand', '"No bets this hand": round handNo is dealt as a void hand.', {
      shoeId: Id,
      handNo: HandNo,
      reason: VoidHandReasonSchema,
    }),
    event(
      'round-void',
      'Round handNo is void (rule 12.5, 12.6; tournament 5.1). The round being dealt: it has no result and the next ' +
        'hand reuses the number. A hand already recorded: it keeps its number and leaves the roads.',
      {
        shoeId: Id,
        handNo: HandNo,
        reason: RoundVoidReasonSchema,
        by: Type.Optional(
          Label(
            64,
            'Who declared a recorded hand void (supervisor name or id); absent when the table voids its round.',
          ),
        ),
        note: Type.Optional(Type.String({ maxLength: 200, description: 'Why, in free text.' })),
      },
    ),
    event('correction', 'A supervisor corrected hand handNo: hand replaces the earlier result.', {
      shoeId: Id,
      handNo: HandNo,
      by: Label(
        64,
        `Who corrected it (supervisor name or id), or '${DEALER_UNDO_BY}' for a dealer's undo at the keypad.`,
      ),
      note: Type.Optional(Type.String({ maxLength: 200, description: 'Why, in free text.' })),
      hand: HandBody,
    }),
    event('shoe-end', 'The shoe is over: no more rounds until a new shoe starts.', {
      shoeId: Id,
      handCount: HandCount,
    }),
  ],
  {
    $id: `${SCHEMA_ID_PREFIX}event`,
    title: 'TableEvent',
    description: 'A table event, discriminated by type. Dedupe by controllerId + seq.',
  },
);
export type TableEvent = Static<typeof TableEventSchema>;
export type EventType = TableEvent['type'];
/** Every event type, read from the union so that it cannot drift from the schemas. */
export const EVENT_TYPES: readonly EventType[] = TableEventSchema.anyOf.map((variant) => variant.properties.type.const);
