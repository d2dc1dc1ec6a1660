import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VALUE_CARDS, makeCards, parseCards, pointValue, points } from './cards';
import { checkResult, isReachable, type ReportedResult } from './result-check';
import { bankerDraws, dealCoups, playerDraws, resolveCoup, roadHandOf, type Coup } from './table-of-play';
import { OUTCOMES, RANKS, SUITS } from './types';
import type { Card, Point } from './types';

const cards = (text: string): Card[] => {
  const r = parseCards(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const POINTS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
const cardArb = fc.record({ rank: fc.constantFrom(...RANKS), suit: fc.constantFrom(...SUITS) });
/** The coup's cards in dealing order (rule 8.4). */
const dealt = (coup: Coup): Card[] => {
  const [p1, p2, p3] = coup.player.cards;
  const [b1, b2, b3] = coup.banker.cards;
  return [p1, b1, p2, b2, p3, b3].filter((x): x is Card => x !== undefined);
};
/** The full report a table controller would send for a coup. */
const reportOf = (coup: Coup): ReportedResult => ({
  outcome: coup.outcome,
  playerPoints: coup.playerPoints,
  bankerPoints: coup.bankerPoints,
  playerPair: coup.playerPair,
  bankerPair: coup.bankerPair,
  natural: coup.natural,
  cards: { player: coup.player.cards, banker: coup.banker.cards },
});
const coupOf = (text: string): Coup => {
  const r = resolveCoup(cards(text));
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('playerDraws (rules 9.2, 9.3, Table 1)', () => {
  const cases = POINTS.flatMap((p) => POINTS.map((b) => [p, b, p <= 5 && b <= 7] as const));
  it.each(cases)('player %i, banker %i: draws %s', (p, b, draws) => {
    expect(playerDraws(p, b)).toBe(draws);
  });
});

describe('bankerDraws', () => {
  /** Table 2 of rule 9.4 as printed: the values of the Player's third card on which the Banker draws. */
  const TABLE_2: Record<number, readonly number[]> = {
    0: POINTS,
    1: POINTS,
    2: POINTS,
    3: [0, 1, 2, 3, 4, 5, 6, 7, 9],
    4: [2, 3, 4, 5, 6, 7],
    5: [4, 5, 6, 7],
    6: [6, 7],
    7: [],
  };
  const table2 = ([0, 1, 2, 3, 4, 5, 6, 7] as const).flatMap((b) =>
    POINTS.map((v) => [b, v, TABLE_2[b]?.includes(v) ?? false] as const),
  );
  it.each(table2)('Table 2: banker %i, player third card value %i: draws %s', (b, v, draws) => {
    for (const p of [0, 3, 5] as const) expect(bankerDraws(b, VALUE_CARDS[v] ?? null, p)).toBe(draws);
  });

  it.each([
    ['3', 'KH', true],
    ['3', '10D', true],
    ['3', '8C', false],
    ['4', 'JS', false],
    ['4', 'QS', false],
    ['4', 'AS', false],
    ['4', '2S', true],
    ['5', '4H', true],
    ['5', '3H', false],
    ['6', '7D', true],
    ['6', 'KD', false],
  ])('a face card or 10 counts 0: banker %s, third card %s: draws %s', (b, text, draws) => {
    expect(bankerDraws(Number(b) as Point, cards(text)[0] ?? null, 2)).toBe(draws);
  });

  const rule95 = ([6, 7] as const).flatMap((p) =>
    ([0, 1, 2, 3, 4, 5, 6, 7] as const).map((b) => [p, b, b <= 5] as const),
  );
  it.each(rule95)('rule 9.5: player stood on %i, banker %i: draws %s', (p, b, draws) => {
    expect(bankerDraws(b, null, p)).toBe(draws);
  });

  const naturals = POINTS.flatMap((p) => POINTS.map((b) => [p, b] as const)).filter(([p, b]) => p >= 8 || b >= 8);
  it.each(naturals)('rule 9.2: player %i, banker %i: nobody draws', (p, b) => {
    expect(playerDraws(p, b)).toBe(false);
    expect(bankerDraws(b, null, p)).toBe(false);
    for (const third of VALUE_CARDS) expect(bankerDraws(b, third, p)).toBe(false);
  });
});

describe('resolveCoup (rule 8.4 dealing order)', () => {
  it.each([
    // cards, player cards, banker cards, outcome, P, B, natural, pP, bP, used
    ['KH 5D 9C 2S', 'KH 9C', '5D 2S', 'player', 9, 7, true, false, false, 4],
    ['4H 9D 3C KS 5S', '4H 3C', '9D KS', 'banker', 7, 9, true, false, false, 4],
    ['3H 2D 3C 4S 5S', '3H 3C', '2D 4S', 'tie', 6, 6, false, true, false, 4],
    ['3H 2D 3C 3S 4D', '3H 3C', '2D 3S 4D', 'banker', 6, 9, false, true, false, 5],
    ['3H 4D 4C 3S 9D', '3H 4C', '4D 3S', 'tie', 7, 7, false, false, false, 4],
    ['AH 2D 2C AS 8D', 'AH 2C 8D', '2D AS', 'banker', 1, 3, false, false, false, 5],
    ['AH 2D 2C 2S 5D 3C', 'AH 2C 5D', '2D 2S 3C', 'player', 8, 7, false, false, true, 6],
    ['AH 3D AC 3S 7D 2C', 'AH AC 7D', '3D 3S 2C', 'player', 9, 8, false, true, true, 6],
    ['AH 3D AC 3S KD 2C', 'AH AC KD', '3D 3S', 'banker', 2, 6, false, true, true, 5],
    ['9H 9D 9C 9S', '9H 9C', '9D 9S', 'tie', 8, 8, true, true, true, 4],
    ['JH 2D QH 2S 5C 7C', 'JH QH 5C', '2D 2S 7C', 'player', 5, 1, false, false, true, 6],
    ['10H KD 10C QD 6S 9S 8S', '10H 10C 6S', 'KD QD 9S', 'banker', 6, 9, false, true, false, 6],
  ] as const)('%s', (text, player, banker, outcome, p, b, natural, pPair, bPair, used) => {
    const r = resolveCoup(cards(text));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const coup = r.value;
    expect(makeCards(coup.player.cards)).toBe(player);
    expect(makeCards(coup.banker.cards)).toBe(banker);
    expect([coup.outcome, coup.playerPoints, coup.bankerPoints]).toEqual([outcome, p, b]);
    expect([coup.player.points, coup.banker.points]).toEqual([p, b]);
    expect([coup.natural, coup.playerPair, coup.bankerPair, coup.cardsUsed]).toEqual([natural, pPair, bPair, used]);
  });

  it('tells naturals apart and names the kind of pair', () => {
    const coup = coupOf('9H 5D 9H 5S');
    expect([coup.playerNatural, coup.bankerNatural, coup.natural]).toEqual([true, false, true]);
    expect([coup.player.pairKind, coup.banker.pairKind]).toEqual(['perfect', 'mixed']);
    expect(coupOf('7H 3D 2D 3H').player.pairKind).toBeNull();
    expect(coupOf('7H 3D 2D 3H').banker.pairKind).toBe('coloured');
  });

  it.each([
    ['', 'needs 4 cards, got 0'],
    ['9H', 'needs 4 cards, got 1'],
    ['9H 9D 9C', 'needs 4 cards, got 3'],
    ['AH 2D 2C 2S', 'needs 5 cards, got 4'],
    ['3H 2D 3C 3S', 'needs 5 cards, got 4'],
    ['AH 2D 2C 2S 5D', 'needs 6 cards, got 5'],
  ])('%j: %s', (text, error) => {
    expect(resolveCoup(cards(text))).toEqual({ ok: false, error });
  });
});

describe('roadHandOf', () => {
  it('keeps what the roads use of a coup, and nothing else', () => {
    const c = resolveCoup(cards('AH 3D AC 3S 7D 2C'));
    expect(c.ok && roadHandOf(c.value)).toEqual({
      outcome: 'player',
      playerPair: true,
      bankerPair: true,
      natural: false,
      playerPoints: 9,
      bankerPoints: 8,
    });
  });
});

describe('dealCoups (rules 12.5, 12.6)', () => {
  const A = 'KH 5D 9C 2S'; // 4 cards
  const B = 'AH 2D 2C AS 8D'; // 5 cards
  const C = 'AH 2D 2C 2S 5D 3C'; // 6 cards
  it.each([
    ['', [], 0, false],
    [A, ['player'], 0, false],
    [`${A} ${B} ${C}`, ['player', 'banker', 'player'], 0, false],
    [`${C} ${A} 9H`, ['player', 'player'], 1, true],
    [`${C} ${A} 9H 9D 9C`, ['player', 'player'], 3, true],
    [`${A} AH 2D 2C 2S 5D`, ['player'], 5, true],
    [`${A} AH 2D 2C 2S`, ['player'], 4, true],
    ['9H', [], 1, true],
  ] as const)('%j', (text, outcomes, remaining, isVoid) => {
    const input = cards(text);
    const deal = dealCoups(input);
    expect(deal.coups.map((x) => x.outcome)).toEqual(outcomes);
    expect(deal.remaining).toEqual(input.slice(input.length - remaining));
    expect(deal.void).toBe(isVoid);
  });

  it('consumes the cards exactly, coup after coup (property)', () => {
    fc.assert(
      fc.property(fc.array(cardArb, { maxLength: 80 }), (input) => {
        const deal = dealCoups(input);
        const used = deal.coups.reduce((n, x) => n + x.cardsUsed, 0);
        expect(used + deal.remaining.length).toBe(input.length);
        expect([...deal.coups.flatMap(dealt), ...deal.remaining]).toEqual(input);
        expect(deal.void).toBe(deal.remaining.length > 0);
        if (deal.void) expect(resolveCoup(deal.remaining).ok).toBe(false);
      }),
    );
  });
});

describe('resolveCoup (properties)', () => {
  it('points, card counts, outcome and flags agree with the cards', () => {
    fc.assert(
      fc.property(fc.array(cardArb, { minLength: 6, maxLength: 8 }), (input) => {
        const r = resolveCoup(input);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const coup = r.value;
        expect(coup.playerPoints).toBe(points(coup.player.cards));
        expect(coup.bankerPoints).toBe(points(coup.banker.cards));
        expect(coup.cardsUsed).toBeGreaterThanOrEqual(4);
        expect(coup.cardsUsed).toBeLessThanOrEqual(6);
        expect(coup.player.cards.length + coup.banker.cards.length).toBe(coup.cardsUsed);
        expect(dealt(coup)).toEqual(input.slice(0, coup.cardsUsed));
        const expected =
          coup.bankerPoints > coup.playerPoints ? 'banker' : coup.playerPoints > coup.bankerPoints ? 'player' : 'tie';
        expect(coup.outcome).toBe(expected);
        expect(coup.natural).toBe(coup.playerNatural || coup.bankerNatural);
        if (coup.natural) expect(coup.cardsUsed).toBe(4);
        expect(coup.playerPair).toBe(coup.player.cards[0]?.rank === coup.player.cards[1]?.rank);
        expect(isReachable(coup.playerPoints, coup.bankerPoints, coup)).toBe(true);
      }),
    );
  });
});

describe('checkResult without cards', () => {
  it.each<[ReportedResult]>([
    [{ outcome: 'banker', playerPoints: 3, bankerPoints: 7 }],
    [{ outcome: 'player', playerPoints: 9, bankerPoints: 0 }],
    [{ outcome: 'tie', playerPoints: 0, bankerPoints: 0 }],
    [{ outcome: 'tie', playerPoints: 8, bankerPoints: 8, natural: true, playerPair: true, bankerPair: true }],
    [{ outcome: 'player', playerPoints: 8, bankerPoints: 3, natural: true, playerPair: true }],
    [{ outcome: 'player', playerPoints: 9, bankerPoints: 3, natural: true, bankerPair: false }],
    [{ outcome: 'banker', playerPoints: 1, bankerPoints: 9, playerPair: true, bankerPair: true }],
    [{ outcome: 'player', playerPoints: 7, bankerPoints: 6, playerPair: true }],
    [{ outcome: 'banker' }],
    [{ outcome: 'tie', natural: true, playerPair: true, bankerPair: true }],
  ])('accepts %j', (report) => {
    const r = checkResult(report);
    expect(r).toEqual({
      ok: true,
      value: { playerPair: false, bankerPair: false, natural: false, ...report },
    });
  });

  it.each<[ReportedResult, string]>([
    [{ outcome: 'player', playerPoints: 3, bankerPoints: 7 }, "outcome 'player' contradicts points 3–7 (banker wins)"],
    [{ outcome: 'banker', playerPoints: 5, bankerPoints: 5 }, "outcome 'banker' contradicts points 5–5 (tie)"],
    [{ outcome: 'tie', playerPoints: 9, bankerPoints: 8 }, "outcome 'tie' contradicts points 9–8 (player wins)"],
    [{ outcome: 'banker', playerPoints: 3, bankerPoints: 10 }, 'bankerPoints must be a whole number 0–9, got 10'],
    [{ outcome: 'banker', playerPoints: -1, bankerPoints: 1 }, 'playerPoints must be a whole number 0–9, got -1'],
    [{ outcome: 'banker', playerPoints: 2.5, bankerPoints: 3 }, 'playerPoints must be a whole number 0–9, got 2.5'],
    [{ outcome: 'banker', playerPoints: Number.NaN, bankerPoints: 3 }, 'playerPoints must be a whole number 0–9'],
    [{ outcome: 'banker', playerPoints: 3 }, 'playerPoints given without bankerPoints'],
    [{ outcome: 'banker', bankerPoints: 3 }, 'bankerPoints given without playerPoints'],
    [{ outcome: 'wins' as 'tie' }, "unknown outcome 'wins'"],
    [
      { outcome: 'banker', playerPoints: 3, bankerPoints: 7, natural: true },
      'natural reported but neither hand is on 8 or 9 (points 3–7)',
    ],
    [
      { outcome: 'player', playerPoints: 9, bankerPoints: 3, natural: true, playerPair: true },
      'playerPair with a natural needs even player points',
    ],
    [
      { outcome: 'banker', playerPoints: 2, bankerPoints: 9, natural: true, bankerPair: true },
      'bankerPair with a natural needs even banker points',
    ],
    [
      { outcome: 'banker', playerPoints: 1, bankerPoints: 8, natural: true, playerPair: true },
      'playerPair with a natural needs even player points',
    ],
  ])('rejects %j: %s', (report, error) => {
    const r = checkResult(report);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(error);
  });
});

describe('isReachable (enumerated)', () => {
  // What the enumeration should come out as, worked out by hand: without a natural anything goes; a natural stops
  // both hands on their first two cards, so one of them is on 8 or 9 and a pair (two equal values) totals even.
  const flagSets = [false, true].flatMap((natural) =>
    [false, true].flatMap((playerPair) => [false, true].map((bankerPair) => ({ natural, playerPair, bankerPair }))),
  );
  it('matches the hand-worked rule on all 800 combinations', () => {
    for (const p of POINTS) {
      for (const b of POINTS) {
        for (const f of flagSets) {
          const expected =
            !f.natural || ((p >= 8 || b >= 8) && (!f.playerPair || p % 2 === 0) && (!f.bankerPair || b % 2 === 0));
          expect([p, b, f, isReachable(p, b, f)]).toEqual([p, b, f, expected]);
        }
      }
    }
  });
});

describe('checkResult with cards', () => {
  /** A full, true report of the coup whose hands are `player` and `banker`. */
  const withCards = (player: string, banker: string, rest: Partial<ReportedResult> = {}): ReportedResult => {
    const [p1, p2, p3] = cards(player);
    const [b1, b2, b3] = cards(banker);
    const coup = resolveCoup([p1, b1, p2, b2, p3, b3].filter((x): x is Card => x !== undefined));
    if (!coup.ok || makeCards(coup.value.player.cards) !== player || makeCards(coup.value.banker.cards) !== banker) {
      throw new Error(`not a coup: ${player} / ${banker}`);
    }
    return { ...reportOf(coup.value), ...rest };
  };
  const raw = (player: string, banker: string, rest: Omit<ReportedResult, 'cards'>): ReportedResult => ({
    ...rest,
    cards: { player: cards(player), banker: cards(banker) },
  });

  it('accepts a full report and returns the coup', () => {
    const r = checkResult(withCards('AH 2C 5D', '2D 2S 3C'));
    expect(r.ok && r.value).toMatchObject({ outcome: 'player', playerPoints: 8, bankerPoints: 7, bankerPair: true });
    expect(r.ok && r.value.coup?.cardsUsed).toBe(6);
  });

  it('takes flags left out from the cards', () => {
    const r = checkResult(raw('9H 9C', '9D 9S', { outcome: 'tie' }));
    expect(r).toMatchObject({
      ok: true,
      value: { natural: true, playerPair: true, bankerPair: true, playerPoints: 8, bankerPoints: 8 },
    });
  });

  it.each<[ReportedResult, string]>([
    [withCards('AH 2C 5D', '2D 2S 3C', { bankerPoints: 6 }), 'cards give banker 7, report says 6'],
    [withCards('AH 2C 5D', '2D 2S 3C', { playerPoints: 9, bankerPoints: 7 }), 'cards give player 8, report says 9'],
    [raw('AH 2C 5D', '2D 2S 3C', { outcome: 'banker' }), "cards give outcome 'player', report says 'banker'"],
    [
      raw('AH 2C 5D', '2D 2S', { outcome: 'player' }),
      "banker must draw a third card on 4 when the player's third card is 5 (5D)",
    ],
    [raw('AH 2C', '2D 2S', { outcome: 'banker' }), 'player must draw a third card on 3'],
    [raw('3H 3C 4D', '2D 4S', { outcome: 'player' }), 'player must stand on 6, but has a third card 4D'],
    [
      raw('3H 4C 2D', '9D KS', { outcome: 'banker' }),
      'player must stand when the banker has a natural 9, but has a third card 2D',
    ],
    [
      raw('AH 2C 8D', '2D AS 4C', { outcome: 'player' }),
      "banker must stand on 3 when the player's third card is 8 (8D)",
    ],
    [
      raw('AH 2C 2D', '3D 4S 4C', { outcome: 'banker' }),
      "banker must stand on 7 when the player's third card is 2 (2D)",
    ],
    [raw('3H 4C', '2D 3S', { outcome: 'player' }), 'banker must draw a third card on 5 when the player stands'],
    [raw('3H 3C', '2D 4S 2C', { outcome: 'banker' }), 'banker must stand on 6 when the player stands'],
    [raw('KH 8C', '2D 3S 2C', { outcome: 'player' }), 'banker must stand when the player has a natural 8'],
    [raw('KH', '2D 3S', { outcome: 'player' }), 'player has 1 card; a hand has 2 or 3'],
    [raw('KH 2C', '2D 3S 4D 5D', { outcome: 'player' }), 'banker has 4 cards; a hand has 2 or 3'],
    [withCards('9H 8D', '2D 5S', { playerPair: true }), "playerPair reported but player's cards 9H 8D are not a pair"],
    [
      withCards('JH QH 5C', '7D KS', { playerPair: true }),
      "playerPair reported but player's cards JH QH are not a pair",
    ],
    [
      withCards('9H 9D', '2D 3S', { playerPair: false }),
      "playerPair reported false but player's cards 9H 9D are a pair",
    ],
    [
      withCards('6H KD', '5S 5D 7C', { bankerPair: false }),
      "bankerPair reported false but banker's cards 5S 5D are a pair",
    ],
    [
      withCards('3H 2D 4C', '2S 3S 2C', { natural: true }),
      'natural reported but neither hand is a natural (player 3H 2D, banker 2S 3S)',
    ],
    [withCards('4H 4D', '2S 3S', { natural: false }), 'natural reported false but the player has a natural 8 (4H 4D)'],
    [withCards('4H 3D', '9S KS', { natural: false }), 'natural reported false but the banker has a natural 9 (9S KS)'],
    [withCards('4H 4D', '2S 3S', { outcome: 'banker' }), "outcome 'banker' contradicts points 8–5 (player wins)"],
  ])('rejects: %s', (report, error) => {
    const r = checkResult(report);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe(error);
  });

  const coupArb = fc.array(cardArb, { minLength: 6, maxLength: 6 }).map((input) => {
    const r = resolveCoup(input);
    if (!r.ok) throw new Error(r.error);
    return r.value;
  });

  it('accepts every coup it resolved, with and without the cards (property)', () => {
    fc.assert(
      fc.property(coupArb, (coup) => {
        const full = checkResult(reportOf(coup));
        expect(full).toEqual({
          ok: true,
          value: expect.objectContaining({ outcome: coup.outcome, playerPoints: coup.playerPoints, coup }),
        });
        expect(checkResult({ ...reportOf(coup), cards: undefined }).ok).toBe(true);
      }),
    );
  });

  /** Every way of changing one field of a valid report. */
  const mutations = (coup: Coup): [string, ReportedResult][] => {
    const base = reportOf(coup);
    const other = (v: Point, k: number): Point => ((v + k) % 10) as Point;
    const replace = (hand: readonly Card[], i: number, value: number): Card[] =>
      hand.map((x, j) => (j === i ? (VALUE_CARDS[(pointValue(x) + value) % 10] ?? x) : x));
    const list: [string, ReportedResult][] = [];
    for (const o of OUTCOMES) if (o !== coup.outcome) list.push([`outcome ${o}`, { ...base, outcome: o }]);
    for (let k = 1; k < 10; k++) {
      list.push([`playerPoints +${k}`, { ...base, playerPoints: other(coup.playerPoints, k) }]);
      list.push([`bankerPoints +${k}`, { ...base, bankerPoints: other(coup.bankerPoints, k) }]);
    }
    list.push(['playerPair', { ...base, playerPair: !coup.playerPair }]);
    list.push(['bankerPair', { ...base, bankerPair: !coup.bankerPair }]);
    list.push(['natural', { ...base, natural: !coup.natural }]);
    for (const side of ['player', 'banker'] as const) {
      const hand = coup[side].cards;
      const set = (h: Card[]): ReportedResult => ({
        ...base,
        cards: side === 'player' ? { player: h, banker: coup.banker.cards } : { player: coup.player.cards, banker: h },
      });
      for (let i = 0; i < hand.length; i++)
        for (let k = 1; k < 10; k++) list.push([`${side} card ${i} +${k}`, set(replace(hand, i, k))]);
      list.push([
        `${side} third card`,
        set(hand.length === 3 ? hand.slice(0, 2) : [...hand, VALUE_CARDS[5] ?? hand[0]!]),
      ]);
    }
    return list;
  };

  it('rejects any one field changed in a valid report with cards (property)', () => {
    fc.assert(
      fc.property(coupArb, (coup) => {
        for (const [what, report] of mutations(coup)) {
          expect([what, checkResult(report).ok]).toEqual([what, false]);
        }
      }),
    );
  });
});
