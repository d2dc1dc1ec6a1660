/**
 * The signs: `{root}/tables/{tableId}/signage` (retained) for one table, `{root}/casino/signage` (retained) for the
 * whole casino. Both carry a `revision` so a board can tell a newer sign from a replayed one.
 *
 * ```ts
 * const r = parseMessage('signage', bytes); if (r.ok && r.value.variant.kind === 'modified-odds') showSixSign();
 * ```
 * @packageDocumentation
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  HandNo,
  Id,
  Label,
  OptionalSignature,
  SCHEMA_ID_PREFIX,
  Timestamp,
  Version,
  oneOf,
  strictObject,
} from './common';

// The vocabulary of the signs is the core's (declared once, in baccarat/): side bets, languages, pay scales.
export { PAY_SCALES, SIDE_BETS, SIGN_LANGUAGES as LANGUAGES } from '../../baccarat/signage';
export type { PayScaleName as PayScale, SideBet, SignLanguage as Language } from '../../baccarat/signage';
import type { LimitedSideBet } from '../../baccarat/signage';
import { PAY_SCALES, SIDE_BETS, SIGN_LANGUAGES as LANGUAGES } from '../../baccarat/signage';

import { MAX_MESSAGE_LENGTH } from '../message-length';
/** Longest free-text message on a table sign, in UTF-16 code units. */
export { MAX_MESSAGE_LENGTH };

const Amount = Type.Number({ minimum: 0, maximum: 1_000_000_000, description: "In the currency's major unit." });
const Revision = Type.Integer({
  minimum: 0,
  maximum: Number.MAX_SAFE_INTEGER,
  description: 'Increases with every change; a board ignores a lower revision than the one it shows.',
});
const LanguageSchema = oneOf(LANGUAGES, { description: 'en, zh-Hans, zh-Hant, en+zh-Hans or en+zh-Hant.' });

/** Rule 11A.4: a side bet's wagers are limited by the sign, minimum ≤ maximum, in the table's currency. */
const WagerRange = (what: string) =>
  strictObject(
    { minimum: Amount, maximum: Amount },
    { title: 'WagerRange', description: `${what}: the smallest and largest wager; minimum ≤ maximum.` },
  );

/** Keyed by the side bets' names in `sideBets`; only those with limits of their own (the core's LIMITED_SIDE_BETS). */
const SideBetLimits = strictObject(
  {
    perfectPairs: Type.Optional(WagerRange('Perfect Pairs (rule 11A.4)')),
    urWayEgalite: Type.Optional(WagerRange('UR Way Égalité, per wager on one score')),
    threeGivesEight: Type.Optional(WagerRange('3 gives 8')),
  } satisfies Record<LimitedSideBet, unknown>,
  {
    title: 'SideBetLimits',
    description:
      "Limits of the side bets that have their own, in the table's currency (limits.currency). Player and Banker " +
      'Pair are limited by pairMaximum. A range for a side bet not in sideBets is ignored: the board shows none.',
  },
);

const Limits = strictObject(
  {
    currency: Type.String({ pattern: '^[A-Z]{3}$', maxLength: 3, description: 'ISO 4217 code, e.g. AUD, HKD.' }),
    minimum: Amount,
    maximum: Amount,
    tieMaximum: Amount,
    pairMaximum: Type.Optional(Amount),
    maxDifferential: Type.Optional(
      Type.Number({ minimum: 0, maximum: 1_000_000_000, description: 'Maximum table differential (rule 5.17).' }),
    ),
    sideBetLimits: Type.Optional(SideBetLimits),
  },
  { title: 'Limits', description: 'The wager limits sign; minimum ≤ maximum.' },
);

const effectiveFrom = {
  effectiveFromShoe: Id,
  effectiveFromHand: HandNo,
};
const EFFECTIVE =
  'It applies from hand effectiveFromHand of shoe effectiveFromShoe, and from hand 1 of any other (later) shoe.';

/** Banker wins pay 1 to 1 less a commission (rule 5.10 b: 5%). */
const Commission = strictObject(
  {
    kind: Type.Literal('commission'),
    commissionPercent: Type.Number({ minimum: 0, maximum: 10, description: 'Commission on Banker wins, in %.' }),
    effectiveFromShoe: Type.Optional(effectiveFrom.effectiveFromShoe),
    effectiveFromHand: Type.Optional(effectiveFrom.effectiveFromHand),
  },
  {
    title: 'commission',
    description: `Banker wins pay 1 to 1 less commission (rule 5.10). ${EFFECTIVE} Both or neither.`,
  },
);

/** Rule 5.11: Banker wins pay 1 to 1, except a Banker win with 6, which pays 1 to 2; signed from the round it began. */
const ModifiedOdds = strictObject(
  { kind: Type.Literal('modified-odds'), ...effectiveFrom },
  {
    title: 'modified-odds',
    description: `No commission; a Banker win with 6 pays 1 to 2 (rule 5.11), signed from the round it began. ${EFFECTIVE}`,
  },
);

export const VariantSchema = Type.Union([Commission, ModifiedOdds], {
  description: 'The game variant and its pay table.',
});
export type Variant = Static<typeof VariantSchema>;

export const TableSignageSchema = strictObject(
  {
    v: Version,
    revision: Revision,
    tableName: Label(64, 'The name on the table sign.'),
    limits: Limits,
    variant: VariantSchema,
    previousVariant: Type.Optional(
      Type.Union([Commission, ModifiedOdds], {
        description:
          'The variant before a mid-shoe switch: it covers the hands of effectiveFromShoe before effectiveFromHand.',
      }),
    ),
    tiePays: Type.Union([Type.Literal(8), Type.Literal(9)], {
      description: 'Tie pays 8 to 1 (rule 5.10 c) or 9 to 1.',
    }),
    sideBets: Type.Array(oneOf(SIDE_BETS), {
      uniqueItems: true,
      maxItems: SIDE_BETS.length,
      description: 'The side bets offered at this table.',
    }),
    language: LanguageSchema,
    message: Type.Optional(
      Type.String({ maxLength: MAX_MESSAGE_LENGTH, description: 'Free text shown on the board (plain text).' }),
    ),
    tableOpen: Type.Boolean({ description: 'Whether the table is open for play.' }),
    showDisclaimer: Type.Boolean({
      description: 'Show the display-board disclaimer (results are for information only).',
    }),
    updatedBy: Label(64, 'Who made this revision.'),
    updatedAt: Timestamp,
    sig: OptionalSignature,
  },
  {
    $id: `${SCHEMA_ID_PREFIX}signage`,
    title: 'TableSignage',
    description: "One table's signs: name, limits, variant and pay table, side bets, language, message.",
  },
);
export type TableSignage = Static<typeof TableSignageSchema>;

export const CasinoSignageSchema = strictObject(
  {
    v: Version,
    revision: Revision,
    casinoName: Label(80, 'The casino name.'),
    perfectPairsScale: oneOf(PAY_SCALES, {
      description: 'Perfect Pairs Pay Scale One or Two (rule 11A.7), the same on every table that offers it (11A.8).',
    }),
    defaultLanguage: Type.Optional(LanguageSchema),
    updatedBy: Label(64, 'Who made this revision.'),
    updatedAt: Timestamp,
    sig: OptionalSignature,
  },
  {
    $id: `${SCHEMA_ID_PREFIX}casino-signage`,
    title: 'CasinoSignage',
    description: 'Casino-wide signs, among them the Perfect Pairs pay scale.',
  },
);
export type CasinoSignage = Static<typeof CasinoSignageSchema>;
