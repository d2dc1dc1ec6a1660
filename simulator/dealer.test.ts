import { describe, expect, test } from 'vitest';
import { makeCards, parseCards } from '../baccarat/cards';
import { exactOutcomeProbabilities } from '../baccarat/probabilities';
import { checkResult } from '../baccarat/result-check';
import type { Coup } from '../baccarat/table-of-play';
import type { ByOutcome, Card } from '../baccarat/types';
import {
  DEFAULT_CUT_CARD_FROM_BACK,
  MIN_CUT_CARD_FROM_BACK,
  dealShoe,
  prepareShoe,
  resolveDealerOptions,
  simulateTable,
  stackedShoe,
  type DealerOptions,
} from './dealer';
import { irregularityRates } from './irregularities';
import { createRng } from './prng';
import type { Step, StepOf } from './steps';

const cards = (text: string): Card[] => {
  const r = parseCards(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
/** A round of exactly 4 cards: Player 9H KD = 9 (natural), Banker KS KC = 0. Nobody draws; Player wins. */
const NATURAL_ROUND = '9H KS KD KC';
/** A round of 6 cards: Player 2H 3H = 5 draws 4C (9); Banker KS KD = 0 draws 5C (5). Player wins 9–5. */
const SIX_CARD_ROUND = '2H KS 3H KD 4C 5C';
const rounds = (round: string, n: number): string => Array.from({ length: n }, () => round).join(' ');
/** Burn 2S + two face-down cards: the rounds start at index 3. */
const BURN = '2S 7D 7C';
const BURN_END = 3;

const deal = (text: string, cutCardAt: number, options: DealerOptions = {}): Step[] => [
  ...dealShoe(stackedShoe(cards(text), cutCardAt), { shoeId: 'S1', options }),
];
const ofType = <T extends Step['type']>(steps: Step[], type: T) => steps.filter((s): s is StepOf<T> => s.type === type);
/** The steps as short text: `bet:1 nmb:1 hand:1 …`, leaving out the shoe's opening steps. */
const trace = (steps: Step[]): string =>
  steps
    .filter((s) => !['shoe-start', 'shuffle', 'burn'].includes(s.type))
    .map((s) => {
      switch (s.type) {
        case 'betting-open':
          return `bet:${s.handNo}`;
        case 'no-more-bets':
          return `nmb:${s.handNo}`;
        case 'hand':
          return `hand:${s.handNo}${s.voidHand ? `(${s.voidHand})` : ''}${s.keyed ? '(keyed)' : ''}`;
        case 'cut-card':
          return `cut:${s.handNo}:${s.firstCardOfRound ? 'a' : 'b'}→${s.lastCoupHandNo}`;
        case 'last-coup':
          return `last:${s.handNo}`;
        case 'void-hand':
          return `void:${s.handNo}(${s.reason})`;
        case 'round-void':
          return s.reason === 'foreign-card'
            ? `foreign:${s.handNo}(${s.cards.length})`
            : `round-void:${s.handNo}(${s.cards.length})`;
        case 'hand-void':
          return `hand-void:${s.handNo}`;
        case 'correction':
          return `correction:${s.handNo}`;
        case 'shoe-end':
          return `end:${s.handCount}+${s.cardsLeft}`;
        default:
          return s.type;
      }
    })
    .join(' ');

describe('burn (rules 7.7, 7.9)', () => {
  const expected: [string, number][] = [
    ['AS', 1],
    ['2S', 2],
    ['3S', 3],
    ['4S', 4],
    ['5S', 5],
    ['6S', 6],
    ['7S', 7],
    ['8S', 8],
    ['9S', 9],
    ['10S', 10],
    ['JS', 10],
    ['QS', 10],
    ['KS', 10],
  ];
  test.each(expected)('%s face up, then %i face down, and the first round starts after them', (card, count) => {
    const faceDown = Array.from({ length: count }, () => '8C').join(' ');
    const steps = deal(`${card} ${faceDown} ${rounds(NATURAL_ROUND, 10)}`, 1 + count + 8);
    const [burn] = ofType(steps, 'burn');
    expect(burn).toMatchObject({ count });
    expect(makeCards(burn ? [burn.card] : [])).toBe(card);
    expect(burn?.burned).toHaveLength(count);
    expect(burn?.burned.every((c) => c.rank === '8' && c.suit === 'C')).toBe(true);
    const [first] = ofType(steps, 'hand');
    expect(makeCards(first?.coup.player.cards ?? [])).toBe('9H KD');
  });

  test('the burn can be turned off (house rule 3.1 makes it an alternative to no-bet coups)', () => {
    const steps = deal(rounds(NATURAL_ROUND, 4), 8, { burn: false });
    expect(ofType(steps, 'burn')).toHaveLength(0);
    expect(ofType(steps, 'hand')[0]?.coup.cardsUsed).toBe(4);
  });
});

describe('the cut card and the last coup (rule 11.2)', () => {
  const stack = `${BURN} ${rounds(NATURAL_ROUND, 20)}`;

  test('(a) the cut card is the first card of round 6: "Last coup" at once, round 6 completed, shoe end', () => {
    const steps = deal(stack, BURN_END + 5 * 4);
    expect(trace(steps)).toBe(
      'bet:1 nmb:1 hand:1 bet:2 nmb:2 hand:2 bet:3 nmb:3 hand:3 bet:4 nmb:4 hand:4 bet:5 nmb:5 hand:5 ' +
        'bet:6 nmb:6 cut:6:a→6 last:6 hand:6 end:6+56',
    );
  });

  test('(b) the cut card comes out in the middle of round 6: round 6 completed, "Last coup", one more round', () => {
    const steps = deal(stack, BURN_END + 5 * 4 + 2);
    expect(trace(steps)).toBe(
      'bet:1 nmb:1 hand:1 bet:2 nmb:2 hand:2 bet:3 nmb:3 hand:3 bet:4 nmb:4 hand:4 bet:5 nmb:5 hand:5 ' +
        'bet:6 nmb:6 cut:6:b→7 hand:6 last:7 bet:7 nmb:7 hand:7 end:7+52',
    );
  });

  test("(b) also when the cut card lies before the round's last card, the Banker's third card", () => {
    const steps = deal(`${BURN} ${rounds(SIX_CARD_ROUND, 10)}`, BURN_END + 2 * 6 + 5);
    expect(trace(steps)).toBe(
      'bet:1 nmb:1 hand:1 bet:2 nmb:2 hand:2 bet:3 nmb:3 cut:3:b→4 hand:3 last:4 bet:4 nmb:4 hand:4 end:4+36',
    );
    expect(ofType(steps, 'hand').map((h) => h.coup.cardsUsed)).toEqual([6, 6, 6, 6]);
  });

  test('the cut card right after a round is the first card of the next one (a), not part of the round before', () => {
    const steps = deal(stack, BURN_END + 4);
    expect(trace(steps)).toBe('bet:1 nmb:1 hand:1 bet:2 nmb:2 cut:2:a→2 last:2 hand:2 end:2+72');
  });

  test.each(['a', 'b'] as const)(
    'cutCardCase %s: the dealer puts the cut card, within its range, where that case applies',
    (cutCardCase) => {
      for (let seed = 0; seed < 30; seed++) {
        const burn = seed % 3 !== 0;
        const irregularities = seed % 2 === 0 ? { exposedCard: 0.1, foreignCard: 0.1, outOfTurn: 0.1 } : 0;
        const options = { seed, shoes: 1, decks: 4 + (seed % 5), burn, cutCardCase, irregularities };
        const steps = [...simulateTable(options)];
        const [shuffle] = ofType(steps, 'shuffle');
        expect(shuffle?.cutCardFromBack).toBeGreaterThanOrEqual(DEFAULT_CUT_CARD_FROM_BACK[0]);
        expect(shuffle?.cutCardFromBack).toBeLessThanOrEqual(DEFAULT_CUT_CARD_FROM_BACK[1]);
        expect(ofType(steps, 'cut-card').map((c) => c.firstCardOfRound)).toEqual([cutCardCase === 'a']);
      }
    },
  );

  test('a real shoe: exactly one cut card, then exactly the rounds rule 11.2 allows, then shoe end', () => {
    for (let seed = 0; seed < 40; seed++) {
      const steps = [...simulateTable({ seed, shoes: 1 })];
      const [cut, ...more] = ofType(steps, 'cut-card');
      expect(cut).toBeDefined();
      expect(more).toHaveLength(0);
      if (!cut) continue;
      const hands = ofType(steps, 'hand');
      expect(hands.at(-1)?.handNo).toBe(cut.firstCardOfRound ? cut.handNo : cut.handNo + 1);
      expect(ofType(steps, 'last-coup').map((s) => s.handNo)).toEqual([cut.lastCoupHandNo]);
      expect(steps.at(-2)).toMatchObject({ type: 'shoe-end', handCount: cut.lastCoupHandNo });
      expect(ofType(steps, 'round-void')).toHaveLength(0); // 20 or more cards behind the cut card always suffice
    }
  });
});

describe('shuffle and cut (rules 7.5, 7.6)', () => {
  test('the cut is at least one deck in from either end and the cut card 20 to 26 cards from the back', () => {
    const rng = createRng('cut');
    for (let i = 0; i < 200; i++) {
      const decks = 4 + (i % 5);
      const shoe = prepareShoe(rng, resolveDealerOptions({ decks }));
      const n = 52 * decks;
      expect(shoe.cards).toHaveLength(n);
      expect(shoe.cutAt).toBeGreaterThanOrEqual(52);
      expect(shoe.cutAt).toBeLessThanOrEqual(n - 52);
      const fromBack = n - shoe.cutCardAt;
      expect(fromBack).toBeGreaterThanOrEqual(MIN_CUT_CARD_FROM_BACK);
      expect(fromBack).toBeGreaterThanOrEqual(DEFAULT_CUT_CARD_FROM_BACK[0]);
      expect(fromBack).toBeLessThanOrEqual(DEFAULT_CUT_CARD_FROM_BACK[1]);
    }
  });

  test('every card of every deck is in the shoe once', () => {
    const shoe = prepareShoe(createRng(7), resolveDealerOptions({ decks: 6 }));
    const counts = new Map<string, number>();
    for (const c of shoe.cards) counts.set(makeCards([c]), (counts.get(makeCards([c])) ?? 0) + 1);
    expect(counts.size).toBe(52);
    expect([...counts.values()].every((n) => n === 6)).toBe(true);
  });

  test('the options refuse a cut card closer than 20 cards to the back, and bad decks', () => {
    expect(() => resolveDealerOptions({ cutCardFromBack: 19 })).toThrow(/rule 7.6/);
    expect(() => resolveDealerOptions({ cutCardFromBack: [20, 300] })).toThrow(RangeError);
    expect(() => resolveDealerOptions({ decks: 3 })).toThrow(RangeError);
    expect(() => resolveDealerOptions({ decks: 9 })).toThrow(RangeError);
    expect(() => resolveDealerOptions({ noBetCoups: 21 })).toThrow(/noBetCoups must be a whole number from 0 to 20/);
    expect(() => resolveDealerOptions({ noBetCoups: 2.5 })).toThrow(RangeError);
    expect(resolveDealerOptions({ noBetCoups: 20 }).noBetCoups).toBe(20);
    expect(resolveDealerOptions({ noBetCoups: true }).noBetCoups).toBe(3);
    expect(() => resolveDealerOptions({ irregularities: 1.5 })).toThrow(RangeError);
    expect(resolveDealerOptions({ cutCardFromBack: 24 }).cutCardFromBack).toEqual([24, 24]);
  });
});

/** A coup's cards in the order they left the shoe (rule 8.4): Player, Banker, Player, Banker, then third cards. */
const inDealingOrder = ({ player, banker }: Coup): Card[] =>
  [player.cards[0], banker.cards[0], player.cards[1], banker.cards[1], player.cards[2], banker.cards[2]].filter(
    (c): c is Card => c !== undefined,
  );

describe('every card is dealt in order, and every coup passes the core', () => {
  test('burn + coups + void round + cards left = the stack, in order, over 50 shoes with irregularities', () => {
    const rng = createRng('order');
    const options = resolveDealerOptions({ irregularities: 0.1, noBetCoups: true });
    for (let i = 0; i < 50; i++) {
      const shoe = prepareShoe(createRng(`order-${i}`), options);
      const steps = [...dealShoe(shoe, { shoeId: 'S1', rng, options })];
      const dealt: Card[] = [];
      for (const s of steps) {
        if (s.type === 'burn') dealt.push(s.card, ...s.burned);
        if (s.type === 'hand') dealt.push(...inDealingOrder(s.coup));
        if (s.type === 'round-void') dealt.push(...s.cards);
      }
      const end = steps.at(-1);
      expect(end?.type).toBe('shoe-end');
      expect(dealt.length + (end?.type === 'shoe-end' ? end.cardsLeft : NaN)).toBe(shoe.cards.length);
      expect(dealt).toEqual(shoe.cards.slice(0, dealt.length));
    }
  });

  test('every coup of 50 seeded shoes passes checkResult with its cards, and every mis-keyed result without', () => {
    let coups = 0;
    for (const s of simulateTable({ seed: 'check', shoes: 50, irregularities: 0.05, noBetCoups: true })) {
      if (s.type !== 'hand' && s.type !== 'correction') continue;
      const { coup } = s;
      const report = {
        outcome: coup.outcome,
        playerPoints: coup.playerPoints,
        bankerPoints: coup.bankerPoints,
        playerPair: coup.playerPair,
        bankerPair: coup.bankerPair,
        natural: coup.natural,
        cards: { player: coup.player.cards, banker: coup.banker.cards },
      };
      expect(checkResult(report)).toMatchObject({ ok: true });
      if (s.keyed) expect(checkResult(s.keyed)).toMatchObject({ ok: true });
      coups++;
    }
    expect(coups).toBeGreaterThan(50 * 70);
  });
});

describe('irregularities', () => {
  const stack = `${BURN} ${rounds(NATURAL_ROUND, 10)}`;

  test('first card face up at every round (rule 12.3): "No bets this hand", then the void hand from that card', () => {
    const steps = deal(stack, BURN_END + 3 * 4 + 1, { irregularities: { exposedCard: 1 } });
    expect(trace(steps)).toBe(
      'void:1(first-card-face-up) hand:1(first-card-face-up) void:2(first-card-face-up) hand:2(first-card-face-up) ' +
        'void:3(first-card-face-up) hand:3(first-card-face-up) void:4(first-card-face-up) cut:4:b→5 ' +
        'hand:4(first-card-face-up) last:5 void:5(first-card-face-up) hand:5(first-card-face-up) end:5+20',
    );
    for (const v of ofType(steps, 'void-hand')) {
      const hand = ofType(steps, 'hand').find((h) => h.handNo === v.handNo);
      expect(v.exposedCard).toEqual(hand?.coup.player.cards[0]); // dealt starting with the exposed card
    }
  });

  test('a seeded shoe at a small rate: void hands are announced, take a hand number, and normal play resumes', () => {
    const steps = [...simulateTable({ seed: 'v', shoes: 3, irregularities: { exposedCard: 0.1 } })];
    const voids = ofType(steps, 'void-hand');
    expect(voids.length).toBeGreaterThan(5);
    for (const v of voids) {
      const i = steps.indexOf(v);
      const next = steps.slice(i + 1).find((s) => s.type !== 'cut-card' && s.type !== 'last-coup');
      expect(next).toMatchObject({ type: 'hand', handNo: v.handNo, voidHand: 'first-card-face-up' });
      expect(steps[i - 1]?.type).not.toBe('betting-open');
    }
    expect(ofType(steps, 'betting-open').length).toBeGreaterThan(200);
  });

  test('round void for insufficient cards (rule 12.5): bets taken, too few cards, round void, shoe end', () => {
    const three = deal(`${BURN} ${rounds(NATURAL_ROUND, 2)} 9H KS KD`, 1000);
    expect(trace(three)).toBe('bet:1 nmb:1 hand:1 bet:2 nmb:2 hand:2 bet:3 nmb:3 round-void:3(3) end:2+0');
    // Four cards, but the Player must draw a fifth (5 against 0): still void.
    const four = deal(`${BURN} ${rounds(NATURAL_ROUND, 2)} 2H KS 3H KD`, 1000);
    expect(trace(four)).toBe('bet:1 nmb:1 hand:1 bet:2 nmb:2 hand:2 bet:3 nmb:3 round-void:3(4) end:2+0');
    // No card at all left: nothing to void, the shoe just ends.
    expect(trace(deal(`${BURN} ${rounds(NATURAL_ROUND, 2)}`, 1000))).toBe(
      'bet:1 nmb:1 hand:1 bet:2 nmb:2 hand:2 end:2+0',
    );
  });

  test('an overlooked cut card (rate 1) runs real shoes out: no cut card, every card dealt, void round when cards remain', () => {
    let voided = 0;
    for (let seed = 0; seed < 20; seed++) {
      const steps = [...simulateTable({ seed, shoes: 1, irregularities: { cutCardMissed: 1 } })];
      expect(ofType(steps, 'cut-card')).toHaveLength(0);
      const end = ofType(steps, 'shoe-end')[0];
      expect(end?.cardsLeft).toBe(0);
      const [rv] = ofType(steps, 'round-void');
      if (rv) {
        voided++;
        expect(rv).toMatchObject({ reason: 'insufficient-cards', handNo: (end?.handCount ?? 0) + 1 });
        expect(rv.cards.length).toBeGreaterThan(0);
        expect(rv.cards.length).toBeLessThan(6);
        expect(steps.indexOf(rv)).toBe(steps.length - 3); // round-void, shoe-end, table-closed
      }
    }
    expect(voided).toBeGreaterThan(10);
  });

  test('a mis-keyed result (rate 1): the wrong result without cards, then the correction with the true coup', () => {
    const steps = deal(stack, BURN_END + 2 * 4, { irregularities: { misKey: 1 } });
    expect(trace(steps)).toBe(
      'bet:1 nmb:1 hand:1(keyed) correction:1 bet:2 nmb:2 hand:2(keyed) correction:2 bet:3 nmb:3 cut:3:a→3 last:3 ' +
        'hand:3(keyed) correction:3 end:3+28',
    );
    for (const c of ofType(steps, 'correction')) {
      const hand = ofType(steps, 'hand').find((h) => h.handNo === c.handNo);
      expect(c.keyed).toEqual(hand?.keyed);
      expect(c.coup).toBe(hand?.coup);
      expect(c.keyed.outcome).not.toBe(c.coup.outcome);
      expect(checkResult(c.keyed).ok).toBe(true);
      expect(c.by).toMatch(/^supervisor-[a-z]+$/);
    }
  });

  test('mis-keyed results of 20 shoes are all plausible, all wrong, and not all the same kind of error', () => {
    const keyed = [...simulateTable({ seed: 'mk', shoes: 20, irregularities: { misKey: 1 } })].flatMap((s) =>
      s.type === 'correction' ? [s] : [],
    );
    expect(keyed.length).toBeGreaterThan(1000);
    const swapped = keyed.filter(
      (c) => c.keyed.playerPoints === c.coup.bankerPoints && c.keyed.bankerPoints === c.coup.playerPoints,
    );
    expect(swapped.length).toBeGreaterThan(keyed.length / 4);
    expect(swapped.length).toBeLessThan(keyed.length);
    for (const c of keyed) {
      expect(c.keyed.outcome).not.toBe(c.coup.outcome);
      expect(checkResult(c.keyed).ok).toBe(true);
    }
  });

  test('no-bet coups (house rule 3.1.2): rounds 1–3 announced as void hands without betting, then betting', () => {
    const steps = deal(stack, BURN_END + 5 * 4, { noBetCoups: true });
    expect(trace(steps).split(' ').slice(0, 9).join(' ')).toBe(
      'void:1(no-bet-coup) hand:1(no-bet-coup) void:2(no-bet-coup) hand:2(no-bet-coup) void:3(no-bet-coup) ' +
        'hand:3(no-bet-coup) bet:4 nmb:4 hand:4',
    );
  });

  test('more than three no-bet coups, as the pit boss permits (house rules 3.3 B, 5.1.6): six, then betting', () => {
    const steps = deal(stack, BURN_END + 8 * 4, { noBetCoups: 6 });
    const noBet = Array.from({ length: 6 }, (_, i) => `void:${i + 1}(no-bet-coup) hand:${i + 1}(no-bet-coup)`);
    expect(trace(steps).split(' ').slice(0, 15).join(' ')).toBe(`${noBet.join(' ')} bet:7 nmb:7 hand:7`);
  });

  test('rate 0 (the default) stages nothing', () => {
    const steps = [...simulateTable({ seed: 'none', shoes: 5 })];
    const irregular = ['void-hand', 'correction', 'round-void', 'hand-void'];
    expect(steps.filter((s) => irregular.includes(s.type))).toHaveLength(0);
  });

  test('the irregularities draw from their own generator: the cards do not depend on the rate', () => {
    const coupsOf = (rate: number) =>
      [...simulateTable({ seed: 'same', shoes: 2, irregularities: { exposedCard: rate, misKey: rate } })].flatMap(
        (s) => (s.type === 'hand' ? [s.coup] : []),
      );
    expect(coupsOf(0.2)).toEqual(coupsOf(0));
    // Every kind, those that void rounds included: each shoe deals the same stack, only further or less far.
    const dealtOf = (rate: number) => {
      const shoes: Card[][] = [];
      for (const s of simulateTable({ seed: 'same', shoes: 3, irregularities: { ...irregularityRates(rate) } })) {
        if (s.type === 'shoe-start') shoes.push([]);
        const dealt = shoes.at(-1);
        if (s.type === 'burn') dealt?.push(s.card, ...s.burned);
        if (s.type === 'hand') dealt?.push(...inDealingOrder(s.coup));
        if (s.type === 'round-void') dealt?.push(...s.cards);
      }
      return shoes;
    };
    const [none, some] = [dealtOf(0), dealtOf(0.2)];
    none.forEach((dealt, i) => {
      const other = some[i] ?? [];
      const n = Math.min(dealt.length, other.length);
      expect(n).toBeGreaterThan(200);
      expect(other.slice(0, n)).toEqual(dealt.slice(0, n));
    });
  });
});

describe('irregularities added for real tables (issue 12)', () => {
  const stack = `${BURN} ${rounds(NATURAL_ROUND, 10)}`;

  test('a hand declared void afterwards (rate 1, rule 12.6): right after its result; the next round goes on', () => {
    const steps = deal(stack, BURN_END + 2 * 4 + 1, { irregularities: { voidAfter: 1 } });
    expect(trace(steps)).toBe(
      'bet:1 nmb:1 hand:1 hand-void:1 bet:2 nmb:2 hand:2 hand-void:2 bet:3 nmb:3 cut:3:b→4 hand:3 hand-void:3 ' +
        'last:4 bet:4 nmb:4 hand:4 hand-void:4 end:4+24',
    );
    expect(ofType(steps, 'hand-void').every((v) => v.reason === 'cannot-reconstruct')).toBe(true);
  });

  test('never a mis-keyed hand, nor a void hand: only an ordinary recorded result is declared void', () => {
    const steps = deal(stack, 1000, { noBetCoups: 2, irregularities: { voidAfter: 1, misKey: 1 } });
    expect(ofType(steps, 'hand-void')).toHaveLength(0);
    const once = deal(stack, 1000, { noBetCoups: 2, irregularities: { voidAfter: 1 } });
    expect(ofType(once, 'hand-void').map((v) => v.handNo)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
  });

  test('a foreign card in every round (rate 1, tournament 5.1.1): void, number reused, the cut card round too', () => {
    const steps = deal(stack, BURN_END + 2 * 4 + 1, { irregularities: { foreignCard: 1 } });
    // Rounds 1 and 2 void (both numbered 1); the cut card comes out in round 3 (11.2 b), void too: the last coup is
    // round 4, which reuses number 1 (the snapshot's lastCoupHandNo follows the void: simulator/messages.ts); it is
    // void too, and that ends the shoe, as the core counts rounds.
    expect(trace(steps)).toBe(
      'bet:1 nmb:1 foreign:1(4) bet:1 nmb:1 foreign:1(4) bet:1 nmb:1 cut:1:b→2 foreign:1(4) last:1 ' +
        'bet:1 nmb:1 foreign:1(4) end:0+24',
    );
  });

  test('a card dealt out of turn (rate 1, house rule 4.3): the next coup is a void hand, announced', () => {
    const steps = deal(stack, BURN_END + 3 * 4 + 1, { irregularities: { outOfTurn: 1 } });
    expect(trace(steps)).toBe(
      'bet:1 nmb:1 hand:1 void:2(card-out-of-turn) hand:2(card-out-of-turn) void:3(card-out-of-turn) ' +
        'hand:3(card-out-of-turn) void:4(card-out-of-turn) cut:4:b→5 hand:4(card-out-of-turn) last:5 ' +
        'void:5(card-out-of-turn) hand:5(card-out-of-turn) end:5+20',
    );
  });

  test('seeded shoes at small rates: each kind happens, in its place, and the cut card still ends every shoe', () => {
    const rates = { voidAfter: 0.05, foreignCard: 0.05, outOfTurn: 0.05 };
    const steps = [...simulateTable({ seed: 'real', shoes: 5, irregularities: rates })];
    const shown: Step[] = steps.filter((s) => s.type !== 'cut-card' && s.type !== 'last-coup');
    const after = (s: Step) => shown[shown.indexOf(s) + 1];
    const before = (s: Step) => shown[shown.indexOf(s) - 1];

    const voidedAfter = ofType(steps, 'hand-void');
    expect(voidedAfter.length).toBeGreaterThan(3);
    for (const v of voidedAfter) {
      expect(before(v)).toMatchObject({ type: 'hand', handNo: v.handNo });
      expect(after(v)).toMatchObject({ handNo: v.handNo + 1 });
    }
    const foreign = ofType(steps, 'round-void').filter((v) => v.reason === 'foreign-card');
    expect(foreign.length).toBeGreaterThan(3);
    for (const v of foreign) {
      expect(v.cards.length).toBeGreaterThanOrEqual(4);
      expect(after(v)).toMatchObject({ handNo: v.handNo });
    }
    const outOfTurn = ofType(steps, 'void-hand').filter((v) => v.reason === 'card-out-of-turn');
    expect(outOfTurn.length).toBeGreaterThan(3);
    for (const v of outOfTurn) {
      expect(before(v)).toMatchObject({ type: 'hand', handNo: v.handNo - 1 });
      expect(after(v)).toMatchObject({ type: 'hand', handNo: v.handNo, voidHand: 'card-out-of-turn' });
    }
    expect(ofType(steps, 'cut-card')).toHaveLength(5);
    // 20 or more cards behind the cut card: at most 5 more in its round and 6 in the last coup (rule 11.2 b).
    expect(Math.min(...ofType(steps, 'shoe-end').map((e) => e.cardsLeft))).toBeGreaterThanOrEqual(9);
  });
});

describe('options per shoe', () => {
  test('perShoe takes its turn shoe by shoe: decks, no-bet coups and irregularities', () => {
    const steps = [
      ...simulateTable({
        seed: 'plan',
        shoes: 5,
        noBetCoups: 1,
        perShoe: [{ decks: 4 }, { decks: 6, noBetCoups: 5 }, { irregularities: { cutCardMissed: 1 } }],
      }),
    ];
    expect(ofType(steps, 'shoe-start').map((s) => [s.shoeNo, s.decks])).toEqual([
      [1, 4],
      [2, 6],
      [3, 8],
      [4, 4],
      [5, 6],
    ]);
    const perShoe = (type: 'no-bet' | 'cut-card') => {
      const counts: number[] = [];
      for (const s of steps) {
        if (s.type === 'shoe-start') counts.push(0);
        const hit = type === 'cut-card' ? s.type === 'cut-card' : s.type === 'hand' && s.voidHand === 'no-bet-coup';
        if (hit) counts[counts.length - 1]!++;
      }
      return counts;
    };
    expect(perShoe('no-bet')).toEqual([1, 5, 1, 1, 5]);
    expect(perShoe('cut-card')).toEqual([1, 1, 0, 1, 1]);
  });

  test('every entry is checked', () => {
    expect(() => [...simulateTable({ seed: 1, shoes: 1, perShoe: [{ decks: 3 }] })]).toThrow(/decks/);
  });
});

describe('determinism', () => {
  test('the same seed deals the same steps; another seed deals others', () => {
    const run = (seed: string) => [...simulateTable({ seed, shoes: 2, irregularities: 0.05, noBetCoups: true })];
    expect(run('a')).toEqual(run('a'));
    expect(run('a')).not.toEqual(run('b'));
  });

  test('a number seed is its decimal text', () => {
    expect([...simulateTable({ seed: 42, shoes: 1 })]).toEqual([...simulateTable({ seed: '42', shoes: 1 })]);
  });
});

describe('the simulated coups follow the exact probabilities', () => {
  test('exactOutcomeProbabilities(8) is banker 0.458597, player 0.446247, tie 0.095156', () => {
    const p = exactOutcomeProbabilities(8);
    expect(p.banker.toFixed(6)).toBe('0.458597');
    expect(p.player.toFixed(6)).toBe('0.446247');
    expect(p.tie.toFixed(6)).toBe('0.095156');
  });

  test('over 20,000 hands at a fixed seed, each frequency is within 4 standard deviations (deterministic)', () => {
    const p = exactOutcomeProbabilities(8);
    const count: ByOutcome<number> = { banker: 0, player: 0, tie: 0 };
    let n = 0;
    for (const s of simulateTable({ seed: 'stats', shoes: Infinity })) {
      if (s.type !== 'hand') continue;
      count[s.coup.outcome]++;
      if (++n === 20_000) break;
    }
    for (const outcome of ['banker', 'player', 'tie'] as const) {
      const sd = Math.sqrt((p[outcome] * (1 - p[outcome])) / n);
      const z = (count[outcome] / n - p[outcome]) / sd;
      expect(Math.abs(z), `${outcome}: z = ${z.toFixed(2)}`).toBeLessThan(4);
    }
  });
});
