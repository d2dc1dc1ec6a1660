/**
 * `{root}/tables/{tableId}/hand` (QoS 1): one completed coup, as the table controller reports it.
 *
 * ```ts
 * const r = parseMessage('hand', bytes); // Result<HandMessage, ContractError>
 * ```
 * @packageDocumentation
 */
import { Type, type Static } from '@sinclair/typebox';
import { OUTCOMES } from '../../baccarat/types';
import {
  CardSchema,
  HandNo,
  Id,
  PointSchema,
  OptionalSignature,
  SCHEMA_ID_PREFIX,
  Timestamp,
  Version,
  oneOf,
  strictObject,
} from './common';

/**
 * Why a hand was dealt as a void hand ("No bets this hand"):
 * - `third-card-exposed`: rule 12.1 (b), a third card dealt to the Player without authority was disclosed;
 * - `excess-card-exposed`: rule 12.2 (b), a card drawn in excess was disclosed;
 * - `first-card-face-up`: rule 12.3, the first card of the round was found face up;
 * - `card-out-of-turn`: house rule 4.3, a card dealt out of turn is used in this coup or the next, played without bets;
 * - `no-bet-coup`: a no-bet coup (rule 8.3; house rules 3.1.2, 3.3 B, 5.1.6), as many as the pit permits.
 */
export const VOID_HAND_REASONS = [
  'third-card-exposed',
  'excess-card-exposed',
  'first-card-face-up',
  'card-out-of-turn',
  'no-bet-coup',
] as const;
export type VoidHandReason = (typeof VOID_HAND_REASONS)[number];
export const VoidHandReasonSchema = oneOf(VOID_HAND_REASONS, {
  description: 'Rule 12.1 b, 12.2 b, 12.3, a card out of turn (house rule 4.3), or a no-bet coup (rule 8.3).',
});

/** The cards of one hand in the order dealt: two, or three with a third card. */
const HandCards = Type.Array(CardSchema, { minItems: 2, maxItems: 3 });

/** The properties of a hand, shared by the top-level schema and its copies inside other payloads. */
export const handProperties = {
  v: Version,
  shoeId: Id,
  handNo: HandNo,
  outcome: oneOf(OUTCOMES, { description: 'Who won: banker, player or tie.' }),
  playerPoints: PointSchema,
  bankerPoints: PointSchema,
  cards: Type.Optional(
    strictObject(
      { player: HandCards, banker: HandCards },
      { description: 'The cards as dealt, when the controller reads them (rule 8.4 order within each hand).' },
    ),
  ),
  playerPair: Type.Boolean({ description: "The Player's first two cards have the same rank." }),
  bankerPair: Type.Boolean({ description: "The Banker's first two cards have the same rank." }),
  natural: Type.Boolean({ description: 'Either hand had a two-card 8 or 9.' }),
  timestamp: Timestamp,
  voidHand: Type.Optional(
    strictObject(
      { reason: VoidHandReasonSchema },
      { description: 'Present when this was a void hand, "No bets this hand": dealt, but every wager void.' },
    ),
  ),
};

const HAND_DESCRIPTION =
  'A completed coup. Keyed by shoeId + handNo: a repeat of a known key is a duplicate; a correction event replaces it.';

/** The hand payload embedded in other payloads (a correction, the shoe snapshot): the same shape without `$id`. */
export const HandBody = strictObject(handProperties, { title: 'Hand', description: HAND_DESCRIPTION });

export const HandMessageSchema = strictObject(
  { ...handProperties, sig: OptionalSignature },
  {
    $id: `${SCHEMA_ID_PREFIX}hand`,
    title: 'HandMessage',
    description: HAND_DESCRIPTION,
  },
);
export type HandMessage = Static<typeof HandMessageSchema>;
