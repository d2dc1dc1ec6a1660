/**
 * Valid contract messages for tests, built from real cards through the core's Table of Play, so that every
 * result in a test is one a real table could produce.
 */
import { parseCards } from '../../baccarat/cards';
import { dealCoups, type Coup } from '../../baccarat/table-of-play';
import type { HandMessage, ShoeSnapshot, TableEvent, TableSignage, CasinoSignage } from '../../contract/schemas';
import { handMessage as simulatorHandMessage } from '../../simulator/messages';

export const T0 = Date.parse('2026-11-22T10:00:00.000Z');
export const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

/** Deals coups from a card string and returns them. Throws on a bad sequence (a test bug). */
export function coups(cards: string): Coup[] {
  const parsed = parseCards(cards);
  if (!parsed.ok) throw new Error(parsed.error);
  const deal = dealCoups(parsed.value);
  if (deal.void) throw new Error(`cards leave an incomplete round: ${cards}`);
  return deal.coups;
}

/** Card sequences of single coups, checked by the Table of Play in the tests that use them. */
export const CARDS = {
  banker: '7H 8D KH KD', // Banker 8 (natural) beats Player 7
  player: '4H 2D 4S 3C', // Player 8 (natural, a pair of fours) beats Banker 5
  tie: '3H 3D 4C 4S', // 7-7, both stand
  pairsTie: '4H 4D 4S 4C', // 8-8, both naturals, both pairs
  playerNine: '9H 2D KC 3S', // Player 9 (natural) beats Banker 5
} as const;

/** The one coup a card sequence deals. */
export const coup = (cards: string): Coup => coups(cards)[0]!;

/** A hand message for a coup (the simulator's own builder), with a test's default time and any changes. */
export function handMessage(
  shoeId: string,
  handNo: number,
  coup: Coup,
  t = at(handNo * 30),
  extra: Partial<HandMessage> = {},
): HandMessage {
  return { ...simulatorHandMessage(shoeId, handNo, coup, t), ...extra };
}

let seq = 0;
/** A table event with the next sequence number from controller C1. */
export function event<T extends TableEvent['type']>(
  type: T,
  fields: Omit<Extract<TableEvent, { type: T }>, 'v' | 'type' | 'controllerId' | 'seq' | 'timestamp'> & {
    timestamp?: string;
  },
): TableEvent {
  return { v: 1, type, controllerId: 'C1', seq: ++seq, timestamp: at(seq), ...fields } as unknown as TableEvent;
}

export function signage(revision: number, extra: Partial<TableSignage> = {}): TableSignage {
  return {
    v: 1,
    revision,
    tableName: 'Jade 8',
    limits: {
      currency: 'HKD',
      minimum: 100,
      maximum: 50_000,
      tieMaximum: 5_000,
      pairMaximum: 2_500,
      maxDifferential: 60_000,
    },
    variant: { kind: 'commission', commissionPercent: 5 },
    tiePays: 8,
    sideBets: ['playerPair', 'bankerPair', 'perfectPairs'],
    language: 'en+zh-Hans',
    tableOpen: true,
    showDisclaimer: true,
    updatedBy: 'floor-1',
    updatedAt: at(0),
    ...extra,
  };
}

export function casino(revision: number, scale: 'one' | 'two' = 'one'): CasinoSignage {
  return {
    v: 1,
    revision,
    casinoName: 'Test Casino',
    perfectPairsScale: scale,
    updatedBy: 'floor-1',
    updatedAt: at(0),
  };
}

export function snapshot(shoeId: string, hands: HandMessage[], extra: Partial<ShoeSnapshot> = {}): ShoeSnapshot {
  return {
    v: 1,
    controllerId: 'C1',
    seq: 0,
    shoeId,
    decks: 8,
    phase: 'betting',
    hands,
    voidedRounds: [],
    timestamp: at(hands.length * 30 + 1),
    ...extra,
  };
}
