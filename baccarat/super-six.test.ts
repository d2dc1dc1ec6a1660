import { describe, expect, test } from 'vitest';
import type { ShoeHand } from './shoe-types';
import type { Signage } from './signage';
import { superSixCount } from './super-six';

const SIGN: Signage = {
  revision: 1,
  tableName: 'BAC 7',
  open: true,
  language: 'en',
  limits: { currency: 'HKD', min: 500, max: 100_000, tieMax: 10_000 },
  payTable: { variant: 'modifiedOdds', effectiveFromHand: 1 },
  tiePays: 8,
  sideBets: [],
};
/** Commission to hand 3, modified odds from 4, commission again from 8. */
const SWITCHED: Signage = {
  ...SIGN,
  payTable: {
    variant: 'commission',
    commissionRate: 0.05,
    effectiveFromHand: 8,
    previous: {
      variant: 'modifiedOdds',
      effectiveFromHand: 4,
      previous: { variant: 'commission', effectiveFromHand: 1 },
    },
  },
};
const COMMISSION: Signage = { ...SIGN, payTable: { variant: 'commission', effectiveFromHand: 1 } };

/** `B6` a Banker win with 6, `B7` with 7, `P` a Player win, `T6` a tie on 6; `v` voided, `n` no bets (void hand). */
function hands(spec: string): ShoeHand[] {
  return spec.split(' ').map((s, i) => {
    const outcome = s[0] === 'B' ? 'banker' : s[0] === 'P' ? 'player' : 'tie';
    const points = Number(s.match(/\d/)?.[0] ?? 0);
    const hand = {
      outcome,
      playerPair: false,
      bankerPair: false,
      natural: false,
      bankerPoints: points,
      playerPoints: outcome === 'tie' ? points : outcome === 'banker' ? Math.max(0, points - 1) : 9,
    } as ShoeHand['hand'];
    return {
      no: i + 1,
      hand,
      ...(s.includes('v') && { voided: { reason: 'card-exposed' } }),
      ...(s.includes('n') && { voidHand: { kind: 'noBetsThisHand', reason: 'No bets this hand' } as const }),
    };
  });
}

describe('the Super 6 count (rule 5.11)', () => {
  test.each([
    ['modified odds all shoe: every Banker win with 6', SIGN, 'B6 B7 P B6 T6 B6', 3],
    ['a commission game counts none', COMMISSION, 'B6 B6 B6', 0],
    ['modified odds from hand 4 to 7: the wins with 6 of hands 4-7 only', SWITCHED, 'B6 B6 B6 B6 B6 P B6 B6 B6', 3],
    ['a voided round and a hand without bets paid nothing', SIGN, 'B6v B6n B6', 1],
    ['a tie on 6 is no Banker win', SIGN, 'T6 T6', 0],
    ['no hands yet', SIGN, '', 0],
  ])('%s', (_, sign, spec, want) => {
    expect(superSixCount(sign, spec === '' ? [] : hands(spec))).toBe(want);
  });
});
